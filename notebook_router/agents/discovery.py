"""Capability discovery over trees of agents, and routing with a depth penalty.

:class:`AgentTree` walks every agent a registry holds, down to the deepest
descendant, and records where each one sits (its path from a top-level
agent). ``AgentRegistry.tree()`` keeps one per registry, rebuilt only when
the registry's version or the global tree generation changes (an agent was
added, removed or redefined anywhere).

Routing scores every member for a task with the relevance the offline
planner and the tool router share (:mod:`notebook_router.agents.matching`:
its name, capability topics scaled by confidence, description, and, at half
weight, the topics of its descendants, so a parent is found by what its team
can do), normalised so the best match scores 1, minus ``depth_penalty`` per
level. A task can therefore go straight to a grandchild when that grandchild
fits it clearly better than anything nearer the top.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from notebook_router.agents.base import Agent
from notebook_router.agents.matching import AgentRelevance, AgentText
from notebook_router.agents.tree import children_of, tree_text, walk_tree
from notebook_router.errors import AgentDefinitionError

DEPTH_PENALTY = 0.1
"""Normalised relevance a member loses per level below the top."""


@dataclass(frozen=True, slots=True)
class TreeMember:
    """An agent and where it sits in its tree."""

    agent: Agent
    path: tuple[str, ...]

    @property
    def name(self) -> str:
        """The agent's name."""
        return self.path[-1]

    @property
    def depth(self) -> int:
        """0 for a top-level agent, 1 for its children, ..."""
        return len(self.path) - 1

    @property
    def parent(self) -> str | None:
        """The parent's name (None at the top)."""
        return self.path[-2] if len(self.path) > 1 else None


@dataclass(frozen=True, slots=True)
class RouteScore:
    """How well one member fits a task."""

    name: str
    path: tuple[str, ...]
    relevance: float
    """Relevance, normalised so the best candidate scores 1."""
    score: float
    """``relevance`` minus the depth penalty."""

    @property
    def depth(self) -> int:
        """Levels below the top of the routing scope."""
        return len(self.path) - 1


def rank_by_depth(
    raw: Sequence[tuple[str, float, int]], depth_penalty: float = DEPTH_PENALTY
) -> list[tuple[str, float, float]]:
    """``(name, relevance, score)`` best first, from ``(name, bm25, depth)`` hits.

    Relevance is normalised to the best hit; ties keep the input order.
    """
    if not raw:
        return []
    best = max(s for _, s, _ in raw) or 1.0
    scored = [(name, s / best, s / best - depth_penalty * d) for name, s, d in raw]
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][2], i))
    return [scored[i] for i in order]


class AgentTree:
    """Every agent reachable from a set of top-level agents, with its path.

    Names must be unique across the whole tree (the plan names agents by
    name); one agent object placed under two parents is fine and is found
    at its shallowest position.
    """

    def __init__(self, roots: Iterable[Agent]) -> None:
        self.roots = list(roots)
        self.members: dict[str, TreeMember] = {}
        for root in self.roots:
            for path, agent in walk_tree(root):
                self._add(TreeMember(agent, path))
        self.is_flat = all(m.depth == 0 and not children_of(m.agent) for m in self.members.values())
        self._index: tuple[AgentRelevance, list[str]] | None = None
        self._fingerprint: str | None = None

    def _add(self, member: TreeMember) -> None:
        seen = self.members.get(member.name)
        if seen is None:
            self.members[member.name] = member
            return
        if seen.agent is not member.agent:
            raise AgentDefinitionError(
                f"Two different agents are called {member.name!r} ({' → '.join(seen.path)} and "
                f"{' → '.join(member.path)}). Names must be unique across a tree: rename one."
            )
        if member.depth < seen.depth:
            self.members[member.name] = member

    def fingerprint(self) -> str:
        """A digest of every member's place, topics and description.

        Stable across processes (unlike the registry's version counter), so
        a persistent cache can tell whether the agents it was built over
        are still the same ones.
        """
        if self._fingerprint is None:
            facts = [
                [
                    list(m.path),
                    m.agent.description,
                    [[c.topic, c.confidence] for c in m.agent.capabilities],
                ]
                for m in self.members.values()
            ]
            blob = json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()
            self._fingerprint = hashlib.sha256(blob).hexdigest()[:16]
        return self._fingerprint

    def find(self, name: str) -> TreeMember | None:
        """The member called ``name``, if any."""
        return self.members.get(name)

    def names(self) -> list[str]:
        """Every member's name: top-level agents and their descendants, depth first."""
        return list(self.members)

    def descendants(self, name: str) -> list[TreeMember]:
        """Members below ``name`` (paths relative to ``name``), depth first."""
        member = self.members.get(name)
        if member is None:
            return []
        return [TreeMember(agent, path) for path, agent in walk_tree(member.agent) if len(path) > 1]

    def reach(self, name: str) -> list[tuple[str, float]]:
        """The (topic, confidence) pairs of every descendant of ``name``."""
        return [
            (c.topic, c.confidence) for m in self.descendants(name) for c in m.agent.capabilities
        ]

    def route(
        self,
        task: str,
        *,
        within: str | None = None,
        exclude: Iterable[str] = (),
        depth_penalty: float = DEPTH_PENALTY,
    ) -> list[RouteScore]:
        """Members that match ``task``, best first (``within``: only that agent's descendants)."""
        skip = set(exclude)
        if within is None:
            scope = {m.name: m.path for m in self.members.values()}
        else:
            scope = {m.name: m.path for m in self.descendants(within)}
        if not scope:
            return []
        relevance, names = self._relevance()
        raw = [
            (names[i], s, len(scope[names[i]]) - 1)
            for i, s in sorted(relevance.scores(task).items())
            if names[i] in scope and names[i] not in skip
        ]
        return [
            RouteScore(name=n, path=scope[n], relevance=r, score=s)
            for n, r, s in rank_by_depth(raw, depth_penalty)
        ]

    def _relevance(self) -> tuple[AgentRelevance, list[str]]:
        if self._index is None:
            members = list(self.members.values())
            texts = [
                AgentText(
                    m.name,
                    m.agent.description,
                    [(c.topic, c.confidence) for c in m.agent.capabilities],
                    self.reach(m.name),
                )
                for m in members
            ]
            self._index = (AgentRelevance(texts), [m.name for m in members])
        return self._index

    def text(self) -> str:
        """Every tree as an indented outline."""
        return "\n".join(tree_text(root) for root in self.roots)

    def __contains__(self, name: object) -> bool:
        return name in self.members

    def __len__(self) -> int:
        return len(self.members)

    def __repr__(self) -> str:
        return f"AgentTree({len(self.members)} agents, {len(self.roots)} at the top)"
