""" "the oldest vehicle year", "the youngest date": age said of a column of dates.

"Oldest" is the largest age but the earliest date: "oldest vehicle year among frontal
crashes" asks for the smallest ``yearVeh``, not the largest, and "the youngest car's
model year" for the largest. A maximum or minimum of one column of dates (or of years,
by the column's name) said by a word for age is turned round.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.conditions import holds_years
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_AGE = table("superlative_measures")["measures"]["age"]
_OLDEST = re.compile(rf"\b(?:{alternation(_AGE['max'])})\b")
_YOUNGEST = re.compile(rf"\b(?:{alternation(_AGE['min'])})\b")
_AGGREGATIONS = table("analysis")["aggregations"]
_EXPLICIT = re.compile(
    rf"\b(?:{alternation([w for a in ('max', 'min') for w in _AGGREGATIONS[a] if w not in (*_AGE['max'], *_AGE['min'])])})\b"
)
"""Another word for a maximum or minimum said too ("the max ..."): that one is meant."""
_DATED = frozenset({"datetime", "datetext"})


def dated_extremes(r: Reading, spec: Spec) -> Spec:
    """``spec`` with the extreme of a date or year column turned round when the question
    said it as an age ("oldest" is the minimum date)."""
    if spec.op not in ("statistic", "groupby") or len(spec.columns) != 1:
        return spec
    if spec.aggs not in (("max",), ("min",)) or not _dated(r, spec.columns[0]):
        return spec
    if _EXPLICIT.search(r.text):
        return spec  # "max years_experience of the oldest employees": as said
    oldest, youngest = _OLDEST.search(r.text), _YOUNGEST.search(r.text)
    if oldest and not youngest and spec.aggs == ("max",):
        return _turned(spec, "min", oldest.group(0))
    if youngest and not oldest and spec.aggs == ("min",):
        return _turned(spec, "max", youngest.group(0))
    return spec


def _turned(spec: Spec, agg: str, said: str) -> Spec:
    """``spec`` with the other extreme, the age word it read no longer named as unused."""
    kept = tuple(g for g in spec.left_out if g.said != said)
    return replace(spec, aggs=(agg,), left_out=kept)


def _dated(r: Reading, column: str) -> bool:
    """A column of dates, or of calendar years (``yearVeh``, ``model_year``: never an age
    in years, ``age_years``, whose values are no years)."""
    return r.kind(column) in _DATED or holds_years(r, column, first=True)
