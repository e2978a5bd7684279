"""Steering a run while it goes: redirects and clarifying questions.

:class:`Steering` is owned by its :class:`~notebook_router.planner.run.Run`
and lives on the run's loop thread (the run's public ``redirect`` and
``answer`` hand over to it from any thread). It queues what the user sends,
asks the planner how to take a redirect, carries that out (cancel, re-goal,
reply) and asks the user the planner's questions. Like everything in a run,
it changes the state only by publishing events.

A question never holds up or cancels work: it is published, the run goes on
with what is running, and the answer wakes the loop whenever it comes. Only
when nothing else is left does the run wait for it, or, with the ``stop``
policy and nobody to ask, end asking it (the user answers with the next run).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Literal

from notebook_router.errors import PlannerError, ProviderError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import RedirectDecision, RedirectKind
from notebook_router.planner.executor import Executor
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.run_core import RunCore
from notebook_router.text.unicode import valid_unicode

log = logging.getLogger("notebook_router")

ClarifyHandler = Callable[[str], Awaitable[str | None]]
ClarifyPolicy = Literal["stop", "wait"] | Callable[[], Literal["stop", "wait"]]
"""What a run does once only an unanswered question is left: ``wait`` for the
answer (a panel, ``run.answer`` or a handler will give it), or ``stop`` asking it
(headless: nobody can answer). Either way the question never cancels work. A
callable decides when the question is the last thing left (a notebook asks whether
any front end shows the run's panel: under nbclient nobody would ever answer)."""
Interruptible = Callable[[Awaitable[RedirectDecision]], Awaitable[RedirectDecision | None]]
"""Awaits a planner call, or gives None if Stop cut it short (``Deciding.interruptible``)."""

SUPERSEDED = "superseded: the user redirected the run"
UNWANTED = "no longer wanted after the user's redirect"


class Steering:
    """A run's redirects and clarifying questions."""

    def __init__(
        self,
        core: RunCore,
        *,
        wake: Callable[[], None],
        interruptible: Interruptible | None = None,
        on_clarify: ClarifyHandler | None = None,
        policy: ClarifyPolicy = "stop",
    ) -> None:
        self.state = core.state
        self.agents = core.agents
        self.planner = core.planner
        self.model = core.model
        self.limits = core.limits
        self.events = core.events
        self._wake = wake
        self._interruptible = interruptible or _as_is
        self._on_clarify = on_clarify
        self._policy = policy
        self.redirects: deque[str] = deque()
        """Redirect messages received and not yet handled, oldest first."""
        self.answers = 0
        """How many answers have come in (the loop decides again after each)."""
        self._handler: asyncio.Task[None] | None = None
        self._gave_up = False
        """The clarify handler found no answer to the pending question."""
        self._about_redirect: str | None = None
        """The pending question, when the planner asked it to learn what a redirect meant."""
        self._answers_to_redirects: list[str] = []
        """Redirects that are answers to such a question: never asked about again."""

    # ------------------------------------------------------------ receiving

    def receive(self, kind: Literal["redirect", "answer"], message: str) -> None:
        """File what the user sent (the loop then wakes up to act on it).

        While a question is pending, whatever the user sends is its answer. The
        answer to a question about a redirect is what the redirect meant: it is
        handled as one ("report the weather too" adds to the plan).
        """
        question = self.state.pending_question
        if question is not None:
            self._cancel_handler()
            self.events.publish(ev.ClarificationAnswered(answer=message))
            self.answers += 1
            if question == self._about_redirect:
                self._about_redirect = None
                self.redirects.append(message)
                self._answers_to_redirects.append(message)
            return
        self.events.publish(ev.InterruptReceived(interrupt=kind, message=message))
        self.redirects.append(message)

    @property
    def answerable(self) -> bool:
        """Someone may still answer the pending question, so an idle run waits for it."""
        if self._gave_up:
            return False
        policy = self._policy() if callable(self._policy) else self._policy
        return policy == "wait" or self._handler is not None

    @property
    def may_become_answerable(self) -> bool:
        """The policy is decided as it goes (a notebook waiting for its panel to show)."""
        return callable(self._policy)

    def drop_question(self) -> None:
        """Stop asking (the run is ending): a clarify handler still at work is cancelled."""
        self._cancel_handler()

    # ------------------------------------------------------------- redirects

    async def handle_next(self, executor: Executor) -> RedirectKind | None:
        """Ask the planner how to take the oldest redirect, and carry it out; how it
        was taken (None if the run was stopped first)."""
        message = self.redirects.popleft()
        decision = await self._redirect_decision(message)
        if decision is None:
            return None  # the run is stopping: the message stays received, not handled
        if message in self._answers_to_redirects:
            self._answers_to_redirects.remove(message)
            if decision.kind == "clarify":
                # An unclear answer to the question is not asked about again (a user and
                # a planner could go round forever): it is noted, as an unclassified
                # message is, and the next decision acts on it.
                decision = _noted(message, "the answer to the question was unclear too")
        cancelled: list[str] = []
        restored: tuple[str, ...] = ()
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
            restored = tuple(t for t in decision.restore if t in self.state.dropped)
            goal = decision.goal or f"{self.state.goal} ({message})"
        self.events.publish(
            ev.InterruptHandled(
                interrupt="redirect",
                handled_as=decision.kind,
                reply=decision.reply or self._status_text(),
                cancelled=tuple(cancelled),
                goal=goal if goal is not None else self.state.goal,
                restored=restored,
            )
        )
        if decision.kind == "clarify":
            question = decision.question or decision.reply or self._status_text()
            self.ask(question)
            self._about_redirect = question
        return decision.kind

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
            call = PlannerCall(self.state, self.agents, self.model, feedback, limits=self.limits)
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
        return _noted(message, "the planner could not classify the message")

    def _status_text(self) -> str:
        plan = self.state.plan
        done = len(plan.with_status("fulfilled", "partial"))
        running = ", ".join(t.id for t in plan.with_status("running")) or "nothing"
        return (
            f"Iteration {self.state.iteration}: {done} of {len(plan)} tasks done; "
            f"running: {running}; {self.state.usage.total_tokens:,} tokens used."
        )

    # ------------------------------------------------------------- questions

    def ask(self, question: str) -> None:
        """Put ``question`` to the user and return at once: the run goes on meanwhile.

        The answer comes through :meth:`receive` (a panel, ``run.answer``) or
        from the clarify handler; asking the question already pending is a no-op.
        """
        if self.state.pending_question == question:
            return
        self._cancel_handler()
        self._gave_up = False
        self.events.publish(ev.ClarificationRequested(question=question))
        if self._on_clarify is not None:
            loop = asyncio.get_running_loop()
            self._handler = loop.create_task(self._ask_handler(self._on_clarify, question))

    async def _ask_handler(self, handler: ClarifyHandler, question: str) -> None:
        try:
            answer = await handler(question)
        except Exception:
            log.exception("notebook_router: the clarify handler failed")
            answer = None
        self._handler = None
        if self.state.pending_question != question:
            return  # answered some other way meanwhile
        if answer and answer.strip():
            self.receive("answer", valid_unicode(answer.strip()))
        else:
            self._gave_up = True  # nobody will answer: an idle run ends asking it
        self._wake()

    def _cancel_handler(self) -> None:
        handler, self._handler = self._handler, None
        if handler is not None and handler is not asyncio.current_task():
            handler.cancel()


async def _as_is(call: Awaitable[RedirectDecision]) -> RedirectDecision | None:
    return await call


def _noted(message: str, reason: str) -> RedirectDecision:
    """``message`` taken as a refinement: all work kept, the next decision acts on it."""
    return RedirectDecision(
        kind="refine", reason=reason, reply=f"Noted: “{message}”. I will take it into account."
    )
