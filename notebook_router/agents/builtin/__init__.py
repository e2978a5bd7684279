"""Agents that come with the router: on in every run unless ``builtins=False`` or
``agents=`` restricts them.

The team (planning, research, reasoning, decision, summarisation, verification and
the knowledge base) is always there, and so are the media readers (documents:
PDF, Word, HTML, Markdown; images: charts, screenshots, OCR); the data analyst
and the coder join when the run has data to work on.
A user's own agent with the same name takes a built-in's place, and the
user's agents win ties with the built-ins (the planner prefers them when both fit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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

if not TYPE_CHECKING:  # hidden from type checkers, which read the imports above instead
    # Each agent's module is imported when the agent is first asked for, not with the
    # package: importing one module of it would otherwise build the whole team's models
    # and prompts at start-up.
    __getattr__ = lazy_exports(
        __name__,
        {
            "Audio": f"{__name__}.audio",
            "Narration": f"{__name__}.narration",
            "Video": f"{__name__}.video",
            "Coder": f"{__name__}.coder",
            "DataAnalyst": f"{__name__}.data_analyst",
            "Decision": f"{__name__}.decision",
            "Documents": f"{__name__}.documents",
            "Images": f"{__name__}.images",
            "Knowledge": f"{__name__}.knowledge",
            "Planning": f"{__name__}.planning",
            "Reasoning": f"{__name__}.reasoning",
            "Research": f"{__name__}.research",
            "SearchFunction": f"{__name__}.material",
            "Summarisation": f"{__name__}.summarisation",
            "Verifier": f"{__name__}.verifier",
        },
    )


__all__ = [
    "MEDIA_AGENTS",
    "TEAM",
    "Audio",
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

TEAM = ("planning", "research", "reasoning", "decision", "summarisation", "verifier", "knowledge")
"""The names of the team's agents (the rule planner sends what nothing else fits to them).

Spelt out rather than read from each agent's module, which would import them all;
tests/test_import_time.py checks they are the agents' names."""


MEDIA_AGENTS = ("documents", "images", "audio", "video", "narration")
"""The built-in agents for media (on in every run, after the team). Those that read
media are offered to the planner only in runs that hold some (``BaseAgent.reads``)."""


def media_agents() -> list[Agent]:
    """A fresh set of the media agents (their modules import no media library until they run)."""
    from notebook_router.agents.builtin.audio import Audio
    from notebook_router.agents.builtin.documents import Documents
    from notebook_router.agents.builtin.images import Images
    from notebook_router.agents.builtin.narration import Narration
    from notebook_router.agents.builtin.video import Video

    return [Documents(), Images(), Audio(), Video(), Narration()]


def builtin_agents(
    *, data: bool = True, search: SearchFunction | None = None, media: bool = True
) -> list[Agent]:
    """A fresh set of the built-in agents (each router gets its own).

    ``data``: include the data analyst and the coder (they work on the run's data).
    ``search``: the function the research agent searches with.
    ``media``: include the media agents (:data:`MEDIA_AGENTS`).
    """
    from notebook_router.agents.builtin.coder import Coder
    from notebook_router.agents.builtin.data_analyst import DataAnalyst
    from notebook_router.agents.builtin.decision import Decision
    from notebook_router.agents.builtin.knowledge import Knowledge
    from notebook_router.agents.builtin.planning import Planning
    from notebook_router.agents.builtin.reasoning import Reasoning
    from notebook_router.agents.builtin.research import Research
    from notebook_router.agents.builtin.summarisation import Summarisation
    from notebook_router.agents.builtin.verifier import Verifier

    team: list[Agent] = [
        Planning(),
        Research(search=search),
        Reasoning(),
        Decision(),
        Summarisation(),
        Verifier(),
        Knowledge(),
    ]
    agents = [DataAnalyst(), Coder(), *team] if data else team
    return [*agents, *media_agents()] if media else agents


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
    from notebook_router.agents.builtin.research import Research

    for agent in registry:
        if isinstance(agent, Research) and agent.search is None:
            agent.search = search
        elif isinstance(agent, Planning):
            agent.agents = registry
    return registry
