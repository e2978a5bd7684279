"""What a frame holds, as the analyst sees it: its columns, their kinds, their values.

A column's values are kept when they are few (a category); every text column's
distinct values are indexed by their words (:mod:`notebook_router.data.values`), so a
question can name any of them. Where a question mentions columns and values is
:mod:`.linking`'s job.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.data.values import ColumnLabels, ValueIndex, column_labels, value_index
from notebook_router.language.amounts import AmountTexts
from notebook_router.language.date_text_shape import reads_as_dates
from notebook_router.language.phrases import phrase_table

MAX_CATEGORIES = 40
SAMPLE_ROWS = 20_000
SAMPLE_DATES = 50
DATED_SHARE = 0.8
"""A text column is one of dates when this share of its first values are dates."""
_DATE_NAME = re.compile(
    phrase_table("answer_limits").either("columns.date_names", space=" "), re.IGNORECASE
)
"""A column name that says it may hold dates as text (data/answer_limits.toml)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, what kind of data it holds, and its values when few."""

    name: str
    kind: str
    """``number``, ``binary`` (0/1 or bool), ``category``, ``datetime``, ``datetext`` or ``text``."""
    values: tuple[Any, ...] = ()
    repeats: bool = True
    """Some value stands on more than one row (False for a label such as a name or an id:
    grouping by it gives one row a group)."""
    whole: bool = False
    """A number column of whole numbers (a count of things: "how many were sold" adds it up)."""
    distinct: int = 0
    """How many distinct values a text column holds (0 for other kinds)."""
    amounts: AmountTexts | None = None
    """For text whose every value is an amount ("$1,234.50"): their currencies. Such a
    column is a ``number`` the code parses first (:mod:`.amount_texts`), or, in several
    currencies, stays text that no figure adds up."""


@dataclass(frozen=True, slots=True)
class Schema:
    """A frame (or Series) as the analyst sees it."""

    name: str
    columns: tuple[Column, ...]
    rows: int
    is_series: bool = False
    values: ValueIndex | None = field(default=None, compare=False, repr=False)
    """Every text column's distinct values, by their words (None for a Series)."""
    frame: Any = field(default=None, compare=False, repr=False)
    """The rows the schema was read from, for what is counted only when a question needs
    it (:meth:`spread`): counting every column's values for every question cost seconds
    a question on a frame of a million rows."""
    sampled: bool = field(default=False, compare=False)
    """``frame`` is a sample of the rows (a Dask collection's first partitions)."""

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    def spread(self, name: str) -> tuple[int, int]:
        """How many distinct values column ``name`` holds and the fewest rows any one of
        them stands on ((0, 0) when it cannot be read): an identifier of things measured
        again and again has many values, each on several rows."""
        if self.frame is None or name not in self.frame.columns:
            return (0, 0)
        try:
            counts = self.frame[name].value_counts()
        except TypeError:  # unhashable values (lists): not read
            return (0, 0)
        return (len(counts), int(counts.min())) if len(counts) else (0, 0)

    def labels(self, name: str) -> ColumnLabels | None:
        """Text column ``name``'s values with their row counts: those the value index
        counted once per table, or (for a Series, which has no index) counted here."""
        if self.values is not None:
            return self.values.labels.get(name)
        if self.frame is None or name not in self.frame.columns:
            return None
        return column_labels(self.frame[name])

    def may_be_missing(self, name: str) -> bool:
        """Whether column ``name`` may hold missing values (True when its rows are not
        at hand, as for a Dask collection read from a sample)."""
        if self.frame is None or name not in self.frame.columns or self.sampled:
            return True
        return bool(self.frame[name].isna().any())

    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def of_kind(self, *kinds: str) -> list[str]:
        return [c.name for c in self.columns if c.kind in kinds]


