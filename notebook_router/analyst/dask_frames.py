"""A Dask frame as the analyst sees it: its schema, read from a sample of its partitions.

The columns and their kinds come from the same bounded sample the data description
uses (:func:`notebook_router.data.dask_data.partition_sample`): the few values of a
category column that a question can name ("in the North region") are those the
sampled partitions hold, and the row count is the sample's estimate. A datetime
index with a name is listed as a column too: it is what a Dask frame resamples by.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notebook_router.analyst.schema import Schema, schema_of
from notebook_router.data.dask_data import partition_sample


def dask_schema(name: str, data: Any) -> Schema:
    """The schema of a Dask DataFrame or Series."""
    is_series = not hasattr(data, "columns")
    frame = data.to_frame() if is_series else data
    sample = partition_sample(frame)
    rows = sample.frame if sample.frame is not None else frame._meta
    if is_series:
        schema = schema_of(name, rows.iloc[:, 0])
    else:
        schema = schema_of(name, with_dated_index(rows))
    return replace(schema, rows=sample.rows or 0, sampled=True)


def dated_index(frame: Any) -> str | None:
    """The name of ``frame``'s index when it holds dates (what ``resample`` works on)."""
    index = getattr(frame, "index", None)
    name = getattr(index, "name", None)
    dtype = str(getattr(frame, "_meta", frame).index.dtype) if name is not None else ""
    return str(name) if name is not None and dtype.startswith("datetime64") else None


def with_dated_index(rows: Any) -> Any:
    """``rows`` with a named datetime index as a column too (the analyst sees it)."""
    name = dated_index(rows)
    if name is None or name in rows.columns:
        return rows
    return rows.reset_index()
