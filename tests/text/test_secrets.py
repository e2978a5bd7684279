"""What counts as a key when anything is masked: key variables, keys given in code, key shapes."""

from __future__ import annotations

import pytest

from notebook_router.providers.openai import OpenAIProvider
from notebook_router.text.secrets import redact, redact_all


def test_a_key_given_to_a_provider_in_code_is_masked_like_one_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    key = "given-in-code-" + "5f3a9c1e77"  # no provider's shape: only remembering it masks it
    assert redact(f"auth with {key}") == f"auth with {key}"
    OpenAIProvider("gpt-4o-mini", api_key=key)
    assert redact(f"auth with {key}") == "auth with [redacted]"


def test_key_shapes_are_masked_but_words_that_merely_contain_them_are_not() -> None:
    shaped = "sk-" + "proj-0123456789abcdefXYZ"
    assert redact(f"key={shaped}, 'AIza{'x' * 35}'") == "key=[redacted], '[redacted]'"
    # Built from parts, so the source holds no key-shaped literal of its own.
    words = "a" + "sk" + "-the-team-about-everything and t" + "ask" + "-management-for-beginners"
    assert redact(words) == words


def test_bundles_and_widget_states_are_masked_throughout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "a-gemini-key-value-123")
    state = {
        "text/plain": "uses a-gemini-key-value-123",
        "plan": [{"id": "t1", "result": "a-gemini-key-value-123", "duration_s": 0.5}],
        "pair": ("a-gemini-key-value-123", 3),
    }
    assert redact_all(state) == {
        "text/plain": "uses [redacted]",
        "plan": [{"id": "t1", "result": "[redacted]", "duration_s": 0.5}],
        "pair": ("[redacted]", 3),
    }
