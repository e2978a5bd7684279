"""Opening the session database: where it lives, WAL mode, one lock per connection.

Several kernels may share a notebook folder, so the database runs in WAL
mode (readers never wait for a writer) with a busy timeout (a writer waits
for another kernel's short transaction instead of failing), and every write
is one short ``BEGIN IMMEDIATE`` transaction that takes the write lock up
front: a deferred transaction that upgrades from read to write can fail with
"database is locked" without waiting at all.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from notebook_router.errors import StoreError
from notebook_router.store.codec import events_text
from notebook_router.store.schema import SCHEMA_VERSION, migrate

MEMORY = ":memory:"
FOLDER = ".notebook_router"
FILENAME = "sessions.db"
BUSY_TIMEOUT_S = 15.0
PAGE_SIZE = 16384
"""Bytes per page of a new database (SQLite's default is 4096; an existing file keeps its own).

A run's events are stored as one JSON text per batch (about 800 KB for a
1,000-step run), which SQLite writes as a chain of overflow pages, each one
a write to the log and another when it is folded into the file: four times
fewer pages cut the writer thread's CPU by a quarter (measured on replays
of that run; 32 KB saves no more and leaves pages emptier).
"""
WAL_CHECKPOINT_BYTES = 4_096_000
"""How big the write-ahead log grows before SQLite folds it into the database (and what
its file is cut back to then: SQLite would otherwise keep it at its largest)."""

_GITIGNORE = "# Written by notebook_router: run history, results and context of this folder.\n*\n"


def resolve_location(location: str | os.PathLike[str] | None = None) -> str:
    """The database file for ``location``.

    ``None`` means ``.notebook_router/sessions.db`` in the current directory
    (a Jupyter kernel starts in its notebook's folder, so that is next to
    the notebook); a directory gets ``sessions.db`` inside it; ``:memory:``
    stays in memory.
    """
    if location is None:
        return str(Path.cwd() / FOLDER / FILENAME)
    text = os.fspath(location)
    if text == MEMORY:
        return MEMORY
    path = Path(text).expanduser()
    if path.is_dir() or (not path.suffix and not path.exists()):
        path = path / FILENAME
    return str(path)


class Database:
    """A SQLite connection at the current schema, shared by threads behind a lock."""

    def __init__(self, location: str | os.PathLike[str] | None = None) -> None:
        self.path = resolve_location(location)
        self.memory = self.path == MEMORY
        if not self.memory:
            _prepare_folder(Path(self.path).parent)
        try:
            self._conn = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_S,
                isolation_level=None,  # we issue BEGIN/COMMIT ourselves
                check_same_thread=False,  # shared behind self.lock
            )
        except sqlite3.Error as exc:
            raise StoreError(
                f"Cannot open the session database {self.path}: {exc}. Point it elsewhere "
                "with NOTEBOOK_ROUTER_STORE=PATH (or 'off' to run without one)."
            ) from None
        self._conn.row_factory = sqlite3.Row
        self.lock = threading.RLock()
        self.id = uuid.uuid4().hex
        conn = self._conn
        # The event_log view reads deflated batches of events through it.
        conn.create_function("events_text", 1, _events_text, deterministic=True)
        try:
            if not self.memory:
                # Only take effect before the first table is created (a new
                # file): an existing database keeps its page size, and gets
                # incremental vacuuming at its first purge (see reclaim()).
                conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
                conn.execute("PRAGMA auto_vacuum=INCREMENTAL")
                conn.execute("PRAGMA journal_mode=WAL")
                # NORMAL in WAL mode: a commit survives a crash of the process
                # (kill -9); only a power cut can lose the last transactions.
                conn.execute("PRAGMA synchronous=NORMAL")
                # SQLite checkpoints the log every 1,000 pages: with large pages, 16 MB
                # of log. Count in bytes as the default does (1,000 pages of 4 KB),
                # by the file's own page size (an older file keeps 4 KB pages).
                page = int(conn.execute("PRAGMA page_size").fetchone()[0])
                conn.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_BYTES // page}")
                conn.execute(f"PRAGMA journal_size_limit={WAL_CHECKPOINT_BYTES}")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            self.upgraded_from = migrate(conn, self.path)
            if not self.memory and self.upgraded_from < SCHEMA_VERSION:
                self._fold(conn)  # a new file is its tables, not a log of creating them
        except sqlite3.OperationalError as exc:
            # Locked (another kernel migrating or writing past the busy timeout),
            # read-only, disk full: the file may be fine, so do not say move it.
            conn.close()
            raise StoreError(
                f"Cannot use the session database {self.path} right now ({exc}). If another "
                "kernel is busy with it, try again; otherwise check the folder can be written, "
                "or set NOTEBOOK_ROUTER_STORE to another path."
            ) from None
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(
                f"{self.path} is not a usable session database ({exc}). Move it aside and a "
                "new one is created, or set NOTEBOOK_ROUTER_STORE to another path."
            ) from None
        self.version = SCHEMA_VERSION
        self.closed = False

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction (the write lock is taken at once)."""
        with self.lock:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                # Also when COMMIT itself fails (disk full, a deferred constraint):
                # a transaction left open would hold the write lock for good.
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Rows of a read-only statement."""
        with self.lock:
            return self._conn.execute(sql, params).fetchall()

    def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """The first row of a read-only statement, if any."""
        with self.lock:
            row: sqlite3.Row | None = self._conn.execute(sql, params).fetchone()
            return row

    def size_bytes(self) -> int:
        """Bytes on disk (database, write-ahead log and index), or in memory."""
        if self.memory:
            row = self.one("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")
            return int(row[0]) if row else 0
        total = 0
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                total += os.path.getsize(self.path + suffix)
        return total

    def fold_log(self) -> None:
        """Fold the write-ahead log into the database file and empty it, if no other
        connection is reading it right now (then it is left for the next time: never
        waited for).

        Every commit appends whole pages to the log, so a run that commits every few
        tenths of a second leaves a log tens of times the size of what it stored;
        folded when the run ends, the run costs the database what it stored.
        """
        if not self.memory and not self.closed:
            with self.lock:
                self._fold(self._conn)

    def reclaim(self) -> None:
        """Give the pages that deletions freed back to the file system (after a purge).

        A database made by this version vacuums incrementally (cheap: the free pages
        at the end are cut off); an older one is vacuumed once, which also turns on
        incremental vacuuming for the next time.
        """
        if self.memory:
            return
        with self.lock:
            conn = self._conn
            free = int(conn.execute("PRAGMA freelist_count").fetchone()[0])
            incremental = int(conn.execute("PRAGMA auto_vacuum").fetchone()[0]) == 2
            if free and incremental:
                # Each step of the statement frees one page, and execute() steps once:
                # executescript() steps it to the end (there is no transaction to commit).
                conn.executescript("PRAGMA incremental_vacuum;")
            elif free:
                conn.execute("PRAGMA auto_vacuum=INCREMENTAL")
                conn.execute("VACUUM")
            self._fold(conn)

    @staticmethod
    def _fold(conn: sqlite3.Connection) -> None:
        """Checkpoint and truncate the log without waiting for readers."""
        conn.execute("PRAGMA busy_timeout=0")
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.OperationalError:  # another kernel holds it: the next fold will do
            pass
        finally:
            conn.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self.lock:
            if not self.closed:
                self.closed = True
                self._conn.close()


def _events_text(data: str | bytes | None) -> str | None:
    return None if data is None else events_text(data)


def _prepare_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"Cannot create {folder} for the session database ({exc.strerror}). Point it "
            "elsewhere with NOTEBOOK_ROUTER_STORE=PATH, or set it to 'off'."
        ) from None
    if folder.name == FOLDER:
        ignore = folder / ".gitignore"
        if not ignore.exists():
            with contextlib.suppress(OSError):  # a read-only folder is not worth failing over
                ignore.write_text(_GITIGNORE, encoding="utf-8")
