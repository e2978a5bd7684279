"""Typed events: every change of a run's state, in order.

Events are slotted dataclasses so that emitting several per step costs
about a microsecond each (the loop's whole overhead budget is tens of
microseconds; frozen dataclasses cost three times as much to build). Treat
them as read-only: subscribers share the same objects. Their JSON form goes
through pydantic (:data:`EVENT_ADAPTER`), so the panel, the session store and
recordings all validate the same schema.

Every field holds JSON-safe data: previews, not the objects themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import Field, TypeAdapter

from notebook_router.makers import keyword_maker


@dataclass(slots=True, kw_only=True)
class _Event:
    run_id: str
    seq: int
    t: float
    """Seconds since the run started."""

    make: ClassVar[Callable[..., Any]]
    """Build the event from every field but ``run_id``, ``seq`` and ``t``, for
    :meth:`~notebook_router.planner.eventlog.EventLog.publish` to stamp. About half
    the cost of calling the class (see :mod:`notebook_router.makers`)."""


@dataclass(slots=True, kw_only=True)
class RunStarted(_Event):
    kind: Literal["run_started"] = "run_started"
    query: str
    goal: str
    model: str
    agents: tuple[str, ...]
    started_at: str
    """ISO 8601 wall-clock time (events otherwise use run-relative ``t``)."""


@dataclass(slots=True, kw_only=True)
class RunResumed(_Event):
    """A stored run continues (after a kernel restart or crash) from its last recorded state."""

    kind: Literal["run_resumed"] = "run_resumed"
    model: str
    agents: tuple[str, ...]
    resumed_at: str
    """ISO 8601 wall-clock time."""
    kept: tuple[str, ...]
    """Finished tasks whose results were restored: they are not run again."""
    redo: tuple[str, ...]
    """Tasks that were running (or whose results could not be restored): they run again."""


@dataclass(slots=True, kw_only=True)
class TaskInfo:
    id: str
    description: str
    agent: str
    depends_on: tuple[str, ...]

    make: ClassVar[Callable[..., TaskInfo]]


@dataclass(slots=True, kw_only=True)
class DecisionMade(_Event):
    """A Decider step: what it chose, the tasks it started, and how it changed the plan."""

    kind: Literal["decision"] = "decision"
    iteration: int
    action: str
    reason: str
    tasks: tuple[str, ...]
    """Ids of the tasks this decision starts."""
    added: tuple[TaskInfo, ...] = ()
    """Tasks this decision added to the plan (started now or later)."""
    dropped: tuple[str, ...] = ()
    question: str | None = None


@dataclass(slots=True, kw_only=True)
class DecisionFailed(_Event):
    kind: Literal["decision_failed"] = "decision_failed"
    iteration: int
    attempt: int
    error: str
    will_retry: bool


@dataclass(slots=True, kw_only=True)
class TaskStarted(_Event):
    kind: Literal["task_started"] = "task_started"
    task_id: str
    agent: str
    description: str
    attempt: int


@dataclass(slots=True, kw_only=True)
class TaskFinished(_Event):
    kind: Literal["task_finished"] = "task_finished"
    task_id: str
    agent: str
    status: str
    duration_s: float
    confidence: float
    summary: str
    error: str | None = None
    media: tuple[str, ...] = ()
    """MIME types of media attached to the result."""


@dataclass(slots=True, kw_only=True)
class TaskCancelled(_Event):
    kind: Literal["task_cancelled"] = "task_cancelled"
    task_id: str
    agent: str
    reason: str
    ran_s: float


@dataclass(slots=True, kw_only=True)
class TaskSkipped(_Event):
    kind: Literal["task_skipped"] = "task_skipped"
    task_id: str
    reason: str


@dataclass(slots=True, kw_only=True)
class ContextUpdated(_Event):
    kind: Literal["context_updated"] = "context_updated"
    key: str
    source: str
    version: int
    preview: str


@dataclass(slots=True, kw_only=True)
class UsageUpdated(_Event):
    kind: Literal["usage"] = "usage"
    source: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    total_tokens: int
    total_cost_usd: float


@dataclass(slots=True, kw_only=True)
class InterruptReceived(_Event):
    kind: Literal["interrupt_received"] = "interrupt_received"
    interrupt: str
    """``stop``, ``redirect`` or ``answer``."""
    message: str


@dataclass(slots=True, kw_only=True)
class InterruptHandled(_Event):
    kind: Literal["interrupt_handled"] = "interrupt_handled"
    interrupt: str
    handled_as: str
    """``restart``, ``refine``, ``status``, ``clarify`` or ``stop``."""
    reply: str
    cancelled: tuple[str, ...]
    goal: str | None = None
    """The run's goal after handling (changed by ``restart`` and ``refine``)."""


