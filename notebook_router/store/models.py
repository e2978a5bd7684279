"""What the store hands back: run summaries and whole stored runs."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.planner import events as ev
from notebook_router.planner.state import Task

RunStatus = Literal["running", "finished", "interrupted"]


class RunInfo(BaseModel):
    """One stored run, as ``%route runs`` lists it."""

    model_config = ConfigDict(frozen=True)

    id: str
    query: str
    goal: str
    status: RunStatus
    """``interrupted``: it was running in a kernel that has since died (or restarted)."""
    stop_reason: str | None = None
    stop_detail: str = ""
    answer: str | None = None
    model: str = ""
    agents: tuple[str, ...] = ()
    style: str = "conversational"
    started_at: datetime
    finished_at: datetime | None = None
    updated_at: datetime
    iterations: int = 0
    tasks: int = 0
    tasks_done: int = 0
    total_tokens: int = 0
    cost_usd: float = 0.0
    last_seq: int = 0
    max_iterations: int | None = None
    session_id: str | None = None
    notebook: str = ""
    resumes: int = 0
    imported: bool = False

    @property
    def resumable(self) -> bool:
        """True when ``%route resume`` can continue it."""
        from notebook_router.planner.resume import RESUMABLE

        if self.imported:
            return False
        return self.status == "interrupted" or (
            self.status == "finished" and self.stop_reason in RESUMABLE
        )

    @property
    def label(self) -> str:
        """Status in words: ``completed``, ``interrupted``, ``running``, ..."""
        if self.status == "finished":
            return self.stop_reason or "finished"
        return self.status


@dataclass(frozen=True, slots=True)
class ValueBatch:
    """The results and media refs one recorded batch holds (from event ``first_seq`` on)."""

    first_seq: int
    results: dict[str, tuple[Any, bool]]
    media: dict[str, list[dict[str, Any]]]


def _first_seq(batch: ValueBatch) -> int:
    return batch.first_seq


class StoredRun(BaseModel):
    """Everything the store holds about one run."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    info: RunInfo
    events: list[ev.Event] = Field(default_factory=list)
    tasks: list[Task] = Field(default_factory=list)
    """The final plan's rows (finished runs; a crashed run's plan comes from its events)."""
    results: dict[str, tuple[Any, bool]] = Field(default_factory=dict, repr=False)
    """task id -> (data, restored) of its latest result; restored False when only a
    preview was kept."""
    media: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    """task id -> references to the media its latest result carried."""
    batches: list[ValueBatch] = Field(default_factory=list, repr=False)
    """Every recorded batch of values, in order: a task run twice has a result in each."""
    context: dict[str, tuple[Any, str, bool]] = Field(default_factory=dict)
    """key -> (value, source, restored); restored False when only a preview was kept."""
    attachments: list[dict[str, Any]] = Field(default_factory=list)

    def result_at(
        self, task_id: str, seq: int
    ) -> tuple[tuple[Any, bool], list[dict[str, Any]]] | None:
        """The result ``task_id`` had when event ``seq`` announced it, and its media refs.

        A result is recorded in the batch of the event that announces it: the
        latest batch starting at or before ``seq``.
        """
        at = bisect.bisect_right(self.batches, seq, key=_first_seq) - 1
        if at < 0 or task_id not in self.batches[at].results:
            return None  # its values could not be recorded (the events were kept)
        batch = self.batches[at]
        return batch.results[task_id], batch.media.get(task_id, [])

    @property
    def elapsed_s(self) -> float:
        """Run time recorded so far (the ``t`` of the last event)."""
        return self.events[-1].t if self.events else 0.0


def from_unix(value: float) -> datetime:
    """A UTC datetime for a Unix timestamp."""
    return datetime.fromtimestamp(value, tz=UTC)
