"""Agents that come with the router: on in every run unless ``builtins=False`` or
``agents=`` restricts them.

The team (planning, research, reasoning, decision, summarisation, verification and
the knowledge base) is always there; the data analyst and the coder join when the
run has data to work on.
A user's own agent with the same name takes a built-in's place, and the
user's agents win ties with the built-ins (the planner prefers them when both fit).
"""

from __future__ import annotations

from notebook_router.agents.base import Agent
from notebook_router.agents.builtin.coder import Coder
from notebook_router.agents.builtin.data_analyst import DataAnalyst
from notebook_router.agents.builtin.decision import DECISION, Decision
from notebook_router.agents.builtin.knowledge import KNOWLEDGE, Knowledge
from notebook_router.agents.builtin.material import SearchFunction
from notebook_router.agents.builtin.planning import PLANNING, Planning
from notebook_router.agents.builtin.reasoning import REASONING, Reasoning
from notebook_router.agents.builtin.research import RESEARCH, Research
from notebook_router.agents.builtin.summarisation import SUMMARISATION, Summarisation
from notebook_router.agents.builtin.verifier import VERIFIER, Verifier
from notebook_router.agents.registry import AgentRegistry

__all__ = [
    "TEAM",
    "Coder",
    "DataAnalyst",
    "Decision",
    "Knowledge",
    "Planning",
    "Reasoning",
    "Research",
    "SearchFunction",
    "Summarisation",
    "Verifier",
    "builtin_agents",
    "plug_team",
    "with_builtins",
]

TEAM = (PLANNING, RESEARCH, REASONING, DECISION, SUMMARISATION, VERIFIER, KNOWLEDGE)
"""The names of the team's agents (the rule planner sends what nothing else fits to them)."""


def builtin_agents(*, data: bool = True, search: SearchFunction | None = None) -> list[Agent]:
    """A fresh set of the built-in agents (each router gets its own).

    ``data``: include the data analyst and the coder (they work on the run's data).
    ``search``: the function the research agent searches with.
    """
    team: list[Agent] = [
        Planning(),
        Research(search=search),
        Reasoning(),
        Decision(),
        Summarisation(),
        Verifier(),
        Knowledge(),
    ]
    return [DataAnalyst(), Coder(), *team] if data else team


def with_builtins(
    registry: AgentRegistry, *, data: bool = True, search: SearchFunction | None = None
) -> AgentRegistry:
    """A registry of ``registry``'s agents plus each built-in whose name is not taken.

    A new registry: the one given is the caller's and stays as it was.
    """
    combined = AgentRegistry(registry)
    for agent in builtin_agents(data=data, search=search):
        if agent.name not in combined:
            combined.add(agent)
    return plug_team(combined, search)


def plug_team(registry: AgentRegistry, search: SearchFunction | None) -> AgentRegistry:
    """Give the team's agents in ``registry`` what the router knows: its search function
    (research agents without one of their own) and its agents (the planning agent's)."""
    for agent in registry:
        if isinstance(agent, Research) and agent.search is None:
            agent.search = search
        elif isinstance(agent, Planning):
            agent.agents = registry
    return registry
