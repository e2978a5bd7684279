"""The explicit run state: everything a run knows, in one place.

It is the fold of the run's events (:mod:`notebook_router.planner.reducer`
is the only writer, live and when a stored run is rebuilt). Planners read it
(through :class:`~notebook_router.planner.planner_view.PlannerView` when they are
models); the panel and the session store follow it through events.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass as pydantic_dataclass

from notebook_router.context.arc import ArcView
from notebook_router.context.digest import RunningDigest
from notebook_router.context.shared import SharedContext
from notebook_router.errors import InvalidDecisionError
from notebook_router.media import Media, MediaRef
from notebook_router.planner.events import ContextCompressed, DataDescribed, TaskInfo
from notebook_router.result import AgentResult
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.usage import ZERO_USAGE, Usage
from notebook_router.verification.critic import CriticVerdict

if TYPE_CHECKING:  # imported where a graph is first needed: networkx is ~80 ms of start-up
    import networkx as nx

TaskStatus = Literal[
    "pending",
    "running",
    "fulfilled",
    "partial",
    "unable",
    "needs_user_input",
    "failed",
    "cancelled",
    "skipped",
]
OK_STATUSES: frozenset[str] = frozenset({"fulfilled", "partial"})
"""Statuses whose results later tasks may build on."""
ACTIVE_STATUSES: frozenset[str] = frozenset({"pending", "running"})
NOT_DONE_STATUSES: frozenset[str] = frozenset({"failed", "unable", "needs_user_input"})
"""Statuses of tasks that ended without the work done (it is still to do, or to ask about)."""

StopReason = Literal[
    "completed",
    "stopped_by_user",
    "interrupted",
    "max_iterations",
    "token_budget",
    "cost_budget",
    "time_budget",
    "stalled",
    "needs_clarification",
    "planner_error",
    "replay_miss",
    "unanswered",
    "partly_answered",
]

STOP_REASON_TEXT: dict[str, str] = {
    "completed": "the goal was met",
    "stopped_by_user": "stopped by user",
    "interrupted": "interrupted (kernel interrupt or cancellation)",
    "max_iterations": "the iteration limit was reached",
    "token_budget": "the token budget was used up",
    "cost_budget": "the cost budget was used up",
    "time_budget": "the time budget ran out",
    "stalled": "the plan stopped making progress",
    "needs_clarification": "the planner needs an answer to a question",
    "planner_error": "the planner could not produce a usable decision",
    "replay_miss": "a model call is not in the recording",
    "unanswered": "no agent produced a result",
    "partly_answered": "not every part succeeded",
}


@dataclass(slots=True, kw_only=True)
class Task:
    """One unit of work in the plan: the one task-shaped record.

    A plain slotted dataclass: tasks are built and changed only by the
    reducer, from values a decision already validated (planners speak in
    :class:`~notebook_router.planner.decisions.TaskSpec`, a pydantic model),
    so a second validation would cost the loop for nothing. The session
    store's task rows and the exported plan are made from its fields
    (:func:`dataclasses.fields`), so a new field is added here once.
    """

    id: str
    description: str
    agent: str
    depends_on: tuple[str, ...] = ()
    checkpoint: bool = False
    """The planner asked to decide again when this task finishes (a decision point)."""
    status: TaskStatus = "pending"
    attempts: int = 0
    created_at: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None
    summary: str | None = None
    """A short preview of the result's data (or the agent's own summary)."""
    error: str | None = None
    note: str | None = None
    """Why the task was cancelled or skipped, or how it was re-routed."""
    where: str | None = None
    """The cluster worker the task ran on (its address), None when it ran in this process."""

    @property
    def outcome(self) -> str:
        """What the task produced (its summary), or why it did not (error or note)."""
        if self.status in ("fulfilled", "partial"):
            return self.summary or ""
        return self.error or self.note or ""

    @property
    def duration_s(self) -> float | None:
        """Seconds from start to finish, if it ran."""
        if self.started_at is None or self.finished_at is None:
            return None
        return self.finished_at - self.started_at

    def signature(self) -> int:
        """What stall detection compares: everything but timings and attempts."""
        return hash((self.description, self.agent, self.depends_on, self.status))


class Plan:
    """The tasks of a run and their dependency graph (a networkx DiGraph).

    Every status change goes through a method here so the plan's running
    digest stays exact without rehashing all tasks each step.
    """

    def __init__(self) -> None:
        self.tasks: dict[str, Task] = {}
        self._graph: nx.DiGraph | None = None  # built on first ask (see graph)
        self._unsynced: list[Task] = []
        self._digest = RunningDigest()
        self._dirty: set[str] = set()  # tasks whose signature changed since the last digest
        self._ids = itertools.count(1)

    @property
    def graph(self) -> nx.DiGraph:
        """The dependency graph (edge ``a -> b``: b needs a's result).

        Kept in step lazily: adding a node to a networkx graph costs more than
        the rest of a loop step, and the loop itself only needs each task's
        own ``depends_on``; whoever asks for the graph gets it up to date.
        """
        if self._graph is None:
            import networkx as nx

            self._graph = nx.DiGraph()
        if self._unsynced:
            for task in self._unsynced:
                self._graph.add_node(task.id)
                self._graph.add_edges_from((dep, task.id) for dep in task.depends_on)
            self._unsynced.clear()
        return self._graph

    def new_id(self) -> str:
        """The next unused task id (``t1``, ``t2``, ...)."""
        while True:
            candidate = f"t{next(self._ids)}"
            if candidate not in self.tasks:
                return candidate

    def check_new(self, tasks: Sequence[Task | TaskInfo]) -> None:
        """Raise :class:`InvalidDecisionError` if ``tasks`` cannot be added as they are."""
        if len(tasks) == 1:  # the common case, without the set and generator machinery
            task = tasks[0]
            if task.id in self.tasks:
                raise InvalidDecisionError(f"Task id {task.id!r} is already in the plan.")
            for dep in task.depends_on:
                if dep not in self.tasks:
                    raise InvalidDecisionError(
                        f"Task {task.id!r} depends on unknown task(s) {dep}."
                    )
            return
        new_ids = {t.id for t in tasks}
        for t in tasks:
            if t.id in self.tasks:
                raise InvalidDecisionError(f"Task id {t.id!r} is already in the plan.")
            missing = [d for d in t.depends_on if d not in self.tasks and d not in new_ids]
            if missing:
                raise InvalidDecisionError(
                    f"Task {t.id!r} depends on unknown task(s) {', '.join(missing)}."
                )
        if any(d in new_ids for t in tasks for d in t.depends_on):
            self._reject_cycles(tasks)

    def add(self, tasks: list[Task], *, checked: bool = False) -> None:
        """Add tasks (which may depend on each other); reject unknown deps and cycles.

        ``checked=True`` skips the checks for tasks that already passed
        :meth:`check_new` (the loop resolves every decision before applying it).
        """
        if not checked:
            self.check_new(tasks)
        for t in tasks:
            task_id = t.id
            self.tasks[task_id] = t
            self._dirty.add(task_id)
        self._unsynced.extend(tasks)

    def _reject_cycles(self, tasks: Sequence[Task | TaskInfo]) -> None:
        """Raise if the new tasks depend on each other in a circle (tasks already in the
        plan cannot: their dependencies were all there before them).

        A depth-first walk over the new tasks only, linear in their number: a plan
        made at once can hold thousands of tasks, and a general graph library's cycle
        search cost the loop more than running them.
        """
        needs = {t.id: [d for d in t.depends_on if d not in self.tasks] for t in tasks}
        done: set[str] = set()
        for root in needs:
            if root in done:
                continue
            path: list[str] = []
            on_path: set[str] = set()
            stack: list[tuple[str, int]] = [(root, 0)]
            while stack:
                node, i = stack.pop()
                if i == 0:
                    path.append(node)
                    on_path.add(node)
                deps = needs.get(node, [])
                if i < len(deps):
                    stack.append((node, i + 1))
                    dep = deps[i]
                    if dep in on_path:
                        cycle = [*path[path.index(dep) :], dep]
                        # Shown in the direction work flows: each task, then what needs it.
                        raise InvalidDecisionError(
                            f"The plan has a dependency cycle: {' -> '.join(reversed(cycle))}."
                        )
                    if dep not in done:
                        stack.append((dep, 0))
                    continue
                path.pop()
                on_path.discard(node)
                done.add(node)

    def set_status(self, task_id: str, status: TaskStatus, **fields: Any) -> Task:
        """Change a task's status (and any other fields) and update the digest."""
        task = self.tasks[task_id]
        task.status = status
        for name, value in fields.items():
            setattr(task, name, value)
        self._dirty.add(task_id)
        return task

    def mark_running(self, task_id: str, now: float, agent: str, attempt: int) -> Task:
        """Start (or restart) a task, with ``agent`` (another one re-routes it)."""
        task = self.tasks[task_id]
        if agent != task.agent:
            why = f" after: {task.error}" if task.error else ""
            task.note = f"re-routed from {task.agent}{why}"
            task.agent = agent
        task.status = "running"
        task.started_at = now
        task.finished_at = task.error = task.summary = task.where = None
        task.attempts = attempt
        self._dirty.add(task_id)
        return task

    def reset(self, task_id: str, note: str) -> Task:
        """Put a task back to ``pending``, as if it had never run (its attempts stay counted)."""
        task = self.tasks[task_id]
        task.status = "pending"
        task.started_at = task.finished_at = task.summary = task.error = None
        task.note = note
        self._dirty.add(task_id)
        return task

    def mark_finished(
        self, task_id: str, status: TaskStatus, now: float, summary: str | None, error: str | None
    ) -> Task:
        """Record how a running task ended."""
        task = self.tasks[task_id]
        task.status = status
        task.finished_at = now
        task.summary = summary
        task.error = error
        self._dirty.add(task_id)
        return task

    def with_status(self, *statuses: str) -> list[Task]:
        """Tasks in any of ``statuses``, in plan order."""
        return [t for t in self.tasks.values() if t.status in statuses]

    @property
    def digest(self) -> int:
        """Running digest of every task's signature."""
        # Folded in lazily: a task changes state several times between two
        # decisions, but only the state at decision time matters.
        if self._dirty:
            tasks = self.tasks
            for task_id in self._dirty:
                self._digest.put(task_id, tasks[task_id].signature())
            self._dirty.clear()
        return self._digest.value

    def __len__(self) -> int:
        return len(self.tasks)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.tasks.values())


