"""Matching a task to the agent that fits it best, by lexical relevance (BM25).

The relevance is the offline tool router's (:mod:`notebook_router.tools.relevance`):
Snowball stems and the curated concept lexicon on both sides, so "chart the
revenue" finds a plotting agent whose topics say "plot", and the request's
given values (numbers, paths, quoted text) do not count as topics.

Tree members compete with top-level agents: relevance is normalised to the
best match and each level of depth costs
:data:`~notebook_router.agents.discovery.DEPTH_PENALTY`, so a task goes
straight to a grandchild only when that grandchild clearly fits it best.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from notebook_router.agents.discovery import (
    capability_document,
    plain_index,
    plain_scores,
    rank_by_depth,
    task_query,
)
from notebook_router.planner.planner_view import AgentCard
from notebook_router.text.bm25 import BM25Index
from notebook_router.tools.relevance import Catalogue


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
        ranked: list[tuple[str, float]] = []
        for catalogue, names in self._indexes:
            if not names:
                continue
            query = task_query(catalogue, task)
            scores = {names[h.doc]: h.score for h in catalogue.rank(query)}
            if not scores:
                # Only words the relevance sets aside ("x things"): match them as written.
                scores = plain_scores(self._plain(names), task)
            raw = [(name, score, self.depth.get(name, 0)) for name, score in scores.items()]
            ranked += [(name, score) for name, _relevance, score in rank_by_depth(raw)]
        return ranked

    def _plain(self, names: list[str]) -> BM25Index:
        by_name = {card.name: card for card in self.cards}
        return plain_index(
            (n, by_name[n].description, [t for t, _c in by_name[n].capabilities]) for n in names
        )

    def best(self, task: str, exclude: frozenset[str] = frozenset()) -> str | None:
        """The best agent for ``task`` outside ``exclude``, or None if nothing matches."""
        for name, _score in self.rank(task):
            if name not in exclude:
                return name
        return None


def _index(
    cards: Sequence[AgentCard], reach: dict[str, list[tuple[str, float]]]
) -> tuple[Catalogue, list[str]]:
    """The agents' documents (:func:`~notebook_router.agents.discovery.capability_document`)."""
    bags = [
        capability_document(
            card.name, card.description, card.capabilities, reach.get(card.name, ())
        )
        for card in cards
    ]
    # Agents are ranked against one another only (the planner has no "nothing fits"
    # here), so IDF is over the agents as they are.
    return Catalogue(bags, background=0), [card.name for card in cards]


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
