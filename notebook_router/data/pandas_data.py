"""pandas DataFrames and Series: descriptions and cheap change signals.

Nothing here imports pandas: the objects arrive already made, and their own
methods and attributes are enough.

Two private pandas attributes are read, both read-only and both with a
public fallback: ``df._mgr.iget_values(j)`` (a column's array in about a
microsecond, where ``df.iloc[:, j]`` builds a Series in 30) and
``df._mgr.blocks`` (see :func:`frame_signal`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from notebook_router.data.columns import summarise
from notebook_router.data.describe import (
    HEAD_ROWS,
    MAX_COLUMNS,
    SAMPLE_ROWS,
    DataDescription,
)
from notebook_router.data.masking import Masker
from notebook_router.data.sampling import sample_rows as sampled
from notebook_router.data.sampling import sampled_description

_PROBE_COLUMNS = 32
"""Columns whose first, middle and last cells enter a frame's change signal."""


def describe_frame(
    name: str, df: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A DataFrame's description: shape, per-column summaries, first rows."""
    rows, width = df.shape
    where = sampled(rows, sample_rows)
    dtypes = list(df.dtypes)[:MAX_COLUMNS]
    names = [str(c) for c in list(df.columns[:MAX_COLUMNS])]
    arrays = [_column(df, j) for j in range(len(names))]
    columns = tuple(
        summarise(n, str(d), a, where, mask) for n, d, a in zip(names, dtypes, arrays, strict=True)
    )
    head = min(rows, HEAD_ROWS)
    sample = tuple(tuple(mask.cell(a[i]) for a in arrays) for i in range(head))
    return sampled_description(
        name, "pandas.DataFrame", (rows, width), columns, sample, where, total_columns=width
    )


def describe_series(
    name: str, s: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A Series' description: one column named after the Series (or ``values``)."""
    rows = len(s)
    where = sampled(rows, sample_rows)
    values = s.array
    label = "values" if s.name is None else str(s.name)
    column = summarise(label, str(s.dtype), values, where, mask)
    sample = tuple((mask.cell(values[i]),) for i in range(min(rows, HEAD_ROWS)))
    return sampled_description(name, "pandas.Series", (rows,), (column,), sample, where)


def frame_signal(df: Any) -> Hashable:
    """What changes when a DataFrame changes, read in microseconds.

    * shape, and the identity of the column and row indexes: adding, removing
      or renaming a column, appending or dropping rows, sorting, setting an
      index all replace one of them;
    * the identity of the block manager and of its blocks: ``df["x"] = ...``
      on an existing column replaces a block (pandas copies on write), and
      ``df.loc[...] = ...`` and in-place methods replace the manager (pandas 3);
    * the first, middle and last cell of the first 32 columns, as bytes:
      catches the writes that replace nothing (``df.at[0, "a"] = 5``,
      ``df.iat[...]``) when they land on those cells.

    A write with ``at``/``iat`` to any other cell keeps every one of these
    and goes unseen until something else changes. Hashing every cell is the
    only sure test, and it costs a read of the whole frame on every run.
    """
    base: tuple[Any, ...] = (df.shape, id(df.columns), id(df.index))
    try:
        mgr = df._mgr
        blocks = tuple(id(b) for b in mgr.blocks)
        rows = df.shape[0]
        probes = tuple(
            _cells(mgr.iget_values(j), rows) for j in range(min(df.shape[1], _PROBE_COLUMNS))
        )
    except Exception:  # a pandas without these internals: the public part still works
        return base
    return (*base, id(mgr), blocks, probes)


def series_signal(s: Any) -> Hashable:
    """A Series' change signal: length, index identity, its block, three probed cells."""
    base: tuple[Any, ...] = (len(s), id(s.index), s.name if _hashable(s.name) else None)
    try:
        blocks = tuple(id(b) for b in s._mgr.blocks)
        return (*base, blocks, _cells(s.array, len(s)))
    except Exception:
        return base


def _cells(values: Any, rows: int) -> Hashable:
    """The first, middle and last value of ``values``, comparable across calls (NaN-safe)."""
    if rows == 0:
        return ()
    where = [0, rows // 2, rows - 1]
    inner = values
    for attr in ("_ndarray", "codes", "_data"):  # the NumPy array inside an extension array
        inner = getattr(values, attr, inner)
    if type(inner).__module__ == "numpy" and inner.dtype.kind != "O":
        extra = getattr(values, "_mask", None)
        flags = bytes(extra[where].tobytes()) if extra is not None else b""
        return bytes(inner[where].tobytes()) + flags
    return tuple(_probe(inner[i]) for i in where)


def _probe(value: Any) -> Hashable:
    """A cell as something that compares equal while it is unchanged (and NaN equals NaN)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        same: Hashable = value
        return same
    if kind is float or kind.__module__.startswith(("numpy", "pandas", "datetime", "decimal")):
        return repr(value)
    return (kind.__name__, id(value))  # never print an arbitrary object: it may be huge


def _column(df: Any, j: int) -> Any:
    try:
        return df._mgr.iget_values(j)
    except Exception:
        return df.iloc[:, j].array


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
