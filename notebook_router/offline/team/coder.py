"""The coder's offline core: without a model, code comes only from the analyst's operations.

A data question gets the pandas code the deterministic analyst writes for it
(:mod:`notebook_router.offline.team.data_analyst`); anything else is declined, saying
how to have code written for it.
"""

from __future__ import annotations

from notebook_router.agents.base import AgentContext, TaskRequest
from notebook_router.agents.builtin.coder import Coder
from notebook_router.agents.builtin.data_analyst import DataAnalyst
from notebook_router.offline.team import data_analyst
from notebook_router.result import AgentResult


def give(agent: Coder) -> None:
    """Give the coder its offline core."""
    agent.rules = code_by_rules


async def code_by_rules(task: TaskRequest, context: AgentContext) -> AgentResult:
    """Without a model, code comes only from the analyst's operations on the data."""
    analyst = DataAnalyst()
    data_analyst.give(analyst)
    result = await analyst.run(task, context)
    if result.ok:
        return result
    reason = result.error or "the request is not one of the analyst's operations"
    return AgentResult.unable(
        "Without a model I can only write the pandas code for questions about the "
        f"notebook's tables, and this is not one ({reason}). Set a model "
        "(e.g. --model openai:gpt-4o-mini) to have code written for any task."
    )
