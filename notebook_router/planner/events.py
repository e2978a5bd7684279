"""Typed events: every change of a run's state, in order.

Events are msgspec structs: the loop emits several per step and the session
store encodes every one of them, and a struct is built and written to JSON
in about half the time of a slotted dataclass (msgspec reads its fields by
offset, where a dataclass costs an attribute lookup per field). Treat them
as read-only: subscribers share the same objects. ``kind`` is the tag of
each class; :func:`event_to_dict` and :func:`event_from_dict` give the JSON
form the panel, the session store and recordings all share.

Every field holds JSON-safe data: previews, not the objects themselves, so
events never take part in reference cycles and are not tracked by the
garbage collector (``gc=False``): a long run's history costs the collector
nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, get_args

import msgspec


class _Event(msgspec.Struct, kw_only=True, tag_field="kind", gc=False):
    run_id: str = ""
    seq: int = 0
    t: float = 0.0
    """Seconds since the run started."""

    kind: ClassVar[str]
    """The event's type, as its JSON ``kind`` says it (the struct's tag)."""


class RunStarted(_Event, tag="run_started"):
    kind: ClassVar[Literal["run_started"]] = "run_started"
    query: str
    model: str
    agents: tuple[str, ...]
    started_at: str
    """ISO 8601 wall-clock time (events otherwise use run-relative ``t``)."""
    goal: str | None = None
    """The goal when it differs from the query; None when it is the query (a long task, once)."""
    mode: str | None = None
    """``quick``, ``normal`` or ``thorough`` (None in runs recorded before there were modes)."""
    style: str | None = None
    """The answer's style: ``conversational``, ``structured`` or ``report``."""
    mode_why: tuple[str, ...] = ()
    """The request's words that chose the mode, or ``("option",)``; empty: the default."""
    style_why: tuple[str, ...] = ()
    """The request's words that chose the style, or ``("option",)``; empty: the default."""


class RunResumed(_Event, tag="run_resumed"):
    """A stored run continues (after a kernel restart or crash) from its last recorded state."""

    kind: ClassVar[Literal["run_resumed"]] = "run_resumed"
    model: str
    agents: tuple[str, ...]
    resumed_at: str
    """ISO 8601 wall-clock time."""
    kept: tuple[str, ...]
    """Finished tasks whose results were restored: they are not run again."""
    redo: tuple[str, ...]
    """Tasks that were running (or whose results could not be restored): they run again."""


class TaskInfo(msgspec.Struct, kw_only=True, gc=False):
    id: str
    description: str
    agent: str
    depends_on: tuple[str, ...]
    checkpoint: bool = False
    """The planner wants to decide again when this task finishes."""


class DataTable(msgspec.Struct, kw_only=True, gc=False):
    """A table the run can read, as the rule planner routes by it (no data, no figures)."""

    name: str
    kind: str
    shape: str
    columns: tuple[str, ...]
    values: tuple[str, ...] = ()
    """The most common values of its text columns (already masked): a request naming
    "fossil fuels" is about this table when a column holds it."""
    column_values: tuple[tuple[str, tuple[str, ...], bool], ...] = ()
    """Each text column with its most common values and whether they are all its values:
    which column a follow-up's word ("Marketing", "phones") is a value of, so it takes
    that column's slot."""
    flags: tuple[str, ...] = ()
    """Its yes/no columns (0/1, yes/no, true/false): a follow-up naming one ("what about
    Animation?" after "average rating of Action movies") takes the place of the yes/no
    column the request before picked its rows by, not of its measure."""


class DataDescribed(_Event, tag="data_described"):
    """The run's first hop: the notebook's data, described (never copied)."""

    kind: ClassVar[Literal["data_described"]] = "data_described"
    text: str
    """The descriptions as a planner reads them (bounded, keys masked)."""
    tables: tuple[DataTable, ...]
    listing: str | None = None
    """The answer when the request asks what the notebook holds (Markdown), else None."""
    ms: float = 0.0
    """What the scan cost."""
    share: str | None = None
    """The data-sharing level ``text`` was cut to (``schema``, ``stats`` or ``rows``; see
    :mod:`notebook_router.data.sharing`); None in runs recorded before there were levels."""


class DecisionMade(_Event, tag="decision"):
    """A Decider step: what it chose, the tasks it started, and how it changed the plan."""

    kind: ClassVar[Literal["decision"]] = "decision"
    iteration: int
    action: str
    reason: str
    tasks: tuple[str, ...]
    """Ids of the tasks this decision starts."""
    added: tuple[TaskInfo, ...] = ()
    """Tasks this decision added to the plan (started now or later)."""
    dropped: tuple[str, ...] = ()
    question: str | None = None
    asked_because: str = ""
    """What made the loop ask the planner (a failure, a checkpoint, a redirect...);
    empty for the first decision. Between decisions the plan runs by itself."""


