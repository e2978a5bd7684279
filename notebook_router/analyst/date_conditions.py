"""Conditions on a date said in full: "after 1992-04-30", "before 04/30/2015", "since
March 2024", "between March 1, 2024 and March 20, 2024".

The comparison goes to the table's date column, a datetime column or text that holds
dates (the code parses that text first), and is written with the date in ISO form, so
"before 04/30/2015" on a column of "2015-04-30" compares dates, never text. Read before
the values of a column, so a date that is also a value ("1992-04-30") is never read as
``== '1992-04-30'`` when a word before it bounds it. A month said as the bound ("after
March 2024") bounds by the whole month: after its last day, from its first.
"""

from __future__ import annotations

import re
from datetime import date

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.conditions import date_column
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("date_conditions")
_OPS = {word: op for op, words in _WORDS["ops"].items() for word in words}
_MONTH = rf"(?:{alternation([m[:3] for m in ph.MONTHS])})[a-z]*\.?"
_DATE = (
    r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{4}"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    rf"|{_MONTH},?\s+\d{{4}}|\d{{4}}-\d{{1,2}})(?![\d/-])"
)
"""A date with its year: a day, or a month ("March 2024", "2024-03"); never a year alone."""
_MONTH_ONLY = re.compile(rf"{_MONTH},?\s+\d{{4}}|\d{{4}}-\d{{1,2}}")
_SPAN = re.compile(
    rf"\b(?:{alternation(_WORDS['span']['leads'])})\s+(?:the\s+)?(?P<low>{_DATE})\s*"
    rf"(?:{alternation(_WORDS['span']['joins'])})\s*(?:the\s+)?(?P<high>{_DATE})"
)
_BOUND = re.compile(rf"\b(?P<word>{alternation(list(_OPS))})\s+(?:the\s+)?(?P<date>{_DATE})")


def date_conditions(r: Reading) -> list[Filter]:
    """Each bound on a date the skeleton holds, on the date column, blanked from it."""
    dates = date_column(r)
    if dates is None:
        return []
    found: list[Filter] = []
    for m in list(_SPAN.finditer(r.skeleton)):
        low, high = _period(m.group("low")), _period(m.group("high"))
        if low is None or high is None:
            continue
        found.append(Filter(dates, "between", (low[0].isoformat(), _last_day(high))))
        r.skeleton = ph.blank(r.skeleton, m)
    for m in list(_BOUND.finditer(r.skeleton)):
        said = _period(m.group("date"))
        if said is None:
            continue
        found.append(_bound(dates, _OPS[" ".join(m.group("word").split())], said))
        r.skeleton = ph.blank(r.skeleton, m)
    return found


def _bound(column: str, op: str, said: tuple[date, date | None]) -> Filter:
    """``column op`` the date said; a month said bounds by the whole month."""
    first, after = said
    if after is None:  # a day
        if op == "==":
            return Filter(column, "between", (first.isoformat(), first.isoformat()))
        return Filter(column, op, first.isoformat())
    if op == "==":
        return Filter(column, "between", (first.isoformat(), _last_day(said)))
    if op in (">", "<="):  # after March: from April on; until March: through its last day
        return Filter(column, ">=" if op == ">" else "<", after.isoformat())
    return Filter(column, op, first.isoformat())


def _last_day(said: tuple[date, date | None]) -> str:
    first, after = said
    if after is None:
        return first.isoformat()
    return date.fromordinal(after.toordinal() - 1).isoformat()


def _period(text: str) -> tuple[date, date | None] | None:
    """The day said (and None), or a month's first day and the next month's first day."""
    import pandas as pd

    try:
        stamp = pd.Timestamp(text.replace(",", " "))
    except (ValueError, TypeError):
        return None
    day = stamp.date()
    if not _MONTH_ONLY.fullmatch(text):
        return day, None
    following = date(day.year + day.month // 12, day.month % 12 + 1, 1)
    return date(day.year, day.month, 1), following
