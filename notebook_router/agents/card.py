"""An agent as a planner sees it: its name, what it does, where it sits in a tree."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from notebook_router.agents.base import Agent
from notebook_router.agents.roles import roles_of
from notebook_router.text.unicode import valid_unicode


class AgentCard(BaseModel):
    """An agent as the planner sees it.

    Members of a tree carry their ``parent`` and ``depth``; top-level agents
    leave both out of their JSON, so flat registries give the same prompts
    as before trees existed.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    capabilities: tuple[tuple[str, float], ...] = ()
    parent: str | None = Field(
        default=None, description="The agent this one sits under (it can also be asked directly)."
    )
    depth: int = Field(default=0, description="Levels below the top: 1 for a child, 2 ...")
    builtin: bool = Field(default=False, exclude=True)
    """Comes with the router (the user's own agents win ties with it); not in prompts."""
    reads: tuple[str, ...] = Field(default=(), exclude=True)
    """The media types the agent works on (see ``BaseAgent.reads``); not in prompts."""
    roles: frozenset[str] = Field(default=frozenset(), exclude=True)
    """The run's duties the agent takes (see :mod:`~notebook_router.agents.roles`); not
    in prompts."""

    @field_validator("description")
    @classmethod
    def _valid_description(cls, description: str) -> str:
        # Any agent's words (a class attribute, a cell's text) are shown in the panel
        # and put in prompts: lone surrogates in them could not be encoded there.
        return valid_unicode(description)

    @model_serializer(mode="wrap")
    def _drop_tree_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            if self.parent is None:
                data.pop("parent", None)
                data.pop("depth", None)
            # One line, "topic (confidence)": pairs of a list take four lines each
            # in an indented prompt, and most of the agent list's tokens.
            data["capabilities"] = ", ".join(f"{t} ({c:g})" for t, c in self.capabilities)
        return data


def agent_card(agent: Agent, parent: str | None = None, depth: int = 0) -> AgentCard:
    """The planner's view of one agent."""
    return AgentCard(
        name=agent.name,
        description=agent.description,
        capabilities=tuple((c.topic, c.confidence) for c in agent.capabilities),
        parent=parent,
        depth=depth,
        builtin=bool(getattr(agent, "builtin", False)),
        reads=tuple(getattr(agent, "reads", ())),
        roles=roles_of(agent),
    )


def holder(cards: Iterable[AgentCard], role: str) -> str | None:
    """The agent among ``cards`` that takes ``role``: the user's own before a built-in."""
    takers = [card for card in cards if role in card.roles]
    takers.sort(key=lambda card: card.builtin)  # stable: the user's first, in their order
    return takers[0].name if takers else None
