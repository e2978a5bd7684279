"""One run of the planner loop.

The loop, in one sentence: ask the Decider what to do, start the tasks it
names as asyncio tasks, wait until a result, a redirect or a stop arrives,
file what arrived, and ask again; when the planner says complete, or a rail
trips, cancel what is still running and synthesise the answer.

Nothing here writes the state directly: every change is an event published
to the run's log, which folds it into the state with the one reducer
(:mod:`notebook_router.planner.reducer`). Agents run as their own asyncio
tasks and hand results back through a queue, so the loop never waits on one
agent while others finish, and a Stop can cancel all of them at once.

Thread safety: ``stop``, ``redirect`` and ``answer`` may be called from any
thread (a notebook panel's button handler can run on a kernel subshell
thread). They hand over to the run's loop with ``call_soon_threadsafe``; a
bare ``Task.cancel()`` from another thread can go unnoticed until something
else wakes the loop. A message handed over can meet a run that has ended in
the meantime: ``redirect`` and ``answer`` return a future that says whether
the run took it, so a late message is refused out loud, never dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import threading
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from notebook_router.agents.approval import (
    CodePolicy,
    ToolPolicy,
    check_code_policy,
    check_tool_policy,
)
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.registry import AgentRegistry
from notebook_router.context.shared import ContextEntry
from notebook_router.data.source import DataSource
from notebook_router.errors import (
    EmptyTaskError,
    NoRunningLoopError,
    NotebookRouterError,
    PlannerError,
    ProviderError,
    ReplayMissError,
    RunFinishedError,
    RunNotFinishedError,
)
from notebook_router.planner import events as ev
from notebook_router.planner.approvals import Approvals, check_decision
from notebook_router.planner.context_events import context_compressed, context_updated
from notebook_router.planner.data_hop import describe_data
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.eventlog import EventLog, Subscriber
from notebook_router.planner.executor import Executor
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.planner import Planner, PlannerCall
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.rails import Limits, StallDetector, budget_exceeded
from notebook_router.planner.reducer import apply
from notebook_router.planner.resolve import ResolvedDecision, resolve_decision
from notebook_router.planner.result import RunResult
from notebook_router.planner.resume import ResumePoint
from notebook_router.planner.schedule import PLANNED_THROUGH, RAN_TO_ITS_END, Schedule
from notebook_router.planner.state import (
    NOT_DONE_STATUSES,
    OK_STATUSES,
    STOP_REASON_TEXT,
    RunState,
    StopReason,
    Task,
)
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy, Steering
from notebook_router.planner.synthesis import nothing_run, template_synthesis
from notebook_router.planner.verification import Verification, ran_nothing
from notebook_router.providers.base import ModelClient, Provider
from notebook_router.text.unicode import valid_unicode
from notebook_router.usage import Usage
from notebook_router.verification.critic import Critic, CriticVerdict, combine

if TYPE_CHECKING:  # networkx is imported by run_graph, when someone asks for a graph
    import networkx as nx

log = logging.getLogger("notebook_router")
T = TypeVar("T")

Delivery = concurrent.futures.Future[None]
"""Whether a run took a message: None once it has, :class:`RunFinishedError` if it had ended."""


ANSWER_GRACE_S = 1.0
"""How long an idle run waits for someone to turn up before ending on its question."""


class Run:
    """A running (or finished) router run.

    Await it for the :class:`RunResult`; iterate :meth:`events` to follow it;
    call :meth:`stop`, :meth:`redirect` or :meth:`answer` from anywhere.
    Create runs with :meth:`notebook_router.Router.start`.
    """

    def __init__(
        self,
        query: str,
        *,
        agents: AgentRegistry,
        provider: Provider,
        planner: Planner,
        limits: Limits,
        state: RunState,
        on_clarify: ClarifyHandler | None = None,
        clarify: ClarifyPolicy = "stop",
        views: ViewBuilder | None = None,
        breaker: CircuitBreaker | None = None,
        critic: Critic | None = None,
        resume: ResumePoint | None = None,
        data: DataSource | None = None,
        code: CodePolicy = "ask",
        tools: ToolPolicy = "ask",
    ) -> None:
        """``resume`` continues a restored ``state`` (see :meth:`Router.resume`); ``data``
        is the notebook data the run looks at first and its agents may read; ``code``
        decides whether code its agents write runs, ``tools`` whether the MCP servers'
        tools they choose are called (see :mod:`notebook_router.agents.approval`)."""
        if not query.strip():
            raise EmptyTaskError()
        self.id = state.run_id
        self.state = state
        self.agents = agents
        self.provider = provider
        self.planner = planner
        self.limits = limits
        self._views = views or ViewBuilder()
        self._breaker = breaker
        self._critic = critic
        self.resumed = resume
        self.data = data
        fold = functools.partial(apply, state)
        self._events = (
            EventLog(self.id, fold)
            if resume is None
            else EventLog(self.id, fold, first_seq=resume.last_seq + 1, t_offset=resume.elapsed_s)
        )
        self._executor: Executor | None = None
        self._stop_request: tuple[StopReason, str] | None = None
        self._waiter: asyncio.Future[None] | None = None
        self._thinking = False
        """A planner call is in flight (Stop cuts it short)."""
        self._cut_short = False
        self._stall = StallDetector(limits.stall_decisions)
        self._schedule = Schedule(
            state.plan,
            replan_below=limits.replan_below,
            every_result=getattr(planner, "consult_after_each_result", False),
        )
        """What starts without the planner, and when the planner must be asked."""
        self._asked_because = ""
        self._answers_seen = 0
        self._draft: list[str] = []
        self._draft_listeners: list[Callable[[str], None]] = []
        self._completed_because = ""
        self._answer_grace_used = False
        """The reason the planner gave when it said the run was complete."""
        self._planner_model = ModelClient(
            provider,
            self._on_usage,
            "planner",
            asyncio.Semaphore(limits.max_concurrent_model_calls),
            on_miss=self._replay_missed,
        )
        self._verification = (
            Verification(limits.verify_below, self._planner_model, agents, data)
            if limits.verify_below
            else None
        )
        """Checks the claims of unsure results (``Limits.verify_below``), or None."""
        self._reviewing = critic is not None or self._verification is not None
        self.steering = Steering(
            state,
            agents,
            planner,
            self._planner_model,
            limits,
            self._events,
            wake=self._wake,
            interruptible=self._interruptible,
            on_clarify=on_clarify,
            policy=clarify,
        )
        """The run's redirects and clarifying questions."""
        self.approvals = Approvals(
            state,
            self._events,
            check_code_policy(code),
            answerable=functools.partial(_someone_answers, clarify),
            grace_s=ANSWER_GRACE_S,
            tools=check_tool_policy(tools),
        )
        """The run's decisions on agent-written code and on calls of outside tools."""
        self._waves = limits.schedule == "waves" or getattr(
            provider, "deterministic_schedule", False
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread_id: int | None = None
        self._main: asyncio.Task[RunResult] | None = None
        self._result: RunResult | None = None
        self._finished = False
        self._closing = False
        """The loop has stopped deciding: messages can no longer be acted on."""
        self._duration_s = 0.0
        self._started_wall = datetime.now(UTC)
        state.context.listen(self._on_context_change)

    # ------------------------------------------------------------------ public

    def start(self) -> Run:
        """Start the run as a task on the running event loop (Router.start does this)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise NoRunningLoopError() from None
        self._loop = loop
        self._thread_id = threading.get_ident()
        self._executor = Executor(
            self.state,
            self.agents,
            self.limits,
            self._events,
            model=self._planner_model,
            on_usage=self._on_usage,
            wake=self._wake,
            loop=loop,
            breaker=self._breaker,
            review=self._reviewing,
            data=self.data,
            approvals=self.approvals,
        )
        self._main = loop.create_task(self._run(), name=f"notebook_router run {self.id}")
        return self

    def __await__(self) -> Any:
        if self._main is None:
            raise NoRunningLoopError()
        return self._wait(self._main).__await__()

    async def _wait(self, main: asyncio.Task[RunResult]) -> RunResult:
        """``await run``: its result; the awaiter's cancellation is a graceful interrupt.

        The awaiting task (a cell, which the kernel interrupt cancels) does
        not cancel the run's own task: it asks the run to stop, waits until
        the run has concluded (agents cancelled, answer written, events and
        store told), then lets its own cancellation go on. A second interrupt
        during that wind-down (bounded by ``Limits.cancel_grace_s``) cannot
        cut it short and leave the run half finished.
        """
        try:
            return await asyncio.shield(main)
        except asyncio.CancelledError:
            if main.done():  # the run's own task was cancelled: it has wound down itself
                raise
            self._request_stop("interrupted", "the run was interrupted")
            while not main.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(main)
            raise

    def stop(self) -> None:
        """Stop now: cancel running agents, keep finished results, synthesise. Any thread."""
        self._call_soon(self._request_stop, "stopped_by_user", "stopped by user")

    def redirect(self, message: str) -> Delivery:
        """Send the planner a message mid-run (restart, refine, status, clarify). Any thread.

        Raises :class:`RunFinishedError` if the run has already finished. From
        another thread the message reaches the run's loop a moment later, and
        the run may end in between: the returned future says which (result
        None once the run has the message, or the ``RunFinishedError``). On the
        run's own thread it is done when this returns.
        """
        if not message.strip():
            raise EmptyTaskError()
        return self._deliver("redirect", valid_unicode(message.strip()))

    def answer(self, text: str) -> Delivery:
        """Answer the planner's pending question (with none pending it is a redirect). Any thread.

        Delivered like :meth:`redirect`: raises or returns the same kind of future.
        """
        if not text.strip():
            raise EmptyTaskError()
        return self._deliver("answer", valid_unicode(text.strip()))

    def approve(
        self, decision: str, *, approval: str | None = None, code: str | None = None
    ) -> Delivery:
        """Run (``"run"``) or skip (``"skip"``) code an agent is waiting to run. Any thread.

        ``approval`` names which (``run.state.approvals`` holds those waiting;
        None: the oldest); ``code`` is your edit, run instead of the agent's.
        Delivered like :meth:`redirect`; the future (or, on the run's thread,
        the call) carries :class:`NoPendingApprovalError` when nothing with
        that id is waiting, :class:`RunFinishedError` when the run has ended.
        """
        checked = check_decision(decision)  # here, on the caller's thread: raised to them
        return self._hand_over(functools.partial(self.approvals.give, checked, approval, code))

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every event from now on (on the loop's thread).

        Returns a function that unsubscribes. A subscriber that raises is
        logged and kept; it never breaks the run.
        """
        return self._events.subscribe(callback)

    def events(self) -> AsyncIterator[ev.Event]:
        """Every event of the run, from the first, as it happens; ends with ``run_finished``."""
        return self._events.follow()

    def on_draft(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call ``callback(piece)`` with each piece of the answer as the model writes it.

        On the loop's thread, in order; the pieces joined are :attr:`draft`. A
        planner that does not stream (the offline rules) writes no draft: the
        answer arrives whole with ``run_finished``. Returns a function that
        unsubscribes. Drafts are not events: the session store and the event
        log keep the finished answer only.
        """
        self._draft_listeners.append(callback)
        return functools.partial(_discard, self._draft_listeners, callback)

    @property
    def draft(self) -> str:
        """The answer as streamed so far: "" until the model starts writing it. After the
        run it is what was streamed; the finished answer is ``result().answer`` (it may
        differ: written from the results when the stream broke off)."""
        return "".join(self._draft)

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the run runs on (once started)."""
        return self._loop_()

    @property
    def last_seq(self) -> int:
        """Sequence number of the run's latest event (a resumed run continues its numbering)."""
        return self._events.last_seq

    @property
    def history(self) -> list[ev.Event]:
        """The events so far (a copy)."""
        return self._events.snapshot()

    def history_since(self, index: int) -> list[ev.Event]:
        """The events from position ``index`` of :attr:`history` on, without copying the rest."""
        return self._events.since(index)

    @property
    def event_count(self) -> int:
        """``len(run.history)``, without the copy."""
        return self._events.count

    def on_finish(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` on the loop's thread right after ``run_finished`` is published.

        Called at once if the run has already finished.
        """
        self._events.on_close(callback)

    def done(self) -> bool:
        """True once the run has finished, whatever the reason."""
        return self._finished

    def result(self) -> RunResult:
        """The result of a finished run (raises :class:`RunNotFinishedError` before)."""
        if self._result is None:
            if not self._finished:
                raise RunNotFinishedError(self.id)
            # Frozen on first ask: the run_finished event has been folded by then.
            self._result = RunResult.from_state(
                self.state, duration_s=self._duration_s, started_at=self._started_wall
            )
        return self._result

    def graph(self) -> nx.DiGraph:
        """The run's goal, tasks and agents as a networkx graph."""
        return run_graph(self.state)

    def mermaid(self) -> str:
        """The run graph as Mermaid flowchart text."""
        return to_mermaid(self.graph())

    def __repr__(self) -> str:
        status = self.state.stop_reason or ("running" if self._main else "new")
        return f"<Run {self.id} {status} tasks={len(self.state.plan)}>"

    # ---------------------------------------------------------- thread hand-off

    def _call_soon(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is None or self._finished or loop.is_closed():
            return
        if threading.get_ident() == self._thread_id:
            fn(*args)
        else:
            loop.call_soon_threadsafe(fn, *args)

    def _deliver(self, kind: Literal["redirect", "answer"], message: str) -> Delivery:
        return self._hand_over(functools.partial(self._receive, kind, message))

    def _hand_over(self, act: Callable[[], None]) -> Delivery:
        """Do ``act`` on the run's loop; the future says whether it took (its error if not).

        From another thread ``act`` lands a moment later, maybe after the run has
        ended: it is refused then, rather than filed where nothing will read it.
        """
        delivery: Delivery = concurrent.futures.Future()
        loop = self._loop
        if loop is None:
            raise NoRunningLoopError()
        refused = self._refusal()
        if refused is not None:
            raise refused
        if threading.get_ident() == self._thread_id:
            self._act(act, delivery)
            if (error := delivery.exception()) is not None:
                raise error
            return delivery
        try:
            loop.call_soon_threadsafe(self._act, act, delivery)
        except RuntimeError:  # the loop has been closed since
            delivery.set_exception(self._refusal() or RunFinishedError(self.id, "closed"))
        return delivery

    def _act(self, act: Callable[[], None], delivery: Delivery) -> None:
        refused = self._refusal()
        if refused is not None:
            delivery.set_exception(refused)
            return
        try:
            act()
        except NotebookRouterError as exc:
            delivery.set_exception(exc)
            return
        self._wake()
        delivery.set_result(None)

    def _receive(self, kind: Literal["redirect", "answer"], message: str) -> None:
        self.steering.receive(kind, message)

    def _refusal(self) -> RunFinishedError | None:
        """Why the run can no longer act on a message (None while it can)."""
        if self._finished:
            reason = self.state.stop_reason
            ending = STOP_REASON_TEXT.get(reason, reason) if reason else "finished"
        elif self._stop_request is not None:
            ending = f"it was stopping: {self._stop_request[1]}"
        elif self._closing:
            ending = "it was writing its answer"
        else:
            return None
        return RunFinishedError(self.id, ending)

    # ---------------------------------------------------------------- the loop

    async def _run(self) -> RunResult:
        state = self.state
        model = f"{self.provider.name}:{self.provider.model}"
        if self.resumed is None:
            self._events.publish(
                ev.RunStarted(
                    query=state.query,
                    goal=state.goal if state.goal != state.query else None,  # a long task once
                    model=model,
                    agents=tuple(self.agents.names()),
                    started_at=self._started_wall.isoformat(),
                    mode=state.mode,
                    style=state.style,
                    mode_why=state.mode_why,
                    style_why=state.style_why,
                )
            )
        else:
            self._events.publish(
                ev.RunResumed(
                    model=model,
                    agents=tuple(self.agents.names()),
                    resumed_at=self._started_wall.isoformat(),
                    kept=self.resumed.kept,
                    redo=self.resumed.redo,
                )
            )
        if self.data is not None:
            self._events.publish(describe_data(self.data, state.goal))
        deadline = None
        if self.limits.timeout_s is not None:
            deadline = self._loop_().call_later(
                self.limits.timeout_s,
                self._request_stop,
                "time_budget",
                f"no answer within {self.limits.timeout_s:g} s",
            )
        try:
            await self._drive()
            await self._finish()
        except asyncio.CancelledError:
            # This task itself was cancelled (the loop shutting down, or code
            # holding the task): end gracefully, then let the cancellation go on.
            self._set_stop("interrupted", "the run was interrupted")
            await self._wind_down(self._stop_request[1] if self._stop_request else "interrupted")
            self._conclude(self._template())
            raise
        except Exception as exc:
            # A bug (ours, a planner's, a critic's) must still end the run: agents
            # stopped, answer from what finished, panel and store told it is over.
            if not self._finished:
                log.exception("notebook_router: run %s failed", self.id)
                self._set_stop("planner_error", f"the run failed: {type(exc).__name__}: {exc}")
                with contextlib.suppress(Exception):
                    await self._wind_down("the run failed")
                self._conclude(self._template())
            raise
        finally:
            if deadline is not None:
                deadline.cancel()
            self._exec().close()
        return self.result()

    async def _drive(self) -> None:
        steering = self.steering
        schedule = self._schedule
        executor = self._exec()
        while True:
            executor.absorb()
            # Reviewed before the schedule hears of them: what builds on a result the
            # critic sends back, or wants more of, waits for its new answer or the planner.
            if self._reviewing and await self._review():
                if executor.finished:
                    self._file_finished(executor.finished)
                # A result was sent back: hear its new answer before the planner decides.
                await self._wait_for_activity(steering.answers)
                continue
            if executor.finished:
                self._file_finished(executor.finished)
            if self._stop_request is not None:
                return
            if steering.redirects:
                handled = await steering.handle_next(executor)
                if handled in ("restart", "refine"):
                    schedule.note("redirect", "the user redirected the run")
                continue
            if steering.answers != self._answers_seen:
                self._answers_seen = steering.answers
                schedule.note("answer", "the user answered the question")
            question = self.state.pending_question
            if question is not None and not self._exec().inflight:
                # Only the question is left: wait for its answer, or, when nobody
                # can answer it, end asking it (never earlier: it cancels nothing).
                if not steering.answerable:
                    if steering.may_become_answerable and await self._answer_grace():
                        continue
                    self._set_stop("needs_clarification", question)
                    return
                await self._wait_for_activity(steering.answers)
                continue
            # Plan ahead: what the plan says comes next starts with no model call
            # (also while the planner is asked about a surprise elsewhere in the plan).
            ready = schedule.ready(executor.inflight)
            for task_id in ready:
                executor.start(task_id)
            if not schedule.must_decide():
                if ready or executor.inflight:
                    await self._wait_for_activity(steering.answers)
                    continue
                if question is None:
                    ended = schedule.stuck(executor.inflight)
                    if ended is None:
                        # The plan has run to its end: straight to the answer.
                        as_planned = not schedule.surprised and not any(
                            t.status in NOT_DONE_STATUSES for t in self.state.plan
                        )
                        self._completed_because = PLANNED_THROUGH if as_planned else RAN_TO_ITS_END
                        return
                    schedule.note(ended.kind, ended.detail, ended.task_id)
            # A new answer from the user is progress, as a change of plan is: a planner
            # that asks again after a reply naming none of the options gets its reply.
            if self._stall.observe((self.state.fingerprint(), steering.answers)):
                self._set_stop(
                    "stalled", f"{self._stall.unchanged} decisions in a row changed nothing"
                )
                return
            if self.state.planning_decisions >= self.limits.max_iterations:
                self._set_stop(
                    "max_iterations", f"{self.state.planning_decisions} planning decisions made"
                )
                return
            iteration = self.state.iteration + 1
            answers = steering.answers
            self._asked_because = schedule.decided()
            resolved = await self._decide(iteration)
            if resolved is None or self._stop_request is not None:
                return
            # Plan changes (new tasks, drops) apply whatever the action;
            # only execute/parallel decisions start anything.
            self._apply(resolved, iteration)
            action = resolved.decision.action
            if action == "complete" and not (self.state.pending_question or steering.redirects):
                # (a message that came in while the planner thought is heard first)
                if self._retry_running():  # a task sent back is not cancelled as unneeded
                    await self._wait_for_activity(answers)
                    continue
                self._completed_because = resolved.decision.reason
                return
            if action == "clarify" and steering.answers == answers:
                steering.ask(resolved.decision.question or "")
            await self._wait_for_activity(answers)

    async def _answer_grace(self) -> bool:
        """Once a run, wait :data:`ANSWER_GRACE_S` before ending on a question nobody
        seems able to answer: a panel shown a moment ago may not have said so yet."""
        if self._answer_grace_used:
            return False
        self._answer_grace_used = True
        loop = self._loop_()
        timer = loop.call_later(ANSWER_GRACE_S, self._wake)
        self._waiter = loop.create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None
            timer.cancel()
        return True

    async def _wait_for_activity(self, answers: int) -> None:
        """Wait for a result, a redirect, a stop, or an answer after the ``answers``-th.

        With nothing running, only a question that may still be answered is waited for.
        """
        executor = self._exec()
        steering = self.steering
        redirects = steering.redirects
        while not redirects and self._stop_request is None and steering.answers == answers:
            if executor.inflight:
                if executor.done and not self._waves:
                    return
                if executor.done and len(executor.done) >= len(executor.inflight):
                    return  # waves: every running task has reported
            elif self.state.pending_question is None or not steering.answerable:
                return
            self._waiter = self._loop_().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    async def _review(self) -> bool:
        """The critic's check, and verification of unsure results, of every result filed
        since the last review; True if a task was sent back (started again, reworded)."""
        pending = self._exec().reviewable
        if not pending:
            return False
        ids, pending[:] = list(pending), []
        sent_back = False
        for task_id in ids:
            task = self.state.plan.tasks[task_id]
            result = self.state.results.get(task_id)
            if result is None or self._stop_request is not None:
                continue
            verdict: CriticVerdict | None = None
            if self._critic is not None:
                verdict = await self._critic.review(task.description, task.agent, result)
            verification = self._verification
            if verification is not None and verification.wants(task, result):
                checked = await self._interruptible(verification.check(self.state, task, result))
                if checked is None:
                    return sent_back  # Stop cut the check short
                verdict = combine(verdict, checked)
            if verdict is not None:
                self._events.publish(_critic_noted(task_id, task.agent, verdict))
                if verdict.retry and task.status in OK_STATUSES and self._stop_request is None:
                    self._exec().start(
                        task_id, verdict.retry_agent, description=verdict.retry, keep=result
                    )
                    sent_back = True
                elif verdict.needs_more:
                    self._schedule.note(
                        "critic", f"the critic wants more from {task_id} ({task.agent})", task_id
                    )
        return sent_back

    def _retry_running(self) -> bool:
        """A task verification sent back is running again."""
        verification = self._verification
        inflight = self._exec().inflight
        return verification is not None and any(t in inflight for t in verification.sent_back)

    def _file_finished(self, finished: list[str]) -> None:
        """Tell the schedule about every result filed since the last step."""
        tasks, results, schedule = self.state.plan.tasks, self.state.results, self._schedule
        for task_id in finished:
            schedule.finished(tasks[task_id], results.get(task_id))
        finished.clear()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    # --------------------------------------------------------------- decisions

    async def _decide(self, iteration: int) -> ResolvedDecision | None:
        feedback: str | None = None
        attempts = self.limits.planner_retries + 1
        for attempt in range(1, attempts + 1):
            call = PlannerCall(
                self.state,
                self.agents,
                self._planner_model,
                feedback,
                iteration=iteration,
                limits=self.limits,
            )
            try:
                # A model call can take seconds, and Stop and the kernel interrupt
                # must not wait for it: while it is in flight _request_stop cancels
                # this task, and the cancellation lands here (inline, not in a
                # task or helper coroutine per call: those cost the loop 2-25 %).
                self._thinking = True
                try:
                    decision = await self.planner.decide(call)
                except asyncio.CancelledError:
                    if not self._cut_short or _still_cancelled():
                        raise
                    return None  # stopped while the planner was thinking
                finally:
                    self._thinking = self._cut_short = False
                resolved = resolve_decision(
                    decision, self.state, self.agents, self._exec().inflight
                )
            except (PlannerError, ProviderError) as exc:
                feedback = str(exc)
                self._events.publish(
                    ev.DecisionFailed(
                        iteration=iteration,
                        attempt=attempt,
                        error=feedback,
                        will_retry=attempt < attempts and self._stop_request is None,
                    )
                )
                if self._stop_request is not None:
                    return None
                continue
            return resolved
        self._set_stop("planner_error", f"no usable decision after {attempts} attempts: {feedback}")
        return None

    def _apply(self, resolved: ResolvedDecision, iteration: int) -> None:
        decision = resolved.decision
        self._events.publish(
            ev.DecisionMade(
                iteration=iteration,
                action=decision.action,
                reason=decision.reason,
                tasks=tuple(resolved.start),
                added=tuple(resolved.new),
                dropped=tuple(resolved.drop),
                question=decision.question,
                asked_because=self._asked_because,
            )
        )
        for task_id in resolved.drop:
            self._skip(task_id, "dropped by the planner")
        reroute = resolved.reroute
        for task_id in resolved.start:
            self._exec().start(task_id, reroute.get(task_id) if reroute else None)
        if resolved.new:
            self._schedule.planned(resolved.new)

    async def _interruptible(self, call: Awaitable[T]) -> T | None:
        """``await call`` (a planner call); None if Stop or a tripped rail cut it short.

        The redirect and synthesis calls wait for a model like a decision does,
        and Stop and the time budget must not wait for them either. Not on the
        hot path, so a helper coroutine here; ``_decide`` does the same inline.
        """
        self._thinking = True
        try:
            return await call
        except asyncio.CancelledError:
            if not self._cut_short or _still_cancelled():
                raise
            return None
        finally:
            self._thinking = self._cut_short = False

    def _skip(self, task_id: str, reason: str) -> None:
        self._events.publish(ev.TaskSkipped(task_id=task_id, reason=reason))

    # ------------------------------------------------------------------ agents

    async def _wind_down(self, reason: str) -> None:
        executor = self._exec()
        await executor.cancel(list(executor.inflight), reason)
        executor.absorb()

    # -------------------------------------------------------------- interrupts

    def _request_stop(self, reason: StopReason, detail: str) -> None:
        if self._stop_request is not None or self._finished:
            return
        self._stop_request = (reason, detail)
        if reason == "stopped_by_user":
            self._events.publish(ev.InterruptReceived(interrupt="stop", message=""))
        if self._executor is not None:
            self._executor.cancel_all_now()
        # Cut a planner call short, but only when the run's task is suspended in
        # it: called from inside that call (a budget tripped by its usage), the
        # call is returning anyway and a cancel would land on a later await.
        main = self._main
        if self._thinking and not self._cut_short and main not in (None, asyncio.current_task()):
            self._cut_short = True
            main.cancel()  # lands on the planner call's await in _decide
        self.steering.drop_question()
        self._wake()

    def _replay_missed(self, miss: ReplayMissError) -> None:
        """A replayed call was never recorded: end the run, naming the call."""
        self._request_stop("replay_miss", str(miss))

    def _set_stop(self, reason: StopReason, detail: str) -> None:
        if self._stop_request is None:
            self._stop_request = (reason, detail)

    # ---------------------------------------------------------------- finishing

    async def _finish(self) -> None:
        self._closing = True  # from here on a redirect would go unheard: refuse it
        reason = (
            self._stop_request[1] if self._stop_request else "not needed: the planner completed"
        )
        await self._wind_down(reason)
        if self._stop_request is None and not any(t.attempts for t in self.state.plan):
            self._nothing_run()
        synthesis: Synthesis | None = None
        if self._stop_request is None and ran_nothing(self.state):
            synthesis = self._template()  # a model has nothing to write from: no call
        elif self._stop_request is None:
            try:
                call = PlannerCall(
                    self.state,
                    self.agents,
                    self._planner_model,
                    on_text=self._drafted,
                    limits=self.limits,
                )
                synthesis = await self._interruptible(self.planner.synthesise(call))
            except (PlannerError, ProviderError) as exc:
                synthesis = self._template(note=f"written without the model: {exc}")
        # Stopped before the answer, or while the model was writing it.
        self._conclude(self.approvals.with_how_to_run(synthesis or self._template()))

    def _drafted(self, piece: str) -> None:
        if not piece or self._finished:
            return
        self._draft.append(piece)
        for listener in tuple(self._draft_listeners):
            try:
                listener(piece)
            except Exception:  # a broken listener never breaks the answer
                log.exception("notebook_router: a draft listener of run %s failed", self.id)

    def _nothing_run(self) -> None:
        """The planner completed without starting any agent: say so, unless no agent was
        needed (an instant reply), rather than claim the goal was met."""
        state = self.state
        if instant_reply_to(state, self._views.agent_cards(self.agents)) is not None:
            return
        ranked = [r.name for r in self.agents.tree().route(state.goal)]
        # The user's own agents first: a built-in is named only when none of theirs fits.
        own = [n for n in ranked if not getattr(self.agents.get(n), "builtin", False)]
        candidates = (own or ranked)[:3]
        self._set_stop("unanswered", nothing_run(self._completed_because, candidates))

    def _template(self, note: str | None = None) -> Synthesis:
        stopping, detail = self._stop_request or (None, None)
        # Every task: the answer keeps each finished result, however big the run.
        view = self._views.build(
            self.state,
            self.agents,
            summary_chars=1200,
            stopping=stopping,
            every_task=True,
            answering=True,
        )
        return template_synthesis(view, note=note, detail=detail)

    def _conclude(self, synthesis: Synthesis) -> None:
        state = self.state
        reason, detail = self._stop_request or _completion(state.plan)
        if reason == "completed" and self._completed_because in (PLANNED_THROUGH, RAN_TO_ITS_END):
            detail = self._completed_because
        for task in state.plan.with_status("pending"):
            self._skip(task.id, f"the run ended: {detail}")
        self.steering.drop_question()  # a clarify handler still asking has nothing to answer
        self._duration_s = duration = self._now()
        self._finished = True
        self._events.close(
            ev.RunFinished(
                stop_reason=reason,
                detail=detail,
                answer=synthesis.answer,
                iterations=state.iteration,
                duration_s=duration,
                total_tokens=state.usage.total_tokens,
                cost_usd=state.usage.cost_usd,
                attributions=tuple(
                    ev.Cited(task_id=a.task_id, agent=a.agent, text=a.text)
                    for a in synthesis.attributions
                ),
            )
        )

    # ------------------------------------------------------------------ events

    def _on_usage(self, usage: Usage, source: str, task_id: str = "") -> None:
        if not usage:
            return
        state = self.state
        total = state.usage + usage
        self._events.publish(
            ev.UsageUpdated(
                source=source,
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                cost_usd=usage.cost_usd,
                total_tokens=total.total_tokens,
                total_cost_usd=total.cost_usd,
                calls=usage.calls,
                task_id=task_id,
            )
        )
        exceeded = budget_exceeded(self.limits, state.usage)
        if exceeded is not None:
            self._request_stop(*exceeded)

    def _on_context_change(self, entry: ContextEntry) -> None:
        if threading.get_ident() != self._thread_id:
            if self._loop is not None and not self._finished:
                # Writers may be agents on worker threads: emit on the loop's thread.
                self._loop.call_soon_threadsafe(self._on_context_change, entry)
            return
        self._events.publish(context_updated(entry))
        compressed = context_compressed(entry)  # too big for a planner's view as it is
        if compressed is not None:
            self._events.publish(compressed)

    def _now(self) -> float:
        return self._events.now()

    def _exec(self) -> Executor:
        assert self._executor is not None, "the run has not been started"
        return self._executor

    def _loop_(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the run has not been started"
        return self._loop


def _critic_noted(task_id: str, agent: str, verdict: CriticVerdict) -> ev.CriticNoted:
    return ev.CriticNoted(
        task_id=task_id,
        agent=agent,
        verdict=verdict.verdict,
        notes=verdict.notes,
        missing=verdict.missing,
        claims=tuple(
            ev.ClaimNote(text=c.text, verified=c.verified, evidence=c.evidence)
            for c in verdict.claims
        ),
        sources=tuple(ev.SourceNote(**s.model_dump()) for s in verdict.sources),
        retry=verdict.retry,
        retry_agent=verdict.retry_agent,
    )


def _discard(listeners: list[Callable[[str], None]], callback: Callable[[str], None]) -> None:
    with contextlib.suppress(ValueError):
        listeners.remove(callback)


def new_run_id() -> str:
    """A short random run id."""
    return uuid.uuid4().hex[:12]


def _completion(plan: Iterable[Task]) -> tuple[StopReason, str]:
    """Why a run the planner ended of its own accord stopped.

    "The goal was met" only if every task it ran was fulfilled (or none was needed).
    A task that answered only part of its question, or that could not be done beside
    others that were, makes the run *partly answered*; when every agent it tried was
    unable or failed, the run is *unanswered*: the honest account either way, whatever
    the planner concluded.
    """
    ended = Counter(t.status for t in plan if t.status not in _NOT_TRIED)
    counts = ", ".join(f"{n} {status.replace('_', ' ')}" for status, n in sorted(ended.items()))
    total = sum(ended.values())
    tasks = "task" if total == 1 else "tasks"
    if not ended or set(ended) == {"fulfilled"}:
        return "completed", "the planner judged the goal met"
    if any(status in OK_STATUSES for status in ended):
        done = ended.get("fulfilled", 0)
        return "partly_answered", f"{done} of the {total} {tasks} fully answered ({counts})"
    return "unanswered", f"no result from the {total} {tasks} tried ({counts})"


_NOT_TRIED = frozenset({"pending", "running", "cancelled", "skipped", "needs_user_input"})
"""Not counted for or against a run's completion: a question is no failure (answered, its
task runs again refined; unanswered, the run stops to ask)."""


def _someone_answers(clarify: ClarifyPolicy) -> bool:
    """Whether someone can answer the run's questions and approvals right now."""
    return (clarify() if callable(clarify) else clarify) == "wait"


def _still_cancelled() -> bool:
    """Take back one cancellation of the current task; True if another is pending.

    Python >= 3.11 counts cancellation requests: Stop's own cancel is taken
    back, one from outside (the loop shutting down) still ends the task.
    """
    task = asyncio.current_task()
    uncancel = getattr(task, "uncancel", None)
    return bool(uncancel is not None and uncancel() > 0)