class Hop(BaseModel):
    """One request inside a tree of agents, as the run saw it (a node of the delegation tree).

    Requests below the task's own agent only: the task's first hop is the
    task itself.
    """

    request_id: str
    parent_id: str | None
    task_id: str
    agent: str
    path: tuple[str, ...]
    task: str
    status: str = "running"
    """running, then fulfilled / partial / unable / needs_user_input / failed / cancelled."""
    confidence: float | None = None
    answered_by: tuple[str, ...] = ()
    started_at: float = 0.0
    finished_at: float | None = None
    summary: str | None = None
    error: str | None = None

    @property
    def hops(self) -> int:
        """Handoffs from the task's agent to this one."""
        return len(self.path) - 1


class HistoryEntry(BaseModel):
    """A message exchanged during the run (the query, redirects, answers, replies)."""

    model_config = ConfigDict(frozen=True)

    role: Literal["user", "planner", "system"]
    content: str
    at: float = 0.0


class Interrupt(BaseModel):
    """A stop, redirect or clarification answer, and how it was handled."""

    kind: Literal["stop", "redirect", "answer"]
    message: str = ""
    received_at: float = 0.0
    handled_as: str | None = None
    reply: str | None = None
    cancelled: list[str] = Field(default_factory=list)


class PendingApproval(BaseModel):
    """Code an agent wrote, or a tool call it chose, shown to the user with Run / Edit /
    Skip (the ``ask`` policies)."""

    model_config = ConfigDict(frozen=True)

    id: str
    task_id: str
    agent: str
    code: str
    purpose: str
    about: str = "code"
    """``code``, or ``tool`` (``code`` is then the call's arguments as JSON)."""