@dataclass(slots=True, kw_only=True)
class ClarificationRequested(_Event):
    kind: Literal["clarification_requested"] = "clarification_requested"
    question: str


@dataclass(slots=True, kw_only=True)
class ClarificationAnswered(_Event):
    kind: Literal["clarification_answered"] = "clarification_answered"
    answer: str


@dataclass(slots=True, kw_only=True)
class TraceNote(_Event):
    """An agent's own trace line: a tool call, a reflection, a critic note."""

    kind: Literal["trace"] = "trace"
    task_id: str
    agent: str
    note: str
    message: str
    data: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class DelegationRequested(_Event):
    """A request reached an agent inside a tree: one hop down (D3)."""

    kind: Literal["delegation_requested"] = "delegation_requested"
    task_id: str
    request_id: str
    """Hierarchical: ``t1.3`` is the third sub-request of task t1, ``t1.3.1`` the first of that."""
    parent_id: str | None
    agent: str
    path: tuple[str, ...]
    hops: int
    task: str


@dataclass(slots=True, kw_only=True)
class DelegationResponded(_Event):
    """An agent inside a tree answered a request (or was cancelled)."""

    kind: Literal["delegation_responded"] = "delegation_responded"
    task_id: str
    request_id: str
    agent: str
    status: str
    """fulfilled, partial, unable, needs_user_input, failed, or cancelled."""
    confidence: float
    duration_s: float
    answered_by: tuple[str, ...]
    """Path of the agent whose work is the answer (it may be deeper than ``agent``)."""
    hops: int
    summary: str = ""
    error: str | None = None


@dataclass(slots=True, kw_only=True)
class CircuitChanged(_Event):
    """An agent's circuit breaker opened, half-opened or closed (D5)."""

    kind: Literal["circuit_changed"] = "circuit_changed"
    agent: str
    state: str
    failures: int


@dataclass(slots=True, kw_only=True)
class CriticNoted(_Event):
    """The critic's check of one result (D6): ``ok`` or ``needs_more``, with notes."""

    kind: Literal["critic"] = "critic"
    task_id: str
    agent: str
    verdict: str
    notes: str
    missing: tuple[str, ...] = ()


@dataclass(slots=True, kw_only=True)
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
    | RunResumed
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
    | DelegationRequested
    | DelegationResponded
    | CircuitChanged
    | CriticNoted
    | RunFinished
)

_STAMPED = ("run_id", "seq", "t")

TaskInfo.make = staticmethod(keyword_maker(TaskInfo))
for _cls in get_args(Event):
    _cls.make = staticmethod(keyword_maker(_cls, skip=_STAMPED))

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Annotated[Event, Field(discriminator="kind")])


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON-ready form of an event."""
    result: dict[str, Any] = EVENT_ADAPTER.dump_python(event, mode="json")
    return result


def event_from_dict(data: dict[str, Any]) -> Event:
    """Validate and rebuild an event from its JSON form."""
    event: Event = EVENT_ADAPTER.validate_python(data)
    return event
