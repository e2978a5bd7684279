"""The session database's schema, as an ordered list of migrations.

A database records the version it is at in ``schema_version``; opening it
applies every later migration in order, each in its own transaction, so a
database written by any earlier release upgrades in place and a failed
migration leaves it at the last good version. Never edit a released
migration: append a new one.

Version 1: sessions, runs, events, tasks.
Version 2: task results and context changes, media, context snapshots, resume counts.

Events are written a batch to a row (a JSON array, in ``seq`` order): one
insert per batch instead of one per event keeps the store's cost per loop
step small. The ``event_log`` view gives one row per event for queries.
Version 3: knowledge-base facts, the agent-combination cache, the model-call index.
Version 4: the combination cache's full entries. Version 5: each task row's whole task as JSON.
Version 6: facts kept per notebook (``scope``), and the conversation arc of each notebook.
Version 7: batches of events stored deflated; ``event_log`` reads both kinds of row.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from notebook_router.errors import StoreVersionError

Migration = Callable[[sqlite3.Connection], None]


def _v1(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            started_at REAL NOT NULL,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            notebook TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
            query TEXT NOT NULL,
            goal TEXT NOT NULL,
            model TEXT NOT NULL DEFAULT '',
            agents TEXT NOT NULL DEFAULT '[]',
            style TEXT NOT NULL DEFAULT 'conversational',
            status TEXT NOT NULL DEFAULT 'running',
            stop_reason TEXT,
            stop_detail TEXT NOT NULL DEFAULT '',
            answer TEXT,
            started_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL,
            iterations INTEGER NOT NULL DEFAULT 0,
            total_tokens INTEGER NOT NULL DEFAULT 0,
            cost_usd REAL NOT NULL DEFAULT 0,
            last_seq INTEGER NOT NULL DEFAULT 0,
            max_iterations INTEGER
        );
        CREATE INDEX runs_by_start ON runs(started_at);
        CREATE TABLE events (
            run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            first_seq INTEGER NOT NULL,
            last_seq INTEGER NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (run_id, first_seq)
        ) WITHOUT ROWID;
        CREATE VIEW event_log AS
            SELECT e.run_id AS run_id,
                   json_extract(j.value, '$.seq') AS seq,
                   json_extract(j.value, '$.kind') AS kind,
                   json_extract(j.value, '$.t') AS t,
                   j.value AS data
            FROM events e, json_each(e.data) j;
        CREATE TABLE tasks (
            run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            position INTEGER NOT NULL DEFAULT 0,
            description TEXT NOT NULL,
            agent TEXT NOT NULL,
            depends_on TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            started_at REAL,
            finished_at REAL,
            summary TEXT,
            error TEXT,
            note TEXT,
            PRIMARY KEY (run_id, id)
        ) WITHOUT ROWID;
        """,
    )


