"""Loopback provider servers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.providers.servers import LoopbackServer

# Fake keys shaped like real ones (so redaction by shape is exercised), built
# at import time so that secret scanners do not flag the repository.
FAKE_OPENAI_KEY = "sk-" + "test-FAKE0123456789abcdefXYZ"
FAKE_GEMINI_KEY = "AIza" + "FAKE-0123456789abcdefghijklmnopqrs"


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = LoopbackServer()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(autouse=True)
def no_real_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests see only the fake keys they set themselves."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "GEMINI_API_KEY", "GOOGLE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
