"""What a saved notebook keeps of each run panel, measured on the quickstart."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.kernel

QUICKSTART = Path(__file__).parents[2] / "notebooks" / "01_quickstart.ipynb"
LIMIT = 300_000


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
