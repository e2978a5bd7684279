"""The supervisor: four tools for LLM-driven planners, and the agent-combination cache."""

from __future__ import annotations

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
