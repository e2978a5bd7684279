"""The reasoning agent's offline core: there is nothing to reason with but the task.

A question with options and criteria is scored as the decision agent scores it
(:mod:`notebook_router.offline.team.decision`); anything else is answered with what
would answer it (a model, a source, an agent of the user's).
"""

from __future__ import annotations

from notebook_router.agents.base import AgentContext
from notebook_router.agents.builtin.reasoning import Reasoning
from notebook_router.agents.builtin.replies import needs_a_model
from notebook_router.offline.team.decision import offline_decision
from notebook_router.result import AgentResult


def give(agent: Reasoning) -> None:
    """Give the reasoning agent its offline core."""
    agent.rules = reason_by_rules


def reason_by_rules(question: str, context: AgentContext) -> AgentResult:
    """The decision agent's scoring when the question has its options and numbers, else
    what is needed."""
    decided = offline_decision(question, context)
    if decided.ok:
        return decided
    return AgentResult.unable(needs_a_model("reason about this"))
