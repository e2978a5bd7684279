"""Model strings: ``provider:model``, aliases, and the default choice.

Default selection: an explicit model, else ``NOTEBOOK_ROUTER_MODEL``, else
``offline``. Providers register a factory under their name; the real ones
(OpenAI, Gemini, local) register themselves when their extra is installed.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from notebook_router.errors import UnknownModelError
from notebook_router.providers.base import Provider
from notebook_router.providers.offline import OfflineProvider

ENV_MODEL = "NOTEBOOK_ROUTER_MODEL"

ProviderFactory = Callable[[str], Provider]

_FACTORIES: dict[str, ProviderFactory] = {"offline": OfflineProvider}
ALIASES: dict[str, str] = {"offline": "offline:default", "default": "offline:default"}


def register_provider(name: str, factory: ProviderFactory) -> None:
    """Make ``name:model`` strings build providers with ``factory(model)``."""
    _FACTORIES[name] = factory


def known_providers() -> list[str]:
    """Provider names that model strings may start with."""
    return sorted(_FACTORIES)


def default_model_spec() -> str:
    """The model used when none is given: ``$NOTEBOOK_ROUTER_MODEL`` or ``offline``."""
    return os.environ.get(ENV_MODEL, "").strip() or "offline"


def resolve_model(spec: str | Provider | None = None) -> Provider:
    """Turn a model string (or a provider, or None for the default) into a provider.

    >>> resolve_model("offline").name
    'offline'
    """
    if spec is not None and not isinstance(spec, str):
        return spec
    text = (spec or default_model_spec()).strip()
    text = ALIASES.get(text, text)
    name, _, model = text.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownModelError(text, _FACTORIES)
    return factory(model)