class DecisionFailed(_Event, tag="decision_failed"):
    kind: ClassVar[Literal["decision_failed"]] = "decision_failed"
    iteration: int
    attempt: int
    error: str
    will_retry: bool


class TaskStarted(_Event, tag="task_started"):
    kind: ClassVar[Literal["task_started"]] = "task_started"
    task_id: str
    agent: str
    description: str
    attempt: int


class TaskFinished(_Event, tag="task_finished"):
    kind: ClassVar[Literal["task_finished"]] = "task_finished"
    task_id: str
    agent: str
    status: str
    duration_s: float
    confidence: float
    summary: str
    error: str | None = None
    media: tuple[str, ...] = ()
    """MIME types of media attached to the result."""
    suggestions: tuple[str, ...] = ()
    """The agent's suggested next steps (the planner sees them)."""


class TaskCancelled(_Event, tag="task_cancelled"):
    kind: ClassVar[Literal["task_cancelled"]] = "task_cancelled"
    task_id: str
    agent: str
    reason: str
    ran_s: float


class TaskSkipped(_Event, tag="task_skipped"):
    kind: ClassVar[Literal["task_skipped"]] = "task_skipped"
    task_id: str
    reason: str


class ContextUpdated(_Event, tag="context_updated"):
    kind: ClassVar[Literal["context_updated"]] = "context_updated"
    key: str
    source: str
    version: int
    preview: str
    lifetime: str = "run"
    """``run``, ``notebook`` or ``persistent`` (see :mod:`notebook_router.context.shared`)."""
    note: str = ""
    """What a reader should know about the value: that it was spilled to disk, and why."""


class ContextCompressed(_Event, tag="context_compressed"):
    """A context value too big for a planner's view, compressed (the original is kept:
    ``context.expand(key)``)."""

    kind: ClassVar[Literal["context_compressed"]] = "context_compressed"
    key: str
    version: int
    content: str
    """How it was read: ``prose``, ``code``, ``table`` or ``data``."""
    level: str
    """``light``, ``medium`` or ``heavy``."""
    tokens: int
    original_tokens: int
    dropped: tuple[str, ...] = ()
    """What the compressed form leaves out, in words."""


class UsageUpdated(_Event, tag="usage"):
    kind: ClassVar[Literal["usage"]] = "usage"
    source: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    total_tokens: int
    total_cost_usd: float
    calls: int = 1
    """Model calls this usage stands for."""
    task_id: str = ""
    """The task whose work spent it ("" for the planner's own calls: deciding, answering)."""


class InterruptReceived(_Event, tag="interrupt_received"):
    kind: ClassVar[Literal["interrupt_received"]] = "interrupt_received"
    interrupt: str
    """``stop``, ``redirect`` or ``answer``."""
    message: str


class InterruptHandled(_Event, tag="interrupt_handled"):
    kind: ClassVar[Literal["interrupt_handled"]] = "interrupt_handled"
    interrupt: str
    handled_as: str
    """``restart``, ``refine``, ``status``, ``clarify`` or ``stop``."""
    reply: str
    cancelled: tuple[str, ...]
    goal: str | None = None
    """The run's goal after handling (changed by ``restart`` and ``refine``)."""
    restored: tuple[str, ...] = ()
    """Tasks the user had dropped and asked for again (``refine``)."""


class ClarificationRequested(_Event, tag="clarification_requested"):
    kind: ClassVar[Literal["clarification_requested"]] = "clarification_requested"
    question: str


class ClarificationAnswered(_Event, tag="clarification_answered"):
    kind: ClassVar[Literal["clarification_answered"]] = "clarification_answered"
    answer: str


class CodeApprovalRequested(_Event, tag="code_approval_requested"):
    """An agent wrote code and, under the ``ask`` policy, waits for the user to run or skip it."""

    kind: ClassVar[Literal["code_approval_requested"]] = "code_approval_requested"
    id: str
    """The approval's id (``t2#1``): one task may ask more than once."""
    task_id: str
    agent: str
    code: str
    purpose: str
    about: str = "code"
    """``code`` (code to run) or ``tool`` (a call of an MCP server's tool: ``code`` holds
    its arguments as JSON, ``purpose`` names the server and the tool)."""


