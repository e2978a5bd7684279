"""Per-task deadlines behind a single timer.

A timer per task (``loop.call_later`` + ``cancel``) costs about 5 µs a
task, a noticeable share of the loop's budget. The watchdog keeps one
deadline per task in a dict and arms one timer for the earliest. Starting a
task stores its deadline; finishing it only deletes the entry, leaving the
timer armed: when it fires it expires what is due and re-arms for the
earliest deadline left. A stale timer costs one scan of the tasks in flight,
once per timeout period, instead of heap upkeep on every task.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable


class Watchdog:
    """Calls ``on_expire(key)`` for every key still watched when its deadline passes."""

    def __init__(self, loop: asyncio.AbstractEventLoop, on_expire: Callable[[str], None]) -> None:
        self._loop = loop
        self._on_expire = on_expire
        self._deadlines: dict[str, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf

    def watch(self, key: str, timeout_s: float) -> None:
        """Expire ``key`` after ``timeout_s`` seconds unless it is forgotten first."""
        deadline = self._loop.time() + timeout_s
        self._deadlines[key] = deadline
        if deadline < self._timer_at:
            self._arm(deadline)

    def forget(self, key: str) -> None:
        """Stop watching ``key``."""
        self._deadlines.pop(key, None)

    def suspend(self, key: str) -> Callable[[], None]:
        """Pause ``key``'s deadline (a task waiting for the user); call the result to resume it.

        Resuming gives back the time that was left, so waiting for someone's
        click never counts against an agent's timeout. A key not watched (or
        expired meanwhile) stays unwatched.
        """
        deadline = self._deadlines.pop(key, None)
        if deadline is None:
            return _nothing
        left = max(0.0, deadline - self._loop.time())
        return lambda: self.watch(key, left)

    def overdue(self, key: str) -> bool:
        """True if ``key`` is watched and its deadline has passed (its timer may not have fired).

        A task that blocks the loop past its deadline ends before the timer
        can run: this is how the executor tells that its result came late.
        """
        deadline = self._deadlines.get(key)
        return deadline is not None and deadline <= self._loop.time()

    def close(self) -> None:
        """Cancel the timer; nothing expires after this."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_at = None, math.inf
        self._deadlines.clear()

    def _arm(self, when: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._loop.call_at(when, self._fire)
        self._timer_at = when

    def _fire(self) -> None:
        self._timer, self._timer_at = None, math.inf
        now = self._loop.time()
        for key in [k for k, deadline in self._deadlines.items() if deadline <= now]:
            if self._deadlines.pop(key, None) is not None:  # on_expire may have forgotten it
                self._on_expire(key)
        if self._deadlines:
            earliest = min(self._deadlines.values())
            if earliest < self._timer_at:  # on_expire may have armed it already
                self._arm(earliest)


def _nothing() -> None:
    return None
