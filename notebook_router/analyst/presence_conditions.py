"""A yes/no or count column said as something the rows have or lack.

"homes with a garage", "homes without garages", "women who have no children", "students
had no absences", "passengers on cancelled flights": the column names no measure, it
says which rows. On a yes/no column (0/1, booleans, two labels one of which says yes) the
condition is the yes or the no value; on a count (whole numbers, none below zero) it is
``> 0`` or ``== 0``. The words read are blanked, so the column is not also measured.
"""

from __future__ import annotations

import re

from notebook_router.analyst.conditions import yes_no
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.phrases import in_order
from notebook_router.language.tables import table

_WORDS = table("condition_words")["presence"]
_LACKING = re.compile(rf"\b{in_order(tuple(_WORDS['lacking']))}\s+$")
_HAVING = re.compile(rf"\b{in_order(tuple(_WORDS['having']))}\s+$")
_YES_NO_ONLY = re.compile(rf"\b{in_order(tuple(_WORDS['yes_no_only']))}\s+$")
_TOKEN = re.compile(r"\bC(\d+)\b")


def presence_conditions(r: Reading) -> list[Filter]:
    """The conditions said as having or lacking a yes/no or count column."""
    out: list[Filter] = []
    for token in list(_TOKEN.finditer(r.skeleton)):
        index = int(token.group(1))
        column = r.column_at(index)
        if column in r.measured:
            continue  # "the average children": what is measured
        before = r.skeleton[: token.start()]
        lacking = _LACKING.search(before)
        lead = lacking or _HAVING.search(before)
        sides = yes_no(r, column)
        if lead is None and sides is not None:
            lead = _YES_NO_ONLY.search(before)
        if lead is None:
            continue
        condition = _condition(r, column, sides, lacking=lacking is not None)
        if condition is None:
            continue
        out.append(condition)
        start = lead.start()
        r.skeleton = r.skeleton[:start] + " " * (token.end() - start) + r.skeleton[token.end() :]
    return out


def _condition(
    r: Reading, column: str, sides: tuple[object, object] | None, *, lacking: bool
) -> Filter | None:
    if sides is not None:
        falsy, truthy = sides
        return Filter(column, "==", falsy if lacking else truthy)  # type: ignore[arg-type]
    if not _counts(r, column):
        return None
    return Filter(column, "==", 0) if lacking else Filter(column, ">", 0)


_MOST_COUNTS = 32
"""A count of things a row has (children, garages, absences) takes few values; a measure
with a zero somewhere ("revenue", "sales") takes many, and "with revenue by month" is no
condition on it."""


def _counts(r: Reading, column: str) -> bool:
    """Whole numbers, none below zero, some zero, few of them: how many of something each
    row has."""
    frame = r.schema.frame
    if r.kind(column) != "number" or frame is None or column not in frame.columns:
        return False
    try:
        values = frame[column].dropna()
        return (
            bool(len(values))
            and bool((values >= 0).all())
            and bool((values == 0).any())
            and bool((values == values.round()).all())
            and values.nunique() <= _MOST_COUNTS
        )
    except (TypeError, ValueError):
        return False
