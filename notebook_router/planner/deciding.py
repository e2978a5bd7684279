"""Asking a run's planner: the next decision, and any call Stop may cut short.

A model call can take seconds, and Stop and the kernel interrupt must not wait
for it: while one is in flight, :meth:`Deciding.cut_short` cancels the run's
task, and the cancellation lands on the call's await, which then gives None.
A decision the planner gets wrong (bad JSON, an unknown agent) is retried with
the error as feedback, up to ``Limits.planner_retries`` times; a decision made
is published, and its plan changes applied, here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from notebook_router.errors import PlannerError, ProviderError
from notebook_router.planner import events as ev
from notebook_router.planner.executor import Executor
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.resolve import ResolvedDecision, resolve_decision
from notebook_router.planner.run_core import RunCore
from notebook_router.planner.schedule import Schedule

T = TypeVar("T")


class Deciding:
    """A run's planner calls: decisions (retried, resolved, applied) and interruptible calls."""

    def __init__(self, core: RunCore, schedule: Schedule, life: Lifecycle) -> None:
        # Unpacked once: a decision reads them every step.
        self.state = core.state
        self.agents = core.agents
        self.planner = core.planner
        self._planner_model = core.model
        self.limits = core.limits
        self._events = core.events
        self._schedule = schedule
        self._life = life
        self._thinking = False
        """A planner call is in flight (Stop cuts it short)."""
        self._cut_short = False

    def cut_short(self, main: asyncio.Task[Any] | None) -> None:
        """Cut a planner call short, but only when the run's task ``main`` is suspended in
        it: called from inside that call (a budget tripped by its usage), the call is
        returning anyway and a cancel would land on a later await."""
        if self._thinking and not self._cut_short and main not in (None, asyncio.current_task()):
            self._cut_short = True
            main.cancel()  # lands on the planner call's await in decide

    async def decide(self, iteration: int, executor: Executor) -> ResolvedDecision | None:
        """The planner's next decision, resolved against the plan; None if there is none."""
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
                # must not wait for it: while it is in flight the run's stop cancels
                # its task, and the cancellation lands here (inline, not in a
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
                resolved = resolve_decision(decision, self.state, self.agents, executor.inflight)
            except (PlannerError, ProviderError) as exc:
                feedback = str(exc)
                self._events.publish(
                    ev.DecisionFailed(
                        iteration=iteration,
                        attempt=attempt,
                        error=feedback,
                        will_retry=attempt < attempts and self._life.stop_request is None,
                    )
                )
                if self._life.stop_request is not None:
                    return None
                continue
            return resolved
        self._life.set_stop(
            "planner_error", f"no usable decision after {attempts} attempts: {feedback}"
        )
        return None

    def apply(
        self, resolved: ResolvedDecision, iteration: int, executor: Executor, asked_because: str
    ) -> None:
        """Publish the decision; drop, start and plan what it says."""
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
                asked_because=asked_because,
            )
        )
        for task_id in resolved.drop:
            self._events.publish(ev.TaskSkipped(task_id=task_id, reason="dropped by the planner"))
        reroute = resolved.reroute
        for task_id in resolved.start:
            executor.start(task_id, reroute.get(task_id) if reroute else None)
        if resolved.new:
            self._schedule.planned(resolved.new)

    async def interruptible(self, call: Awaitable[T]) -> T | None:
        """``await call`` (a planner call); None if Stop or a tripped rail cut it short.

        The redirect and synthesis calls wait for a model like a decision does,
        and Stop and the time budget must not wait for them either. Not on the
        hot path, so a helper coroutine here; :meth:`decide` does the same inline.
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


def _still_cancelled() -> bool:
    """Take back one cancellation of the current task; True if another is pending.

    Python >= 3.11 counts cancellation requests: Stop's own cancel is taken
    back, one from outside (the loop shutting down) still ends the task.
    """
    task = asyncio.current_task()
    uncancel = getattr(task, "uncancel", None)
    return bool(uncancel is not None and uncancel() > 0)
