"""Agents that come with the router: on in every run unless ``builtins=False`` or
``agents=`` restricts them.

The team (planning, research, reasoning, decision, summarisation, verification and
the knowledge base) is always there, and so are the media readers (documents:
PDF, Word, HTML, Markdown; images: charts, screenshots, OCR); the data analyst
and the coder join when the run has data to work on.
A user's own agent with the same name takes a built-in's place, and the
user's agents win ties with the built-ins (the planner prefers them when both fit).

Adding a built-in is a module here, a row of :data:`BUILTINS`, and, when it answers by
rules with the offline model, its offline core in :mod:`notebook_router.offline.team`
(docs/adding-an-agent.md walks through one).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Literal

from notebook_router.agents.base import Agent
from notebook_router.agents.registry import AgentRegistry
from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.agents.builtin.audio import Audio
    from notebook_router.agents.builtin.coder import Coder
    from notebook_router.agents.builtin.data_analyst import DataAnalyst
    from notebook_router.agents.builtin.decision import Decision
    from notebook_router.agents.builtin.documents import Documents
    from notebook_router.agents.builtin.images import Images
    from notebook_router.agents.builtin.knowledge import Knowledge
    from notebook_router.agents.builtin.material import SearchFunction
    from notebook_router.agents.builtin.narration import Narration
    from notebook_router.agents.builtin.planning import Planning
    from notebook_router.agents.builtin.reasoning import Reasoning
    from notebook_router.agents.builtin.research import Research
    from notebook_router.agents.builtin.summarisation import Summarisation
    from notebook_router.agents.builtin.verifier import Verifier
    from notebook_router.agents.builtin.video import Video


@dataclass(frozen=True, slots=True)
class Builtin:
    """One built-in agent: its name (the name of its module too), its class, and whether it
    is on with the team, with data or with the media agents."""

    name: str
    cls: str
    group: Literal["data", "team", "media"]


BUILTINS: tuple[Builtin, ...] = (
    Builtin("data_analyst", "DataAnalyst", "data"),
    Builtin("coder", "Coder", "data"),
    Builtin("planning", "Planning", "team"),
    Builtin("research", "Research", "team"),
    Builtin("reasoning", "Reasoning", "team"),
    Builtin("decision", "Decision", "team"),
    Builtin("summarisation", "Summarisation", "team"),
    Builtin("verifier", "Verifier", "team"),
    Builtin("knowledge", "Knowledge", "team"),
    Builtin("documents", "Documents", "media"),
    Builtin("images", "Images", "media"),
    Builtin("audio", "Audio", "media"),
    Builtin("video", "Video", "media"),
    Builtin("narration", "Narration", "media"),
)
"""Every built-in agent, in the order a router lists them: adding one is a module here and
a line in this table (and its import above, for type checkers: a test holds the two to
each other). Its offline core, if it has rules, is the module of the same name in
:mod:`notebook_router.offline.team`."""

if not TYPE_CHECKING:  # hidden from type checkers, which read the imports above instead
    # Each agent's module is imported when the agent is first asked for, not with the
    # package: importing one module of it would otherwise build the whole team's models
    # and prompts at start-up.
    __getattr__ = lazy_exports(
        __name__,
        {
            **{b.cls: f"{__name__}.{b.name}" for b in BUILTINS},
            "SearchFunction": f"{__name__}.material",
        },
    )


__all__ = [
    "BUILTINS",
    "MEDIA_AGENTS",
    "TEAM",
    "Audio",
    "Builtin",
    "Coder",
    "DataAnalyst",
    "Decision",
    "Documents",
    "Images",
    "Knowledge",
    "Narration",
    "Planning",
    "Reasoning",
    "Research",
    "SearchFunction",
    "Summarisation",
    "Verifier",
    "Video",
    "builtin_agents",
    "media_agents",
    "plug_team",
    "with_builtins",
]

TEAM = tuple(b.name for b in BUILTINS if b.group == "team")
"""The names of the team's agents (the rule planner sends what nothing else fits to them)."""

MEDIA_AGENTS = tuple(b.name for b in BUILTINS if b.group == "media")
"""The built-in agents for media (on in every run, after the team). Those that read
media are offered to the planner only in runs that hold some (``BaseAgent.reads``)."""


def media_agents() -> list[Agent]:
    """A fresh set of the media agents (their modules import no media library until they run)."""
    return [_built(b) for b in BUILTINS if b.group == "media"]


def builtin_agents(
    *, data: bool = True, search: SearchFunction | None = None, media: bool = True
) -> list[Agent]:
    """A fresh set of the built-in agents (each router gets its own).

    ``data``: include the data analyst and the coder (they work on the run's data).
    ``search``: the function the research agent searches with.
    ``media``: include the media agents (:data:`MEDIA_AGENTS`).
    """
    groups = {"team", *(["data"] if data else []), *(["media"] if media else [])}
    agents = [_built(b) for b in BUILTINS if b.group in groups]
    _give_search(agents, search)
    return agents


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
    from notebook_router.agents.builtin.planning import Planning

    _give_search(registry, search)
    for agent in registry:
        if isinstance(agent, Planning):
            agent.agents = registry
    return registry


def _built(builtin: Builtin) -> Agent:
    kind = getattr(import_module(f"{__name__}.{builtin.name}"), builtin.cls)
    agent: Agent = kind()
    return agent


def _give_search(agents: Iterable[Agent], search: SearchFunction | None) -> None:
    from notebook_router.agents.builtin.research import Research

    for agent in agents:
        if isinstance(agent, Research) and agent.search is None:
            agent.search = search
