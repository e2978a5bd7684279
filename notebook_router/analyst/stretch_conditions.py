"""A stretch of time said with a count: "total distance in the first 6 months", "orders
over the last 3 weeks".

It is counted on the table's date column in whole calendar units from the month (quarter,
year) of the data's earliest date ("first") or back from the one of its latest ("last"),
and shown as the date bound it became ("rows where dep_date < 2023-07-01"), so a reader
can see which months ran. Without a
date column the words are left for the accounting to name as not applied.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from notebook_router.analyst import conditions as cond
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.numbers import number
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

_STRETCH = table("period_conditions")["stretch"]
_UNITS: dict[str, list[object]] = _STRETCH["units"]
_WORD_NUMBERS: dict[str, int] = table("numbers")["words"]
_FIRST = frozenset(_STRETCH["first"])
_PATTERN = re.compile(
    rf"\b(?:(?:{alternation(_STRETCH['leads'])})\s+)?(?:the\s+)?"
    rf"(?P<edge>{alternation([*_STRETCH['first'], *_STRETCH['last']])})\s+"
    rf"(?P<n>\d+|{alternation(_WORD_NUMBERS)})\s+(?P<unit>{alternation(_UNITS)})\b"
)
_OF_YEAR = re.compile(
    rf"\s+(?:{alternation(_STRETCH['of_year'])})\s+"
    rf"(?:(?P<year>(?:1[89]|20)\d\d)\b|(?P<any>{alternation(_STRETCH['any_year'])})\b)"
)
"""A year said after the stretch ("of 2020"), or "of the year" with none."""
_EVERY_YEAR = re.compile(
    rf"{_PATTERN.pattern}\s+(?:{alternation(_STRETCH['of_year'])})\s+"
    rf"(?:{alternation(_STRETCH['any_year'])})\b"
)
"""The stretch in the question's own words, said of every year ("... of each year"),
where another reader may have taken "each year" as a split already."""


def stretch_conditions(r: Reading) -> list[Filter]:
    """The date bounds of "the first/last N <units>", blanked from ``r.skeleton``."""
    import pandas as pd  # here, not at the top: loading the extension never imports pandas

    m = _PATTERN.search(r.skeleton)
    if m is None:
        return []
    dates = cond.date_column(r)
    frame = r.schema.frame
    if dates is None or r.kind(dates) != "datetime" or frame is None:
        return []
    said = pd.to_datetime(frame[dates], errors="coerce").dropna()
    if said.empty:
        return []
    n = m.group("n")
    count = int(n) if n.isdigit() else int(_WORD_NUMBERS.get(n, number(n)))
    unit, per = str(_UNITS[m.group("unit")][0]), int(str(_UNITS[m.group("unit")][1]))
    offset = pd.DateOffset(**{unit: count * per})
    year = _OF_YEAR.match(r.skeleton, m.end())
    end_at = m.end() if year is None else year.end()
    if (year is not None and year["any"] is not None) or _EVERY_YEAR.search(r.text.lower()):
        # calendar months of every year: no bound from the data's first date says that
        said = " ".join(r.skeleton[m.start() : end_at].split())
        r.unapplied.append(LeftOut(said, "the same months of every year are not a date bound"))
        _blank(r, m.start(), end_at)
        return []
    if year is not None:
        # counted within the year said: from 1 January, or back from 1 January after it
        jan = pd.Timestamp(int(year["year"]), 1, 1)
        _blank(r, m.start(), end_at)
        if m.group("edge") in _FIRST:
            return [
                Filter(dates, ">=", jan.date().isoformat()),
                Filter(dates, "<", (jan + offset).date().isoformat()),
            ]
        after = pd.Timestamp(int(year["year"]) + 1, 1, 1)
        return [
            Filter(dates, ">=", (after - offset).date().isoformat()),
            Filter(dates, "<", after.date().isoformat()),
        ]
    if m.group("edge") in _FIRST:
        start = _calendar_start(said.min(), unit, per)
        found = Filter(dates, "<", (start + offset).date().isoformat())
    else:
        # the calendar month (quarter, day) of the last date is the stretch's last
        one = (
            pd.DateOffset(months=per if per == 3 else 1)
            if unit == "months"
            else pd.DateOffset(days=1)
        )
        end = _calendar_start(said.max(), unit, per) + one
        found = Filter(dates, ">=", (end - offset).date().isoformat())
    _blank(r, m.start(), m.end())
    return [found]


def _blank(r: Reading, start: int, end: int) -> None:
    r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]


def _calendar_start(day: pd.Timestamp, unit: str, per: int) -> pd.Timestamp:
    """The start of the calendar month (or quarter) ``day`` falls in, the day itself for
    days and weeks: "the first 6 months" of data from 3 January are January to June; a
    year is twelve months from the month of the first (or last) date."""
    import pandas as pd

    day = pd.Timestamp(day).normalize()
    if unit == "months":
        month = day.month - (day.month - 1) % per if per == 3 else day.month
        return pd.Timestamp(day.year, month, 1)
    return day
