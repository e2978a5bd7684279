"""A background run's cell is saved as the run's static view, even when run headless.

A ``--background`` run usually ends during a later cell. nbclient (``make
demo``, nbval, CI) ignores messages whose cell has finished, so the final
update must be sent as part of the cell running when the run ends; otherwise
the saved notebook keeps the live widget, which reopens as "model not found".
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.kernel

WIDGET = "application/vnd.jupyter.widget-view+json"

CELLS = [
    "%load_ext notebook_router",
    """\
import asyncio
from notebook_router import agent

@agent(can=["research", "market"])
async def slow_research(task):
    "Researches the market, slowly."
    await asyncio.sleep(30)
    return "never"
""",
    "%%route --background -o bg --agents slow_research\nResearch the market",
    "%route stop",
    "stopped = await bg\nprint(stopped.stop_reason)",
]


def test_a_background_run_stopped_from_a_later_cell_is_saved_as_its_static_view(
    tmp_path: Path,
) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    assert "stopped_by_user" in nb.cells[4].outputs[0]["text"]
    (saved,) = [o for o in nb.cells[2].outputs if o["output_type"] == "display_data"]
    assert WIDGET not in saved["data"], "the live panel was saved: it reopens as 'model not found'"
    html = saved["data"]["text/html"]
    assert "Research the market" in html and "slow_research" in html
