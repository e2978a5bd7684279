"""Handing messages to a run from any thread: Stop, redirects, answers, approvals.

A notebook panel's button handler can run on a kernel subshell thread; a bare
``Task.cancel()`` from there can go unnoticed until something else wakes the
loop. So every message is handed to the run's loop with
``call_soon_threadsafe``. A message can meet a run that has ended in the
meantime: :meth:`HandOver.hand_over` returns a future that says whether the run
took it, so a late message is refused out loud, never dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import threading
from collections.abc import Callable
from typing import Any, Literal

from notebook_router.errors import NoRunningLoopError, NotebookRouterError, RunFinishedError
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.state import STOP_REASON_TEXT, RunState
from notebook_router.planner.steering import Steering

Delivery = concurrent.futures.Future[None]
"""Whether a run took a message: None once it has, :class:`RunFinishedError` if it had ended."""


class HandOver:
    """Carries calls from any thread onto a run's loop, or refuses them once it has ended."""

    def __init__(
        self, state: RunState, steering: Steering, life: Lifecycle, *, wake: Callable[[], None]
    ) -> None:
        self.id = state.run_id
        self.state = state
        self.steering = steering
        self._life = life
        self._wake = wake
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread_id: int | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """The run has started on ``loop``, on this thread."""
        self._loop = loop
        self._thread_id = threading.get_ident()

    def call_soon(self, fn: Callable[..., None], *args: Any) -> None:
        """``fn(*args)`` on the run's loop (now, on its thread); nothing once it has ended."""
        loop = self._loop
        if loop is None or self._life.finished or loop.is_closed():
            return
        if threading.get_ident() == self._thread_id:
            fn(*args)
        else:
            loop.call_soon_threadsafe(fn, *args)

    def deliver(self, kind: Literal["redirect", "answer"], message: str) -> Delivery:
        """Hand a redirect or an answer to the run's steering."""
        return self.hand_over(functools.partial(self._receive, kind, message))

    def hand_over(self, act: Callable[[], None]) -> Delivery:
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
        life = self._life
        if life.finished:
            reason = self.state.stop_reason
            ending = STOP_REASON_TEXT.get(reason, reason) if reason else "finished"
        elif life.stop_request is not None:
            ending = f"it was stopping: {life.stop_request[1]}"
        elif life.closing:
            ending = "it was writing its answer"
        else:
            return None
        return RunFinishedError(self.id, ending)
