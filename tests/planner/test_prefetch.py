"""Speculative prefetch: the files a request names are read while the planner decides.

The planner here is a slow stand-in for a model (it takes its time over the first
decision); the agent reads the named file the one way agents do (``file_media``).
"""

from __future__ import annotations

import asyncio
import pathlib
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Limits, Router, Run, agent
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner import prefetch as prefetch_module
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.planner import PlannerCall
from notebook_router.readers.files import file_media
from notebook_router.readers.prefetched import FileBytes, current_read_ahead
from tests.conftest import kinds, task


class SlowPlanner:
    """Decides after ``think_s`` (a model call): run ``reader`` once, then complete."""

    def __init__(self, think_s: float, *, wait_for: Path | None = None) -> None:
        self.think_s = think_s
        self.wait_for = wait_for
        self.read_done_while_thinking: bool | None = None
        self.calls = 0

    async def decide(self, call: PlannerCall) -> Decision:
        self.calls += 1
        if self.calls > 1:
            return Decision(action="complete", reason="read")
        started = time.monotonic()
        while time.monotonic() - started < self.think_s:
            await asyncio.sleep(0.01)
            ahead = current_read_ahead()
            if self.wait_for is not None and ahead is not None and ahead.read_done(self.wait_for):
                self.read_done_while_thinking = True
                break
        return Decision.model_validate(
            {"action": "execute", "run": [task("t1", "reader", "read the notes")]}
        )

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        raise AssertionError("no redirect here")

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        result = call.state.results["t1"]
        return Synthesis(answer=f"the notes say: {result.data}")


def _reader(path: Path | None) -> Any:
    """An agent reading the file at ``path`` (None: reading nothing)."""

    async def reader(task: str) -> str:
        if path is None:
            return "nothing to read"
        media: Media = file_media(path)
        assert isinstance(media.data, str)
        return media.data

    return agent(name="reader", can=["read notes"])(reader)