def schema_of(name: str, data: Any) -> Schema:
    """Read the schema of a DataFrame or Series (values only of low-cardinality text columns).

    Read again for each question (its column kinds decide the reading, and a write to a
    cell no quick signal sees would leave a kept one wrong); what costs a pass over a
    large column, the counts of its labels, comes from the value index kept per frame."""
    from notebook_router.data.dask_data import is_dask_collection

    if is_dask_collection(data):  # read from a sample of its partitions, never computed whole
        from notebook_router.analyst.dask_frames import dask_schema

        return dask_schema(name, data)

    return _read_schema(name, data)


def _read_schema(name: str, data: Any) -> Schema:
    import pandas as pd

    is_series = isinstance(data, pd.Series)
    frame = data.to_frame(name=data.name if data.name is not None else name) if is_series else data
    columns = tuple(_column(str(col), frame[col]) for col in frame.columns if _unique(frame, col))
    if not is_series:  # "$1,234.50" read as 1234.5, as the code will read it
        from notebook_router.analyst.amount_texts import read_amounts

        frame, columns = read_amounts(frame, columns)
    values = None if is_series else value_index(frame)
    return Schema(name, columns, len(frame), is_series, values, frame)


def _unique(frame: Any, col: Any) -> bool:
    return bool(list(frame.columns).count(col) == 1)


def _column(name: str, series: Any) -> Column:
    from pandas.api import types as t

    dtype = series.dtype
    if t.is_bool_dtype(dtype):
        return Column(name, "binary", (False, True))
    if t.is_datetime64_any_dtype(dtype):
        return Column(name, "datetime")
    if t.is_numeric_dtype(dtype):
        head = series.iloc[:SAMPLE_ROWS].dropna()
        if len(head) and head.isin([0, 1]).all() and series.dropna().isin([0, 1]).all():
            return Column(name, "binary", (0, 1))
        few = _few_values(series)
        whole = bool(len(head)) and bool((head % 1 == 0).all())
        return Column(name, "number", few, whole=whole)
    few = _few_values(series)
    if few and _dated(series):  # a few dates are still dates: compared and grouped as such
        return Column(name, "datetext", few)
    if few:
        return Column(name, "category", few)
    if _looks_like_dates(name, series):
        return Column(name, "datetext")
    head = series.iloc[:SAMPLE_ROWS].dropna()
    repeats = bool(len(head)) and head.nunique() < len(head)
    return Column(name, "text", repeats=repeats, distinct=int(series.nunique()))


def _few_values(series: Any) -> tuple[Any, ...]:
    if series.iloc[:SAMPLE_ROWS].nunique() > MAX_CATEGORIES:
        return ()
    values = series.dropna().unique()
    if len(values) > MAX_CATEGORIES:
        return ()
    return tuple(v.item() if hasattr(v, "item") else v for v in values)


def _dated(series: Any) -> bool:
    """Most sampled values are text written as a date with its year, and parse as dates
    (a few others, "unknown" or "n/a", are the rows no date condition can keep)."""
    sample = series.dropna().iloc[:SAMPLE_DATES].tolist()
    texts = reads_as_dates(sample, share=DATED_SHARE)
    return texts is not None and _parses(list(texts))


def _looks_like_dates(name: str, series: Any) -> bool:
    if _dated(series):
        return True
    if not _DATE_NAME.search(name):
        return False
    values = series.dropna().iloc[:SAMPLE_DATES].astype(str).tolist()
    texts = reads_as_dates(values, share=DATED_SHARE, named=True)
    return texts is not None and _parses(list(texts))


def _parses(values: list[Any]) -> bool:
    """Whether enough of ``values`` parse as dates, and every one written as a date does."""
    import pandas as pd

    if not values:
        return False
    parsed = pd.to_datetime(pd.Series(values, dtype=object), errors="coerce", format="mixed")
    return bool(parsed.notna().sum() >= DATED_SHARE * len(values))


def frame_schemas(frames: Mapping[str, Any]) -> dict[str, Schema]:
    """The schema of every frame, by name."""
    return {name: schema_of(name, data) for name, data in frames.items()}
