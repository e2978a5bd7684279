"""Data files a task names, loaded with pandas and bound to variable names.

The command line has no kernel namespace, so the files a task mentions
become its data: ``python -m notebook_router run "mean fare in titanic.csv"``
reads ``titanic.csv`` and the run sees a DataFrame named ``titanic``.

* :func:`find_data_files` picks the paths out of the task's words: a token
  ending in a data extension, bare (``titanic.csv``) or quoted (so a name
  may hold spaces: ``"Sales 2024.csv"``), relative to the working folder.
* :func:`variable_names` gives each file a Python name from its stem
  (``Sales 2024.csv`` → ``sales_2024``; a second ``sales`` becomes ``sales_2``).
* :func:`load_data_files` reads each file once, with the pandas reader its
  extension calls for, and nothing else: the frames are the data, not copies.

Every problem a user can cause (a missing file, a missing parquet or Excel
engine, a file pandas cannot parse) is a :class:`~notebook_router.errors.DataFileError`
whose message says what to do. pandas is imported only when a file is read.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notebook_router.errors import DataFileError
from notebook_router.text.file_names import FileNames

READERS = {
    ".csv": "read_csv",
    ".tsv": "read_table",
    ".parquet": "read_parquet",
    ".json": "read_json",
    ".jsonl": "read_json",
    ".xlsx": "read_excel",
    ".xls": "read_excel",
}
"""The pandas reader for each extension the command line loads."""

FORMATS = {
    ".csv": "CSV",
    ".tsv": "tab-separated text",
    ".parquet": "Parquet",
    ".json": "JSON",
    ".jsonl": "JSON lines",
    ".xlsx": "Excel",
    ".xls": "Excel (.xls)",
}

# The package pandas needs for a format, when that package is not pandas itself.
ENGINES = {".parquet": "pyarrow", ".xlsx": "openpyxl", ".xls": "xlrd"}

_NAMES = FileNames(READERS)


@dataclass(frozen=True, slots=True)
class DataFile:
    """A data file to load: where it is, what the task called it, and its variable name."""

    path: Path
    """Resolved against the working folder (absolute)."""
    given: str
    """The path as the user wrote it (for messages)."""
    name: str = ""
    """The variable the run sees it as (set by :func:`variable_names`)."""

    @property
    def format(self) -> str:
        """``CSV``, ``Parquet``, ...: the format its extension names."""
        return FORMATS[self.path.suffix.lower()]


def paths_in_task(task: str) -> list[str]:
    """The data file paths ``task`` names, as written, in order of appearance, once each.

    >>> paths_in_task('mean fare in titanic.csv and "Sales 2024.xlsx", not https://x.org/a.csv')
    ['titanic.csv', 'Sales 2024.xlsx']
    """
    return _NAMES.find(task)


def find_data_files(
    task: str,
    extra: Sequence[str] = (),
    *,
    cwd: Path | None = None,
    missing: list[str] | None = None,
) -> list[DataFile]:
    """The files ``task`` names, then the ``extra`` paths (``--data``), each named and checked.

    Raises :class:`DataFileError` for a path that is not an existing file, or
    (for ``extra``) one whose extension no reader handles. With ``missing``, a
    file the task names that does not exist is listed there instead (it may be
    meant as an output); ``--data`` paths must exist.
    """
    base = cwd or Path.cwd()
    files: list[DataFile] = []
    seen: set[Path] = set()
    named = paths_in_task(task)
    for given in [*named, *extra]:
        path = (base / Path(given).expanduser()).resolve()
        if path in seen:
            continue
        seen.add(path)
        if missing is not None and given in named and given not in extra and not path.is_file():
            # A name in the task may be an output ("save it as out.csv"), not an input.
            missing.append(given)
            continue
        files.append(_checked(path, given, base))
    return variable_names(files)


def _checked(path: Path, given: str, base: Path) -> DataFile:
    if path.suffix.lower() not in READERS:
        kinds = ", ".join(READERS)
        raise DataFileError(f"Cannot load {given}: the data files read are {kinds}.")
    if not path.exists():
        raise DataFileError(
            f"No such file: {given} (looked in {base}). Check the name, or give the path "
            "with --data PATH."
        )
    if not path.is_file():
        raise DataFileError(f"{given} is not a file (looked in {base}); name a data file.")
    return DataFile(path, given)


def variable_names(files: Iterable[DataFile]) -> list[DataFile]:
    """``files`` with a distinct identifier each, made from the file's stem."""
    taken: set[str] = set()
    out = []
    for f in files:
        name = unique_name(identifier(f.path.stem), taken)
        taken.add(name)
        out.append(DataFile(f.path, f.given, name))
    return out


def identifier(stem: str) -> str:
    """A Python identifier for a file stem: ``Sales 2024`` → ``sales_2024``.

    >>> identifier("Sales 2024"), identifier("2024-q1"), identifier("class")
    ('sales_2024', 'data_2024_q1', 'class_')
    """
    name = re.sub(r"\W+", "_", stem.lower()).strip("_")
    if not name:
        return "data"
    if not name.isidentifier():  # it starts with a digit
        name = f"data_{name}"
    return f"{name}_" if keyword.iskeyword(name) else name


def unique_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name_2``, ``name_3``, ... when it is taken."""
    if name not in taken:
        return name
    n = 2
    while f"{name}_{n}" in taken:
        n += 1
    return f"{name}_{n}"


def load_data_files(files: Iterable[DataFile]) -> dict[str, Any]:
    """Each file read once with pandas, by variable name (in the order given)."""
    return {f.name: load_data_file(f) for f in files}


def load_data_file(file: DataFile) -> Any:
    """``file`` as a pandas DataFrame, or a :class:`DataFileError` that says what to do."""
    pd = _pandas()
    suffix = file.path.suffix.lower()
    reader = getattr(pd, READERS[suffix])
    kwargs: dict[str, Any] = {"lines": True} if suffix == ".jsonl" else {}
    if suffix in (".xlsx", ".xls"):
        # The extension chooses the engine, so a missing one is named whatever the bytes hold.
        kwargs["engine"] = ENGINES[suffix]
    try:
        return reader(file.path, **kwargs)
    except ImportError as exc:
        engine = ENGINES.get(suffix)
        if engine is None:
            raise
        raise DataFileError(
            f"Reading {file.given} ({file.format}) needs the {engine} package: pip install {engine}"
        ) from exc
    except Exception as exc:  # pandas raises many kinds; the user needs the file and reason
        text = str(exc).strip()
        reason = text.splitlines()[0].rstrip(".") if text else type(exc).__name__
        raise DataFileError(
            f"Cannot read {file.given} as {file.format}: {reason}. Check that the file is "
            f"{file.format} (its extension chooses the reader)."
        ) from exc


def _pandas() -> Any:
    try:
        import pandas as pd
    except ImportError:
        raise DataFileError(
            "Loading data files needs pandas: pip install pandas "
            "(or pip install 'notebook-router[demo]')."
        ) from None
    return pd


__all__ = [
    "DataFile",
    "find_data_files",
    "identifier",
    "load_data_file",
    "load_data_files",
    "paths_in_task",
    "unique_name",
    "variable_names",
]
