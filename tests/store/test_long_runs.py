"""Long runs in the session store: a plan of hundreds of tasks is written whole, cheaply, keyless."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Limits, Router, agent
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis, TaskSpec
from notebook_router.planner.planner import PlannerCall
from notebook_router.store import SessionStore
from notebook_router.store import writer as store_writer
from notebook_router.store.database import PAGE_SIZE
from notebook_router.store.task_rows import ROWS_PER_INSERT
from tests.store.disk import all_bytes

# Built at import time so that secret scanners do not flag the repository.
FAKE_KEY = "sk-" + "test-FAKE0123456789abcdefLONGRUN"
TASKS = 250


@agent(name="step", can=["step"])
async def step(context: Any) -> int:
    return len(context.task.id)


class _WholePlan:
    """Plans every task at once; asked again, says the goal is met."""

    def __init__(self, specs: list[TaskSpec]) -> None:
        self.specs = specs

    async def decide(self, call: PlannerCall) -> Decision:
        if call.iteration == 1:
            return Decision(action="parallel", run=self.specs)
        return Decision(action="complete")

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        return RedirectDecision(kind="status")

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        return Synthesis(answer="done")


def _descriptions() -> list[str]:
    # Hyphens everywhere (the character the key scan jumps to), and a key in one task.
    words = "-".join(["step-by-step"] * 30)
    return [f"t{i} {words}" + (f" use {FAKE_KEY}" if i == 137 else "") for i in range(TASKS)]


async def test_a_long_plan_is_stored_whole_a_hundred_rows_to_a_statement_without_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inserts: list[int] = []  # parameter rows per INSERT INTO tasks
    commit = store_writer.BatchWriter._commit

    def spy(self: store_writer.BatchWriter, statements: Any, *, quiet: bool = False) -> bool:
        inserts.extend(len(rows) for sql, rows in statements if sql.startswith("INSERT INTO tasks"))
        return commit(self, statements, quiet=quiet)

    monkeypatch.setattr(store_writer.BatchWriter, "_commit", spy)
    specs = [
        TaskSpec(id=f"t{i}", description=d, agent="step") for i, d in enumerate(_descriptions())
    ]
    store = SessionStore(tmp_path)
    router = Router(
        [step], planner=_WholePlan(specs), limits=Limits(max_iterations=20), store=store
    )
    result = await router.run("many steps")
    store.flush()

    info = store.run(result.run_id)
    assert (info.status, info.tasks, info.tasks_done) == ("finished", TASKS, TASKS)
    stored = store.load(result.run_id)
    assert [t.id for t in stored.tasks] == [t.id for t in result.tasks]
    assert [t.status for t in stored.tasks] == ["fulfilled"] * TASKS
    assert "[redacted]" in stored.tasks[137].description
    # Two statements of a hundred rows and one of fifty, not one SQLite step per row.
    assert inserts == [2, TASKS % ROWS_PER_INSERT]
    store.close()
    assert FAKE_KEY.encode() not in all_bytes(tmp_path)


def test_a_new_database_uses_large_pages_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    new = SessionStore(tmp_path / "new")
    assert new.db.one("PRAGMA page_size")[0] == PAGE_SIZE  # type: ignore[index]
    # Either way the log is folded in every ~4 MB, not every 1,000 pages of any size.
    assert new.db.one("PRAGMA wal_autocheckpoint")[0] * PAGE_SIZE <= 4_096_000  # type: ignore[index]
    new.close()
    old = tmp_path / "old.db"
    sqlite3.connect(old).execute("CREATE TABLE t (x)").connection.close()  # 4 KB pages
    reopened = SessionStore(old)
    assert reopened.db.one("PRAGMA page_size")[0] == 4096  # type: ignore[index]
    assert reopened.db.one("PRAGMA wal_autocheckpoint")[0] == 1000  # type: ignore[index]
    reopened.close()