class Attribution(BaseModel):
    """Which task and agent produced a part of the final answer."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    agent: str
    text: str


@pydantic_dataclass(slots=True, kw_only=True, config=ConfigDict(arbitrary_types_allowed=True))
class RunState:
    """Everything one run knows: goal, plan, results, history, usage, interrupts, ending.

    A slotted pydantic dataclass: the loop reads it many times a step (a
    slot read is cheaper than a model's ``__getattr__``). Construction
    validates (it happens once a run); the reducer writes fields directly.
    """

    run_id: str
    query: str
    goal: str
    style: ResponseStyle = "conversational"
    mode: RunMode = "normal"
    """How the run is spent: ``quick``, ``normal`` or ``thorough`` (see
    :mod:`~notebook_router.planner.modes`)."""
    mode_why: tuple[str, ...] = ()
    """The request's words that chose the mode (or ``("option",)``; empty: the default)."""
    style_why: tuple[str, ...] = ()
    """The request's words that chose the style (or ``("option",)``; empty: the default)."""
    plan: Plan = Field(default_factory=Plan)
    results: dict[str, AgentResult] = Field(default_factory=dict)
    context: SharedContext = Field(default_factory=SharedContext)
    history: list[HistoryEntry] = Field(default_factory=list)
    data: DataDescribed | None = None
    """What the run's first hop saw of the notebook's data (None: the run was given none)."""
    iteration: int = 0
    waits: int = 0
    """Decisions that only waited for running agents (not counted against ``max_iterations``)."""
    usage: Usage = ZERO_USAGE
    usage_by_source: dict[str, Usage] = Field(default_factory=dict)
    """Usage by who spent it: each agent by name, and ``planner``."""
    usage_by_task: dict[str, Usage] = Field(default_factory=dict)
    """Usage by the task whose work spent it (the planner's own calls belong to none)."""
    interrupts: list[Interrupt] = Field(default_factory=list)
    attachments: list[Media] = Field(default_factory=list)
    """Media that came with the request (e.g. a figure from a cell); every agent sees it."""
    pending_question: str | None = None
    approvals: dict[str, PendingApproval] = Field(default_factory=dict)
    """Agent-written code waiting for the user's Run or Skip, by approval id, oldest first."""
    answer: str | None = None
    attributions: list[Attribution] = Field(default_factory=list)
    stop_reason: StopReason | None = None
    stop_detail: str = ""
    goal_version: int = 1
    delegations: dict[str, list[Hop]] = Field(default_factory=dict)
    """Per task, the requests that went down its agent's tree (latest attempt)."""
    critiques: dict[str, CriticVerdict] = Field(default_factory=dict)
    """Per task, the critic's verdict on its latest result (when a critic is on)."""
    dropped: list[str] = Field(default_factory=list)
    """Ids of tasks the user dropped mid-run: not planned again unless the user asks."""
    superseded: list[str] = Field(default_factory=list)
    """Ids of tasks planned before the latest restart-redirect: kept and shown with the
    run, but the answer is about the new request (see :meth:`answer_tasks`)."""
    arc: ArcView | None = None
    """What earlier runs of the session did, and the facts that bear on the goal (set when
    the run starts; None for a run with no memory, or started ``fresh``)."""
    compressions: dict[str, ContextCompressed] = Field(default_factory=dict)
    """Per context key, how its value was compressed for a planner's view (level, sizes,
    what it leaves out); ``context.expand(key)`` gives the original."""

    results_digest: RunningDigest = Field(default_factory=RunningDigest, exclude=True, repr=False)

    @property
    def media(self) -> list[MediaRef]:
        """References to the media the run holds: attachments, then each result's."""
        refs = [m.ref() for m in self.attachments]
        for result in self.results.values():
            refs.extend(m.ref() for m in result.media)
        return refs

    @property
    def tasks(self) -> list[Task]:
        """All tasks in plan order."""
        return list(self.plan.tasks.values())

    def answer_tasks(self) -> list[Task]:
        """The tasks an answer may draw on, in plan order: all but those planned before
        a restart, unless a task of the new request uses their result (as an input)."""
        if not self.superseded:
            return self.tasks
        old = set(self.superseded)
        used: set[str] = set()
        todo = [d for t in self.tasks if t.id not in old for d in t.depends_on]
        while todo:
            task_id = todo.pop()
            if task_id in old and task_id not in used:
                used.add(task_id)
                todo.extend(self.plan.tasks[task_id].depends_on)
        return [t for t in self.tasks if t.id not in old or t.id in used]

    def user_words(self) -> str:
        """What the user said in this run, one message a line: the request, redirects,
        answers to questions. Only these are the user's own words (a goal may be a
        planner's rewording of them)."""
        return "\n".join(h.content for h in self.history if h.role == "user")

    def add_usage(self, usage: Usage, source: str, task_id: str = "") -> None:
        """Account ``usage`` to the run, to ``source`` (an agent name or ``planner``) and,
        when the work was a task's, to ``task_id``."""
        self.usage = self.usage + usage
        self.usage_by_source[source] = self.usage_by_source.get(source, ZERO_USAGE) + usage
        if task_id:
            self.usage_by_task[task_id] = self.usage_by_task.get(task_id, ZERO_USAGE) + usage

    @property
    def stopping(self) -> bool:
        """Stop was pressed and the run is still ending what runs (no stop reason yet):
        what a snapshot taken meanwhile (``%route status``) says, rather than "running"."""
        return self.stop_reason is None and any(i.kind == "stop" for i in self.interrupts)

    @property
    def planning_decisions(self) -> int:
        """Decisions that counted against ``max_iterations``: all but the pure waits.

        A wait follows a result while other agents still run, so a wide run
        makes one per result; they cannot loop (each needs a new result), and
        counting them would stop a 500-task run at 50 results.
        """
        return self.iteration - self.waits

    def fingerprint(self) -> tuple[int, int, int, int]:
        """What stall detection compares between decisions; O(1) whatever the size."""
        return (
            self.plan.digest,
            self.context.digest,
            self.results_digest.value,
            self.goal_version,
        )
