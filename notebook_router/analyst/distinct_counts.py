"""Counting the things a question names, not the rows that mention them.

In a table of repeated measurements (a chick weighed on every day, a patient seen at
every visit) each thing has many rows: "how many chicks were on diet 4?" asks for the
number of distinct chicks, not of weighings, and certainly not the sum of their id
numbers. When the counted noun is the plural of a column's name ("chicks" for
``Chick``) and that column's values stand on several rows each, the count is of its
distinct values under the same conditions.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_COUNTING = [w for w in table("analysis")["aggregations"]["count"] if " " in w]
"""The phrases that ask for a count of things ("how many", "number of")."""
_DISTINCT = table("analysis")["aggregations"]["nunique"]
_PERIODS = frozenset(table("analysis")["unapplied"]["period_words"])
"""Periods ("how many quarters ..."): the rows are the periods, a column only part of one."""
_COUNTED = re.compile(
    rf"\b(?:{alternation(_COUNTING)})\s+(?:(?:{alternation(_DISTINCT)})\s+)?([a-z][\w-]*)"
)


def counted_entities(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting distinct values of the column its counted noun names."""
    column = _counted_column(r)
    if column is None or spec.group_by or spec.measure:
        return spec
    rows = spec.op == "count" and not spec.columns
    summed = spec.op == "statistic" and spec.columns == (column,)
    if not rows and not (summed and spec.aggs in (("sum",), ("count",))):
        return spec
    return replace(spec, op="unique", variant="count", columns=(column,), aggs=())


def _counted_column(r: Reading) -> str | None:
    """The column whose name, in the plural, follows "how many" in the question."""
    said = _COUNTED.search(r.question.lower())
    if said is None:
        return None
    noun = said.group(1)
    for column in r.schema.names():
        name = column.strip().lower()
        if name in _PERIODS or r.kind(column) in ("datetime", "datetext"):
            continue
        if noun != name and noun in forms(name) and _repeated(r, column):
            return column
    return None


def _repeated(r: Reading, column: str) -> bool:
    """Each value of ``column`` stands on several rows, as an id of things measured again
    and again does (a chick weighed every day), unlike a list of items whose few repeated
    names are different things (two restaurants' "Chicken Sandwich")."""
    held = r.schema.column(column)
    distinct = held.distinct or len(set(held.values))
    if distinct:
        return r.schema.rows >= 2 * distinct
    return held.kind == "number" and held.repeats
