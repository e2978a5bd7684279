"""What a saved notebook keeps of each run panel, measured on the quickstart."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.notebook.conftest import SETUP
from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel

QUICKSTART = Path(__file__).parents[2] / "notebooks" / "01_quickstart.ipynb"
PANEL_LIMIT = 2_000
"""Bytes of a finished panel's state nbclient may keep: names and empty values (its code
and final state, 46 KB a panel, are sent back empty before it closes)."""
NOTEBOOK_LIMIT = 600_000
"""The whole quickstart saved: static views (plan, answer, tree picture, media) included."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SUMMARISER = """
@agent(can=["summarise", "text"])
def summariser(task):
    "Summarises a text."
    return f"{len(task)} characters"
"""


def test_a_quickstart_saved_with_widget_state_keeps_no_finished_panel_and_stays_small() -> None:
    nb = nbformat.read(QUICKSTART, as_version=4)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,  # what JupyterLab's "Save Widget State Automatically" keeps
        resources={"metadata": {"path": str(QUICKSTART.parent)}},
    ).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    # Every run has finished: no output shows a panel; each %%route cell (the
    # background run's too) shows its static view instead.
    assert not any(WIDGET_VIEW in o.get("data", {}) for o in outputs)
    routes = [cell for cell in nb.cells if cell.source.startswith("%%route")]
    assert len(routes) >= 3
    for cell in routes:
        shown = [o.get("data", {}).get("text/html", "") for o in cell.outputs]
        assert any('class="nr-run"' in html for html in shown), cell.source
    # JupyterLab saves live models only (a closed panel is gone); nbclient keeps the
    # last state of every comm it saw, closed or not. Such a panel is orphaned (no
    # output shows it) and tiny: a finished panel is emptied, code and all, as it closes.
    widgets = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    panels = {
        model_id: len(json.dumps(model))
        for model_id, model in widgets.get("state", {}).items()
        if model["state"].get("_anywidget_id", "").endswith(".RunPanel")
    }
    size = len(nbformat.writes(nb))
    print(f"\nquickstart saved with widget state: {size:,} bytes; panels {sorted(panels.values())}")
    assert all(n < PANEL_LIMIT for n in panels.values()), panels
    assert size < NOTEBOOK_LIMIT
    assert "mermaidAPI" not in json.dumps(widgets)


def test_a_long_task_is_stored_once_and_shown_previewed(tmp_path: Path) -> None:
    store = tmp_path / "store"
    kernel = Kernel(env={**os.environ, "NOTEBOOK_ROUTER_STORE": str(store)})
    try:
        assert kernel.execute(SETUP + SUMMARISER).status == "ok"
        task = "Summarise this text: " + "lorem ipsum dolor " * 55_555  # 1 MB
        done = kernel.execute(f"%%route -o long\n{task}", timeout=120)
        assert done.status == "ok", done.errors()
        panel = kernel.widgets[done.panel_id()]
        shown = json.dumps([[m["content"] for m in done.outputs], panel.state, panel.updates])
        assert len(shown) < 100_000  # the cell's source is the one copy a notebook needs
        assert "Summarise this text: lorem ipsum" in shown  # ...and its start is shown
        exported = tmp_path / "long.json"
        out = kernel.execute(f"%route export {{long.id}} --to {exported}")
        assert out.status == "ok", out.errors()
    finally:
        kernel.shutdown()
    # What the database holds, its write-ahead log folded in (a log holds page images
    # that the next checkpoint drops; it is not a second copy a user keeps).
    with contextlib.closing(sqlite3.connect(store / "sessions.db")) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    stored = sum(f.stat().st_size for f in store.iterdir())
    assert stored < 2_500_000  # one copy of the task, and the plan's task (it is one task)
    events = json.loads(exported.read_text())["events"]
    assert events[0]["kind"] == "run_started" and events[0]["query"] == task.strip()
