"""The knowledge base's offline core: the facts that match the question are the answer,
each cited by its id."""

from __future__ import annotations

from collections.abc import Sequence

from notebook_router.agents.builtin.knowledge import Knowledge
from notebook_router.context.memory import Fact
from notebook_router.result import AgentResult


def give(agent: Knowledge) -> None:
    """Give the knowledge-base agent its offline core."""
    agent.rules = recall


def recall(facts: Sequence[Fact], question: str) -> AgentResult:
    """The facts matching ``question``, cited by id (offline: the facts are the answer)."""
    if not facts:
        return AgentResult.unable(
            f"The knowledge base has no fact about “{question}”. "
            "Tell me one with “remember that ...”."
        )
    lines = "; ".join(f"{f.text} [fact {f.id}]" for f in facts)
    return AgentResult(
        data=[f.model_dump() for f in facts],
        summary=f"Known: {lines}",
        confidence=0.7,
    )
