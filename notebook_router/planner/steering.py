"""Steering a run while it goes: redirects and clarifying questions (MISSION P6).

A mixin of :class:`~notebook_router.planner.run.Run`: it shares the run's
state and loop and only ever runs on the loop's thread (the public
``redirect`` and ``answer`` hand over to it).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Literal

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import PlannerError, ProviderError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import RedirectDecision
from notebook_router.planner.planner import Planner, PlannerCall
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import HistoryEntry, Interrupt, RunState, StopReason
from notebook_router.providers.base import ModelClient

if TYPE_CHECKING:
    from notebook_router.planner.executor import Executor

log = logging.getLogger("notebook_router")

ClarifyHandler = Callable[[str], Awaitable[str | None]]
ClarifyPolicy = Literal["stop", "wait"]


class Steering:
    """Redirect handling and clarifying questions, for :class:`Run`."""

    # Provided by Run.
    state: RunState
    agents: AgentRegistry
    planner: Planner
    limits: Limits
    _signals: deque[Interrupt]
    _question: asyncio.Future[str | None] | None
    _on_clarify: ClarifyHandler | None
    _clarify_policy: ClarifyPolicy
    _planner_model: ModelClient
    _stop_request: tuple[StopReason, str] | None
    _emit: Callable[..., None]

    def _now(self) -> float:
        raise NotImplementedError

    def _exec(self) -> Executor:
        raise NotImplementedError

    def _wake(self) -> None:
        raise NotImplementedError

    def _set_stop(self, reason: StopReason, detail: str) -> None:
        raise NotImplementedError

    def _skip(self, task_id: str, reason: str) -> None:
        raise NotImplementedError

    def _loop_(self) -> asyncio.AbstractEventLoop:
        raise NotImplementedError

    def _receive(self, kind: Literal["redirect", "answer"], message: str) -> None:
        if self._question is not None and not self._question.done():
            # A question is pending: whatever the user sends now is the answer.
            self._question.set_result(message)
            return
        interrupt = Interrupt(kind="redirect", message=message, received_at=self._now())
        self.state.interrupts.append(interrupt)
        self._emit(ev.InterruptReceived, interrupt=kind, message=message)
        self._signals.append(interrupt)
        self._wake()

    async def _handle_signal(self, interrupt: Interrupt) -> None:
        message = interrupt.message
        self.state.history.append(HistoryEntry(role="user", content=message, at=self._now()))
        decision = await self._redirect_decision(message)
        cancelled: list[str] = []
        if decision.kind == "restart":
            cancelled = await self._exec().cancel(
                list(self._exec().inflight), "superseded: the user redirected the run"
            )
            for task in self.state.plan.with_status("pending"):
                self._skip(task.id, "superseded: the user redirected the run")
                cancelled.append(task.id)
            self._set_goal(decision.goal or message)
        elif decision.kind == "refine":
            running = [t for t in decision.cancel if t in self._exec().inflight]
            cancelled = await self._exec().cancel(
                running, "no longer wanted after the user's redirect"
            )
            for tid in decision.cancel:
                pending = self.state.plan.tasks.get(tid)
                if pending is not None and pending.status == "pending":
                    self._skip(tid, "no longer wanted after the user's redirect")
                    cancelled.append(tid)
            self._set_goal(decision.goal or f"{self.state.goal} ({message})")
        reply = decision.reply or self._status_text()
        interrupt.handled_as = decision.kind
        interrupt.reply = reply
        interrupt.cancelled = cancelled
        self.state.history.append(HistoryEntry(role="planner", content=reply, at=self._now()))
        self._emit(
            ev.InterruptHandled,
            interrupt="redirect",
            handled_as=decision.kind,
            reply=reply,
            cancelled=tuple(cancelled),
            goal=self.state.goal,
        )
        if decision.kind == "clarify":
            await self._clarify(decision.question or reply)

    async def _redirect_decision(self, message: str) -> RedirectDecision:
        feedback: str | None = None
        for _ in range(self.limits.planner_retries + 1):
            call = PlannerCall(self.state, self.agents, self._planner_model, feedback)
            try:
                return await self.planner.redirect(call, message)
            except (PlannerError, ProviderError) as exc:
                feedback = str(exc)
                self._emit(
                    ev.DecisionFailed,
                    iteration=self.state.iteration,
                    attempt=1,
                    error=f"redirect: {feedback}",
                    will_retry=True,
                )
        # The planner could not classify the message: treat it as a refinement,
        # which keeps all work and still lets the next decision act on it.
        return RedirectDecision(
            kind="refine",
            reason="the planner could not classify the message",
            reply=f"Noted: “{message}”. I will take it into account.",
        )

    def _set_goal(self, goal: str) -> None:
        self.state.goal = goal
        self.state.goal_version += 1

    def _status_text(self) -> str:
        plan = self.state.plan
        done = len(plan.with_status("fulfilled", "partial"))
        running = ", ".join(t.id for t in plan.with_status("running")) or "nothing"
        return (
            f"Iteration {self.state.iteration}: {done} of {len(plan)} tasks done; "
            f"running: {running}; {self.state.usage.total_tokens:,} tokens used."
        )

    async def _clarify(self, question: str) -> bool:
        """Ask the user; True if an answer came back and the run should go on."""
        state = self.state
        state.pending_question = question
        state.history.append(HistoryEntry(role="planner", content=question, at=self._now()))
        if self._on_clarify is None and self._clarify_policy == "stop":
            self._emit(ev.ClarificationRequested, question=question)
            self._set_stop("needs_clarification", question)
            return False
        answer = await self._await_answer(question)
        if not answer:
            if self._stop_request is None:
                self._set_stop("needs_clarification", question)
            return False
        state.pending_question = None
        state.history.append(HistoryEntry(role="user", content=answer, at=self._now()))
        state.interrupts.append(
            Interrupt(kind="answer", message=answer, received_at=self._now(), handled_as="answer")
        )
        self._emit(ev.ClarificationAnswered, answer=answer)
        return True

    async def _await_answer(self, question: str) -> str | None:
        loop = self._loop_()
        # The future exists before anyone hears the question, so an answer sent
        # from an event subscriber (or another thread) cannot arrive too early.
        future: asyncio.Future[str | None] = loop.create_future()
        self._question = future
        self._emit(ev.ClarificationRequested, question=question)
        helper: asyncio.Task[str | None] | None = None
        if self._on_clarify is not None and not future.done():
            helper = loop.create_task(_call_handler(self._on_clarify, question))
            helper.add_done_callback(lambda h: _settle_answer(future, h))
        try:
            answer: str | None = await future
            return answer
        finally:
            self._question = None
            if helper is not None and not helper.done():
                helper.cancel()


async def _call_handler(handler: ClarifyHandler, question: str) -> str | None:
    return await handler(question)


def _settle_answer(future: asyncio.Future[str | None], helper: asyncio.Task[str | None]) -> None:
    if future.done():
        return
    if helper.cancelled():
        future.set_result(None)
    elif helper.exception() is not None:
        log.error("notebook_router: the clarify handler failed", exc_info=helper.exception())
        future.set_result(None)
    else:
        future.set_result(helper.result())
