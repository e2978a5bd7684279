"""Agents that come with the router, on in every run unless ``agents=`` restricts them.

A user's own agents win ties with these (the planner prefers them when both fit).
"""

from __future__ import annotations

from notebook_router.agents.builtin.data_analyst import DataAnalyst

__all__ = ["DataAnalyst", "builtin_agents"]


def builtin_agents() -> list[DataAnalyst]:
    """A fresh set of the built-in agents (each router gets its own)."""
    return [DataAnalyst()]
