"""Matching a task to the agent that fits it best, by the shared relevance.

The relevance is the tool router's, read for agents
(:mod:`notebook_router.agents.matching`): stems and the concept lexicon on
both sides, given values masked, typos corrected, topics read as phrases.

Tree members compete with top-level agents: relevance is normalised to the
best match and each level of depth costs
:data:`~notebook_router.agents.discovery.DEPTH_PENALTY`, so a task goes
straight to a grandchild only when that grandchild clearly fits it best.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from notebook_router.agents.card import AgentCard
from notebook_router.agents.discovery import rank_by_depth
from notebook_router.agents.matching import AgentRelevance, AgentText


class AgentMatcher:
    """Ranks agents for a task description.

    An agent is matched by its name, capability topics (scaled by
    confidence), description, and its descendants' topics at half weight;
    the task's leading verb counts ×1.5 (see
    :mod:`notebook_router.agents.matching`).

    The router's built-in agents are ranked apart, after every user agent
    that matches: the user's own agents come first whenever they fit, and
    adding a built-in never changes how the user's agents rank among
    themselves (one shared index would shift every word's weight).
    """

    def __init__(self, cards: Sequence[AgentCard]) -> None:
        self.cards = list(cards)
        self.depth = {card.name: card.depth for card in self.cards}
        reach = _reach(self.cards)
        self._indexes = [
            _index([c for c in self.cards if not c.builtin], reach),
            _index([c for c in self.cards if c.builtin], reach),
        ]

    def rank(self, task: str) -> list[tuple[str, float]]:
        """Agents that match ``task``, best first, with their scores.

        The user's agents first (scores relative to the best of them), then the
        built-in ones (relative to the best of those).
        """
        ranked: list[tuple[str, float]] = []
        for relevance, names in self._indexes:
            if names:
                scores = relevance.scores(task)
                raw = [
                    (names[i], s, self.depth.get(names[i], 0)) for i, s in sorted(scores.items())
                ]
                ranked += [(name, score) for name, _relevance, score in rank_by_depth(raw)]
        return ranked

    def nearest(self, task: str) -> str | None:
        """The user's own agent nearest ``task`` in meaning, for a task no agent matches
        by its words (None: none near enough, or no word vectors installed).

        Only the user's agents: a built-in is near in meaning to almost any request
        (the summariser to "translate this"), and the user's own agents are what the
        request was more likely written for; else the planner asks which agent.
        """
        relevance, names = self._indexes[0]
        near = relevance.by_meaning(task)
        return names[max(near, key=lambda i: (near[i], -i))] if near else None

    def covered(self, task: str, name: str) -> frozenset[str]:
        """The words of ``task`` agent ``name`` is matched by (empty for an unknown name)."""
        for relevance, names in self._indexes:
            if name in names:
                return relevance.covered(task, names.index(name))
        return frozenset()

    def best(self, task: str, exclude: frozenset[str] = frozenset()) -> str | None:
        """The best agent for ``task`` outside ``exclude``, or None if nothing matches."""
        for name, _score in self.rank(task):
            if name not in exclude:
                return name
        return None


def _index(
    cards: Sequence[AgentCard], reach: dict[str, list[tuple[str, float]]]
) -> tuple[AgentRelevance, list[str]]:
    texts = [
        AgentText(card.name, card.description, card.capabilities, reach.get(card.name, ()))
        for card in cards
    ]
    return AgentRelevance(texts), [card.name for card in cards]


def _reach(cards: Sequence[AgentCard]) -> dict[str, list[tuple[str, float]]]:
    parents = {card.name: card.parent for card in cards}
    reach: dict[str, list[tuple[str, float]]] = {}
    for card in cards:
        ancestor = card.parent
        seen: set[str] = set()
        while ancestor is not None and ancestor not in seen:
            seen.add(ancestor)
            reach.setdefault(ancestor, []).extend(card.capabilities)
            ancestor = parents.get(ancestor)
    return reach


@lru_cache(maxsize=32)
def matcher_for(cards: tuple[AgentCard, ...]) -> AgentMatcher:
    """A cached matcher for a set of agents (cards are frozen, so hashable)."""
    return AgentMatcher(cards)
