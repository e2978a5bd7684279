"""Loopback provider servers for the tool router's protocol tests (shared with providers)."""

from __future__ import annotations

from tests.providers.conftest import no_real_keys, server

__all__ = ["no_real_keys", "server"]
