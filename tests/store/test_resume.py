"""Resuming stored runs headless: after a Stop, and after the process was killed with SIGKILL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.errors import ResumeError, RunNotStoredError
from notebook_router.store import SessionStore
from tests.conftest import Script, router_with, task
from tests.helpers_agents import sleeper
from tests.store.resume_agents import AGENTS

ROOT = Path(__file__).resolve().parents[2]


def _calls(path: Path) -> list[str]:
    return path.read_text().split() if path.exists() else []


@pytest.fixture
def calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    log = tmp_path / "calls.log"
    monkeypatch.setenv("NR_CALLS", str(log))
    monkeypatch.delenv("NR_SLOW", raising=False)
    return log


def _start_child(db: Path, calls: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NR_CALLS": str(calls), "NR_SLOW": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_child", str(db)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("READY"), line
    return child, line.split()[1]


async def test_a_killed_run_shows_as_interrupted_and_resumes_without_redoing_work(
    tmp_path: Path, calls: Path
) -> None:
    db = tmp_path / "sessions.db"
    child, run_id = _start_child(db, calls)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    assert _calls(calls) == ["numbers", "total"]  # t1 finished, t2 was running

    store = SessionStore(db)
    info = store.run(run_id)
    assert info.status == "interrupted" and info.resumable
    assert (info.tasks, info.tasks_done) == (2, 1)

    run = Router(AGENTS, store=store).resume(run_id[:6])  # a unique prefix is enough
    result = await asyncio.wait_for(run, 20)
    assert result.stop_reason == "completed"
    assert result.data("t2") == 31  # from t1's tuple, restored from the database
    assert _calls(calls) == ["numbers", "total", "total"]  # t1 was not run again
    resumed = next(e for e in run.history if e.kind == "run_resumed")
    assert resumed.kept == ("t1",) and resumed.redo == ("t2",)
    assert resumed.seq == info.last_seq + 1  # the event numbering carries on

    store.flush()
    done = store.run(run_id)
    assert done.status == "finished" and done.stop_reason == "completed" and done.resumes == 1
    assert (done.tasks, done.tasks_done) == (2, 2)
    # The whole history, before and after the crash, is one run in the database.
    seqs = [e.seq for e in store.load(run_id).events]
    assert seqs == list(range(1, len(seqs) + 1))
    store.close()


async def test_resume_after_stop_reruns_only_the_cancelled_task(tmp_path: Path) -> None:
    script = Script(
        decide=[{"action": "parallel", "run": [task("t1", "fast"), task("t2", "slow")]}]
    )
    store = SessionStore(tmp_path)
    agents = [sleeper("fast", 0.01), sleeper("slow", 30)]
    run = router_with(agents, script, store=store).start("do both")
    async for event in run.events():
        if event.kind == "task_finished":
            break
    run.stop()
    stopped = await run
    assert {t.id: t.status for t in stopped.tasks} == {"t1": "fulfilled", "t2": "cancelled"}

    quick = [sleeper("fast", 0.01, value="fast again"), sleeper("slow", 0.01)]
    again = Script(decide=[{"action": "execute", "run": [{"id": "t2"}]}])
    result = await router_with(quick, again, store=store).resume(run.id)
    assert result.stop_reason == "completed"
    # The planner sees the restored plan first (nothing starts before it), then the
    # plan goes on by itself to the answer.
    assert again.seen == ["router.decide", "router.synthesise"]
    assert result.data("t1") == "fast done"  # kept, not re-run (it would say "fast again")
    assert result.data("t2") == "slow done"
    store.close()


async def test_a_completed_run_cannot_be_resumed(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    router = Router(AGENTS, store=store)
    result = await router.run("Load the numbers, then add them up")
    with pytest.raises(ResumeError, match="finished \\(completed\\)"):
        router.resume(result.run_id)
    with pytest.raises(RunNotStoredError, match="No stored run 'nope'"):
        router.resume("nope")
    store.close()


async def test_resume_names_the_agents_this_router_lacks(tmp_path: Path, calls: Path) -> None:
    db = tmp_path / "sessions.db"
    child, run_id = _start_child(db, calls)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    store = SessionStore(db)
    with pytest.raises(ResumeError, match="agent\\(s\\) total"):
        Router([AGENTS[0]], store=store).resume(run_id)
    assert store.run(run_id).status == "interrupted"  # a failed resume claims nothing
    store.close()


async def test_resume_needs_a_store() -> None:
    with pytest.raises(Exception, match="needs a session store"):
        Router(AGENTS).resume("abc")
