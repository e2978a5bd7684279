"""Writing off the hot path: a buffer the loop appends to, a thread that flushes it.

The event loop's side of the store is one ``deque.append`` per item (plus
waking the thread when a batch is full), so a slow disk or another kernel
holding the write lock can never stall a run. The writer thread turns a
batch into rows and commits it as one short transaction every ``interval_s``
seconds or ``max_batch`` items, whichever comes first; a kernel killed
mid-run loses at most the batch in flight.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import sqlite3
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from notebook_router.store.database import Database

log = logging.getLogger("notebook_router")


Statement = tuple[str, list[tuple[Any, ...]]]
"""SQL and the parameter rows to run it with (``executemany``)."""


class BatchHandler(Protocol):
    """Turns buffered items into statements for the writer's next transaction."""

    def encode(self, items: list[Any], pause: Callable[[], None]) -> list[Statement]:
        """Statements for ``items`` (in the order submitted); call ``pause()`` now and then."""
        ...


class BatchWriter:
    """Buffers items on any thread; one daemon thread writes them in batches."""

    def __init__(self, db: Database, *, max_batch: int = 512, interval_s: float = 0.2) -> None:
        self.db = db
        self.max_batch = max_batch
        self.interval_s = interval_s
        self.batches = 0
        self.failures = 0
        self._items: deque[tuple[BatchHandler, Any]] = deque()
        self._wake = threading.Event()
        self._flushed = threading.Condition()
        self._submitted = 0
        self._written = 0
        self._closed = False
        self._thread = threading.Thread(
            target=self._main, name="notebook_router store writer", daemon=True
        )
        self._thread.start()
        _OPEN_WRITERS.add(self)

    def submit(self, handler: BatchHandler, item: Any) -> None:
        """Queue ``item`` for ``handler`` (cheap; safe from any thread)."""
        self._items.append((handler, item))
        self._submitted += 1
        if len(self._items) >= self.max_batch:
            self._wake.set()

    def soon(self) -> None:
        """Write what is queued now rather than at the next interval (e.g. a run ended)."""
        self._wake.set()

    def flush(self, timeout: float = 30.0) -> bool:
        """Block until everything submitted so far is written; False on timeout."""
        target = self._submitted
        deadline = time.monotonic() + timeout
        self._wake.set()
        with self._flushed:
            while self._written < target and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._flushed.wait(min(left, 0.05))
                self._wake.set()
        return self._written >= target

    def close(self, timeout: float = 30.0) -> None:
        """Write what is left and stop the thread (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._wake.set()
        self._thread.join(timeout)
        _OPEN_WRITERS.discard(self)

    # ---------------------------------------------------------------- thread

    def _main(self) -> None:
        while True:
            self._wake.wait(self.interval_s)
            self._wake.clear()
            closing = self._closed
            self._drain()
            if closing:
                self._drain()
                return

    def _drain(self) -> None:
        items = self._items
        while items:
            batch: list[tuple[BatchHandler, Any]] = []
            while items and len(batch) < self.max_batch * 4:
                batch.append(items.popleft())
            self._write(batch)
            with self._flushed:
                self._written += len(batch)
                self._flushed.notify_all()

    def _write(self, batch: list[tuple[BatchHandler, Any]]) -> None:
        grouped: dict[int, tuple[BatchHandler, list[Any]]] = {}
        for handler, item in batch:
            entry = grouped.get(id(handler))
            if entry is None:
                grouped[id(handler)] = (handler, [item])
            else:
                entry[1].append(item)
        try:
            # Encoding (Python work) happens before the transaction, so another
            # kernel waits for our write lock only as long as SQLite needs it.
            statements = [s for h, items in grouped.values() for s in h.encode(items, _pause)]
        except Exception as exc:  # a bug in a handler must not kill the thread
            self._give_up(batch, exc)
            return
        for attempt in range(3):
            try:
                with self.db.transaction() as conn:
                    for sql, rows in statements:
                        if rows:
                            conn.executemany(sql, rows)
                self.batches += 1
                return
            except sqlite3.OperationalError as exc:  # locked past the busy timeout, disk full
                if attempt == 2 or self.db.closed:
                    self._give_up(batch, exc)
                    return
                time.sleep(0.2 * (attempt + 1))
            except sqlite3.Error as exc:  # a constraint or schema problem: not worth retrying
                self._give_up(batch, exc)
                return

    def _give_up(self, batch: list[Any], exc: BaseException) -> None:
        self.failures += 1
        log.error(
            "notebook_router: could not write %d items to the session database %s: %s",
            len(batch),
            self.db.path,
            exc,
        )


_OPEN_WRITERS: weakref.WeakSet[BatchWriter] = weakref.WeakSet()


def _close_all() -> None:
    # A script or kernel that exits normally writes its last batch first.
    for writer in list(_OPEN_WRITERS):
        with contextlib.suppress(Exception):
            writer.close(timeout=5.0)


def _pause() -> None:
    # sleep(0) releases the GIL, so a waiting event loop thread runs at once
    # instead of after the interpreter's 5 ms switch interval.
    time.sleep(0)


atexit.register(_close_all)
