"""How a run's loop waits: for a result, a message, a stop, or an answer to its question.

The loop sleeps on one future at a time; whatever should wake it (an agent's
result, a redirect or an answer handed over from another thread, a stop) calls
:meth:`Waiting.wake`. The answer grace lives here too: once a run, a run about to
end on a question nobody seems able to answer waits a moment for someone to turn up.
"""

from __future__ import annotations

import asyncio

from notebook_router.planner.executor import Executor
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.state import RunState
from notebook_router.planner.steering import Steering

ANSWER_GRACE_S = 1.0
"""How long an idle run waits for someone to turn up before ending on its question."""


class Waiting:
    """A run's waits; :meth:`wake` ends the current one (on the run's loop thread)."""

    def __init__(self, state: RunState, life: Lifecycle, *, waves: bool) -> None:
        self.state = state
        self._life = life
        self._waves = waves
        """Wait for every running task to report before deciding again (a fixed schedule)."""
        self._waiter: asyncio.Future[None] | None = None
        self._answer_grace_used = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._executor: Executor | None = None
        self._steering: Steering | None = None

    def start(
        self, loop: asyncio.AbstractEventLoop, executor: Executor, steering: Steering
    ) -> None:
        """The run has started on ``loop``: wait on it for ``executor`` and ``steering``."""
        self._loop, self._executor, self._steering = loop, executor, steering

    def wake(self) -> None:
        """End the current wait, if there is one."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def answer_grace(self) -> bool:
        """Once a run, wait :data:`ANSWER_GRACE_S` before ending on a question nobody
        seems able to answer: a panel shown a moment ago may not have said so yet."""
        if self._answer_grace_used:
            return False
        self._answer_grace_used = True
        loop = self._loop_()
        timer = loop.call_later(ANSWER_GRACE_S, self.wake)
        self._waiter = loop.create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None
            timer.cancel()
        return True

    async def wait_for_activity(self, answers: int) -> None:
        """Wait for a result, a redirect, a stop, or an answer after the ``answers``-th.

        With nothing running, only a question that may still be answered is waited for.
        """
        executor, steering, loop = self._executor, self._steering, self._loop
        assert executor is not None and steering is not None and loop is not None, (
            "the run has not been started"
        )
        life = self._life
        redirects = steering.redirects
        while not redirects and life.stop_request is None and steering.answers == answers:
            if executor.inflight:
                if executor.done and not self._waves:
                    return
                if executor.done and len(executor.done) >= len(executor.inflight):
                    return  # waves: every running task has reported
            elif self.state.pending_question is None or not steering.answerable:
                return
            self._waiter = loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    def _loop_(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the run has not been started"
        return self._loop
