"""Typed events: every change of a run's state, in order.

Events are frozen, slotted dataclasses so that emitting several per step
costs about a microsecond each (the loop's overhead budget is tens of
microseconds). Their JSON form goes through pydantic (:data:`EVENT_ADAPTER`),
so the panel, the session store and recordings all validate the same schema.

Every field holds JSON-safe data: previews, not the objects themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter


@dataclass(frozen=True, slots=True, kw_only=True)
class _Event:
    run_id: str
    seq: int
    t: float
    """Seconds since the run started."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RunStarted(_Event):
    kind: Literal["run_started"] = "run_started"
    query: str
    goal: str
    model: str
    agents: list[str]
    started_at: str
    """ISO 8601 wall-clock time (events otherwise use run-relative ``t``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskInfo:
    id: str
    description: str
    agent: str
    depends_on: list[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanUpdated(_Event):
    kind: Literal["plan_updated"] = "plan_updated"
    added: list[TaskInfo]


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionMade(_Event):
    kind: Literal["decision"] = "decision"
    iteration: int
    action: str
    reason: str
    tasks: list[str]
    question: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionFailed(_Event):
    kind: Literal["decision_failed"] = "decision_failed"
    iteration: int
    attempt: int
    error: str
    will_retry: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskStarted(_Event):
    kind: Literal["task_started"] = "task_started"
    task_id: str
    agent: str
    description: str
    attempt: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskFinished(_Event):
    kind: Literal["task_finished"] = "task_finished"
    task_id: str
    agent: str
    status: str
    duration_s: float
    confidence: float
    summary: str
    error: str | None = None
    media: list[str] = field(default_factory=list)
    """MIME types of media attached to the result."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskCancelled(_Event):
    kind: Literal["task_cancelled"] = "task_cancelled"
    task_id: str
    agent: str
    reason: str
    ran_s: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskSkipped(_Event):
    kind: Literal["task_skipped"] = "task_skipped"
    task_id: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ContextUpdated(_Event):
    kind: Literal["context_updated"] = "context_updated"
    key: str
    source: str
    version: int
    preview: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UsageUpdated(_Event):
    kind: Literal["usage"] = "usage"
    source: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    total_tokens: int
    total_cost_usd: float


@dataclass(frozen=True, slots=True, kw_only=True)
class InterruptReceived(_Event):
    kind: Literal["interrupt_received"] = "interrupt_received"
    interrupt: str
    """``stop``, ``redirect`` or ``answer``."""
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InterruptHandled(_Event):
    kind: Literal["interrupt_handled"] = "interrupt_handled"
    interrupt: str
    handled_as: str
    """``restart``, ``refine``, ``status``, ``clarify`` or ``stop``."""
    reply: str
    cancelled: list[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class ClarificationRequested(_Event):
    kind: Literal["clarification_requested"] = "clarification_requested"
    question: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClarificationAnswered(_Event):
    kind: Literal["clarification_answered"] = "clarification_answered"
    answer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceNote(_Event):
    """An agent's own trace line: a tool call, a reflection, a critic note."""

    kind: Literal["trace"] = "trace"
    task_id: str
    agent: str
    note: str
    message: str
    data: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class RunFinished(_Event):
    kind: Literal["run_finished"] = "run_finished"
    stop_reason: str
    detail: str
    answer: str
    iterations: int
    duration_s: float
    total_tokens: int
    cost_usd: float


Event = (
    RunStarted
    | PlanUpdated
    | DecisionMade
    | DecisionFailed
    | TaskStarted
    | TaskFinished
    | TaskCancelled
    | TaskSkipped
    | ContextUpdated
    | UsageUpdated
    | InterruptReceived
    | InterruptHandled
    | ClarificationRequested
    | ClarificationAnswered
    | TraceNote
    | RunFinished
)

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Annotated[Event, Field(discriminator="kind")])


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON-ready form of an event."""
    result: dict[str, Any] = EVENT_ADAPTER.dump_python(event, mode="json")
    return result


def event_from_dict(data: dict[str, Any]) -> Event:
    """Validate and rebuild an event from its JSON form."""
    event: Event = EVENT_ADAPTER.validate_python(data)
    return event
