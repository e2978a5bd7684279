"""Shared by the scripts that write the example notebooks (``scripts/make_*.py``).

Each notebook's source lives in a script so that it is reviewable as plain
Python; its outputs come only from executing it
(``python scripts/execute_notebooks.py notebooks/NAME.ipynb``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def md(text: str) -> Any:
    """A markdown cell."""
    return new_markdown_cell(text.strip("\n"))


def code(source: str, *, tags: tuple[str, ...] = ()) -> Any:
    """A code cell; ``tags`` go into its metadata (e.g. nbval's)."""
    cell = new_code_cell(source.strip("\n"))
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def write(name: str, cells: list[Any]) -> Path:
    """Write ``notebooks/NAME`` with a Python 3 kernelspec; returns its path."""
    for number, cell in enumerate(cells, 1):
        cell.id = f"cell-{number:02d}"  # stable ids: regenerating gives a clean diff
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    path = NOTEBOOKS / name
    path.parent.mkdir(exist_ok=True)
    nbformat.write(nb, path)
    print(f"wrote {path}")
    return path
