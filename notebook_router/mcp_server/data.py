"""The data a served router works on: files given with ``--data``, as DataFrames.

Each path goes through the guarded resolver (:func:`~notebook_router.readers.named.resolve_file`):
a regular file, symlinks followed; the operator named it, so it may lie outside the
working folder. It is read once, with the pandas reader its extension calls for,
and named after its stem (``sales 2024.csv`` → ``sales_2024``), as on the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from notebook_router.data.files import READERS, DataFile, load_data_files, variable_names
from notebook_router.errors import DataFileError
from notebook_router.readers.named import resolve_file
from notebook_router.render.text import markdown_table

HEAD_ROWS = 5


def load_served_data(paths: Sequence[str], *, base: Path | None = None) -> dict[str, Any]:
    """The files ``paths`` name, loaded, by variable name; :class:`DataFileError` for one
    that is missing, not a regular file, or of a kind no reader handles."""
    files: list[DataFile] = []
    for given in paths:
        found = resolve_file(given, base=base)
        if not found.readable:
            raise DataFileError(f"--data {given}: {found.refused}.")
        if found.path.suffix.lower() not in READERS:
            kinds = ", ".join(READERS)
            raise DataFileError(f"--data {given}: the data files read are {kinds}.")
        files.append(DataFile(found.path, given))
    return load_data_files(variable_names(files))


def frames_listed(frames: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each DataFrame's name, size and columns (what ``list_dataframes`` answers)."""
    return [
        {
            "name": name,
            "rows": int(frame.shape[0]),
            "columns": [str(c) for c in frame.columns],
        }
        for name, frame in frames.items()
    ]


def describe_frame(name: str, frame: Any) -> str:
    """A DataFrame in words a model reads: size, each column's type and gaps, statistics
    of the numeric columns, and the first rows (Markdown)."""
    lines = [f"{name}: {frame.shape[0]:,} rows × {frame.shape[1]} columns", "", "Columns:"]
    for column in frame.columns:
        missing = int(frame[column].isna().sum())
        gap = f", {missing:,} missing" if missing else ""
        lines.append(f"- {column} ({frame[column].dtype}{gap})")
    numeric = frame.select_dtypes("number")
    if not numeric.empty:
        lines += ["", "Statistics:", markdown_table(numeric.describe())]
    lines += [
        "",
        f"First {min(HEAD_ROWS, len(frame))} rows:",
        markdown_table(frame.head(HEAD_ROWS)),
    ]
    return "\n".join(lines)


__all__ = ["describe_frame", "frames_listed", "load_served_data"]
