"""The set of agents a router can delegate to."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from notebook_router.agents.base import Agent
from notebook_router.agents.discovery import AgentTree
from notebook_router.agents.function import FunctionAgent
from notebook_router.agents.tree import tree_generation
from notebook_router.errors import AgentDefinitionError, AgentNotFoundError

AgentLike = Agent | Callable[..., Any]


class AgentRegistry:
    """An ordered, name-keyed collection of agents.

    Plain functions are wrapped as function agents on the way in. ``version``
    goes up on every change so caches built over the registry (routing
    indexes, capability discovery) know when to rebuild.

    The registry holds top-level agents; their descendants (children,
    grandchildren, ...) are found through :meth:`tree`, and :meth:`get` and
    ``in`` see them too, so a plan may name any member of a tree.
    """

    def __init__(self, agents: Iterable[AgentLike] = ()) -> None:
        self._agents: dict[str, Agent] = {}
        self.version = 0
        self._tree: tuple[int, int, AgentTree] | None = None
        for a in agents:
            self.add(a)

    def add(self, agent: AgentLike, *, replace: bool = True) -> Agent:
        """Register ``agent`` (re-registering a name replaces it, like re-running a cell)."""
        resolved = as_agent(agent)
        if not replace and resolved.name in self._agents:
            raise AgentDefinitionError(f"An agent named {resolved.name!r} is already registered.")
        self._agents[resolved.name] = resolved
        self.version += 1
        return resolved

    def remove(self, name: str) -> None:
        """Forget the agent called ``name``."""
        if name not in self._agents:
            raise AgentNotFoundError(name, self._agents)
        del self._agents[name]
        self.version += 1

    def get(self, name: str) -> Agent:
        """The agent called ``name`` (top-level or in a tree); a clear error if there is none."""
        try:
            return self._agents[name]
        except KeyError:
            pass
        member = self.tree().find(name)
        if member is None:
            raise AgentNotFoundError(name, self.tree().names()) from None
        return member.agent

    def tree(self) -> AgentTree:
        """Every agent reachable from this registry, with its place in its tree.

        Cached; rebuilt when an agent is added, removed or redefined here or
        when any tree changes (a child added, removed or replaced).
        """
        cached = self._tree
        if cached is not None and cached[0] == self.version and cached[1] == tree_generation():
            return cached[2]
        tree = AgentTree(self._agents.values())
        self._tree = (self.version, tree_generation(), tree)
        return tree

    def names(self) -> list[str]:
        """Top-level agent names in registration order."""
        return list(self._agents)

    def all_names(self) -> list[str]:
        """Every agent name, descendants included (top-level agents and their trees)."""
        return self.tree().names()

    def __contains__(self, name: object) -> bool:
        return name in self._agents or (isinstance(name, str) and name in self.tree())

    def __iter__(self) -> Iterator[Agent]:
        return iter(self._agents.values())

    def __len__(self) -> int:
        return len(self._agents)

    def __repr__(self) -> str:
        return f"AgentRegistry({self.names()})"


def as_agent(obj: AgentLike) -> Agent:
    """Return ``obj`` as an agent, wrapping plain callables."""
    if isinstance(obj, Agent):
        return obj
    if callable(obj):
        return FunctionAgent(obj)
    raise AgentDefinitionError(
        f"{obj!r} is not an agent: pass a function, an @agent-decorated function, "
        "or an object with name, description, capabilities and async run(task, context)."
    )
