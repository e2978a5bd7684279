"""What a finished run hands back."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.planner.state import (
    STOP_REASON_TEXT,
    Attribution,
    Hop,
    Interrupt,
    RunState,
    StopReason,
    Task,
)
from notebook_router.result import AgentResult
from notebook_router.usage import Usage


class RunResult(BaseModel):
    """The answer of a run, why it ended, and everything that led there.

    ``str(result)`` is the answer. ``result.data("t2")`` is a task's raw data
    (a DataFrame stays a DataFrame); :meth:`summary_dict` is the JSON-ready
    account the command line prints with ``--json``.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    run_id: str
    query: str
    goal: str
    answer: str
    stop_reason: StopReason
    stop_detail: str = ""
    question: str | None = None
    """The planner's open question, when the run stopped to ask one."""
    attributions: list[Attribution] = Field(default_factory=list)
    tasks: list[Task] = Field(default_factory=list)
    results: dict[str, AgentResult] = Field(default_factory=dict, exclude=True, repr=False)
    interrupts: list[Interrupt] = Field(default_factory=list)
    usage: Usage = Usage()
    usage_by_source: dict[str, Usage] = Field(default_factory=dict)
    usage_by_task: dict[str, Usage] = Field(default_factory=dict)
    """What each task's work spent (the planner's own calls are in ``usage_by_source``)."""
    iterations: int = 0
    delegations: dict[str, list[Hop]] = Field(default_factory=dict)
    """Per task, the hops its request made down its agent's tree (empty for flat agents)."""
    started_at: datetime
    duration_s: float = 0.0

    @classmethod
    def from_state(cls, state: RunState, *, duration_s: float, started_at: datetime) -> RunResult:
        """Freeze a finished run's state into a result."""
        assert state.stop_reason is not None
        return cls(
            run_id=state.run_id,
            query=state.query,
            goal=state.goal,
            answer=state.answer or "",
            stop_reason=state.stop_reason,
            stop_detail=state.stop_detail,
            question=state.pending_question,
            attributions=list(state.attributions),
            # The run is over and nothing writes these tasks any more: share them
            # rather than copy (copying costs more than the whole run on big plans).
            tasks=list(state.plan),
            results=dict(state.results),
            interrupts=list(state.interrupts),
            usage=state.usage,
            usage_by_source=dict(state.usage_by_source),
            usage_by_task=dict(state.usage_by_task),
            iterations=state.iteration,
            delegations=dict(state.delegations) if state.delegations else {},
            started_at=started_at,
            duration_s=duration_s,
        )

    @property
    def completed(self) -> bool:
        """True when the planner judged the goal met."""
        return self.stop_reason == "completed"

    def data(self, task_id: str) -> Any:
        """The raw data a task produced (``KeyError`` if it produced none)."""
        return self.results[task_id].data

    def task(self, task_id: str) -> Task:
        """One task by id."""
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def summary_dict(self) -> dict[str, Any]:
        """A JSON-ready account: answer, stop reason, tasks, timings and usage."""
        return {
            "run_id": self.run_id,
            "query": self.query,
            "goal": self.goal,
            "answer": self.answer,
            "stop_reason": self.stop_reason,
            "stop_text": STOP_REASON_TEXT.get(self.stop_reason, self.stop_reason),
            "stop_detail": self.stop_detail,
            "question": self.question,
            "iterations": self.iterations,
            "tasks": [
                {
                    "id": t.id,
                    "description": t.description,
                    "agent": t.agent,
                    "status": t.status,
                    "depends_on": list(t.depends_on),
                    "attempts": t.attempts,
                    "summary": t.summary,
                    "error": t.error,
                    "note": t.note,
                    "where": t.where,
                    **(
                        {
                            "hops": [
                                {
                                    "request_id": h.request_id,
                                    "path": list(h.path),
                                    "status": h.status,
                                    "summary": h.summary,
                                    "error": h.error,
                                }
                                for h in self.delegations[t.id]
                            ]
                        }
                        if self.delegations.get(t.id)
                        else {}
                    ),
                }
                for t in self.tasks
            ],
            "timings": {
                "duration_s": round(self.duration_s, 6),
                "tasks": {
                    t.id: {
                        "started_s": _round(t.started_at),
                        "finished_s": _round(t.finished_at),
                        "duration_s": _round(t.duration_s),
                    }
                    for t in self.tasks
                },
            },
            "usage": _usage(self.usage),
            "usage_by_source": {k: _usage(v) for k, v in self.usage_by_source.items()},
            "usage_by_task": {k: _usage(v) for k, v in self.usage_by_task.items()},
            "attributions": [a.model_dump() for a in self.attributions],
        }

    def __str__(self) -> str:
        return self.answer


def _usage(usage: Usage) -> dict[str, Any]:
    return {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "total_tokens": usage.total_tokens,
        "cost_usd": round(usage.cost_usd, 6),
        "calls": usage.calls,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)
