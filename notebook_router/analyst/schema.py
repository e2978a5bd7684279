"""What a frame holds, and where a question mentions its columns and values.

Matching is by word stems, so case, underscores, spaces, camelCase, plurals and a
trailing unit in parentheses do not matter: "sepal lengths" finds
``sepal length (cm)``, "passenger id" finds ``PassengerId``. Category values are
read only from text-like columns with few distinct values (a sample decides
first), so a large frame costs one pass per such column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from notebook_router.language.stems import forms, stem
from notebook_router.language.words import word_spans

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PARENS = re.compile(r"\([^)]*\)|\[[^\]]*\]")
MAX_CATEGORIES = 40
SAMPLE_ROWS = 20_000


def name_variants(name: str) -> set[tuple[str, ...]]:
    """Every stemmed word sequence that names ``name``."""
    variants: set[tuple[str, ...]] = set()
    for form in {name, _PARENS.sub(" ", name)}:
        for spaced in {form, _CAMEL.sub(" ", form)}:
            toks = tuple(stem(w) for w, _, _ in word_spans(spaced))
            if toks:
                variants.add(toks)
                variants.add((stem("".join(w for w, _, _ in word_spans(spaced))),))
    return variants


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, what kind of data it holds, and its values when few."""

    name: str
    kind: str
    """``number``, ``binary`` (0/1 or bool), ``category``, ``datetime``, ``datetext`` or ``text``."""
    values: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Mention:
    """A span of the question that names a column (``value`` is None) or one of its values."""

    start: int
    end: int
    column: str
    value: Any = None
    is_value: bool = False


@dataclass(frozen=True, slots=True)
class Schema:
    """A frame (or Series) as the analyst sees it."""

    name: str
    columns: tuple[Column, ...]
    rows: int
    is_series: bool = False

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def of_kind(self, *kinds: str) -> list[str]:
        return [c.name for c in self.columns if c.kind in kinds]


def schema_of(name: str, data: Any) -> Schema:
    """Read the schema of a DataFrame or Series (values only of low-cardinality text columns)."""
    import pandas as pd

    is_series = isinstance(data, pd.Series)
    frame = data.to_frame(name=data.name if data.name is not None else name) if is_series else data
    columns = tuple(_column(str(col), frame[col]) for col in frame.columns if _unique(frame, col))
    return Schema(name, columns, len(frame), is_series)


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
        return Column(name, "number", few)
    few = _few_values(series)
    if few:
        return Column(name, "category", few)
    if _looks_like_dates(name, series):
        return Column(name, "datetext")
    return Column(name, "text")


def _few_values(series: Any) -> tuple[Any, ...]:
    if series.iloc[:SAMPLE_ROWS].nunique() > MAX_CATEGORIES:
        return ()
    values = series.dropna().unique()
    if len(values) > MAX_CATEGORIES:
        return ()
    return tuple(v.item() if hasattr(v, "item") else v for v in values)


def _looks_like_dates(name: str, series: Any) -> bool:
    import pandas as pd

    if not re.search(r"date|time|day|month|period|timestamp", name, re.I):
        return False
    sample = series.dropna().iloc[:50].astype(str)
    if sample.empty:
        return False
    try:
        pd.to_datetime(sample, format="mixed")
    except (ValueError, TypeError):
        return False
    return True


def find_mentions(text: str, schema: Schema, ignore: Iterable[str] = ()) -> list[Mention]:
    """Non-overlapping column and value mentions in ``text``, longest first."""
    toks = word_spans(text)
    stems = [stem(w) for w, _, _ in toks]
    ignored = set(ignore)
    skip = {stem(w) for w in ignored}
    found: list[tuple[int, int, int, Mention]] = []
    for col in schema.columns:
        own = {form for w, _, _ in word_spans(_CAMEL.sub(" ", col.name)) for form in forms(w)}
        for variant in name_variants(col.name):
            for i in _occurrences(stems, variant):
                j = i + len(variant) - 1
                said = {w for w, _, _ in toks[i : j + 1]}
                if said <= ignored and not said & own:
                    continue  # "yearly" is a period, not the column ``year`` ("years" is)
                found.append((len(variant), 1, i, Mention(toks[i][1], toks[j][2], col.name)))
        for value in _matchable_values(col, skip):
            variant = tuple(stem(w) for w, _, _ in word_spans(str(value)))
            for i in _occurrences(stems, variant):
                j = i + len(variant) - 1
                mention = Mention(toks[i][1], toks[j][2], col.name, value, True)
                found.append((len(variant), 0, i, mention))
    found.sort(key=lambda f: (-f[0], -f[1], f[2]))
    chosen: list[Mention] = []
    for _, _, _, m in found:
        if all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    return sorted(chosen, key=lambda m: m.start)


def _occurrences(stems: list[str], variant: tuple[str, ...]) -> list[int]:
    n = len(variant)
    return [i for i in range(len(stems) - n + 1) if tuple(stems[i : i + n]) == variant]


def _matchable_values(col: Column, skip: set[str]) -> list[Any]:
    if col.kind != "category":
        return []
    out = []
    for value in col.values:
        if not isinstance(value, str) or len(value.strip()) < 3:
            continue
        value_stems = {stem(w) for w, _, _ in word_spans(value)}
        if value_stems and not value_stems <= skip:
            out.append(value)
    return out


def partial_column(word: str, schema: Schema) -> str | None:
    """The one column a lone word abbreviates ("class" for ``Pclass``), if exactly one."""
    w = word.lower()
    if len(w) < 4:
        return None
    hits = []
    for col in schema.columns:
        joined = "".join(x for x, _, _ in word_spans(col.name))
        parts = [x for x, _, _ in word_spans(_CAMEL.sub(" ", col.name))]
        close = (joined.endswith(w) or joined.startswith(w)) and len(joined) - len(w) <= 3
        # an abbreviated name: "unemp" for unemployment, "infl" for inflation
        short = len(joined) >= 4 and w.startswith(joined) and joined.isalpha()
        if close or w in parts or short:
            hits.append(col.name)
    return hits[0] if len(hits) == 1 else None


def frame_schemas(frames: Mapping[str, Any]) -> dict[str, Schema]:
    """The schema of every frame, by name."""
    return {name: schema_of(name, data) for name, data in frames.items()}
