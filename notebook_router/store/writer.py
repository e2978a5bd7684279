"""The store's writer thread: commits batches of statements, off the event loop.

Whoever records (a :class:`~notebook_router.store.recorder.RunRecorder`)
hands over ready-made statements with one ``deque.append``; the thread
commits everything queued as one short transaction every ``interval_s``
seconds, or at once when asked (a run ended, someone wants to read). So a
slow disk, or another kernel holding the database's write lock, never
stalls a run, and a kernel killed mid-run loses at most what was queued.
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
from typing import Any

from notebook_router.store.database import Database

log = logging.getLogger("notebook_router")

Statement = tuple[str, list[tuple[Any, ...]]]
"""SQL and the parameter rows to run it with (``executemany``)."""
Batch = list[Statement] | Callable[[], list[Statement]]
"""Statements, or a function the writer thread calls for them (work kept off the loop)."""


class BatchWriter:
    """Queues statements from any thread; one daemon thread commits them in batches."""

    def __init__(self, db: Database, *, interval_s: float = 0.2) -> None:
        self.db = db
        self.interval_s = interval_s
        self.batches = 0
        self.failures = 0
        self._queue: deque[Batch] = deque()
        self._wake = threading.Event()
        self._flushed = threading.Condition()
        self._submitted = 0
        self._written = 0
        self._closed = False
        self._folds_asked = 0
        self._folds_done = 0
        """Folds of the write-ahead log asked for (a run ended) and done, counted: a fold asked
        for while one is under way is done again after it."""
        self._thread = threading.Thread(
            target=self._main, name="notebook_router store writer", daemon=True
        )
        self._thread.start()
        _OPEN_WRITERS.add(self)

    def submit(self, statements: Batch) -> None:
        """Queue statements for the next transaction (cheap; safe from any thread).

        ``statements`` may be a function that returns them: the writer thread
        calls it just before committing, in queue order. Once the writer is
        closed nothing is queued (a run outliving its store is not recorded).
        """
        if self._closed:
            return
        self._queue.append(statements)
        self._submitted += 1

    def soon(self, *, fold: bool = False) -> None:
        """Commit what is queued now rather than at the next interval (``fold``: then fold
        the write-ahead log into the database, see :meth:`Database.fold_log`)."""
        if fold:
            self._folds_asked += 1
        self._wake.set()

    def flush(self, timeout: float = 30.0) -> bool:
        """Block until everything submitted so far is committed (and the log folded, if a
        run that ended asked for it); False on timeout."""
        target = self._submitted
        deadline = time.monotonic() + timeout
        self._wake.set()
        with self._flushed:
            while (
                self._written < target or self._folds_done < self._folds_asked
            ) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._flushed.wait(min(left, 0.05))
                self._wake.set()
        return self._written >= target

    def close(self, timeout: float = 30.0) -> None:
        """Commit what is left and stop the thread (idempotent)."""
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
            if self._folds_done < self._folds_asked:
                self._fold_log()
            if closing:
                self._drain()
                return

    def _drain(self) -> None:
        queue = self._queue
        while queue:
            groups: list[Batch] = []
            while queue and len(groups) < 64:
                groups.append(queue.popleft())
            prepared = [self._statements(group) for group in groups]
            if not self._commit([s for group in prepared for s in group], quiet=len(groups) > 1):
                # One transaction for many batches is what keeps the writer
                # cheap; when it fails, commit them one by one so a bad batch
                # (say, another kernel deleted a row it refers to) costs only itself.
                for group in prepared:
                    self._commit(group)
            with self._flushed:
                self._written += len(groups)
                self._flushed.notify_all()

    def _fold_log(self) -> None:
        asked = self._folds_asked
        try:
            self.db.fold_log()
        except Exception:  # the log is folded at the next run's end anyway
            log.exception("notebook_router: could not fold the log of %s", self.db.path)
        finally:
            with self._flushed:
                self._folds_done = asked
                self._flushed.notify_all()

    def _statements(self, batch: Batch) -> list[Statement]:
        if not callable(batch):
            return batch
        try:
            return batch()
        except Exception:  # a bug in one batch must not stop the others
            self.failures += 1
            log.exception("notebook_router: could not prepare statements for %s", self.db.path)
            return []

    def _commit(self, statements: list[Statement], *, quiet: bool = False) -> bool:
        """Write ``statements`` in one transaction; False if they could not be written.

        ``quiet``: a failure is not logged or counted (the caller retries
        the statements in smaller groups).
        """
        for attempt in range(3):
            try:
                with self.db.transaction() as conn:
                    for sql, rows in statements:
                        if rows:
                            conn.executemany(sql, rows)
                self.batches += 1
                return True
            except sqlite3.OperationalError as exc:  # locked past the busy timeout, disk full
                if attempt == 2 or self.db.closed:
                    if not quiet:
                        self._give_up(len(statements), exc)
                    return False
                time.sleep(0.2 * (attempt + 1))
            except Exception as exc:  # a constraint, a schema problem, a value SQLite refuses
                # (an integer too big...): not worth retrying, and it must
                # never end the thread, or every later write would be lost.
                if not quiet:
                    self._give_up(len(statements), exc)
                return False
        return False

    def _give_up(self, count: int, exc: BaseException) -> None:
        self.failures += 1
        log.error(
            "notebook_router: could not write %d statements to the session database %s: %s",
            count,
            self.db.path,
            exc,
        )


_OPEN_WRITERS: weakref.WeakSet[BatchWriter] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    # A script or kernel that exits normally commits its last batch first.
    for writer in list(_OPEN_WRITERS):
        with contextlib.suppress(Exception):
            writer.close(timeout=5.0)
