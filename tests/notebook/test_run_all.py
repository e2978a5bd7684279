"""Whole notebooks under nbclient, the way Run All, CI and nbval execute them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from tests.notebook.conftest import SETUP

SLOW_THAT_SIGNALS = """
import pathlib

@agent(can=["slow", "wait", "think"])
async def slow(task):
    "Thinks for a long time."
    await asyncio.sleep(0.5)  # the quick task started beside this one has ended by now
    pathlib.Path({marker!r}).touch()
    await asyncio.sleep(30)
    return "too late"
"""

pytestmark = pytest.mark.kernel


def _notebook(*sources: str) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    return nb


def _text(cell: Any) -> str:
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif "data" in out and "text/plain" in out.data:
            parts.append(out.data["text/plain"])
        elif out.output_type == "error":
            parts.append("\n".join(out.traceback))
    return "\n".join(parts)


def test_run_all_waits_for_the_run_and_the_next_cell_uses_it() -> None:
    nb = _notebook(
        SETUP,
        "%%route -o report\nLoad the numbers, then add them up",
        "print(report.result().data('t2'), report.result().stop_reason)",
    )
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    assert "the goal was met" in _text(nb.cells[1])
    assert _text(nb.cells[2]).strip() == "31 completed"


def test_kernel_interrupt_stops_the_run_gracefully_and_stops_run_all(tmp_path: Path) -> None:
    started = tmp_path / "slow-started"
    nb = _notebook(
        SETUP,
        # The slow agent says when it is under way, so the interrupt comes while it runs
        # and after the quick task beside it ended, however long a busy machine takes to
        # reach that point.
        SLOW_THAT_SIGNALS.format(marker=str(started)),
        "%%route -o report\nLoad the numbers and think slowly about the weather",
        "print('this cell must not run')",
    )
    client = NotebookClient(nb, timeout=60, kernel_name="python3")

    async def interrupt_when_slow_runs() -> None:
        # The kernel is another process: its file is the only signal there is to wait on.
        while not started.exists():  # noqa: ASYNC110
            await asyncio.sleep(0.05)
        km = client.km
        assert isinstance(km, AsyncKernelManager)  # nbclient's default manager
        await km.interrupt_kernel()

    watchers: list[asyncio.Task[None]] = []

    async def interrupt_soon(cell: Any, cell_index: int) -> None:
        if cell_index == 2:
            watchers.append(asyncio.ensure_future(interrupt_when_slow_runs()))

    client.on_cell_execute = interrupt_soon
    with pytest.raises(CellExecutionError) as failure:
        client.execute()
    assert "RunInterrupted" in str(failure.value)
    route_cell = nb.cells[2]
    text = _text(route_cell)
    # The finished task is kept and the answer was synthesised from it...
    assert "interrupted (kernel interrupt or cancellation)" in text
    assert "- Load the numbers: [3, 1, 4, 1, 5, 9, 2, 6] [t1]" in text
    assert "Not finished: t2 (Think slowly about the weather, cancelled)" in text
    # ...shown as a one-line error, not a traceback...
    (error,) = [o for o in route_cell.outputs if o.output_type == "error"]
    assert error.ename == "RunInterrupted" and len(error.traceback) == 1
    # ...and Run All stopped there.
    assert nb.cells[3].outputs == [] and nb.cells[3].execution_count is None
