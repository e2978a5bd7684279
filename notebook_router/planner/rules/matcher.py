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

BUILTIN_PENALTY = 0.15
"""How much of the best match's relevance a built-in agent gives up to the user's agents."""


class AgentMatcher:
    """Ranks agents for a task description.

    An agent's document is its name (weighted ×3), capability topics (×2,
    scaled by confidence), description, and its descendants' topics at half
    weight. The task's leading verb counts double, since the action is
    usually what decides the agent ("plot monthly revenue" is a plotting job
    even though "revenue" is the loader's topic).
    """

    def __init__(self, cards: Sequence[AgentCard]) -> None:
        self.cards = list(cards)
        self.depth = {card.name: card.depth for card in self.cards}
        self.builtin = frozenset(card.name for card in self.cards if card.builtin)
        reach = _reach(self.cards)
        self.index = BM25Index(
            (
                card.name,
                capability_document(
                    card.name, card.description, card.capabilities, reach.get(card.name, ())
                ),
            )
            for card in self.cards
        )

    def rank(self, task: str) -> list[tuple[str, float]]:
        """Agents that share at least one token with ``task``, best first, with their scores."""
        weights = query_weights(task)
        if not weights:
            return []
        hits = self.index.search(weights, k=len(self.cards))
        raw = [(hit.key, hit.score, self.depth.get(hit.key, 0)) for hit in hits]
        ranked = [(name, score) for name, _relevance, score in rank_by_depth(raw)]
        if self.builtin:
            # The user's own agents win near-ties with the router's built-in ones.
            ranked = [(n, s - BUILTIN_PENALTY if n in self.builtin else s) for n, s in ranked]
            ranked.sort(key=lambda hit: -hit[1])
        return ranked

    def best(self, task: str, exclude: frozenset[str] = frozenset()) -> str | None:
        """The best agent for ``task`` outside ``exclude``, or None if nothing matches."""
        for name, _score in self.rank(task):
            if name not in exclude:
                return name
        return None


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