def _v2(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        ALTER TABLE runs ADD COLUMN resumes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE runs ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE runs ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tasks ADD COLUMN confidence REAL;
        ALTER TABLE tasks ADD COLUMN media TEXT;
        CREATE TABLE run_values (
            run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            first_seq INTEGER NOT NULL,
            format TEXT NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (run_id, first_seq)
        ) WITHOUT ROWID;
        CREATE TABLE media (
            digest TEXT PRIMARY KEY,
            mime_type TEXT NOT NULL,
            data BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE context_snapshots (
            run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            format TEXT NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (run_id, seq)
        ) WITHOUT ROWID;
        """,
    )


def _v3(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE facts (
            id INTEGER PRIMARY KEY,
            topic TEXT NOT NULL DEFAULT '',
            text TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT '',
            run_id TEXT,
            confidence REAL NOT NULL DEFAULT 1.0,
            created_at REAL NOT NULL,
            UNIQUE (topic, text)
        );
        CREATE TABLE agent_cache (
            key TEXT PRIMARY KEY,
            agents TEXT NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL,
            hits INTEGER NOT NULL DEFAULT 0,
            last_hit_at REAL
        ) WITHOUT ROWID;
        CREATE TABLE model_calls (
            id INTEGER PRIMARY KEY,
            run_id TEXT,
            hash TEXT NOT NULL,
            provider TEXT NOT NULL,
            model TEXT NOT NULL,
            purpose TEXT NOT NULL,
            recording TEXT NOT NULL,
            line INTEGER NOT NULL,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0,
            cost_usd REAL NOT NULL DEFAULT 0,
            latency_s REAL NOT NULL DEFAULT 0,
            recorded_at TEXT NOT NULL DEFAULT '',
            UNIQUE (recording, line)
        );
        CREATE INDEX model_calls_by_hash ON model_calls(hash);
        CREATE INDEX model_calls_by_run ON model_calls(run_id);
        """,
    )


def _script(db: sqlite3.Connection, script: str) -> None:
    # Not executescript(): it commits first, and a migration must stay one transaction.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v4(db: sqlite3.Connection) -> None:
    # The combination cache keeps the whole entry the supervisor's cache uses
    # (route hint, recent agents, tokens, scores, the agents' fingerprint).
    _script(db, "ALTER TABLE agent_cache ADD COLUMN detail TEXT NOT NULL DEFAULT '{}';")


def _v5(db: sqlite3.Connection) -> None:
    # Each task row keeps the whole task as JSON, written from the Task
    # dataclass's own fields (store/task_rows.py): a new field needs no column.
    _script(db, "ALTER TABLE tasks ADD COLUMN data TEXT;")


def _v6(db: sqlite3.Connection) -> None:
    # Facts and the arc belong to a notebook (its name; "" when the kernel does
    # not know it): two notebooks in one folder share the file, not the memory.
    # SQLite cannot change a UNIQUE constraint in place: the table is rebuilt.
    _script(
        db,
        """
        CREATE TABLE facts_v6 (
            id INTEGER PRIMARY KEY,
            scope TEXT NOT NULL DEFAULT '',
            topic TEXT NOT NULL DEFAULT '',
            text TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT '',
            run_id TEXT,
            confidence REAL NOT NULL DEFAULT 1.0,
            created_at REAL NOT NULL,
            UNIQUE (scope, topic, text)
        );
        INSERT INTO facts_v6 (id, topic, text, source, run_id, confidence, created_at)
            SELECT id, topic, text, source, run_id, confidence, created_at FROM facts;
        DROP TABLE facts;
        ALTER TABLE facts_v6 RENAME TO facts;
        CREATE TABLE arc (
            id INTEGER PRIMARY KEY,
            scope TEXT NOT NULL DEFAULT '',
            run_id TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX arc_by_scope ON arc(scope, id);
        """,
    )


def _v7(db: sqlite3.Connection) -> None:
    # A batch of events longer than a few hundred bytes is stored deflated (a BLOB;
    # older batches stay text): the view reads both through events_text(), a function
    # every connection of the store registers (store/database.py).
    _script(
        db,
        """
        DROP VIEW event_log;
        CREATE VIEW event_log AS
            SELECT e.run_id AS run_id,
                   json_extract(j.value, '$.seq') AS seq,
                   json_extract(j.value, '$.kind') AS kind,
                   json_extract(j.value, '$.t') AS t,
                   j.value AS data
            FROM events e, json_each(events_text(e.data)) j;
        """,
    )


MIGRATIONS: tuple[Migration, ...] = (_v1, _v2, _v3, _v4, _v5, _v6, _v7)
"""``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)


def current_version(db: sqlite3.Connection) -> int:
    """The version ``db`` is at (0 for an empty database)."""
    exists = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if not exists:
        return 0
    row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(db: sqlite3.Connection, path: str, *, target: int = SCHEMA_VERSION) -> int:
    """Bring ``db`` (in autocommit mode) up to ``target``; return the version it started at.

    Each step runs in an immediate transaction that re-reads the version, so
    two kernels opening a new database at once apply every migration once.
    """
    start = current_version(db)
    if start > SCHEMA_VERSION:
        raise StoreVersionError(path, start, SCHEMA_VERSION)
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = current_version(db)
            if version >= target:
                db.execute("COMMIT")
                return start
            if version == 0:
                db.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version "
                    "(version INTEGER NOT NULL, applied_at REAL NOT NULL)"
                )
            MIGRATIONS[version](db)
            db.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                (version + 1, time.time()),
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
