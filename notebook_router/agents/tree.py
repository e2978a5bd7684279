"""Agents with child agents, to any depth.

Any agent may have ``children``: function agents (``@agent(parent=...)`` or
``parent.add_child(child)``), cell agents (``%%agent NAME --parent HEAD``)
and hand-written agents (subclass :class:`TreeNode` or :class:`BaseAgent`).
An agent without children is *flat*; the run loop treats flat agents exactly
as before, so trees cost nothing until they are used.

Every change to any tree bumps one process-wide generation number, so
caches over trees (capability discovery, routing indexes, the planner's agent
cards) know when to rebuild without being told who changed what.

>>> from notebook_router import agent
>>> @agent(can=["travel"])
... def head(task): ...
>>> @agent(can=["food"], parent=head)
... def food(task): ...
>>> [c.name for c in head.children], food.parent.name
(['food'], 'head')
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from notebook_router.errors import AgentDefinitionError, DelegationCycleError

_generation = itertools.count(1)
_current = 0


def tree_generation() -> int:
    """A number that changes whenever any agent gains, loses or replaces a child."""
    return _current


def bump_generation() -> None:
    """Tell tree caches that some tree changed (done for you by add/remove_child)."""
    global _current
    _current = next(_generation)


def children_of(agent: Any) -> tuple[Any, ...]:
    """The child agents of ``agent`` (``()`` for flat agents and foreign objects)."""
    children = getattr(agent, "children", None)
    return tuple(children) if children else ()


class TreeNode:
    """Children and a parent link, for any agent class.

    ``children`` is a tuple (cheap to test for emptiness on the loop's hot
    path); it is replaced, never mutated, so a delegation that is walking it
    never sees it change underfoot.
    """

    children: tuple[Any, ...] = ()
    parent: Any = None
    name: str

    def add_child(self, child: Any, *, replace: bool = True) -> Any:
        """Place ``child`` under this agent and return it.

        A child with the same name as an existing one replaces it (like
        re-running a cell). Raises :class:`DelegationCycleError` if ``child``
        is this agent or one of its ancestors.
        """
        from notebook_router.agents.registry import as_agent

        resolved = as_agent(child)
        _check_no_cycle(self, resolved)
        kept = []
        for existing in self.children:
            if existing.name == resolved.name:
                if not replace and existing is not resolved:
                    raise AgentDefinitionError(
                        f"{self.name!r} already has a child called {resolved.name!r}."
                    )
                if getattr(existing, "parent", None) is self and existing is not resolved:
                    _set_parent(existing, None)
                continue
            kept.append(existing)
        self.children = (*kept, resolved)
        _set_parent(resolved, self)
        bump_generation()
        return resolved

    def remove_child(self, name: str) -> Any:
        """Take the child called ``name`` out of this agent's children and return it."""
        for existing in self.children:
            if existing.name == name:
                self.children = tuple(c for c in self.children if c is not existing)
                if getattr(existing, "parent", None) is self:
                    _set_parent(existing, None)
                bump_generation()
                return existing
        known = ", ".join(c.name for c in self.children) or "none"
        raise AgentDefinitionError(f"{self.name!r} has no child {name!r} (children: {known}).")

    def walk(self) -> Iterator[tuple[tuple[str, ...], Any]]:
        """``(path, agent)`` for this agent and every descendant, depth first."""
        yield from walk_tree(self)

    def tree_text(self) -> str:
        """The tree under this agent as indented text, with each agent's topics."""
        return tree_text(self)


def walk_tree(root: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    """``(path, agent)`` for ``root`` and its descendants; raises on a cycle."""
    stack: list[tuple[tuple[str, ...], tuple[int, ...], Any]] = [((root.name,), (id(root),), root)]
    while stack:
        path, ids, agent = stack.pop()
        yield path, agent
        for child in reversed(children_of(agent)):
            if id(child) in ids:
                raise DelegationCycleError((*path, child.name))
            stack.append(((*path, child.name), (*ids, id(child)), child))


def tree_text(root: Any) -> str:
    """An indented outline of the tree under ``root``."""
    lines = []
    for path, agent in walk_tree(root):
        topics = ", ".join(c.topic for c in getattr(agent, "capabilities", ()))
        indent = "   " * (len(path) - 1) + ("└─ " if len(path) > 1 else "")
        lines.append(f"{indent}{agent.name}" + (f"  [{topics}]" if topics else ""))
    return "\n".join(lines)


def roots_of(agents: Iterable[Any]) -> list[Any]:
    """``agents`` without those whose ancestor is also in the list (order kept).

    Used when agents are collected from a module or a notebook namespace:
    children defined at module level are reached through their parents.
    """
    items = list(agents)
    present = {id(a) for a in items}
    out = []
    for agent in items:
        ancestor = getattr(agent, "parent", None)
        seen: set[int] = set()
        while ancestor is not None and id(ancestor) not in present and id(ancestor) not in seen:
            seen.add(id(ancestor))
            ancestor = getattr(ancestor, "parent", None)
        if ancestor is None or id(ancestor) not in present:
            out.append(agent)
    return out


def _check_no_cycle(parent: Any, child: Any) -> None:
    if child is parent:
        raise DelegationCycleError((parent.name, child.name))
    # The child's subtree must not contain the parent (exact even when an
    # agent has several parents, unlike following ``parent`` links).
    for path, node in walk_tree(child):
        if node is parent:
            raise DelegationCycleError((parent.name, *path))


def _set_parent(agent: Any, parent: Any) -> None:
    # A foreign agent without a settable parent keeps a one-way link.
    with contextlib.suppress(AttributeError):
        agent.parent = parent
