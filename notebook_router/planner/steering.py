"""Steering a run while it goes: redirects and clarifying questions.

:class:`Steering` is owned by its :class:`~notebook_router.planner.run.Run`
and lives on the run's loop thread (the run's public ``redirect`` and
``answer`` hand over to it from any thread). It queues what the user sends,
asks the planner how to take a redirect, carries that out (cancel, re-goal,
reply) and asks the user the planner's questions. Like everything in a run,
it changes the state only by publishing events.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Literal

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import PlannerError, ProviderError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import RedirectDecision
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.executor import Executor
from notebook_router.planner.planner import Planner, PlannerCall
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import RunState, StopReason
from notebook_router.providers.base import ModelClient
from notebook_router.text.unicode import valid_unicode

log = logging.getLogger("notebook_router")

ClarifyHandler = Callable[[str], Awaitable[str | None]]
ClarifyPolicy = Literal["stop", "wait"]
StopSetter = Callable[[StopReason, str], None]
Interruptible = Callable[[Awaitable[RedirectDecision]], Awaitable[RedirectDecision | None]]
"""Awaits a planner call, or gives None if Stop cut it short (the run's ``_interruptible``)."""

SUPERSEDED = "superseded: the user redirected the run"
UNWANTED = "no longer wanted after the user's redirect"


class Steering:
    """A run's redirects and clarifying questions."""

    def __init__(
        self,
        state: RunState,
        agents: AgentRegistry,
        planner: Planner,
        model: ModelClient,
        limits: Limits,
        events: EventLog,
        *,
        set_stop: StopSetter,
        interruptible: Interruptible | None = None,
        on_clarify: ClarifyHandler | None = None,
        policy: ClarifyPolicy = "stop",
    ) -> None:
        self.state = state
        self.agents = agents
        self.planner = planner
        self.model = model
        self.limits = limits
        self.events = events
        self._set_stop = set_stop
        self._interruptible = interruptible or _as_is
        self._on_clarify = on_clarify
        self._policy = policy
        self.redirects: deque[str] = deque()
        """Redirect messages received and not yet handled, oldest first."""
        self._question: asyncio.Future[str | None] | None = None

    # ------------------------------------------------------------ receiving

    def receive(self, kind: Literal["redirect", "answer"], message: str) -> bool:
        """File what the user sent; True if the loop must wake up to handle it.

        While a question is pending, whatever the user sends is its answer.
        """
        question = self._question
        if question is not None and not question.done():
            question.set_result(message)
            return False
        self.events.publish(ev.InterruptReceived(interrupt=kind, message=message))
        self.redirects.append(message)
        return True

    def drop_question(self) -> None:
        """Give up on a pending question (the run is stopping)."""
        if self._question is not None and not self._question.done():
            self._question.set_result(None)

    # ------------------------------------------------------------- redirects

    async def handle_next(self, executor: Executor) -> None:
        """Ask the planner how to take the oldest redirect, and carry it out."""
        message = self.redirects.popleft()
        decision = await self._redirect_decision(message)
        if decision is None:
            return  # the run is stopping: the message stays received, not handled
        cancelled: list[str] = []
        goal: str | None = None
        if decision.kind == "restart":
            cancelled = await executor.cancel(list(executor.inflight), SUPERSEDED)
            cancelled += self._skip(
                [t.id for t in self.state.plan.with_status("pending")], SUPERSEDED
            )
            goal = decision.goal or message
        elif decision.kind == "refine":
            running = [t for t in decision.cancel if t in executor.inflight]
            cancelled = await executor.cancel(running, UNWANTED)
            cancelled += self._skip(decision.cancel, UNWANTED)
            goal = decision.goal or f"{self.state.goal} ({message})"
        self.events.publish(
            ev.InterruptHandled(
                interrupt="redirect",
                handled_as=decision.kind,
                reply=decision.reply or self._status_text(),
                cancelled=tuple(cancelled),
                goal=goal if goal is not None else self.state.goal,
            )
        )
        if decision.kind == "clarify":
            question = decision.question or decision.reply or self._status_text()
            if await self.clarify(question) is None:
                self._set_stop("needs_clarification", question)

    def _skip(self, task_ids: list[str], reason: str) -> list[str]:
        skipped = []
        for task_id in task_ids:
            task = self.state.plan.tasks.get(task_id)
            if task is not None and task.status == "pending":
                self.events.publish(ev.TaskSkipped(task_id=task_id, reason=reason))
                skipped.append(task_id)
        return skipped

    async def _redirect_decision(self, message: str) -> RedirectDecision | None:
        """How to take ``message``; None if the run was stopped while the planner thought."""
        feedback: str | None = None
        for _ in range(self.limits.planner_retries + 1):
            call = PlannerCall(self.state, self.agents, self.model, feedback)
            try:
                return await self._interruptible(self.planner.redirect(call, message))
            except (PlannerError, ProviderError) as exc:
                feedback = str(exc)
                self.events.publish(
                    ev.DecisionFailed(
                        iteration=self.state.iteration,
                        attempt=1,
                        error=f"redirect: {feedback}",
                        will_retry=True,
                    )
                )
        # The planner could not classify the message: treat it as a refinement,
        # which keeps all work and still lets the next decision act on it.
        return RedirectDecision(
            kind="refine",
            reason="the planner could not classify the message",
            reply=f"Noted: “{message}”. I will take it into account.",
        )

    def _status_text(self) -> str:
        plan = self.state.plan
        done = len(plan.with_status("fulfilled", "partial"))
        running = ", ".join(t.id for t in plan.with_status("running")) or "nothing"
        return (
            f"Iteration {self.state.iteration}: {done} of {len(plan)} tasks done; "
            f"running: {running}; {self.state.usage.total_tokens:,} tokens used."
        )

    # ------------------------------------------------------------- questions

    async def clarify(self, question: str) -> str | None:
        """Ask the user ``question``; the answer, or None if none came (the run then stops).

        With no handler and the ``stop`` policy the question is only published:
        the run ends asking it, and the user answers by starting the next run.
        """
        if self._on_clarify is None and self._policy == "stop":
            self.events.publish(ev.ClarificationRequested(question=question))
            return None
        answer = await self._await_answer(question)
        if not answer:
            return None
        # A handler's answer is the user's text, as run.answer() takes it: input() under
        # the C locale keeps undecodable bytes as lone surrogates, which no prompt encodes.
        answer = valid_unicode(answer)
        self.events.publish(ev.ClarificationAnswered(answer=answer))
        return answer

    async def _await_answer(self, question: str) -> str | None:
        loop = asyncio.get_running_loop()
        # The future exists before anyone hears the question, so an answer sent
        # from an event subscriber (or another thread) cannot arrive too early.
        future: asyncio.Future[str | None] = loop.create_future()
        self._question = future
        self.events.publish(ev.ClarificationRequested(question=question))
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


async def _as_is(call: Awaitable[RedirectDecision]) -> RedirectDecision | None:
    return await call


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
