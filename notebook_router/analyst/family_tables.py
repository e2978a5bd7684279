"""Pivot tables and cross-tabulations, and the one cell a question may ask of them."""

from __future__ import annotations

import re

from notebook_router.analyst.intents import (
    GROUPABLE,
    PERCENT,
    Outcome,
    base,
    default_agg,
    groups,
    no_column,
    time_like,
)  # fmt: skip
from notebook_router.analyst.reading import Reading
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("families_shapes")


def _bare(group: str, space: str = " ") -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=space)[3:-1]


_CELL = "|".join(rf"\b{re.escape(w)}" for w in _SAID.words("pivot.cell")) + r"|\bvalue\b"
_NORMALIZED = (
    r"\bnormali[sz]\w*|"
    + "|".join(rf"\b{re.escape(w)}" for w in _SAID.words("pivot.normalized"))
    + r"|\bshare\b|%"
)
_BY_COLUMNS = rf"\b(?:{_bare('pivot.by_columns')}) columns?\b"

TABLE = r"\bpivot|\bcross[- ]?tab\w*|\bcontingency\b|\btwo-way\b"


def pivot(r: Reading) -> Outcome:
    if not r.has(TABLE):
        return None
    keys = _keys(r)
    if len(keys) < 2:
        if r.filters or r.has(_CELL):
            return None  # one key and a cell asked: a filtered statistic answers it
        return no_column(r, "the pivot (it needs two columns to put on rows and columns)")
    keys = keys[:2]
    lookup = tuple(f for f in r.filters if f.column in keys and f.op == "==")
    r.filters = [f for f in r.filters if f not in lookup]
    targets = [t for t in r.targets() if t not in keys]
    normalize = ""
    if r.has(_NORMALIZED):
        normalize = "columns" if r.has(_BY_COLUMNS) else "index"
    if not targets or r.has(r"\bcross[- ]?tab|\bcontingency\b"):
        return base(r, "pivot", variant="crosstab", group_by=tuple(keys), percent=r.has(PERCENT),
                    method=normalize, lookup=lookup)  # fmt: skip
    return base(r, "pivot", group_by=tuple(keys), columns=(targets[0],),
                aggs=(default_agg(r, targets[0]),), lookup=lookup)  # fmt: skip


def _keys(r: Reading) -> list[str]:
    """Row key first: said "as rows" / "(rows)", else in the order the question names them."""
    rows = _placed(r, _AS_ROWS)
    cols = _placed(r, _AS_COLUMNS)
    group, _ = groups(r)
    named = [c for c in r.mentioned() if _keyable(r, c)]
    keys = [*rows, *cols, *group, *named]
    return list(dict.fromkeys(keys))


def _placed_as(where: str) -> re.Pattern[str]:
    return re.compile(rf"\bC(\d+)\s*(?:\(|{_bare('pivot.placed')})?\s*(?:the\s+)?(?:{where})\b")


_AS_ROWS = _placed_as(r"rows|index|the rows|row labels")
_AS_COLUMNS = _placed_as(r"columns|the columns|column labels")


def _placed(r: Reading, where: re.Pattern[str]) -> list[str]:
    m = where.search(r.skeleton)
    return [r.column_at(int(m.group(1)))] if m else []


def _keyable(r: Reading, column: str) -> bool:
    """A column that can label rows or columns: categories, or few / time-like whole numbers."""
    if r.kind(column) in GROUPABLE:
        return True
    values = r.schema.column(column).values if r.kind(column) == "number" else ()
    few = 0 < len(values) <= 12
    return few or (r.kind(column) == "number" and time_like(r, column) and _whole(r, column))


def _whole(r: Reading, column: str) -> bool:
    values = r.schema.column(column).values
    return not values or all(float(v).is_integer() for v in values)
