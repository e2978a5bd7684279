"""Is this text a date? The shapes of dates written as text, read from a column's values.

A CSV's dates arrive as text. A column is one of dates when most of its values are
written as a date with its year ("1992-04-30", "04/30/1992", "March 2024", "5 Mar
2024"), whatever its name; a column whose name says dates is one unless most of its
values are something a lenient parser also takes for a date (a version "1.2.10", a
season "2009-10", a bare year, a time of day). Either way a value written day first
("15/02/2020") rules the column out: a parser reads each value in its own order, so
"01/02/2020" of the same column would be January. Whether the texts parse is the
caller's to check (this layer reads text, never pandas).

>>> reads_as_dates(["1992-04-30", "04/30/1992", "n/a"], share=0.6)
('1992-04-30', '04/30/1992')
>>> reads_as_dates(["1.2.10", "2.0.1"], share=0.8, named=True) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebook_router.language.phrases import phrase_table

_MONTH = phrase_table("date_texts").either("months.starts") + r"[a-z]*\.?"
_DATE_SHAPE = re.compile(
    r"\s*(?:\d{4}(?P<s1>[-/])\d{1,2}(?P=s1)\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\S*)?"
    r"|(?:\d{1,2}(?P<s2>[-/])\d{1,2}(?P=s2)\d{2,4}|\d{1,2}\.\d{1,2}\.\d{4})"
    r"(?: \d{1,2}:\d{2}(?::\d{2})?)?"
    rf"|{_MONTH}\s+(?:\d{{1,2}},?\s+)?\d{{4}}|\d{{1,2}}\s+{_MONTH},?\s+\d{{4}})\s*",
    re.IGNORECASE,
)
"""Text written as a date with its year: a bare year ("2015"), a month ("Jan"), a
weekday, a version ("1.2.10", "2023.1.5") or a season ("2009-10", "2005/06") is not."""
_DAY_FIRST = re.compile(r"\s*(?P<first>\d{1,2})[-/.]\d{1,2}[-/.]\d{2,4}")
"""A date written with its day or month first; day first when that field is above 12."""
_NOT_DATES = re.compile(
    r"\s*(?:\d+(?:\.\d+){1,3}|\d{4}[-/]\d{2}|\d{4}|\d{1,3}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*"
)
"""Versions, seasons, bare years and times of day or durations ("2:08:41", a race's
time), which a lenient parser takes for dates (today's, for a time)."""


def reads_as_dates(
    values: Sequence[object], *, share: float, named: bool = False
) -> tuple[str, ...] | None:
    """The texts a parser must read as dates for ``values`` to be a column of dates, or
    None when their shape already says they are not.

    By shape (``named`` False): the values written as a date with its year, when at
    least ``share`` of ``values`` are. By name (``named`` True, for a column whose name
    says dates): every value as text, unless ``share`` of them are versions, seasons,
    bare years or times. None too when one of those texts is written day first.
    """
    if named:
        texts = tuple(str(v) for v in values)
        if sum(_NOT_DATES.fullmatch(v) is not None for v in texts) >= share * len(texts):
            return None  # "release" of versions, "season" of "2009-10"
    else:
        texts = tuple(v for v in values if isinstance(v, str) and _DATE_SHAPE.fullmatch(v))
        if not texts or len(texts) < share * len(values):
            return None
    return None if _day_first(texts) else texts


def _day_first(texts: Sequence[str]) -> bool:
    return any((m := _DAY_FIRST.match(t)) is not None and int(m.group("first")) > 12 for t in texts)
