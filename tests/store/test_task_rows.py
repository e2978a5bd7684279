"""Task rows are made from the Task dataclass's fields: every field goes in and comes back."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, fields
from pathlib import Path

from notebook_router import Router
from notebook_router.planner.state import Task
from notebook_router.store import SessionStore
from notebook_router.store.task_rows import task_from_row
from tests.store.resume_agents import AGENTS


async def test_every_task_field_survives_the_round_trip_through_the_database(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path)
    run = Router(AGENTS, store=store).start("Load the numbers, then add them up")
    await run
    store.close()
    stored = SessionStore(tmp_path).load(run.id)
    assert [asdict(t) for t in stored.tasks] == [asdict(t) for t in run.state.plan]
    # Every field, created_at and the timings included, is in the row.
    assert {f.name for f in fields(Task)} <= set(asdict(stored.tasks[0]))
    assert stored.tasks[0].created_at == run.state.plan.tasks["t1"].created_at > 0


def test_a_row_written_before_rows_kept_json_is_read_from_its_columns() -> None:
    db = sqlite3.connect(":memory:")
    db.row_factory = sqlite3.Row
    db.execute(
        "CREATE TABLE tasks (id TEXT, description TEXT, agent TEXT, depends_on TEXT, "
        "status TEXT, attempts INTEGER, summary TEXT, note TEXT, data TEXT)"
    )
    db.execute(
        "INSERT INTO tasks VALUES ('t2', 'Add them up', 'total', '[\"t1\"]', 'fulfilled', 1, "
        "'31', NULL, NULL)"
    )
    task = task_from_row(db.execute("SELECT * FROM tasks").fetchone())
    assert task == Task(
        id="t2",
        description="Add them up",
        agent="total",
        depends_on=("t1",),
        status="fulfilled",
        attempts=1,
        summary="31",
    )
