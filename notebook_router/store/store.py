"""The session store: runs, events, tasks and context of a notebook folder, in SQLite.

>>> store = SessionStore(":memory:")
>>> store.runs()
[]

A :class:`~notebook_router.Router` given a store records every run it
starts (``Router(agents, store=store)``), and ``router.resume(run_id)``
continues one that a crash or restart interrupted. The notebook layer opens
one per kernel in ``.notebook_router/`` next to the notebook.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
import weakref
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from notebook_router.errors import RunNotStoredError, StoreError
from notebook_router.media import Media
from notebook_router.store import codec
from notebook_router.store.database import Database
from notebook_router.store.durations import DEFAULT_EXPIRY, parse_duration
from notebook_router.store.liveness import pid_alive
from notebook_router.store.models import RunInfo, StoredRun, ValueBatch, from_unix
from notebook_router.store.recorder import RunRecorder
from notebook_router.store.restore import Rebuilt, rebuild
from notebook_router.store.task_rows import task_from_row
from notebook_router.store.writer import BatchWriter
from notebook_router.supervisor.combos import DEFAULT_TTL_S as DEFAULT_COMBO_TTL_S

if TYPE_CHECKING:
    from notebook_router.planner.run import Run
    from notebook_router.store.facts import FactStore
    from notebook_router.store.recordings import RecordingIndex
    from notebook_router.supervisor.combos import AgentComboCache

_RUN_COLUMNS = """
    r.id, r.query, r.goal, r.model, r.agents, r.style, r.status, r.stop_reason, r.stop_detail,
    r.answer, r.started_at, r.updated_at, r.finished_at, r.iterations, r.total_tokens,
    r.cost_usd, r.last_seq, r.max_iterations, r.session_id, r.resumes, r.imported,
    s.pid, s.host, s.notebook,
    (SELECT COUNT(*) FROM tasks t WHERE t.run_id = r.id) AS n_tasks,
    (SELECT COUNT(*) FROM tasks t WHERE t.run_id = r.id
        AND t.status IN ('fulfilled', 'partial')) AS n_done
