"""The run panel's trace says what a run prefetched and what came of it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from notebook_router import Router
from notebook_router.notebook.panel import RunPanel
from tests.planner.test_prefetch import SlowPlanner, _reader


async def test_the_panel_trace_shows_the_prefetch_started_and_used(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("revenue rose 12% in the North")
    run = Router([_reader(notes)], planner=SlowPlanner(5.0, wait_for=notes.resolve())).start(
        f"summarise {notes}"
    )
    panel = RunPanel(run, interval=0.01)
    await asyncio.wait_for(run, 10)
    await asyncio.sleep(0.05)  # the panel's final refresh, on the next loop turn
    lines = [(row["label"], row["text"]) for row in panel.trace if row["label"] == "prefetch"]
    assert lines == [
        ("prefetch", "router: started while the planner decides: reading notes.txt"),
        ("prefetch", "router: notes.txt used by a task"),
    ]
    panel.close()
