"""Running a notebook without a browser: ``python -m notebook_router execute NB.ipynb``.

Executes every cell with nbclient in a fresh kernel of this environment
(what ``make demo HEADLESS=1`` does) and prints the final state of each
``%%route`` run. The notebook file is not modified.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from notebook_router.errors import ConfigError


def execute_notebook(path: str, *, timeout: float = 300) -> int:
    """Run ``path``; print each ``%%route`` cell's answer; return an exit status."""
    try:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError
    except ImportError:
        raise ConfigError(
            "Running notebooks headless needs nbclient: pip install 'notebook-router[demo]'."
        ) from None
    file = Path(path)
    if not file.is_file():
        raise ConfigError(f"No such notebook: {path}")
    try:
        nb = nbformat.read(file, as_version=4)
    except Exception as exc:  # not JSON, not a notebook, an unknown version: nbformat varies
        raise ConfigError(
            f"{path} is not a Jupyter notebook ({type(exc).__name__}: {str(exc)[:200]}); "
            "pass a .ipynb file."
        ) from None
    resources = {"metadata": {"path": str(file.parent)}}
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", resources=resources)
    status = 0
    try:
        client.execute()
    except CellExecutionError as exc:
        print(f"A cell failed:\n{exc}", file=sys.stderr)
        status = 1
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith("%%route"):
            text = _final_text(cell.outputs)
            if text:
                print(f"In [{cell.execution_count}]: {cell.source.splitlines()[0]}")
                print(text, end="\n\n")
    return status


def _final_text(outputs: list[Any]) -> str:
    """The run's final state: the cell's result, else its last non-empty display."""
    for output in outputs:
        if output.get("output_type") == "execute_result":
            return str(output["data"].get("text/plain", ""))
    shown = [o for o in outputs if o.get("output_type") == "display_data" and o.get("data")]
    return str(shown[-1]["data"].get("text/plain", "")) if shown else ""
