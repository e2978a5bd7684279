"""Matching a task to the agent that fits it best, by lexical relevance (BM25).

Tree members compete with top-level agents: relevance is normalised to the
best match and each level of depth costs
:data:`~notebook_router.agents.discovery.DEPTH_PENALTY`, so a task goes
straight to a grandchild only when that grandchild clearly fits it best.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from notebook_router.agents.discovery import capability_document, query_weights, rank_by_depth
from notebook_router.planner.planner_view import AgentCard
from notebook_router.text.bm25 import BM25Index


class AgentMatcher:
    """Ranks agents for a task description.

    An agent's document is its name (weighted ×3), capability topics (×2,
    scaled by confidence), description, and its descendants' topics at half
    weight. The task's leading verb counts double, since the action is
    usually what decides the agent ("plot monthly revenue" is a plotting job
    even though "revenue" is the loader's topic).

    The router's built-in agents are ranked apart, after every user agent
    that matches: the user's own agents come first whenever they fit, and
    adding a built-in never changes how the user's agents rank among
    themselves (one shared BM25 index would shift every word's weight).
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
        """Agents that share at least one token with ``task``, best first, with their scores.

        The user's agents first (scores relative to the best of them), then the
        built-in ones (relative to the best of those).
        """
        weights = query_weights(task)
        if not weights:
            return []
        ranked: list[tuple[str, float]] = []
        for index, size in self._indexes:
            if size:
                hits = index.search(weights, k=size)
                raw = [(hit.key, hit.score, self.depth.get(hit.key, 0)) for hit in hits]
                ranked += [(name, score) for name, _relevance, score in rank_by_depth(raw)]
        return ranked

    def best(self, task: str, exclude: frozenset[str] = frozenset()) -> str | None:
        """The best agent for ``task`` outside ``exclude``, or None if nothing matches."""
        for name, _score in self.rank(task):
            if name not in exclude:
                return name
        return None


def _index(
    cards: Sequence[AgentCard], reach: dict[str, list[tuple[str, float]]]
) -> tuple[BM25Index, int]:
    documents = (
        (
            card.name,
            capability_document(
                card.name, card.description, card.capabilities, reach.get(card.name, ())
            ),
        )
        for card in cards
    )
    return BM25Index(documents), len(cards)


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
