"""An ordinal or a decade said of a column: "12th graders", "in 11th grade", "the first
quarter", "the 2nd quarter of 2024", "homes built in the 1990s".

- An ordinal number before a number column's name, or before a word its name begins
  ("graders" of ``grade_level``), is that column's value (``grade_level == 12``), when the
  column holds it.
- An ordinal before "quarter", on a table with a date column, is that quarter of the year
  (a year said beside it is read by the year rules).
- A decade on a table whose only year column is named with more than "year"
  (``year_built``) is that span of years (the plain ``year`` column is read elsewhere),
  unless another column is said right before it ("sqft in the 2000s"): then it is left
  for the accounting to name as not applied.

What is read is blanked, so it is neither measured nor named as left over.
"""

from __future__ import annotations

import re

from notebook_router.analyst.conditions import date_column, kept_unless_excluded, negated, opposite
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_WORDS = table("condition_words")["ordinals"]
_SUFFIX = rf"(?:{alternation(_WORDS['suffixes'])})"
_ORDINAL_WORDS: dict[str, int] = dict(_WORDS["words"])
_QUARTER = re.compile(
    rf"\b(?:(?P<word>{alternation(list(_ORDINAL_WORDS))})|(?P<num>[1-4]){_SUFFIX})\s+"
    rf"(?:{alternation(_WORDS['quarter'])})\b"
)
_DECADE = re.compile(
    rf"(?:\bC(?P<index>\d+)\s+)?(?P<lead>\b(?:{alternation(_WORDS['decade_leads'])})\s+"
    rf"(?:{alternation(_WORDS['decade_fillers'])})\s+"
    rf"(?P<decade>(?:1[6-9]|20)\d)0'?s\b)"
)
_ORDINAL = re.compile(
    rf"(?<![\w.])(?P<n>\d+){_SUFFIX}\s+(?:C(?P<index>\d+)\b|(?P<word>[a-z]{{4,}}))"
)
_YEAR_WORDS = frozenset(_WORDS["year_words"])


def ordinal_conditions(r: Reading) -> list[Filter]:
    """The conditions said as an ordinal or a decade of a column."""
    return [*_quarters(r), *_decades(r), *_ordinals(r)]


def _as_said(r: Reading, start: int, f: Filter) -> Filter:
    """``f`` said at ``start``, or the rows it leaves out when negated or excluded there
    ("excluding the 4th district": ``District != 4``)."""
    turned = opposite(f, r.schema.may_be_missing(f.column)) if negated(r, start) else None
    return turned if turned is not None else kept_unless_excluded(r, start, f)


def _blank(r: Reading, m: re.Match[str]) -> None:
    r.skeleton = r.skeleton[: m.start()] + " " * (m.end() - m.start()) + r.skeleton[m.end() :]


def _quarters(r: Reading) -> list[Filter]:
    dates = date_column(r)
    if dates is None:
        return []
    out = []
    for m in list(_QUARTER.finditer(r.skeleton)):
        quarter = _ORDINAL_WORDS[m.group("word")] if m.group("word") else int(m.group("num"))
        out.append(_as_said(r, m.start(), Filter(dates, "quarter", quarter)))
        _blank(r, m)
    return out


def _name_words(column: str) -> list[str]:
    return re.findall(r"[a-z]+", str(column).lower())


def _decades(r: Reading) -> list[Filter]:
    m = _DECADE.search(r.skeleton)
    if m is None:
        return []
    columns = [
        c
        for c in r.schema.of_kind("number")
        if len(_name_words(c)) > 1 and _YEAR_WORDS & set(_name_words(c))
    ]
    if len(columns) != 1:
        return []
    start = int(m.group("decade")) * 10
    said_of = m.group("index")
    if said_of is not None and r.column_at(int(said_of)) != columns[0]:
        return []  # "sqft in the 2000s": said of another column, left to be named unread
    # "year_built in the 1990s": the column said of the decade is read with it
    first = m.start() if said_of is not None else m.start("lead")
    said = _as_said(r, first, Filter(columns[0], "between", (start, start + 9)))
    r.skeleton = r.skeleton[:first] + " " * (m.end() - first) + r.skeleton[m.end() :]
    return [said]


def _holds(r: Reading, column: str, value: int) -> bool:
    frame = r.schema.frame
    if frame is None or column not in frame.columns or r.kind(column) != "number":
        return False
    try:
        return bool((frame[column] == value).any())
    except (TypeError, ValueError):
        return False


def _ordinals(r: Reading) -> list[Filter]:
    out = []
    for m in list(_ORDINAL.finditer(r.skeleton)):
        value = int(m.group("n"))
        if m.group("index") is not None:
            columns = [r.column_at(int(m.group("index")))]
        else:
            word = m.group("word")
            columns = [
                c
                for c in r.schema.of_kind("number")
                if any(
                    len(w) >= 4 and (word.startswith(w) or stem(word) == stem(w))
                    for w in _name_words(c)
                )
            ]
        if len(columns) != 1 or not _holds(r, columns[0], value):
            continue
        out.append(_as_said(r, m.start(), Filter(columns[0], "==", value)))
        _blank(r, m)
    return out
