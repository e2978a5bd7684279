"""Model strings: ``provider:model``, aliases, and the default choice.

Default selection: an explicit model, else ``$NOTEBOOK_ROUTER_MODEL``, else
the provider whose key is in the environment (``OPENAI_API_KEY``, then
``GEMINI_API_KEY`` / ``GOOGLE_API_KEY``) if its SDK is installed, else
``offline``. ``record=`` / ``replay=`` wrap the model in a recording.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from notebook_router.errors import ConfigError, ProviderUnavailableError, UnknownModelError
from notebook_router.providers.base import Provider
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.recording import Mode, RecordingProvider

ENV_MODEL = "NOTEBOOK_ROUTER_MODEL"
log = logging.getLogger("notebook_router")

ProviderFactory = Callable[..., Provider]


def _openai(model: str, **options: Any) -> Provider:
    from notebook_router.providers.openai import OpenAIProvider

    return OpenAIProvider(model, **options)


def _gemini(model: str, **options: Any) -> Provider:
    from notebook_router.providers.gemini import GeminiProvider

    return GeminiProvider(model, **options)


def _local(model: str, **options: Any) -> Provider:
    from notebook_router.providers.local import LocalProvider

    return LocalProvider(model, **options)


def _offline(model: str, **options: Any) -> Provider:
    return OfflineProvider(model)


_FACTORIES: dict[str, ProviderFactory] = {
    "offline": _offline,
    "openai": _openai,
    "gemini": _gemini,
    "local": _local,
}
ALIASES: dict[str, str] = {
    "offline": "offline:default",
    "default": "offline:default",
    "openai": "openai:gpt-4o-mini",
    "gemini": "gemini:gemini-2.5-flash",
    "local": "local:smollm2-135m-instruct",
    "smollm2": "local:smollm2-135m-instruct",
    "gpt-4o": "openai:gpt-4o",
    "gpt-4o-mini": "openai:gpt-4o-mini",
    "gpt-4.1-mini": "openai:gpt-4.1-mini",
    "gemini-2.5-flash": "gemini:gemini-2.5-flash",
    "gemini-2.5-pro": "gemini:gemini-2.5-pro",
}


def register_provider(name: str, factory: ProviderFactory) -> None:
    """Make ``name:model`` strings build providers with ``factory(model, **options)``."""
    _FACTORIES[name] = factory


def known_providers() -> list[str]:
    """Provider names that model strings may start with."""
    return sorted(_FACTORIES)


def canonical(spec: str) -> str:
    """``spec`` with aliases expanded: ``"openai"`` → ``"openai:gpt-4o-mini"``."""
    text = spec.strip()
    return ALIASES.get(text, text)


def default_model_spec() -> str:
    """The model used when none is given (see the module docstring)."""
    explicit = os.environ.get(ENV_MODEL, "").strip()
    if explicit:
        return explicit
    if os.environ.get("OPENAI_API_KEY") and importlib.util.find_spec("openai"):
        return ALIASES["openai"]
    if (os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")) and _has_genai():
        return ALIASES["gemini"]
    return "offline"


def resolve_model(
    spec: str | Provider | None = None,
    *,
    record: str | Path | None = None,
    replay: str | Path | None = None,
    mode: Mode | None = None,
    fallback: str | Provider | None = None,
    **options: Any,
) -> Provider:
    """Turn a model string (or a provider, or None for the default) into a provider.

    ``replay=FILE`` serves recorded replies (no key needed); ``record=FILE``
    records every call; both together mean ``auto``. Provider options such
    as ``base_url`` pass through. In ``auto`` mode where the model cannot be
    reached (no key, no extra installed: on Binder, in CI) an existing
    recording is replayed alone, so one notebook line records where there is
    a key and replays everywhere else; a call it does not hold is then an error.

    >>> resolve_model("offline").name
    'offline'
    """
    if record is not None and replay is not None and Path(record) != Path(replay):
        raise ConfigError("Record and replay one file: pass the same path to both (mode 'auto').")
    path = record if record is not None else replay
    chosen: Mode | None = None
    if path is not None:
        chosen = mode or ("auto" if record and replay else "record" if record else "replay")
    if spec is not None and not isinstance(spec, str):
        provider: Provider = spec
        text = f"{provider.name}:{provider.model}"
    else:
        text = canonical(spec or default_model_spec())
        name, _, model = text.partition(":")
        if name not in _FACTORIES:
            raise UnknownModelError(text, _FACTORIES)
        if chosen == "replay":
            # Replaying needs neither the SDK nor a key: never build the real provider.
            assert path is not None
            return RecordingProvider(text, path, mode="replay", fallback=_fallback(fallback))
        try:
            provider = _FACTORIES[name](model, **options)
        except ProviderUnavailableError:
            if chosen != "auto" or path is None or not Path(path).exists():
                raise
            return RecordingProvider(text, path, mode="replay", fallback=_fallback(fallback))
    if path is None or chosen is None:
        return provider
    return RecordingProvider(text, path, mode=chosen, inner=provider, fallback=_fallback(fallback))


def _fallback(spec: str | Provider | None) -> Provider | None:
    return None if spec is None else resolve_model(spec)


def _has_genai() -> bool:
    try:
        return importlib.util.find_spec("google.genai") is not None
    except ModuleNotFoundError:
        return False
