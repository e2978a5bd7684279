"""A run's event log: every event in order, folded into the run state, then delivered.

Publishing an event is how anything in a run changes its state: the log
numbers and timestamps the event, hands it to the reducer (the ``fold``
callback, :func:`notebook_router.planner.reducer.apply` bound to the run's
state, or per event type the handlers of
:func:`notebook_router.planner.reducer.handlers_for`), and only then tells
subscribers and async readers, so whoever hears of an event sees the state it
produced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from time import monotonic

from notebook_router.planner import events as ev

log = logging.getLogger("notebook_router")
Subscriber = Callable[[ev.Event], None]


class EventLog:
    """Numbers, timestamps, keeps and delivers a run's events (on the loop's thread)."""

    def __init__(
        self,
        run_id: str,
        fold: Subscriber | Mapping[type[ev.Event], Subscriber] | None = None,
        *,
        first_seq: int = 1,
        t_offset: float = 0.0,
    ) -> None:
        """``fold`` applies each event to the run's state before anyone hears of it: one
        callback for every event, or one per event type (types not in it change nothing);
        ``first_seq`` and ``t_offset`` continue a resumed run's numbering and clock."""
        self.run_id = run_id
        self._folds: Mapping[type[ev.Event], Subscriber] | None = None
        self._fold: Subscriber | None = None
        if isinstance(fold, Mapping):
            self._folds = fold
        else:
            self._fold = fold
        self.t0 = monotonic() - t_offset
        self.closed = False
        self._events: list[ev.Event] = []
        self._subscribers: list[Subscriber] = []
        self._waiters: list[asyncio.Future[None]] = []
        self._on_close: list[Callable[[], None]] = []
        self._seq = first_seq - 1

    def publish(self, event: ev.Event) -> None:
        """Number, timestamp, fold and deliver an event built without ``run_id``, ``seq``, ``t``.

        Once the log is closed nothing more happens in the run: a late event
        (a thread racing the end) is dropped, so ``run_finished`` stays last.
        """
        if self.closed and event.kind != "run_finished":
            log.debug("notebook_router: run %s has finished; dropped %s", self.run_id, event.kind)
            return
        self._seq += 1
        event.run_id = self.run_id
        event.seq = self._seq
        event.t = monotonic() - self.t0
        self._events.append(event)
        # Not guarded: a reducer bug is the run's bug, not a subscriber's.
        folds = self._folds
        if folds is not None:
            handler = folds.get(type(event))
            if handler is not None:
                handler(event)
        elif self._fold is not None:
            self._fold(event)
        for subscriber in self._subscribers:
            try:
                subscriber(event)
            except Exception:  # a broken panel or store must never break the run
                log.exception("notebook_router: event subscriber %r failed", subscriber)
        if self._waiters:
            waiters, self._waiters = self._waiters, []
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(None)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every later event; returns the unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    async def follow(self) -> AsyncIterator[ev.Event]:
        """Every event from the first, as it happens, until the log is closed."""
        i = 0
        while True:
            while i < len(self._events):
                yield self._events[i]
                i += 1
            if self.closed:
                return
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            await waiter

    def close(self, last: ev.Event) -> None:
        """Publish ``last`` as the log's final event, then call the :meth:`on_close` callbacks."""
        self.closed = True  # set first: readers stop after ``last``
        self.publish(last)
        callbacks, self._on_close = self._on_close, []
        for callback in callbacks:
            try:
                callback()
            except Exception:  # as with subscribers: never break the run
                log.exception("notebook_router: event log close callback %r failed", callback)

    def on_close(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the log is closed (at once if it already is)."""
        if self.closed:
            callback()
        else:
            self._on_close.append(callback)

    def snapshot(self) -> list[ev.Event]:
        """The events so far (a copy)."""
        return list(self._events)

    def since(self, index: int) -> list[ev.Event]:
        """The events from position ``index`` of the log on (a copy of that part).

        Readers that batch (the session store) keep a position instead of
        subscribing: a subscriber is a Python call per event on the loop's
        hot path, a slice per batch is nearly free.
        """
        return self._events[index:]

    @property
    def count(self) -> int:
        """How many events the log holds."""
        return len(self._events)

    @property
    def last_seq(self) -> int:
        """The sequence number of the latest event (0 before the first)."""
        return self._seq

    def now(self) -> float:
        """Seconds since the run started."""
        return monotonic() - self.t0