"""


class SessionStore:
    """Persistent runs for one folder (or ``:memory:``), shared safely between kernels."""

    def __init__(
        self,
        location: str | os.PathLike[str] | None = None,
        *,
        expiry: str | float | timedelta | None = DEFAULT_EXPIRY,
        flush_interval_s: float = 0.2,
        notebook: str = "",
    ) -> None:
        """Open (creating and upgrading as needed) the database at ``location``.

        ``location``: a file, a folder (``sessions.db`` inside it), ``:memory:``,
        or None for ``.notebook_router/sessions.db`` in the current directory.
        ``expiry``: purge runs older than this on opening (``30d``, a
        timedelta, days as a number, or None to keep everything).
        ``flush_interval_s``: how often a running run's new events are handed
        to the writer thread (and how often it commits): a killed kernel
        loses at most about this much of a run.
        """
        self.db = Database(location)
        self.path = self.db.path
        self.expiry = None if expiry is None else parse_duration(expiry)
        self.writer = BatchWriter(self.db, interval_s=flush_interval_s)
        self._flush_interval_s = flush_interval_s
        self._recorders: weakref.WeakSet[RunRecorder] = weakref.WeakSet()
        self.session_id = self.db.id
        self.host = socket.gethostname()
        try:
            with self.db.transaction() as conn:
                conn.execute(
                    "INSERT INTO sessions (id, started_at, host, pid, notebook) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (self.session_id, time.time(), self.host, os.getpid(), notebook),
                )
            self.purged_on_open = self.purge(self.expiry) if self.expiry is not None else 0
            self.db.fold_log()  # an idle store is its file, with no log beside it
        except sqlite3.Error as exc:
            # Locked by another kernel for longer than the busy timeout, a full or
            # read-only disk: say so (callers turn the store off, runs go on) and
            # leave no thread or connection behind.
            self.close()
            raise StoreError(
                f"Cannot write to the session database {self.path} ({exc}). Another kernel "
                "may be holding it, or the disk is full or read-only; "
                "`%route store PATH` picks another."
            ) from None

    # ---------------------------------------------------------------- record

    def attach(self, run: Run) -> RunRecorder:
        """Record ``run`` from now on (call before it starts; Router does this)."""
        recorder = RunRecorder(
            run,
            self.writer,
            self.session_id,
            resumed=run.resumed is not None,
            interval_s=self._flush_interval_s,
        )
        self._recorders.add(recorder)
        return recorder

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything recorded so far (on this thread's runs) is in the database."""
        for recorder in list(self._recorders):
            recorder.flush()
        return self.writer.flush(timeout)

    # ------------------------------------------------------------------ read

    def runs(self, limit: int | None = 100) -> list[RunInfo]:
        """Stored runs, newest first."""
        self.flush()
        sql = (
            f"SELECT {_RUN_COLUMNS} FROM runs r LEFT JOIN sessions s ON s.id = r.session_id "
            "ORDER BY r.started_at DESC, r.rowid DESC"
        )
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [self._info(row) for row in self.db.query(sql)]

    def stored(self, run_ids: list[str]) -> set[str]:
        """Which of ``run_ids`` the database holds."""
        self.flush()
        found: set[str] = set()
        for start in range(0, len(run_ids), 500):
            chunk = run_ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.query(f"SELECT id FROM runs WHERE id IN ({marks})", chunk)
            found.update(row["id"] for row in rows)
        return found

    def count(self) -> int:
        """How many runs are stored."""
        row = self.db.one("SELECT COUNT(*) FROM runs")
        return int(row[0]) if row else 0

    def run(self, ident: str) -> RunInfo:
        """One run by id or unique id prefix."""
        self.flush()
        rows = self.db.query(
            f"SELECT {_RUN_COLUMNS} FROM runs r LEFT JOIN sessions s ON s.id = r.session_id "
            "WHERE r.id LIKE ? ESCAPE '\\' ORDER BY r.started_at DESC LIMIT 6",
            (_like_prefix(ident),),
        )
        exact = [r for r in rows if r["id"] == ident]
        if exact:
            return self._info(exact[0])
        if len(rows) == 1:
            return self._info(rows[0])
        if rows:
            raise RunNotStoredError(ident, [r["id"] for r in rows], ambiguous=True)
        raise RunNotStoredError(ident, [r.id for r in self.runs(limit=10)])

    def load(self, ident: str) -> StoredRun:
        """Everything stored about one run: summary, events, plan, results and context."""
        info = self.run(ident)
        events = []
        for row in self.db.query(
            "SELECT data FROM events WHERE run_id = ? ORDER BY first_seq", (info.id,)
        ):
            events.extend(codec.decode_events(row["data"]))
        tasks = [
            task_from_row(r)
            for r in self.db.query(
                "SELECT * FROM tasks WHERE run_id = ? ORDER BY position", (info.id,)
            )
        ]
        stored = StoredRun(info=info, events=events, tasks=tasks)
        self._values(stored)
        run_row = self.db.one("SELECT attachments FROM runs WHERE id = ?", (info.id,))
        stored.attachments = json.loads(run_row["attachments"]) if run_row else []
        return stored

    def rebuild(self, ident: str) -> Rebuilt:
        """The run's state as it stood at its last recorded event (see :mod:`.restore`)."""
        return rebuild(self.load(ident), self.media)

    def media(self, ref: dict[str, Any]) -> Media | None:
        """The stored media a reference points to (None if it was not kept)."""
        row = self.db.one("SELECT mime_type, data FROM media WHERE digest = ?", (ref["digest"],))
        if row is None:
            return None
        data: bytes | str = bytes(row["data"])
        if ref.get("text"):
            data = data.decode("utf-8", errors="replace")  # type: ignore[union-attr]
        return Media(
            mime_type=row["mime_type"],
            data=data,
            source=str(ref.get("source", "")),
            description=str(ref.get("description", "")),
        )

    def size_bytes(self) -> int:
        """The database's size on disk (with its write-ahead log)."""
        return self.db.size_bytes()

    def claim(self, run_id: str) -> None:
        """Make this kernel the owner of ``run_id`` (atomically: two kernels resuming
        the same run at once cannot both get it)."""
        from notebook_router.errors import ResumeError

        self.flush()
        with self.db.transaction() as conn:
            row = conn.execute(
                f"SELECT {_RUN_COLUMNS} FROM runs r LEFT JOIN sessions s ON s.id = r.session_id "
                "WHERE r.id = ?",
                (run_id,),
            ).fetchone()
            if row is None:
                raise RunNotStoredError(run_id)
            theirs = row["status"] == "running" and row["session_id"] != self.session_id
            if theirs and self._owner_alive(row):
                raise ResumeError(f"Run {run_id} is already running in another live kernel.")
            conn.execute(
                "UPDATE runs SET status = 'running', session_id = ?, updated_at = ? WHERE id = ?",
                (self.session_id, time.time(), run_id),
            )

    # --------------------------------------------------------------- expire

    def purge(self, older_than: str | float | timedelta, *, include_running: bool = False) -> int:
        """Delete runs that started more than ``older_than`` ago; return how many.

        Runs still going in a live kernel are kept unless ``include_running``.
        """
        cutoff = time.time() - parse_duration(older_than).total_seconds()
        self.flush()
        candidates = [
            info
            for info in self._infos("WHERE r.started_at < ?", (cutoff,))
            if include_running or info.status != "running"
        ]
        return self.delete([info.id for info in candidates])

    def delete(self, run_ids: list[str]) -> int:
        """Delete these runs with everything recorded about them; return how many."""
        if not run_ids:
            return 0
        with self.db.transaction() as conn:
            for start in range(0, len(run_ids), 500):
                chunk = run_ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                conn.execute(f"DELETE FROM runs WHERE id IN ({marks})", chunk)
                # What the memory and the index of recorded calls kept of them goes too.
                conn.execute(f"DELETE FROM arc WHERE run_id IN ({marks})", chunk)
                conn.execute(f"DELETE FROM model_calls WHERE run_id IN ({marks})", chunk)
            # Media is shared by digest: drop only what no remaining run refers to.
            conn.execute(
                "DELETE FROM media WHERE NOT EXISTS (SELECT 1 FROM tasks t, json_each(t.media) j "
                "WHERE json_extract(j.value, '$.digest') = media.digest) "
                "AND NOT EXISTS (SELECT 1 FROM runs r, json_each(r.attachments) j "
                "WHERE json_extract(j.value, '$.digest') = media.digest)"
            )
            # Sessions left without runs go too, but only those whose kernel is
            # gone: a live kernel's row is what its next run will refer to.
            idle = conn.execute(
                "SELECT id, host, pid FROM sessions WHERE id != ? AND id NOT IN "
                "(SELECT session_id FROM runs WHERE session_id IS NOT NULL)",
                (self.session_id,),
            ).fetchall()
            gone = [(i,) for i, host, pid in idle if host == self.host and not pid_alive(pid)]
            conn.executemany("DELETE FROM sessions WHERE id = ?", gone)
        self.db.reclaim()  # the file shrinks by what was deleted
        return len(run_ids)

    # --------------------------------------------------------------- extras

    @property
    def facts(self) -> FactStore:
        """The knowledge base: facts kept across runs."""
        from notebook_router.store.facts import FactStore

        return FactStore(self.db)

    def combo_cache(
        self, *, ttl_s: float = DEFAULT_COMBO_TTL_S, clock: Callable[[], float] = time.time
    ) -> AgentComboCache:
        """The agent-combination cache, kept in this database (shared by kernels here)."""
        from notebook_router.store.combos import SqliteComboBackend
        from notebook_router.supervisor.combos import AgentComboCache

        backend = SqliteComboBackend(self.db, ttl_s=ttl_s)
        return AgentComboCache(backend, ttl_s=ttl_s, clock=clock)

    @property
    def recordings(self) -> RecordingIndex:
        """The index of recorded model calls."""
        from notebook_router.store.recordings import RecordingIndex

        return RecordingIndex(self.db)

    def close(self) -> None:
        """Write what is recorded and queued, and close the database (idempotent).

        Runs still going (``%route store PATH`` switches stores mid-run) get
        their events so far written here; later ones are not recorded.
        """
        if not self.db.closed:
            for recorder in list(self._recorders):
                recorder.flush()  # on the loop's thread: encoded and queued now
        self.writer.close()
        self.db.close()

    def __enter__(self) -> SessionStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SessionStore({self.path!r})"

    # -------------------------------------------------------------- helpers

    def _infos(self, where: str, params: tuple[Any, ...]) -> list[RunInfo]:
        sql = f"SELECT {_RUN_COLUMNS} FROM runs r LEFT JOIN sessions s ON s.id = r.session_id "
        return [self._info(row) for row in self.db.query(sql + where, params)]

    def _info(self, row: Any) -> RunInfo:
        status = row["status"]
        n_tasks, n_done = row["n_tasks"], row["n_done"]
        if status == "running":
            if not self._owner_alive(row):
                status = "interrupted"
            n_tasks, n_done = self._live_counts(row["id"])
        return RunInfo(
            id=row["id"],
            query=row["query"],
            goal=row["goal"],
            status=status,
            stop_reason=row["stop_reason"],
            stop_detail=row["stop_detail"] or "",
            answer=row["answer"],
            model=row["model"],
            agents=tuple(json.loads(row["agents"] or "[]")),
            style=row["style"],
            started_at=from_unix(row["started_at"]),
            finished_at=None if row["finished_at"] is None else from_unix(row["finished_at"]),
            updated_at=from_unix(row["updated_at"]),
            iterations=row["iterations"],
            tasks=n_tasks,
            tasks_done=n_done,
            total_tokens=row["total_tokens"],
            cost_usd=row["cost_usd"],
            last_seq=row["last_seq"],
            max_iterations=row["max_iterations"],
            session_id=row["session_id"],
            notebook=row["notebook"] or "",
            resumes=row["resumes"],
            imported=bool(row["imported"]),
        )

    def _live_counts(self, run_id: str) -> tuple[int, int]:
        """Tasks planned and done so far, from the events (the plan is written at the end)."""
        row = self.db.one(
            "SELECT "
            "COALESCE(SUM(CASE WHEN kind = 'decision' "
            "THEN json_array_length(json_extract(data, '$.added')) END), 0), "
            "COUNT(DISTINCT CASE WHEN kind = 'task_finished' "
            "AND json_extract(data, '$.status') IN ('fulfilled', 'partial') "
            "THEN json_extract(data, '$.task_id') END) "
            "FROM event_log WHERE run_id = ?",
            (run_id,),
        )
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def _owner_alive(self, row: Any) -> bool:
        """Is the kernel that was running this run still there?"""
        if row["session_id"] == self.session_id:
            return True
        pid, host = row["pid"], row["host"]
        if pid is None:
            return False
        if host != self.host:
            # Another machine sharing the folder: trust it while it keeps writing.
            return bool(time.time() - row["updated_at"] < 24 * 3600)
        return pid_alive(int(pid))

    def _values(self, stored: StoredRun) -> None:
        """Fill in results, media and context: the latest snapshot, then later writes."""
        run_id = stored.info.id
        snapshot = self.db.one(
            "SELECT seq, format, data FROM context_snapshots WHERE run_id = ? "
            "ORDER BY seq DESC LIMIT 1",
            (run_id,),
        )
        since = -1
        if snapshot is not None:
            since = snapshot["seq"]
            stored.context.update(codec.decode_snapshot(snapshot["format"], snapshot["data"]))
        for row in self.db.query(
            "SELECT first_seq, format, data FROM run_values WHERE run_id = ? ORDER BY first_seq",
            (run_id,),
        ):
            batch = codec.decode_batch(row["format"], row["data"])
            stored.batches.append(ValueBatch(row["first_seq"], batch.results, batch.media))
            stored.results.update(batch.results)
            stored.media.update(batch.media)
            for seq, key, source, _version, value, restored in batch.context:
                if seq > since:
                    stored.context.pop(key, None)  # a re-written key moves to the end
                    stored.context[key] = (value, source, restored)


def _like_prefix(ident: str) -> str:
    escaped = ident.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return escaped + "%"
