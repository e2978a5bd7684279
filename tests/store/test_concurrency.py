"""Two kernels on one notebook folder: real processes writing the same database at once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from notebook_router.store import SessionStore
from notebook_router.store.codec import events_text

ROOT = Path(__file__).resolve().parents[2]
RUNS = 40


def test_two_processes_writing_at_once_do_not_corrupt_the_database(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    SessionStore(db).close()  # created up front, as the first kernel would
    start_at = time.time() + 2.0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.store.writer_child", str(db), str(RUNS), str(start_at)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert out.split() == ["DONE", "0"], (out, err)  # no batch was ever dropped

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    store = SessionStore(db)
    runs = store.runs(limit=None)
    assert len(runs) == 2 * RUNS
    assert all(r.status == "finished" and r.stop_reason == "completed" for r in runs)
    assert len({r.session_id for r in runs}) == 2
    for info in runs:
        events = store.load(info.id).events
        assert [e.seq for e in events] == list(range(1, info.last_seq + 1))
        assert events[-1].kind == "run_finished"
    assert len(store.facts.all("concurrency")) == 2 * RUNS
    assert len(store.combo_cache().backend.entries()) == 2 * RUNS + 1
    rows = store.db.query("SELECT data FROM events")
    assert all(isinstance(json.loads(events_text(r["data"])), list) for r in rows)
    store.close()
