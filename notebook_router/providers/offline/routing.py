"""Matching a task to the agent that fits it best, by lexical relevance (BM25)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from notebook_router.planner.view import AgentCard
from notebook_router.text.bm25 import BM25Index
from notebook_router.text.tokens import tokens

NAME_WEIGHT = 3.0
CAPABILITY_WEIGHT = 2.0
VERB_WEIGHT = 2.0


class AgentMatcher:
    """Ranks agents for a task description.

    An agent's document is its name (weighted ×3), capability topics (×2,
    scaled by confidence) and description. The task's leading verb counts
    double, since the action is usually what decides the agent ("plot monthly
    revenue" is a plotting job even though "revenue" is the loader's topic).
    """

    def __init__(self, cards: Sequence[AgentCard]) -> None:
        self.cards = list(cards)
        self.index = BM25Index((card.name, _document(card)) for card in self.cards)

    def rank(self, task: str) -> list[tuple[str, float]]:
        """Agents that share at least one token with ``task``, best first."""
        query = tokens(task)
        if not query:
            return []
        weights: dict[str, float] = {}
        for token in query:
            weights[token] = weights.get(token, 0.0) + 1.0
        weights[query[0]] += VERB_WEIGHT - 1
        hits = self.index.search(weights, k=len(self.cards))
        return [(hit.key, hit.score) for hit in hits]

    def best(self, task: str, exclude: frozenset[str] = frozenset()) -> str | None:
        """The best agent for ``task`` outside ``exclude``, or None if nothing matches."""
        for name, _score in self.rank(task):
            if name not in exclude:
                return name
        return None


def _document(card: AgentCard) -> dict[str, float]:
    bag: dict[str, float] = {}
    for token in tokens(re.sub(r"[_\-.]", " ", card.name)):
        bag[token] = bag.get(token, 0.0) + NAME_WEIGHT
    for topic, confidence in card.capabilities:
        for token in tokens(topic):
            bag[token] = bag.get(token, 0.0) + CAPABILITY_WEIGHT * confidence
    for token in tokens(card.description):
        bag[token] = bag.get(token, 0.0) + 1.0
    return bag


@lru_cache(maxsize=32)
def matcher_for(cards: tuple[AgentCard, ...]) -> AgentMatcher:
    """A cached matcher for a set of agents (cards are frozen, so hashable)."""
    return AgentMatcher(cards)