@pytest.fixture
def disk_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every path an agent reads from the disk itself (``Path.read_bytes``)."""
    seen: list[Path] = []
    real = pathlib.Path.read_bytes

    def counting(self: Path) -> bytes:
        seen.append(self.resolve())
        return real(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", counting)
    return seen


async def test_the_named_file_is_read_while_the_planner_decides_and_the_agent_takes_it(
    tmp_path: Path, disk_reads: list[Path]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("revenue rose 12% in the North")
    planner = SlowPlanner(5.0, wait_for=notes.resolve())
    run = Router([_reader(notes)], planner=planner).start(f"summarise {notes}")
    result = await asyncio.wait_for(run, 10)

    # Read before the first decision came back, and taken instead of read again.
    assert planner.read_done_while_thinking is True
    assert result.answer == "the notes say: revenue rose 12% in the North"
    assert notes.resolve() not in disk_reads
    assert run._parts.prefetch.used == [notes.resolve()]
    assert run._parts.prefetch.unused == []

    # The trace says what was read ahead, then (before the answer) that a task used it.
    said = [e for e in run.history if isinstance(e, ev.TraceNote) and e.note == "prefetch"]
    assert [e.message for e in said] == [
        "started while the planner decides: reading notes.txt",
        "notes.txt used by a task",
    ]
    history = list(run.history)
    assert history[-1].kind == "run_finished"  # the last note came before it, in the log
    assert history.index(said[-1]) > kinds(history).index("task_finished")

    # Without prefetch: the same answer and the same events but those notes, the agent
    # reading the disk.
    plain = Router([_reader(notes)], planner=SlowPlanner(0.05), limits=Limits(prefetch=False))
    without = plain.start(f"summarise {notes}")
    assert (await asyncio.wait_for(without, 10)).answer == result.answer
    assert disk_reads == [notes.resolve()]
    noted = {id(e) for e in said}
    assert kinds(without.history) == [e.kind for e in history if id(e) not in noted]
    assert not any(isinstance(e, ev.TraceNote) for e in without.history)


async def test_a_file_changed_after_it_was_read_ahead_is_read_again(
    tmp_path: Path, disk_reads: list[Path]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("old words")

    class Changing(SlowPlanner):
        async def decide(self, call: PlannerCall) -> Decision:
            decision = await super().decide(call)
            if self.calls == 1:
                notes.write_text("new words, longer")  # the user saved the file meanwhile
            return decision

    run = Router([_reader(notes)], planner=Changing(5.0, wait_for=notes.resolve())).start(
        f"summarise {notes}"
    )
    result = await asyncio.wait_for(run, 10)
    assert result.answer == "the notes say: new words, longer"
    assert disk_reads == [notes.resolve()]
    assert run._parts.prefetch.used == []


def _slow_reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, threading.Event | float]:
    """Make reads ahead slow (up to 30 s), each ending as soon as the run says stop."""
    seen: dict[str, threading.Event | float] = {"started": threading.Event()}

    def slow(path: Path, stop: threading.Event, *, decode: bool = False) -> FileBytes | None:
        started = seen["started"]
        assert isinstance(started, threading.Event)
        started.set()
        if stop.wait(30):
            seen["stopped_at"] = time.monotonic()
            return None
        return FileBytes(path.read_bytes(), (0, 0))

    monkeypatch.setattr(prefetch_module, "read_whole", slow)
    return seen


async def test_work_the_plan_does_not_use_is_cancelled_when_the_run_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _slow_reads(monkeypatch)
    notes, other = tmp_path / "notes.txt", tmp_path / "other.txt"
    notes.write_text("the notes")
    other.write_text("never read by the plan")

    # The plan reads nothing: the run ends without taking what was read ahead.
    run = Router([_reader(None)], planner=SlowPlanner(0.05)).start(f"compare {notes} and {other}")
    assert (await asyncio.wait_for(run, 10)).answer == "the notes say: nothing to read"
    ended = time.monotonic()
    prefetch = run._parts.prefetch
    assert prefetch.unused == [notes.resolve(), other.resolve()]
    assert prefetch.stop.is_set()
    assert current_read_ahead() is None
    for job in prefetch.jobs.values():
        await asyncio.to_thread(job.exception, 2)  # ended by the run's stop, not its 30 s
    stopped_at = seen["stopped_at"]
    assert isinstance(stopped_at, float) and stopped_at - ended < 0.5


async def test_stop_while_prefetch_and_the_first_decision_are_under_way_returns_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _slow_reads(monkeypatch)
    notes = tmp_path / "notes.txt"
    notes.write_text("the notes")
    run: Run = Router([_reader(notes)], planner=SlowPlanner(30.0)).start(f"summarise {notes}")
    started = seen["started"]
    assert isinstance(started, threading.Event)
    assert await asyncio.to_thread(started.wait, 5)
    asked = time.monotonic()
    run.stop()
    result = await asyncio.wait_for(run, 5)
    took = time.monotonic() - asked
    assert result.stop_reason == "stopped_by_user"
    assert took < 0.5
    job = run._parts.prefetch.jobs[f"read {notes.resolve()}"]
    await asyncio.to_thread(job.exception, 2)
    stopped_at = seen["stopped_at"]
    assert isinstance(stopped_at, float) and stopped_at - asked < 0.5


async def test_the_readers_attached_media_need_are_loaded_while_the_planner_decides(
    tmp_path: Path,
) -> None:
    image = Media(mime_type="image/png", data=b"\x89PNG\r\n\x1a\n", source="chart.png")
    run = Router([_reader(None)], planner=SlowPlanner(0.05)).start(
        "what does the chart show?", media=[image]
    )
    await asyncio.wait_for(run, 10)
    warmed = run._parts.prefetch.jobs["warm readers"]
    loaded = await asyncio.to_thread(warmed.result, 10)
    assert "notebook_router.readers.image" in loaded


async def test_the_finished_view_says_what_the_prefetch_gave(tmp_path: Path) -> None:
    from notebook_router.render.bundle import run_bundle

    notes = tmp_path / "notes.txt"
    notes.write_text("revenue rose 12% in the North")
    used = Router([_reader(notes)], planner=SlowPlanner(5.0, wait_for=notes.resolve()))
    run = used.start(f"summarise {notes}")
    await asyncio.wait_for(run, 10)
    assert "prefetch: notes.txt used by a task" in run_bundle(run)["text/html"]

    # Read ahead, but the plan's agent read nothing: the view says it was dropped.
    unused = Router([_reader(None)], planner=SlowPlanner(5.0, wait_for=notes.resolve()))
    other = unused.start(f"summarise {notes}")
    await asyncio.wait_for(other, 10)
    assert "prefetch: notes.txt not used (dropped)" in run_bundle(other)["text/html"]

    # Nothing named, nothing prefetched: no line about it.
    plain = Router([_reader(None)], planner=SlowPlanner(0.05)).start("summarise the notes")
    await asyncio.wait_for(plain, 10)
    assert "prefetch" not in run_bundle(plain)["text/html"]


def test_the_finished_view_keeps_what_came_of_the_files_never_the_readers_timing() -> None:
    from notebook_router.render.bundle import prefetch_line

    def settled(message: str, files: str) -> ev.TraceNote:
        data = {"stage": "settled", "files": files}
        return ev.TraceNote(task_id="", agent="router", note="prefetch", message=message, data=data)

    # The same run on a fast and on a slow machine: the view reads the same.
    fast = settled("notes.txt used by a task; readers loaded", "notes.txt used by a task")
    slow = settled(
        "notes.txt used by a task; readers still loading (left)", "notes.txt used by a task"
    )
    assert prefetch_line([fast]) == prefetch_line([slow]) == "prefetch: notes.txt used by a task"
    assert prefetch_line([settled("readers still loading (left)", "")]) == ""
