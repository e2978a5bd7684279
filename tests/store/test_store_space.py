"""What the session database costs on disk: a run costs what it stored, a purge gives it back.

Sizes are of the files as they are on disk (database, write-ahead log and its
index), read after each step as ``%route store`` and ``%route purge`` do.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from notebook_router import Router
from notebook_router.store import SessionStore
from notebook_router.store.database import PAGE_SIZE
from tests.store.resume_agents import AGENTS

TASK = "Load the numbers, then add them up"


def _log_bytes(store: SessionStore) -> int:
    return os.path.getsize(store.path + "-wal")


async def _runs(store: SessionStore, n: int) -> None:
    for _ in range(n):
        await Router(AGENTS, store=store).run(TASK)
    store.flush()


async def test_a_finished_run_costs_the_database_about_what_it_stored(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    await _runs(store, 1)  # the first run's rows start the tables' pages
    before = store.size_bytes()
    await _runs(store, 10)
    per_run = (store.size_bytes() - before) / 10
    # A few kilobytes of events, results and plan: a page each at most. Every commit
    # appends whole pages to the write-ahead log, which used to stay on disk at ~180 KB a
    # run until SQLite folded it at 4 MB; the log is folded as each run ends.
    assert per_run <= PAGE_SIZE, per_run
    assert _log_bytes(store) == 0
    store.close()


async def test_purging_every_run_returns_the_file_to_its_empty_size(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    empty = store.size_bytes()
    await _runs(store, 30)
    assert store.size_bytes() > empty + 4 * PAGE_SIZE
    assert store.purge(0) == 30
    assert store.size_bytes() == empty
    assert store.runs() == []
    store.close()


async def test_a_database_made_before_incremental_vacuuming_shrinks_on_its_first_purge(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sessions.db"
    older = sqlite3.connect(path)  # a file with a table already: its vacuum mode stays
    older.execute(f"PRAGMA page_size={PAGE_SIZE}")
    older.execute("CREATE TABLE notes (text TEXT)")
    older.close()
    store = SessionStore(path)
    assert store.db.one("PRAGMA auto_vacuum")[0] == 0  # type: ignore[index]
    empty = store.size_bytes()
    await _runs(store, 30)
    store.purge(0)
    # One page more than it was: the pointer map incremental vacuuming keeps.
    assert store.size_bytes() <= empty + PAGE_SIZE
    # Vacuumed once, it vacuums incrementally from then on.
    assert store.db.one("PRAGMA auto_vacuum")[0] == 2  # type: ignore[index]
    store.close()
