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
LIMIT = 300_000
SUMMARISER = """
@agent(can=["summarise", "text"])
def summariser(task):
    "Summarises a text."
    return f"{len(task)} characters"
"""


def test_saved_widget_state_per_panel_stays_small() -> None:
    nb = nbformat.read(QUICKSTART, as_version=4)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,  # what JupyterLab's "Save Widget State Automatically" keeps
        resources={"metadata": {"path": str(QUICKSTART.parent)}},
    ).execute()
    models = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    panels = {
        model_id: len(json.dumps(model))
        for model_id, model in models.items()
        if model["state"].get("_anywidget_id", "").endswith(".RunPanel")
    }
    assert len(panels) >= 3  # one per %%route cell of the quickstart
    print(f"\nwidget state per panel: {sorted(panels.values())} bytes")
    assert max(panels.values()) < LIMIT
    # The Mermaid library is fetched from the kernel, never saved with the panel.
    assert all("mermaidAPI" not in json.dumps(m) for m in models.values())


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
