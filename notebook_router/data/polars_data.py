"""polars DataFrames and Series, read through their own methods (polars is never imported here)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from notebook_router.data.columns import summarise
from notebook_router.data.describe import HEAD_ROWS, MAX_COLUMNS, SAMPLE_ROWS, DataDescription
from notebook_router.data.masking import Masker
from notebook_router.data.sampling import sample_rows as sampled
from notebook_router.data.sampling import sampled_description


def describe_frame(
    name: str, df: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A polars DataFrame's description (statistics from every k-th row)."""
    rows, width = df.shape
    where = sampled(rows, sample_rows)
    series = [df.to_series(j) for j in range(min(width, MAX_COLUMNS))]
    columns = tuple(summarise(s.name, str(s.dtype), s, where, mask) for s in series)
    head = df.head(HEAD_ROWS).rows()
    sample = tuple(tuple(mask.cell(v) for v in row[:MAX_COLUMNS]) for row in head)
    return sampled_description(
        name, "polars.DataFrame", (rows, width), columns, sample, where, total_columns=width
    )


def describe_series(
    name: str, s: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A polars Series' description."""
    rows = len(s)
    where = sampled(rows, sample_rows)
    column = summarise(s.name or "values", str(s.dtype), s, where, mask)
    sample = tuple((mask.cell(v),) for v in s.head(HEAD_ROWS).to_list())
    return sampled_description(name, "polars.Series", (rows,), (column,), sample, where)


def frame_signal(df: Any) -> Hashable:
    """Shape, schema and the first, middle and last rows (``df[0, "a"] = 5`` writes in place)."""
    rows = df.height
    probes = tuple(repr(df.row(i)) for i in sorted({0, rows // 2, rows - 1})) if rows else ()
    return (df.shape, tuple(df.columns), tuple(str(t) for t in df.dtypes), probes)


def series_signal(s: Any) -> Hashable:
    """Length, name, dtype and three probed values."""
    n = len(s)
    probes = tuple(repr(s[i]) for i in sorted({0, n // 2, n - 1})) if n else ()
    return (n, s.name, str(s.dtype), probes)
