"""Tokens and cost where they were spent: per agent (the planner too) and per task.

A pure function of the run state (the reducer folds every usage event into
``usage_by_source`` and ``usage_by_task``), shown by the live panel's meters
and by the finished view.
"""

from __future__ import annotations

from pydantic import BaseModel

from notebook_router.planner.state import RunState
from notebook_router.render.numbers import money, tokens
from notebook_router.text.preview import preview
from notebook_router.usage import Usage


class UsageRow(BaseModel):
    """What one agent, or one task, spent."""

    name: str
    """The agent (``planner`` for the planner's own calls), or the task id."""
    agent: str = ""
    """For a task: the agent that did it."""
    label: str = ""
    """For a task: its description, one short line."""
    calls: int
    input_tokens: int
    output_tokens: int
    cost_usd: float
    share: float
    """Of the run's tokens (0 to 1)."""
    tokens_text: str
    cost_text: str


class UsageBreakdown(BaseModel):
    """The run's usage by agent (most first) and by task (plan order)."""

    agents: list[UsageRow]
    tasks: list[UsageRow]
    total_tokens: str
    total_cost: str

    @property
    def spent(self) -> bool:
        """Whether anything was spent at all (an offline run may spend nothing)."""
        return bool(self.agents)


def usage_breakdown(state: RunState) -> UsageBreakdown:
    """Who spent the run's tokens and money, and on which task."""
    total = state.usage.total_tokens
    agents = [
        _row(name, usage, total)
        for name, usage in sorted(
            state.usage_by_source.items(), key=lambda kv: (-kv[1].total_tokens, kv[0])
        )
        if usage
    ]
    tasks = []
    for task in state.plan:
        usage = state.usage_by_task.get(task.id)
        if usage:
            row = _row(task.id, usage, total)
            row.agent, row.label = task.agent, preview(" ".join(task.description.split()), 80)
            tasks.append(row)
    return UsageBreakdown(
        agents=agents,
        tasks=tasks,
        total_tokens=tokens(state.usage.total_tokens),
        total_cost=money(state.usage.cost_usd),
    )


def _row(name: str, usage: Usage, total: int) -> UsageRow:
    return UsageRow(
        name=name,
        calls=usage.calls,
        input_tokens=usage.input_tokens,
        output_tokens=usage.output_tokens,
        cost_usd=round(usage.cost_usd, 6),
        share=round(usage.total_tokens / total, 4) if total else 0.0,
        tokens_text=tokens(usage.total_tokens),
        cost_text=money(usage.cost_usd),
    )
