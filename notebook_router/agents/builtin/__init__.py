"""Agents that come with the router, on in every run unless ``agents=`` restricts them.

A user's own agents win ties with these (the planner prefers them when both fit).
"""

from __future__ import annotations

from notebook_router.agents.base import Agent
from notebook_router.agents.builtin.coder import Coder
from notebook_router.agents.builtin.data_analyst import DataAnalyst
from notebook_router.agents.registry import AgentRegistry

__all__ = ["Coder", "DataAnalyst", "builtin_agents", "with_builtins"]


def builtin_agents() -> list[Agent]:
    """A fresh set of the built-in agents (each router gets its own)."""
    return [DataAnalyst(), Coder()]


def with_builtins(registry: AgentRegistry) -> AgentRegistry:
    """A registry of ``registry``'s agents plus each built-in whose name is not taken.

    A new registry: the one given is the caller's and stays as it was.
    """
    combined = AgentRegistry(registry)
    for agent in builtin_agents():
        if agent.name not in combined:
            combined.add(agent)
    return combined
