"""Reviewing finished results before the run builds on them.

The critic's check of every result, and verification of the claims of unsure
ones (``Limits.verify_below``): a result found wanting is sent back (started
again, reworded, its earlier answer kept) or noted for the planner. Each
verdict is published as a ``critic_noted`` event.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from notebook_router.planner import events as ev
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.executor import Executor
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.schedule import Schedule
from notebook_router.planner.state import OK_STATUSES, RunState, Task
from notebook_router.planner.verification import Verification
from notebook_router.result import AgentResult
from notebook_router.verification.critic import Critic, CriticVerdict, combine

T = TypeVar("T")
Interruptible = Callable[[Awaitable[T]], Awaitable[T | None]]


class ResultReview:
    """The run's critic and verification of results, between a result and its use."""

    def __init__(
        self,
        state: RunState,
        events: EventLog,
        schedule: Schedule,
        life: Lifecycle,
        *,
        critic: Critic | None,
        verification: Verification | None,
        interruptible: Interruptible[CriticVerdict],
    ) -> None:
        self.state = state
        self._events = events
        self._schedule = schedule
        self._life = life
        self._critic = critic
        self._verification = verification
        """Checks the claims of unsure results (``Limits.verify_below``), or None."""
        self._interruptible = interruptible
        self.reviewing = critic is not None or verification is not None
        """Whether results are reviewed at all (the executor then queues them for review)."""

    def asker(self) -> Callable[[Task, AgentResult], bool] | None:
        """:meth:`wants`, as the executor asks it of every result it files (None: no
        result is reviewed): with no critic, verification's own test, one call fewer."""
        if not self.reviewing:
            return None
        if self._critic is None and self._verification is not None:
            return self._verification.wants
        return self.wants

    def wants(self, task: Task, result: AgentResult) -> bool:
        """Whether ``result`` (filed for ``task``) is reviewed: every one with a critic,
        those verification checks otherwise."""
        verification = self._verification
        return self._critic is not None or (
            verification is not None and verification.wants(task, result)
        )

    async def review(self, executor: Executor) -> bool:
        """The critic's check, and verification of unsure results, of every result filed
        since the last review; True if a task was sent back (started again, reworded)."""
        pending = executor.reviewable
        if not pending:
            return False
        ids, pending[:] = list(pending), []
        sent_back = False
        for task_id in ids:
            task = self.state.plan.tasks[task_id]
            result = self.state.results.get(task_id)
            if result is None or self._life.stop_request is not None:
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
                if verdict.retry and task.status in OK_STATUSES and self._life.stop_request is None:
                    executor.start(
                        task_id, verdict.retry_agent, description=verdict.retry, keep=result
                    )
                    sent_back = True
                elif verdict.needs_more:
                    self._schedule.note(
                        "critic", f"the critic wants more from {task_id} ({task.agent})", task_id
                    )
        return sent_back

    def retry_running(self, executor: Executor) -> bool:
        """A task verification sent back is running again."""
        verification = self._verification
        inflight = executor.inflight
        return verification is not None and any(t in inflight for t in verification.sent_back)


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
