"""A parent agent with no body of its own: it hands every request to its children."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from notebook_router.agents.base import (
    AgentContext,
    BaseAgent,
    CapabilitySpec,
    TaskRequest,
    check_agent_name,
    parse_capabilities,
)
from notebook_router.agents.function import attach
from notebook_router.errors import Unable


class AgentGroup(BaseAgent):
    """A named team of agents: requests go to its children in parallel.

    >>> from notebook_router import agent
    >>> experiences = AgentGroup("experiences", can=["activities", "things to do"])
    >>> @agent(can=["food", "restaurants"], parent=experiences)
    ... def restaurants(task): return "Trattoria da Enzo"
    >>> [c.name for c in experiences.children]
    ['restaurants']
    """

    delegates_only = True
    """Tells the delegator there is no body to run: go straight to the children."""

    def __init__(
        self,
        name: str,
        *,
        can: Iterable[CapabilitySpec] | Mapping[str, float] | str | None = None,
        description: str | None = None,
        children: Iterable[Any] = (),
        parent: Any = None,
        timeout: float | None = None,
    ) -> None:
        self.name = check_agent_name(name)
        self.capabilities = parse_capabilities(can)
        self.description = description or f"a team of agents: {self.name}"
        self.timeout_s = timeout
        for child in children:
            self.add_child(child)
        if parent is not None:
            attach(self, parent)

    async def run(self, task: TaskRequest, context: AgentContext) -> Any:
        # Only reached when the group is run outside a delegation (it never is
        # by the router, which sees its children): say so rather than guess.
        raise Unable(f"{self.name} has no body of its own; its children do the work")

    def __repr__(self) -> str:
        members = ", ".join(c.name for c in self.children)
        return f"<agent group {self.name!r} [{members}]>"
