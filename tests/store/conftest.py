"""What the store tests share: a store on the test's folder, the stored runs, an older database."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.store import SessionStore
from notebook_router.store.schema import migrate
from tests.store.resume_agents import AGENTS

TASK = "Load the numbers, then add them up"
"""Two tasks (``numbers``, then ``total``) of the offline planner over :data:`AGENTS`."""

OpenStore = Callable[..., SessionStore]


@pytest.fixture
def open_store(tmp_path: Path) -> Iterator[OpenStore]:
    """``open_store(where=tmp_path, **options)``: a :class:`SessionStore`, closed after the
    test however it ends (closing is idempotent: a test may close it itself)."""
    opened: list[SessionStore] = []

    def open_(where: Path | str = tmp_path, **options: Any) -> SessionStore:
        store = SessionStore(where, **options)
        opened.append(store)
        return store

    yield open_
    for store in opened:
        store.close()


async def stored_runs(store: SessionStore, n: int = 1, query: str = TASK) -> list[str]:
    """Run ``query`` over :data:`AGENTS` ``n`` times on ``store``, then flush its writer once;
    the run ids."""
    ids = [(await Router(AGENTS, store=store).run(query)).run_id for _ in range(n)]
    store.flush()
    return ids


def old_database(path: Path, version: int) -> None:
    """A database as ``version`` of the schema wrote it, with one finished run (``oldrun``,
    answer ``the old answer``) whose two events are stored as JSON text."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), target=version)
    now = time.time()
    conn.execute(
        "INSERT INTO sessions (id, started_at, host, pid) VALUES ('s1', ?, 'old-host', 1)", (now,)
    )
    conn.execute(
        "INSERT INTO runs (id, session_id, query, goal, status, stop_reason, answer, "
        "started_at, updated_at, last_seq) VALUES ('oldrun', 's1', 'q', 'q', 'finished', "
        "'completed', 'the old answer', ?, ?, 2)",
        (now, now),
    )
    events = [
        {
            "kind": "run_started",
            "run_id": "oldrun",
            "seq": 1,
            "t": 0.0,
            "query": "q",
            "goal": "q",
            "model": "offline:default",
            "agents": ["a"],
            "started_at": "2026-01-01T00:00:00+00:00",
        },
        {
            "kind": "run_finished",
            "run_id": "oldrun",
            "seq": 2,
            "t": 0.1,
            "stop_reason": "completed",
            "detail": "",
            "answer": "the old answer",
            "iterations": 1,
            "duration_s": 0.1,
            "total_tokens": 0,
            "cost_usd": 0.0,
        },
    ]
    conn.execute(
        "INSERT INTO events (run_id, first_seq, last_seq, data) VALUES ('oldrun', 1, 2, ?)",
        (json.dumps(events),),
    )
    conn.close()