class CodeApprovalGiven(_Event, tag="code_approval_given"):
    """The user (or the run, when nobody could answer) decided on a code approval."""

    kind: ClassVar[Literal["code_approval_given"]] = "code_approval_given"
    id: str
    task_id: str
    decision: str
    """``run`` or ``skip``."""
    edited: bool = False
    note: str = ""


WORKER_NOTE = "worker"
"""The ``note`` of a :class:`TraceNote` saying where a task runs: a cluster worker's
address in ``data["worker"]`` (and its ``pid``). The reducer files it as the task's
``where``, so the plan, the panel, the finished view and the store all say it."""


class TraceNote(_Event, tag="trace"):
    """An agent's own trace line: a tool call, a reflection, a critic note."""

    kind: ClassVar[Literal["trace"]] = "trace"
    task_id: str
    agent: str
    note: str
    message: str
    data: dict[str, str] = msgspec.field(default_factory=dict)


class DelegationRequested(_Event, tag="delegation_requested"):
    """A request reached an agent inside a tree: one hop down."""

    kind: ClassVar[Literal["delegation_requested"]] = "delegation_requested"
    task_id: str
    request_id: str
    """Hierarchical: ``t1.3`` is the third sub-request of task t1, ``t1.3.1`` the first of that."""
    parent_id: str | None
    agent: str
    path: tuple[str, ...]
    hops: int
    task: str


class DelegationResponded(_Event, tag="delegation_responded"):
    """An agent inside a tree answered a request (or was cancelled)."""

    kind: ClassVar[Literal["delegation_responded"]] = "delegation_responded"
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


class CircuitChanged(_Event, tag="circuit_changed"):
    """An agent's circuit breaker opened, half-opened or closed."""

    kind: ClassVar[Literal["circuit_changed"]] = "circuit_changed"
    agent: str
    state: str
    failures: int


class ClaimNote(msgspec.Struct, kw_only=True, gc=False):
    """One claim verification checked, and where it was found (or why not)."""

    text: str
    verified: bool
    evidence: str = ""


class SourceNote(msgspec.Struct, kw_only=True, gc=False):
    """A cited source as verification scored it (each 0..1)."""

    source: str
    relevance: float
    recency: float
    use: float
    score: float


class CriticNoted(_Event, tag="critic"):
    """The check of one result (the critic's, verification's or both): ``ok``,
    ``needs_more`` or ``unverified``, with notes; a ``retry`` sends the task back reworded."""

    kind: ClassVar[Literal["critic"]] = "critic"
    task_id: str
    agent: str
    verdict: str
    notes: str
    missing: tuple[str, ...] = ()
    claims: tuple[ClaimNote, ...] = ()
    sources: tuple[SourceNote, ...] = ()
    retry: str | None = None
    """The task, reworded, that the run starts again (verification's self-correction)."""
    retry_agent: str | None = None


class Cited(msgspec.Struct, kw_only=True, gc=False):
    """Which task and agent produced a part of the final answer."""

    task_id: str
    agent: str
    text: str


class RunFinished(_Event, tag="run_finished"):
    kind: ClassVar[Literal["run_finished"]] = "run_finished"
    stop_reason: str
    detail: str
    answer: str
    iterations: int
    duration_s: float
    total_tokens: int
    cost_usd: float
    attributions: tuple[Cited, ...] = ()


Event = (
    RunStarted
    | RunResumed
    | DataDescribed
    | DecisionMade
    | DecisionFailed
    | TaskStarted
    | TaskFinished
    | TaskCancelled
    | TaskSkipped
    | ContextUpdated
    | ContextCompressed
    | UsageUpdated
    | InterruptReceived
    | InterruptHandled
    | ClarificationRequested
    | ClarificationAnswered
    | CodeApprovalRequested
    | CodeApprovalGiven
    | TraceNote
    | DelegationRequested
    | DelegationResponded
    | CircuitChanged
    | CriticNoted
    | RunFinished
)

_DECODE: Any = Event  # the union of tagged structs: msgspec picks the class by ``kind``

for _cls in get_args(Event):  # the ClassVar and the tag must agree: the tag is what is stored
    assert _cls.kind == _cls.__struct_config__.tag, _cls


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON-ready form of an event (``kind`` included)."""
    result: dict[str, Any] = _plain(msgspec.to_builtins(event))
    return result


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists, the way JSON reads back."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def event_from_dict(data: dict[str, Any]) -> Event:
    """Validate and rebuild an event from its JSON form.

    Raises ``ValueError`` (:class:`msgspec.ValidationError`) for an unknown
    ``kind`` or a field of the wrong type; fields this version does not know
    are ignored, so events stored by a later version still load.
    """
    event: Event = msgspec.convert(data, _DECODE)
    return event
