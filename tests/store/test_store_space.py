"""What the session database costs on disk: a run costs what it stored, a purge gives it back.

Sizes are of the files as they are on disk (database, write-ahead log and its
index), read after each step as ``%route store`` and ``%route purge`` do.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.store import SCHEMA_VERSION, SessionStore
from notebook_router.store.database import PAGE_SIZE
from tests.store.conftest import OpenStore, old_database, stored_runs


def _log_bytes(store: SessionStore) -> int:
    return os.path.getsize(store.path + "-wal")


async def test_a_finished_run_costs_the_database_about_what_it_stored(
    open_store: OpenStore,
) -> None:
    store = open_store()
    await stored_runs(store, 1)  # the first run's rows start the tables' pages
    before = store.size_bytes()
    await stored_runs(store, 10)
    per_run = (store.size_bytes() - before) / 10
    # A few kilobytes of events, results and plan: a page each at most. Every commit
    # appends whole pages to the write-ahead log, which used to stay on disk at ~180 KB a
    # run until SQLite folded it at 4 MB; the log is folded as each run ends.
    assert per_run <= PAGE_SIZE, per_run
    assert _log_bytes(store) == 0


async def test_purging_every_run_returns_the_file_to_its_empty_size(
    open_store: OpenStore,
) -> None:
    store = open_store()
    empty = store.size_bytes()
    await stored_runs(store, 30)
    assert store.size_bytes() > empty + 4 * PAGE_SIZE
    assert store.purge(0) == 30
    assert store.size_bytes() == empty
    assert store.runs() == []


async def test_a_database_made_before_incremental_vacuuming_shrinks_on_its_first_purge(
    tmp_path: Path, open_store: OpenStore
) -> None:
    path = tmp_path / "sessions.db"
    older = sqlite3.connect(path)  # a file with a table already: its vacuum mode stays
    older.execute(f"PRAGMA page_size={PAGE_SIZE}")
    older.execute("CREATE TABLE notes (text TEXT)")
    older.close()
    store = open_store(path)
    assert store.db.one("PRAGMA auto_vacuum")[0] == 0  # type: ignore[index]
    empty = store.size_bytes()
    await stored_runs(store, 30)
    store.purge(0)
    # One page more than it was: the pointer map incremental vacuuming keeps.
    assert store.size_bytes() <= empty + PAGE_SIZE
    # Vacuumed once, it vacuums incrementally from then on.
    assert store.db.one("PRAGMA auto_vacuum")[0] == 2  # type: ignore[index]


# ------------------------------------------------- an offline run over a small table

QUESTIONS = (
    "What is the average revenue by region?",
    "Plot monthly revenue by month",
    "Which region had the highest total revenue?",
    "How many rows per region?",
)


RUNS = 64
"""Enough runs that whole 16 KB pages count for little (a page is 256 bytes a run)."""


def _events_bytes(store: SessionStore) -> int:
    row = store.db.one("SELECT SUM(pgsize) FROM dbstat WHERE name = 'events'")
    return int(row[0]) if row else 0


def _sales() -> Any:
    pd = pytest.importorskip("pandas")
    months = pd.date_range("2024-01-01", periods=24, freq="MS")
    return pd.DataFrame(
        {
            "month": months.repeat(4),
            "region": ["North", "South", "East", "West"] * 24,
            "revenue": [float(i * 7 % 101) for i in range(96)],
        }
    )


async def test_an_offline_run_over_a_small_table_costs_a_few_kilobytes(
    open_store: OpenStore,
) -> None:
    store = open_store(expiry=None)
    router = Router(store=store, data={"sales": _sales()}, memory=True)
    for question in QUESTIONS:  # the first runs start the tables' pages
        await router.run(question)
    store.flush()
    before, events_before = store.size_bytes(), _events_bytes(store)
    for i in range(RUNS):
        await router.run(QUESTIONS[i % len(QUESTIONS)])
    store.flush()
    per_run = (store.size_bytes() - before) / RUNS
    events_per_run = (_events_bytes(store) - events_before) / RUNS
    # Measured over these runs (seven times each): 6.9-8.2 KB a run, 3.8-4.6 KB of it
    # the events table, when each run's 3-4 KB of event JSON was stored as text (four
    # rows to a 16 KB page, pages split half full); 4.9-5.6 KB, 1.5-1.8 KB, deflated.
    assert per_run <= 6.5 * 1024, per_run
    assert events_per_run <= 2.5 * 1024, events_per_run
    kinds = {type(r["data"]) for r in store.db.query("SELECT data FROM events")}
    assert kinds == {bytes}


async def test_a_stored_run_reads_back_whole_for_the_finished_view_and_resume(
    open_store: OpenStore,
) -> None:
    from notebook_router.planner.events import event_to_dict
    from notebook_router.store.stored_bundle import stored_bundle

    store = open_store(expiry=None)
    router = Router(store=store, data={"sales": _sales()})
    run = router.start("Plot monthly revenue by month, and the average revenue by region")
    result = await run
    store.flush()
    live = [event_to_dict(e) for e in run.history_since(0)]

    stored = store.load(run.id)
    assert [event_to_dict(e) for e in stored.events] == live
    # The event_log view (listings of a run still going) reads the deflated rows too.
    kinds = [
        r["kind"] for r in store.db.query("SELECT kind FROM event_log WHERE run_id = ?", (run.id,))
    ]
    assert kinds == [e["kind"] for e in live]
    rebuilt = store.rebuild(run.id)
    assert rebuilt.state.answer == result.answer
    assert rebuilt.state.stop_reason == result.stop_reason
    assert {t: r.data is not None for t, r in rebuilt.state.results.items()} == {
        t: r.data is not None for t, r in run.state.results.items()
    }
    assert any(m.mime_type == "image/png" for m in rebuilt.media)
    view = stored_bundle(rebuilt, stored.info)
    assert result.answer.splitlines()[0] in view["text/plain"]
    assert "<img" in view["text/html"]


async def test_a_version_6_database_opens_and_keeps_its_runs_beside_new_ones(
    tmp_path: Path, open_store: OpenStore
) -> None:
    path = tmp_path / "sessions.db"
    old_database(path, 6)
    store = open_store(path, expiry=None)
    assert store.db.upgraded_from == 6 and store.db.version == SCHEMA_VERSION
    await stored_runs(store)
    runs = store.runs()
    assert len(runs) == 2 and all(r.status == "finished" for r in runs)
    stored = {type(r["data"]) for r in store.db.query("SELECT data FROM events")}
    assert stored == {str, bytes}  # the old run's text, the new run's deflated batch
    for info in runs:
        events = store.load(info.id).events
        assert [e.seq for e in events] == list(range(1, info.last_seq + 1))
        logged = store.db.query("SELECT seq FROM event_log WHERE run_id = ?", (info.id,))
        assert sorted(r["seq"] for r in logged) == [e.seq for e in events]
    assert store.rebuild("oldrun").state.answer == "the old answer"
