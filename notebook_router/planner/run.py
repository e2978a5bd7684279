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

The run's other parts are wired in :mod:`~notebook_router.planner.run_parts`:
its planner calls (``deciding``), waits (``waits``), review of results
(``review``), answer (``conclusion``), reports (``run_reports``) and the
hand-over of messages from any thread (``hand_over``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import CodePolicy, ToolPolicy
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.registry import AgentRegistry
from notebook_router.data.source import DataSource
from notebook_router.errors import (
    EmptyTaskError,
    NoRunningLoopError,
    ReplayMissError,
    RunNotFinishedError,
)
from notebook_router.planner import events as ev
from notebook_router.planner.approvals import check_decision
from notebook_router.planner.eventlog import Subscriber
from notebook_router.planner.executor import Executor
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.hand_over import Delivery
from notebook_router.planner.planner import Planner
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.rails import Limits
from notebook_router.planner.result import RunResult
from notebook_router.planner.resume import ResumePoint
from notebook_router.planner.run_parts import wire_run
from notebook_router.planner.schedule import PLANNED_THROUGH, RAN_TO_ITS_END
from notebook_router.planner.state import NOT_DONE_STATUSES, RunState, StopReason
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy
from notebook_router.providers.base import Provider
from notebook_router.text.unicode import valid_unicode
from notebook_router.verification.critic import Critic

if TYPE_CHECKING:  # networkx is imported by run_graph, when someone asks for a graph
    import networkx as nx

__all__ = ["Delivery", "Run", "new_run_id"]

log = logging.getLogger("notebook_router")


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
        self.resumed = resume
        self.data = data
        self._started_wall = datetime.now(UTC)
        self._parts = parts = wire_run(
            state,
            agents=agents,
            provider=provider,
            planner=planner,
            limits=limits,
            views=views or ViewBuilder(),
            critic=critic,
            breaker=breaker,
            resume=resume,
            data=data,
            on_clarify=on_clarify,
            clarify=clarify,
            code=code,
            tools=tools,
            request_stop=self._request_stop,
            on_miss=self._replay_missed,
            wind_down=self._wind_down,
        )
        self._events = parts.core.events
        self._life = parts.life
        self._stall = parts.stall
        self._schedule = parts.schedule
        self._waits = parts.waits
        self._describing: asyncio.Future[None] | None = None  # the data's first look: Stop cuts it
        self._reviewer = parts.review
        self._conclusion = parts.conclusion
        self._hand = parts.hand_over
        self._deciding = parts.deciding
        self.steering = parts.steering
        """The run's redirects and clarifying questions."""
        self.approvals = parts.approvals
        """The run's decisions on agent-written code and on calls of outside tools."""
        self._executor: Executor | None = None
        self._answers_seen = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._main: asyncio.Task[RunResult] | None = None
        self._result: RunResult | None = None
        state.context.listen(parts.reports.on_context_change)

    # ------------------------------------------------------------------ public

    def start(self) -> Run:
        """Start the run as a task on the running event loop (Router.start does this)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise NoRunningLoopError() from None
        self._loop = loop
        self._executor = self._parts.start(loop)
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
        self._hand.call_soon(self._request_stop, "stopped_by_user", "stopped by user")

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
        return self._hand.deliver("redirect", valid_unicode(message.strip()))

    def answer(self, text: str) -> Delivery:
        """Answer the planner's pending question (with none pending it is a redirect). Any thread.

        Delivered like :meth:`redirect`: raises or returns the same kind of future.
        """
        if not text.strip():
            raise EmptyTaskError()
        return self._hand.deliver("answer", valid_unicode(text.strip()))

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
        return self._hand.hand_over(functools.partial(self.approvals.give, checked, approval, code))

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
        return self._conclusion.listen(callback)

    @property
    def draft(self) -> str:
        """The answer as streamed so far: "" until the model starts writing it. After the
        run it is what was streamed; the finished answer is ``result().answer`` (it may
        differ: written from the results when the stream broke off)."""
        return "".join(self._conclusion.draft)

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
        return self._life.finished

    def result(self) -> RunResult:
        """The result of a finished run (raises :class:`RunNotFinishedError` before)."""
        if self._result is None:
            if not self._life.finished:
                raise RunNotFinishedError(self.id)
            # Frozen on first ask: the run_finished event has been folded by then.
            self._result = RunResult.from_state(
                self.state, duration_s=self._life.duration_s, started_at=self._started_wall
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

    # ---------------------------------------------------------------- the loop

    async def _run(self) -> RunResult:
        prefetch = self._parts.prefetch  # started first, taken by the tasks the plan starts
        prefetch.start(self.state.query, (m.mime_type for m in self.state.attachments))
        self._parts.reports.opening(self._started_wall, self.resumed)
        deadline = None
        if self.limits.timeout_s is not None:
            deadline = self._loop_().call_later(
                self.limits.timeout_s,
                self._request_stop,
                "time_budget",
                f"no answer within {self.limits.timeout_s:g} s",
            )
        try:
            if self.data is not None:  # a Dask frame's sample may take seconds: Stop ends it
                self._describing = asyncio.ensure_future(self._parts.reports.describe(self.data))
                await asyncio.wait({self._describing})  # (cancelling it once done: a no-op)
                if not self._describing.cancelled():
                    self._describing.result()  # a failure to describe the data fails the run
            await self._drive()
            await self._conclusion.finish()
        except asyncio.CancelledError:
            # This task itself was cancelled (the loop shutting down, or code
            # holding the task): end gracefully, then let the cancellation go on.
            self._life.set_stop("interrupted", "the run was interrupted")
            stopping = self._life.stop_request
            await self._wind_down(stopping[1] if stopping else "interrupted")
            self._conclusion.conclude(self._conclusion.template())
            raise
        except Exception as exc:
            # A bug (ours, a planner's, a critic's) must still end the run: agents
            # stopped, answer from what finished, panel and store told it is over.
            if not self._life.finished:
                log.exception("notebook_router: run %s failed", self.id)
                self._life.set_stop("planner_error", f"the run failed: {type(exc).__name__}: {exc}")
                with contextlib.suppress(Exception):
                    await self._wind_down("the run failed")
                self._conclusion.conclude(self._conclusion.template())
            raise
        finally:
            if deadline is not None:
                deadline.cancel()
            prefetch.close()
            self._exec().close()
        return self.result()

    async def _drive(self) -> None:
        steering = self.steering
        schedule = self._schedule
        executor = self._exec()
        life, waits, reviewer, deciding = self._life, self._waits, self._reviewer, self._deciding
        reviewable = executor.reviewable  # only results the review wants (often none)
        while True:
            executor.absorb()
            # Reviewed before the schedule hears of them: what builds on a result the
            # critic sends back, or wants more of, waits for its new answer or the planner.
            if reviewable and await reviewer.review(executor):
                if executor.finished:
                    self._file_finished(executor.finished)
                # A result was sent back: hear its new answer before the planner decides.
                await waits.wait_for_activity(steering.answers)
                continue
            if executor.finished:
                self._file_finished(executor.finished)
            if life.stop_request is not None:
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
            if question is not None and not executor.inflight:
                # Only the question is left: wait for its answer, or, when nobody
                # can answer it, end asking it (never earlier: it cancels nothing).
                if not steering.answerable:
                    if steering.may_become_answerable and await waits.answer_grace():
                        continue
                    self._life.set_stop("needs_clarification", question)
                    return
                await waits.wait_for_activity(steering.answers)
                continue
            # Plan ahead: what the plan says comes next starts with no model call
            # (also while the planner is asked about a surprise elsewhere in the plan).
            ready = schedule.ready(executor.inflight)
            for task_id in ready:
                executor.start(task_id)
            if not schedule.must_decide():
                if ready or executor.inflight:
                    await waits.wait_for_activity(steering.answers)
                    continue
                if question is None:
                    ended = schedule.stuck(executor.inflight)
                    if ended is None:
                        # The plan has run to its end: straight to the answer.
                        as_planned = not schedule.surprised and not any(
                            t.status in NOT_DONE_STATUSES for t in self.state.plan
                        )
                        life.completed_because = PLANNED_THROUGH if as_planned else RAN_TO_ITS_END
                        return
                    schedule.note(ended.kind, ended.detail, ended.task_id)
            # A new answer from the user is progress, as a change of plan is: a planner
            # that asks again after a reply naming none of the options gets its reply.
            if self._stall.observe((self.state.fingerprint(), steering.answers)):
                self._life.set_stop(
                    "stalled", f"{self._stall.unchanged} decisions in a row changed nothing"
                )
                return
            if self.state.planning_decisions >= self.limits.max_iterations:
                self._life.set_stop(
                    "max_iterations", f"{self.state.planning_decisions} planning decisions made"
                )
                return
            iteration = self.state.iteration + 1
            answers = steering.answers
            asked_because = schedule.decided()
            resolved = await deciding.decide(iteration, executor)
            if resolved is None or life.stop_request is not None:
                return
            # Plan changes (new tasks, drops) apply whatever the action;
            # only execute/parallel decisions start anything.
            deciding.apply(resolved, iteration, executor, asked_because)
            action = resolved.decision.action
            if action == "complete" and not (self.state.pending_question or steering.redirects):
                # (a message that came in while the planner thought is heard first)
                # (a task sent back is not cancelled as unneeded)
                if reviewer.retry_running(executor):
                    await waits.wait_for_activity(answers)
                    continue
                life.completed_because = resolved.decision.reason
                return
            if action == "clarify" and steering.answers == answers:
                steering.ask(resolved.decision.question or "")
            await waits.wait_for_activity(answers)

    def _file_finished(self, finished: list[str]) -> None:
        """Tell the schedule about every result filed since the last step."""
        tasks, results, schedule = self.state.plan.tasks, self.state.results, self._schedule
        for task_id in finished:
            schedule.finished(tasks[task_id], results.get(task_id))
        finished.clear()

    async def _wind_down(self, reason: str) -> None:
        executor = self._exec()
        await executor.cancel(list(executor.inflight), reason)
        executor.absorb()

    def _request_stop(self, reason: StopReason, detail: str) -> None:
        life = self._life
        if life.stop_request is not None or life.finished:
            return
        life.stop_request = (reason, detail)
        if reason == "stopped_by_user":
            self._events.publish(ev.InterruptReceived(interrupt="stop", message=""))
        if self._executor is not None:
            self._executor.cancel_all_now()
        self._deciding.cut_short(self._main)
        self.steering.drop_question()
        self._waits.wake()
        if self._describing is not None:
            self._describing.cancel()

    def _replay_missed(self, miss: ReplayMissError) -> None:
        """A replayed call was never recorded: end the run, naming the call."""
        self._request_stop("replay_miss", str(miss))

    def _exec(self) -> Executor:
        assert self._executor is not None, "the run has not been started"
        return self._executor

    def _loop_(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the run has not been started"
        return self._loop


def new_run_id() -> str:
    """A short random run id."""
    return uuid.uuid4().hex[:12]
