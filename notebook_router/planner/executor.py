"""Running agents for a run: start, time out, collect, cancel.

Each task runs as its own asyncio task and reports through a queue, so the
loop waits on one signal whatever the number of tasks in flight, and a stop
cancels all of them at once. Agent exceptions become ``failed`` results,
:class:`~notebook_router.errors.Unable` becomes ``unable``, and a per-agent
timeout becomes a ``failed`` result naming the limit: the run goes on.

Stop and a timeout end an agent the same way (:meth:`Executor._cancel_within_grace`):
cancel it, give it ``Limits.cancel_grace_s`` to finish, and abandon it if it
has not; what an abandoned agent returns later is dropped. A result that
comes back after its deadline (an agent that blocked the loop, so the timer
could not fire, or one that swallowed the cancellation) is over its limit:
it is filed as ``failed``, its data and media kept for the user to see.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from notebook_router.agents.approval import CodeApproval, ToolCall
from notebook_router.agents.base import NO_INPUTS, Agent, AgentContext, Inputs, TaskRequest
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.delegator import Delegator
from notebook_router.agents.registry import AgentRegistry
from notebook_router.data.source import DataSource
from notebook_router.errors import NeedsUserInput, Unable
from notebook_router.planner import events as ev
from notebook_router.planner.admission import as_admitted
from notebook_router.planner.approvals import Approvals
from notebook_router.planner.circuits import AgentCircuits
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.rails import Limits
from notebook_router.planner.reroutes import on_target
from notebook_router.planner.state import OK_STATUSES, RunState, Task
from notebook_router.planner.tree_tasks import HopRecorder, TreeTask, bind_context
from notebook_router.planner.watchdog import Watchdog
from notebook_router.providers.base import ModelClient
from notebook_router.result import AgentResult, coerce_result, describe_exception
from notebook_router.text.preview import clip, preview
from notebook_router.text.unicode import valid_unicode
from notebook_router.usage import ZERO_USAGE, Usage


class UsageSink(Protocol):
    """Where spent tokens go: who spent them (an agent, ``planner``) and for which task."""

    def __call__(self, usage: Usage, source: str, task_id: str = "") -> None: ...


class Executor:
    """The agents a run has in flight, and what came back from them."""

    def __init__(
        self,
        state: RunState,
        agents: AgentRegistry,
        limits: Limits,
        events: EventLog,
        *,
        model: ModelClient,
        on_usage: UsageSink,
        wake: Callable[[], None],
        loop: asyncio.AbstractEventLoop,
        breaker: CircuitBreaker | None = None,
        review: Callable[[Task, AgentResult], bool] | None = None,
        data: DataSource | None = None,
        approvals: Approvals | None = None,
    ) -> None:
        self.state = state
        self._data = data
        self._approvals = approvals
        self.agents = agents
        self.limits = limits
        self._default_timeout = limits.agent_timeout_s  # limits are frozen
        self.events = events
        self.inflight: dict[str, asyncio.Task[None]] = {}
        self.done: deque[tuple[str, AgentResult]] = deque()
        self._model = model
        self._on_usage = on_usage
        self._wake = wake
        self._create_task = loop.create_task
        self._watchdog = Watchdog(loop, self._time_out)
        self._timed_out: set[str] = set()
        self._abandoned: set[asyncio.Task[None]] = set()
        self._kept: dict[str, AgentResult] = {}
        self._first_agent: dict[str, str] = {}
        """Per task re-routed to another agent, the agent it was planned for."""
        """Per task sent back, the finished answer its new attempt is meant to improve on."""
        self._expiring: set[asyncio.Task[None]] = set()
        """Timed-out tasks' grace periods in progress (held so they are not collected)."""
        self._trace_sink = self._trace  # bound once, shared by every task's context
        self._call_soon_threadsafe = loop.call_soon_threadsafe
        self._loop_thread = threading.get_ident()  # built on the loop's thread, in Run.start
        self._breaker = breaker
        self._circuits = None if breaker is None else AgentCircuits(breaker, events)
        self._delegator: Delegator | None = None  # made on the first task with a tree
        self._review = review
        """Which results are reviewed (None: none); asked as each is filed, so that a step
        with nothing to review costs the loop nothing."""
        self.reviewable: list[str] = []
        """Ids of tasks whose results await review."""
        self.finished: list[str] = []
        """Ids of tasks filed since the loop last looked (it drains the list)."""
        self._user_words = (-1, "")
        """The user's words and how many history entries they were read from: they change
        only with a redirect or an answer, not with every task."""

    # ------------------------------------------------------------------ start

    def start(
        self,
        task_id: str,
        new_agent: str | None = None,
        description: str | None = None,
        keep: AgentResult | None = None,
    ) -> None:
        """Start a planned task (optionally re-routed to ``new_agent``) as an asyncio task.

        ``description`` words the task differently for this attempt (a task sent back
        by verification); the plan keeps the task as it was planned. ``keep`` is the
        answer this attempt is meant to improve on: should the attempt fail, time out
        or be cancelled, that answer is filed again (marked), never lost."""
        if keep is not None:
            self._kept[task_id] = keep
        state = self.state
        plan = state.plan
        task = plan.tasks[task_id]
        agent_name = new_agent or task.agent
        if agent_name != task.agent:
            self._first_agent.setdefault(task_id, task.agent)
        deps, attempt = task.depends_on, task.attempts + 1
        description = description or task.description
        agent = self.agents.get(agent_name)
        self.events.publish(  # the decision that planned the task holds its whole description
            ev.TaskStarted(
                task_id=task_id, agent=agent_name, description=clip(description), attempt=attempt
            )
        )
        tree = bool(getattr(agent, "children", None))
        if tree:  # delegate (flat agents skip all of it; the delegator guards each hop)
            agent = self._tree_task(agent)
        circuits = None if tree else self._circuits
        refused = circuits.admit(task_id, agent_name) if circuits is not None else None
        goal = state.goal
        seen, words = self._user_words
        request = TaskRequest(
            id=task_id,
            description=description,
            goal=goal,
            agent=agent_name,
            depends_on=deps,
            attempt=attempt,
            style=state.style,
            user_words=words if seen == len(state.history) else self._words_of_user(),
        )
        results = state.results
        attachments = state.attachments
        context = AgentContext(
            run_id=state.run_id,
            goal=goal,
            task=request,
            inputs=Inputs((d, plan.tasks[d].agent, results[d].data) for d in deps)
            if deps
            else NO_INPUTS,
            shared=state.context,
            # Made on first use: most agents never call a model.
            model_for=partial(self._client_for, agent.name, task_id),
            media=[*attachments, *(m for d in deps for m in results[d].media)]
            if deps or attachments
            else [],
            data=self._data,
            _trace=self._trace_sink,
            _approve=partial(self._approve, task_id, agent_name) if self._approvals else None,
        )
        self.inflight[task_id] = self._create_task(
            self._execute(task_id, agent, request, context, refused)
        )
        timeout = agent.timeout_s or self._default_timeout
        if timeout is not None:
            self._watchdog.watch(task_id, timeout)

    def _words_of_user(self) -> str:
        history = len(self.state.history)
        seen, words = self._user_words
        if seen != history:
            words = self.state.user_words()
            self._user_words = (history, words)
        return words

    async def _execute(
        self,
        task_id: str,
        agent: Agent,
        request: TaskRequest,
        context: AgentContext,
        refused: AgentResult | None = None,
    ) -> None:
        """Run ``agent`` on the task and queue its result (``refused``: that, without running)."""
        try:
            if refused is None:
                result = coerce_result(await agent.run(request, context))
            else:
                result = refused
        except asyncio.CancelledError:
            if task_id not in self._timed_out:
                raise
            _uncancel()
            result = AgentResult.failed(f"timed out after {self._timeout_of(agent):g} s")
        except Unable as exc:
            result = AgentResult.unable(str(exc) or f"{agent.name} cannot do this")
        except NeedsUserInput as exc:
            result = AgentResult.needs_input(str(exc) or f"{agent.name} needs more information")
        except Exception as exc:  # an agent's bug must not end the run: record it
            result = AgentResult.failed(describe_exception(exc))
        if self._abandoned and asyncio.current_task() in self._abandoned:
            return  # given up on after its grace period: its place is already filed
        # (status read, not the ``ok`` property: a property of a model costs a call per task)
        if result.status in OK_STATUSES and (
            task_id in self._timed_out or self._watchdog.overdue(task_id)
        ):
            result = self._over_limit(task_id, agent, result)
        self._timed_out.discard(task_id)
        self.done.append((task_id, result))
        self._wake()

    async def _approve(
        self, task_id: str, agent: str, code: str, purpose: str, *, tool: ToolCall | None = None
    ) -> CodeApproval:
        """How task ``task_id`` asks whether its agent's code may run (see :class:`Approvals`);
        bound to the task with ``partial`` as it starts (no closure built per task)."""
        approvals = self._approvals
        assert approvals is not None
        if not approvals.asks(tool):
            return await approvals.request(task_id, agent, code, purpose, tool=tool)
        resume = self._watchdog.suspend(task_id)  # the user's reading time is not the agent's
        try:
            return await approvals.request(task_id, agent, code, purpose, tool=tool)
        finally:
            resume()

    def _over_limit(self, task_id: str, agent: Agent, result: AgentResult) -> AgentResult:
        # A cell agent blocks the kernel's thread, so the timer cannot fire
        # until it returns; an agent may also swallow the cancellation and
        # return anyway. Either way the limit was not kept: say so, and keep
        # what it produced (data, media) for the user to look at.
        started = self.state.plan.tasks[task_id].started_at
        took = self.events.now() - started if started is not None else None
        limit = self._timeout_of(agent)
        spent = f"took {took:.1f} s, " if took is not None else ""
        return result.model_copy(
            update={
                "status": "failed",
                "confidence": 0.0,
                "error": f"{spent}over its {limit:g} s time limit (its late result was not used)",
            }
        )

    def _timeout_of(self, agent: Agent) -> float:
        return agent.timeout_s or self.limits.agent_timeout_s or 0.0

    def _time_out(self, task_id: str) -> None:
        handle = self.inflight.get(task_id)
        if handle is None or handle.done():
            return
        self._timed_out.add(task_id)
        expiry = self._create_task(self._expire(task_id, handle))
        self._expiring.add(expiry)
        expiry.add_done_callback(self._expiring.discard)

    async def _expire(self, task_id: str, handle: asyncio.Task[None]) -> None:
        """Cancel a timed-out agent; if it ignores that past the grace period, fail its task."""
        if not await self._cancel_within_grace([handle]):
            return  # it stopped: _execute filed the timeout
        if self.inflight.get(task_id) is handle:  # a Stop has not filed it meanwhile
            name = self.state.plan.tasks[task_id].agent
            timeout = (
                self._timeout_of(self.agents.get(name))
                if name in self.agents
                else self.limits.agent_timeout_s or 0.0
            )
            grace = self.limits.cancel_grace_s
            error = (
                f"timed out after {timeout:g} s, then did not stop when cancelled: "
                f"abandoned after {grace:g} s more"
            )
            self._timed_out.discard(task_id)
            self.done.append((task_id, AgentResult.failed(error)))
            self._wake()

    async def _cancel_within_grace(
        self, handles: list[asyncio.Task[None]]
    ) -> set[asyncio.Task[None]]:
        """Cancel ``handles`` and wait up to the grace period; abandon and return the rest.

        The one way Stop and timeouts end agents. An abandoned agent keeps a
        reference here so it is not garbage-collected mid-flight, and what
        it returns later is dropped (see :meth:`_execute`).
        """
        for handle in handles:
            _cancel_once(handle)
        # 0 means "do not wait" (not "wait forever"): asyncio.wait returns at once.
        _, still_running = await asyncio.wait(handles, timeout=self.limits.cancel_grace_s)
        for handle in still_running:
            self._abandoned.add(handle)
            handle.add_done_callback(self._abandoned.discard)
        return still_running

    # ---------------------------------------------------------------- collect

    def absorb(self) -> None:
        """File every result that has come back."""
        while self.done:
            task_id, result = self.done.popleft()
            self.inflight.pop(task_id, None)
            self._watchdog.forget(task_id)
            if self._circuits is not None:
                self._circuits.settle(task_id, result)
            self._record(task_id, result)

    def _record(self, task_id: str, result: AgentResult) -> None:
        kept = self._kept.pop(task_id, None)
        if kept is not None and not result.ok:
            result = _kept_answer(kept, f"{result.status}: {result.error or 'no answer'}")
        task = self.state.plan.tasks[task_id]
        first = self._first_agent.get(task_id)
        if first is not None and result.status == "fulfilled":
            result = on_target(result, task.description, first, task.agent, self.agents)
        result = as_admitted(result)  # an answer that left a part out is never "fulfilled"
        status, error, usage, media = result.status, result.error, result.usage, result.media
        # An agent's own summary and error text enter the plan, the events, the
        # planner's prompt and the store here: make them valid text once (lone
        # surrogates from bytes read with errors="surrogateescape" break all four).
        summary = valid_unicode(result.summary) if result.summary else preview(result.data)
        if error:
            error = valid_unicode(error)
        if usage is not ZERO_USAGE and usage:
            self._on_usage(usage, task.agent, task_id)
        # The result's data is too big for an event: it is filed first, and the
        # event that announces it folds the rest of the result into the plan.
        self.state.results[task_id] = result
        now = self.events.now()
        self.events.publish(
            ev.TaskFinished(
                task_id=task_id,
                agent=task.agent,
                status=status,
                duration_s=now - (task.started_at or now),
                confidence=result.confidence,
                summary=summary,
                error=error,
                media=tuple(m.mime_type for m in media) if media else (),
                suggestions=result.suggestions,
            )
        )
        self.finished.append(task_id)
        if self._review is not None and status in OK_STATUSES and self._review(task, result):
            self.reviewable.append(task_id)

    # ----------------------------------------------------------------- cancel

    def cancel_all_now(self) -> None:
        """Ask every running agent to stop (without waiting; see :meth:`cancel`)."""
        for handle in self.inflight.values():
            _cancel_once(handle)

    async def cancel(self, task_ids: list[str], reason: str) -> list[str]:
        """Cancel running tasks, wait for them to end, record them as cancelled.

        Results that arrive before the cancellation lands are kept, never lost.
        """
        handles = {tid: self.inflight[tid] for tid in task_ids if tid in self.inflight}
        if not handles:
            return []
        still_running = await self._cancel_within_grace(list(handles.values()))
        self.absorb()
        cancelled = []
        now = self.events.now()
        for tid, handle in handles.items():
            if tid not in self.inflight:
                continue  # it finished after all; its result was recorded above
            del self.inflight[tid]
            self._watchdog.forget(tid)
            self._timed_out.discard(tid)
            if self._circuits is not None:
                self._circuits.release(tid)
            note = reason
            if handle in still_running:  # it ignored the cancellation: say so in the record
                note += f" (the agent did not stop within {self.limits.cancel_grace_s:g} s)"
            kept = self._kept.pop(tid, None)
            if kept is not None:  # Stop keeps finished work: the answer before the retry
                self._record(tid, _kept_answer(kept, f"cancelled: {note}"))
                continue
            task = self.state.plan.tasks[tid]
            self.events.publish(
                ev.TaskCancelled(
                    task_id=tid,
                    agent=task.agent,
                    reason=note,
                    ran_s=now - (task.started_at or now),
                )
            )
            cancelled.append(tid)
        return cancelled

    def close(self) -> None:
        """Stop the timeout watchdog and any grace period still running (the run is over)."""
        self._watchdog.close()
        for expiry in list(self._expiring):
            expiry.cancel()
        if self._circuits is not None:
            self._circuits.release_all()

    # ------------------------------------------------------------------ misc

    def _trace(self, task: TaskRequest, kind: str, message: str, data: dict[str, Any]) -> None:
        def emit() -> None:
            if not self.events.closed:
                self.events.publish(
                    ev.TraceNote(
                        task_id=task.id,
                        agent=task.agent,
                        note=kind,
                        message=message,
                        data={k: preview(v, 200) for k, v in data.items()},
                    )
                )

        if threading.get_ident() == self._loop_thread:
            emit()
        else:  # sync agents run on worker threads: hand over to the loop
            self._call_soon_threadsafe(emit)

    def _client_for(self, agent_name: str, task_id: str) -> ModelClient:
        """A model client whose calls count against ``agent_name`` and ``task_id``."""
        on_usage = self._on_usage

        def spent(usage: Usage, source: str) -> None:
            on_usage(usage, source, task_id)

        return self._model.bound_to(agent_name, spent)

    def _tree_task(self, agent: Agent) -> TreeTask:
        delegator = self._delegator
        if delegator is None:
            delegator = self._delegator = Delegator(
                breaker=self._breaker,
                observer=HopRecorder(self.events),
                hop_timeout_s=self.limits.hop_timeout_s,
            )
        return TreeTask(
            agent,
            delegator,
            self.limits.max_hops,
            bind_context(self._client_for),
            self._on_usage,
        )


def _cancel_once(handle: asyncio.Task[Any]) -> None:
    # A second cancel() would interrupt the agent's own clean-up (an ``except
    # CancelledError`` block that awaits): Stop cancels at once and the wind-down
    # cancels again, so only the first request goes through.
    cancelling = getattr(handle, "cancelling", None)  # Python >= 3.11
    if cancelling is None or not cancelling():
        handle.cancel()


def _kept_answer(first: AgentResult, why: str) -> AgentResult:
    """``first`` filed again after the attempt meant to improve on it came to nothing."""
    return first.model_copy(
        update={
            "status": "partial",
            "confidence": min(first.confidence, 0.4),
            "error": f"kept the first answer, not verified: the reworded retry was {why}",
        }
    )


def _uncancel() -> None:
    # Python 3.11+ counts cancellation requests; a timeout we turned into a
    # failed result must not leave the task looking cancelled.
    task = asyncio.current_task()
    if task is not None and hasattr(task, "uncancel"):
        task.uncancel()
