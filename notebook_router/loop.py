"""Run a coroutine to its end from synchronous code (scripts, the command line).

``asyncio.run`` would do, but for what it does after the coroutine returns:
it cancels every task left and waits for each to finish, then joins the
default executor's threads. A run leaves behind only what it abandoned: an
agent that ignored its cancellation past the grace period, or a sync agent
still blocked in its thread. Waiting for those would hold the process until
they end, which may be never. :func:`run_to_end` cancels what is left, gives
it a moment, and then lets it go, reporting how much it let go.

Ctrl-C behaves as under ``asyncio.run``: the first cancels the coroutine
(a run winds down gracefully), the second raises ``KeyboardInterrupt`` at once.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from types import FrameType
from typing import Any, Generic, TypeVar

from notebook_router import threads

T = TypeVar("T")

LAST_GRACE_S = 0.5
"""How long tasks left after the coroutine returned get to end once cancelled.

A run has given its own agents ``Limits.cancel_grace_s`` already; this is
for other tasks the program started, which usually end at the first cancel.
"""


@dataclass(frozen=True)
class Finished(Generic[T]):
    """What the coroutine returned, and what was still running when it did."""

    value: T
    tasks_left: int = 0
    """Tasks that did not end when cancelled (agents that ignore cancellation)."""
    threads_left: int = 0
    """Calls still running on worker threads (sync agents that cannot be interrupted)."""

    def note(self) -> str | None:
        """A line saying what was abandoned, or None if nothing was."""
        parts = []
        if self.threads_left:
            parts.append(
                f"{_count(self.threads_left, 'agent thread')} {_was(self.threads_left)} "
                "still running when the run ended and "
                f"{_was(self.threads_left)} abandoned"
            )
        if self.tasks_left:
            parts.append(
                f"{_count(self.tasks_left, 'agent')} that ignored cancellation "
                f"{_was(self.tasks_left)} abandoned"
            )
        return "; ".join(parts) or None


def run_to_end(main: Coroutine[Any, Any, T]) -> Finished[T]:
    """Run ``main`` on a new event loop; do not wait for what it leaves behind."""
    # Threads abandoned by an earlier run in this process are not this run's to report.
    earlier = threads.running()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    tasks_left = 0
    try:
        value = _run_main(loop, main)
    finally:
        try:
            tasks_left = _let_go(loop)
        finally:
            asyncio.set_event_loop(None)
            loop.close()
    return Finished(value, tasks_left, len(threads.running() - earlier))


def _run_main(loop: asyncio.AbstractEventLoop, main: Coroutine[Any, Any, T]) -> T:
    task = loop.create_task(main)
    interrupted = False

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        nonlocal interrupted
        if interrupted or task.done():
            raise KeyboardInterrupt()
        interrupted = True
        task.cancel()
        loop.call_soon_threadsafe(lambda: None)  # wake the loop if it is waiting

    previous = None
    if (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    ):
        previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        return loop.run_until_complete(task)
    except asyncio.CancelledError:
        if interrupted:
            raise KeyboardInterrupt() from None
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _let_go(loop: asyncio.AbstractEventLoop) -> int:
    left = {task for task in asyncio.all_tasks(loop) if not task.done()}
    for task in left:
        task.cancel()
    if left:
        loop.run_until_complete(asyncio.wait(left, timeout=LAST_GRACE_S))
        left = {task for task in left if not task.done()}
    if left:
        # Let go on purpose and reported: not "Task was destroyed but it is
        # pending!" when they are collected (with the closed loop, or at exit).
        def quiet(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            if context.get("task") not in left:
                loop.default_exception_handler(context)

        loop.set_exception_handler(quiet)
    loop.run_until_complete(loop.shutdown_asyncgens())
    return len(left)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _was(n: int) -> str:
    return "was" if n == 1 else "were"
