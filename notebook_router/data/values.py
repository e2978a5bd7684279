"""The distinct values of a table's text columns, indexed by their words.

Value linking, as text-to-SQL systems do it: a question's words or phrases that are
values of a column ("Brooklyn", "United States", "Adelie", "chinstraps") become
filters on that column. The values come from the data itself: every distinct value
of each text column (the most frequent ``MAX_VALUES`` of a column with more), read
once per object and kept while the object is unchanged (``frame_signal``).

>>> import pandas as pd
>>> index = value_index(pd.DataFrame({"city": ["New York", "Boston", "New York"]}))
>>> [(h.column, h.value) for h in index.lookup(("new", "york"))]
[('city', 'New York')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from notebook_router.data.frame_cache import PerFrame
from notebook_router.language.lexicon import is_common_word, is_filler
from notebook_router.language.stems import past_form, stem
from notebook_router.language.tables import table
from notebook_router.language.words import words

MAX_VALUES = 50_000
"""Distinct values indexed per column (the most frequent, when a column has more)."""
MAX_WORDS = 6
"""Longest value, in words, that a question can name."""
MAX_CHARS = 80


@dataclass(frozen=True, slots=True)
class ValueHit:
    """A column holding a value the question named, and how many rows hold it."""

    column: str
    value: Any
    rows: int
    exact: bool
    """Named with its own words (not only by a shared stem: "chinstraps" for "Chinstrap")."""


@dataclass(frozen=True, slots=True)
class ColumnLabels:
    """One text column's values with how many rows hold each, commonest first (the first
    ``MAX_VALUES``), how many distinct values it holds and its rows with a value."""

    counts: tuple[tuple[Any, int], ...]
    distinct: int
    rows: int


@dataclass
class ValueIndex:
    """The values of one table's text columns, by their lower-case words and by stems."""

    by_words: dict[tuple[str, ...], list[ValueHit]] = field(default_factory=dict)
    by_stems: dict[tuple[str, ...], list[ValueHit]] = field(default_factory=dict)
    heads: dict[str, dict[str, int]] = field(default_factory=dict)
    """The first word of values of several words ("manual" of "manual(m5)"), by column,
    with how many distinct values begin with it."""
    codes: dict[str, list[ValueHit]] = field(default_factory=dict)
    """Short codes ("CA", "LAX"), matched only as written: "ca" or "in" in prose are words."""
    longest: int = 1
    labels: dict[str, ColumnLabels] = field(default_factory=dict)
    """Each text column's values with their row counts, as the index was built from them:
    read by the questions that weigh labels (spellings of one label, places) without
    counting the column again."""

    def lookup(self, said: tuple[str, ...]) -> list[ValueHit]:
        """The values named by the lower-case words ``said``: by their words, else by stems."""
        found = self.by_words.get(said)
        if found:
            return found
        if any(past_form(w) for w in said):
            return []  # "pets *named* Luna": a verb form names no value by its stem ("Name")
        return self.by_stems.get(tuple(stem(w) for w in said), [])

    def code(self, written: str) -> list[ValueHit]:
        """The values written exactly as ``written`` (an upper-case code)."""
        return self.codes.get(written, [])


def build_index(frame: Any) -> ValueIndex:
    """The value index of ``frame`` (a DataFrame)."""
    import pandas as pd
    from pandas.api import types as t

    index = ValueIndex()
    for name in frame.columns:
        series = frame[name]
        if getattr(series, "ndim", 1) != 1:
            continue  # a duplicated column name gives a frame
        dtype = series.dtype
        if not (
            t.is_object_dtype(dtype)
            or t.is_string_dtype(dtype)
            or isinstance(dtype, pd.CategoricalDtype)
        ):
            continue
        labels = column_labels(series)
        if labels is None:
            continue
        index.labels[str(name)] = labels
        for value, rows in labels.counts:
            if isinstance(value, str):
                _add(index, str(name), value, rows)
    return index


def column_labels(series: Any) -> ColumnLabels | None:
    """A column's values with their row counts (None when its cells cannot be counted:
    lists, dicts)."""
    try:
        counts = series.value_counts(dropna=True)
    except TypeError:
        return None
    kept = tuple((value, int(rows)) for value, rows in counts.iloc[:MAX_VALUES].items())
    return ColumnLabels(kept, len(counts), int(counts.sum()))


def _add(index: ValueIndex, column: str, value: str, rows: int) -> None:
    text = value.strip()
    if not text or len(text) > MAX_CHARS:
        return
    said = tuple(words(text))
    if not said or len(said) > MAX_WORDS or all(w.isdigit() for w in said):
        return
    if len(text) <= 3 and text.isupper():
        index.codes.setdefault(text, []).append(ValueHit(column, value, rows, True))
        return
    if len(text) < 3 and not _short_name(text):
        return  # "a", "NA", "x", "no": too short to name in prose, or a word of it
    index.by_words.setdefault(said, []).append(ValueHit(column, value, rows, True))
    if len(said) > 1 and said[0].isalpha():
        by_column = index.heads.setdefault(said[0], {})
        by_column[column] = by_column.get(column, 0) + 1
    stems = tuple(stem(w) for w in said)
    index.by_stems.setdefault(stems, []).append(ValueHit(column, value, rows, False))
    index.longest = max(index.longest, len(said))


def _short_name(text: str) -> bool:
    """A two-letter lower-case value that is no English word and no unit ("wc", "bc"):
    said in a question it can only be that value, and leaving it unread loses a filter.
    A unit ("ms", "hr", "pm") said in a question is a unit ("latency in ms")."""
    if not (len(text) == 2 and text.isalpha() and text.islower()):
        return False
    return not (is_filler(text) or is_common_word(text) or text in _unit_words())


@lru_cache(maxsize=1)
def _unit_words() -> frozenset[str]:
    units = table("units")
    clock = table("clock_times")
    said = {*units["units"], *clock["am"], *clock["pm"]}
    for kind in units["conversions"].values():
        said.update(kind)
    return frozenset(said)


_INDEXES: PerFrame[ValueIndex] = PerFrame()


def value_index(frame: Any) -> ValueIndex:
    """``frame``'s value index, built once and reused while the frame is unchanged."""
    return _INDEXES.get(frame, lambda: build_index(frame))
