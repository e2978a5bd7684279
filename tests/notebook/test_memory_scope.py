"""Memory stays in its notebook: two notebooks executed headless in one folder share none.

nbclient, nbval, ``nbconvert --execute`` and ``make demo HEADLESS=1`` start
kernels that are not told their notebook's name (no ``JPY_SESSION_NAME``).
Their memory is then the kernel's own, and the notebook says so once; it is
never the folder's, which another notebook run there would follow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.kernel

SETUP = """
%load_ext notebook_router
from notebook_router.agents.builtin.knowledge import Knowledge
from notebook_router.examples.sales import AGENTS as SALES_AGENTS
knowledge = Knowledge()
sales_data, chart = SALES_AGENTS[0], SALES_AGENTS[1]
"""
NOTE = "this kernel was not told which notebook it runs"


def _execute(folder: Path, *cells: str) -> list[str]:
    """Run a notebook of ``cells`` in ``folder`` under nbclient; each cell's text output."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in (SETUP, *cells)]
    client = NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()
    return [_text(cell) for cell in nb.cells[1:]]


def _text(cell: Any) -> str:
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type == "error":
            parts.append("\n".join(out.traceback))
    return "".join(parts)


def test_two_notebooks_executed_in_one_folder_share_no_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NOTEBOOK_ROUTER_STORE", raising=False)  # the default: next to them
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)  # as nbclient leaves it
    first = _execute(
        tmp_path,
        "%%route -o kept\nRemember that the fiscal year starts in April",
        "%%route -o north\nLoad the sales table for the North region, then plot monthly revenue",
        "%%route -o south\nnow do the same for South",
        "print(south.result().answer)",
    )
    # Within its own kernel a notebook remembers as before...
    assert "12 monthly rows for South" in first[3] and "Follows run" in first[3]
    # ...and it says once that its memory is the kernel's.
    assert sum(text.count(NOTE) for text in first) == 1 and NOTE in first[0]

    second = _execute(
        tmp_path,
        "%%route -o south\nnow do the same for South",
        "print(south.result().answer)",
        "%%route -o year\nWhen does the fiscal year start?",
        "print(year.result().answer)",
    )
    # A notebook run next in the folder follows nothing of the first one's...
    assert "Follows run" not in second[1] and "12 monthly rows for South" not in second[1]
    # ...and has learned none of its facts.
    assert "April" not in second[3]
    assert (tmp_path / ".notebook_router" / "sessions.db").exists()  # one database, shared
