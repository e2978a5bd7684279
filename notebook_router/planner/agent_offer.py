"""Which agents a model planner is shown, when a run has too many to list.

A prompt that lists every agent grows with the registry: at 1,000 agents it
is mostly agents. Past ``Limits.planner_agents`` (tree members counted) a
model planner is shown the agents most relevant to the goal and the pending
tasks, ranked by default with the relevance the offline planner matches
agents with (:mod:`notebook_router.agents.matching`); any
:class:`~notebook_router.tools.retrieval.Retriever`, such as an embedding
one, can stand in), plus every agent the plan already uses. It can ask for
others with a ``retrieve_agents`` decision.

What a run has been shown only grows, in the order first shown: the model
never sees an agent vanish, and consecutive prompts of a run keep the same
opening, which providers' prompt caching relies on. The index is built once
per registry version, not per call.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from notebook_router.agents.card import AgentCard
from notebook_router.agents.matching import AgentRelevance, AgentText
from notebook_router.planner.per_run import PerRun
from notebook_router.planner.state import RunState

if TYPE_CHECKING:
    from notebook_router.tools.retrieval import Retriever

RETRIEVED = 10
"""Agents a ``retrieve_agents`` request adds at most."""
_UNSAFE = re.compile(r"[^A-Za-z0-9_.\-]")


class AgentIndex:
    """A retrieval index over agent cards.

    >>> cards = [AgentCard(name="plotter", description="Draws charts"),
    ...          AgentCard(name="translator", description="Translates text")]
    >>> AgentIndex(cards).search("translate this letter", 1)
    ['translator']
    """

    def __init__(self, cards: Sequence[AgentCard], retriever: Retriever | None = None) -> None:
        self.names = [c.name for c in cards]
        self.retriever = retriever
        self.relevance: AgentRelevance | None = None
        if retriever is None:
            texts = [AgentText(c.name, c.description, c.capabilities) for c in cards]
            self.relevance = AgentRelevance(texts)
            return
        # Imported here: only a run given its own retriever needs the tool store's machinery.
        from notebook_router.tools.spec import Tool, ToolSpec

        retriever.build(
            [
                (
                    "agents",
                    Tool(
                        ToolSpec(name=_tool_name(c.name), description=c.description),
                        keywords=(
                            c.name.replace("_", " "),
                            *(topic for topic, _ in c.capabilities),
                        ),
                    ),
                )
                for c in cards
            ]
        )

    def search(self, query: str, k: int, exclude: Collection[str] = ()) -> list[str]:
        """The names of the ``k`` agents best matching ``query``, best first, not in ``exclude``."""
        if k < 1 or not query.strip():
            return []
        if self.relevance is not None:
            # Nothing said in a card's words: the cards nearest in meaning, if any.
            scores = self.relevance.scores(query) or self.relevance.by_meaning(query)
            found = [self.names[i] for i in sorted(scores, key=lambda i: (-scores[i], i))]
        else:
            assert self.retriever is not None
            matches = self.retriever.search(query, k + len(exclude), None)
            found = [self.names[m.entry] for m in matches if m.score > 0]
        return [n for n in found if n not in exclude][:k]


@dataclass(slots=True)
class _Shown:
    names: dict[str, None] = field(default_factory=dict)
    """The agents shown so far, in the order first shown (a dict: ordered, no repeats)."""
    goal_version: int = 0
    """The goal the relevant agents were last picked for."""


class AgentOffers:
    """The agents each run's model planner is shown (see the module docstring)."""

    def __init__(self, retriever: Retriever | None = None) -> None:
        self._retriever = retriever
        self._index: tuple[Sequence[AgentCard], AgentIndex] | None = None
        self._by_name: tuple[Sequence[AgentCard], dict[str, AgentCard]] | None = None
        self._shown: PerRun[_Shown] = PerRun(_Shown)

    def offer(
        self, state: RunState, cards: Sequence[AgentCard], limit: int | None
    ) -> list[AgentCard]:
        """The cards to show for ``state``: all of them up to ``limit``, else the relevant ones."""
        if limit is None or len(cards) <= limit:
            return list(cards)
        shown = self._shown.get(state.run_id)
        by_name = self._cards_by_name(cards)
        if shown.goal_version != state.goal_version:
            shown.goal_version = state.goal_version
            for name in self._relevant(state, cards, limit, shown.names):
                shown.names.setdefault(name)
        for task in state.plan:  # the plan's agents, whoever chose them
            if task.agent in by_name:
                shown.names.setdefault(task.agent)
        return [by_name[n] for n in shown.names if n in by_name]

    def retrieve(
        self, state: RunState, cards: Sequence[AgentCard], query: str, k: int = RETRIEVED
    ) -> list[str]:
        """Show ``state``'s planner up to ``k`` more agents matching ``query``; their names."""
        shown = self._shown.get(state.run_id)
        found = self.index(cards).search(query, k, exclude=shown.names)
        for name in found:
            shown.names.setdefault(name)
        return found

    def index(self, cards: Sequence[AgentCard]) -> AgentIndex:
        """The index over ``cards``, built once per card list (one per registry version)."""
        if self._index is None or self._index[0] is not cards:
            self._index = (cards, AgentIndex(cards, self._retriever))
        return self._index[1]

    def _relevant(
        self, state: RunState, cards: Sequence[AgentCard], limit: int, shown: Collection[str]
    ) -> list[str]:
        """The ``limit`` agents most relevant to the goal and the pending tasks.

        When too few match (a goal in words no agent uses), built-in agents fill
        in first (they take any request), then the agents in registration order.
        """
        pending = " ".join(t.description for t in state.plan.with_status("pending"))
        found = self.index(cards).search(f"{state.goal} {pending}", limit, exclude=shown)
        if len(found) < limit:
            taken = {*found, *shown}
            fill = [c.name for c in cards if c.builtin] + [c.name for c in cards]
            found += [n for n in dict.fromkeys(fill) if n not in taken][: limit - len(found)]
        return found

    def _cards_by_name(self, cards: Sequence[AgentCard]) -> dict[str, AgentCard]:
        if self._by_name is None or self._by_name[0] is not cards:
            self._by_name = (cards, {c.name: c for c in cards})
        return self._by_name[1]


def _tool_name(name: str) -> str:
    """``name`` as a tool name (the retriever indexes tools; agent names are freer)."""
    return (_UNSAFE.sub("_", name) or "agent")[:64]
