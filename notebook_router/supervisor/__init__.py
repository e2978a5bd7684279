"""The supervisor: four tools for LLM-driven planners, and the agent-combination cache."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notebook_router.supervisor.combos import (
        AgentComboCache,
        ComboBackend,
        ComboEntry,
        InMemoryComboBackend,
    )
    from notebook_router.supervisor.todos import Todo
    from notebook_router.supervisor.tools import Supervisor

__all__ = [
    "AgentComboCache",
    "ComboBackend",
    "ComboEntry",
    "InMemoryComboBackend",
    "Supervisor",
    "Todo",
]

# Imported when first used: every router reads the cache module, few load the tools.
_HOMES = {
    "AgentComboCache": "combos",
    "ComboBackend": "combos",
    "ComboEntry": "combos",
    "InMemoryComboBackend": "combos",
    "Todo": "todos",
    "Supervisor": "tools",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
