"""How a question shapes the answer of a family: which rows a share is taken within,
what a group's count counts, and whether periods' totals are averaged.

- "what proportion of *Chinstrap* penguins are *female*": the conditions between "of"
  and the verb choose the rows, the rest is measured within them;
- "which continent had the most *countries*": each group's distinct names, not its rows;
- "on average, how many listings per month": the mean of the months' totals.
"""

from __future__ import annotations

import re

from notebook_router.analyst.intents import time_like
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("families_shapes")


def _bare(group: str, space: str = " ") -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=space)[3:-1]


_SHARE_OF = re.compile(
    rf"\b(?:{_bare('shares.share')})\s+of\b(?P<base>.*?)"
    rf"\b(?:{_bare('shares.verbs')})\b"
)


def of_which(r: Reading, found: list[Filter]) -> tuple[list[Filter], list[Filter]]:
    """ "what proportion of *Chinstrap* penguins are *female*": the conditions said
    between "of" and the verb choose the rows (the base), the rest is what is measured
    within them. All of them are measured when the question splits them no such way."""
    m = _SHARE_OF.search(r.text)
    if m is None or len(found) < 2:
        return found, []
    said_in_base = {
        (v.column, v.value)
        for v in r.mentions
        if v.is_value and m.start("base") <= v.start < m.end("base")
    }
    recorded_in_base = {  # "of the countries that have a group recorded": its rows
        v.column
        for v in r.mentions
        if not v.is_value and m.start("base") <= v.start < m.end("base")
    }
    base_rows = [
        f
        for f in found
        if (f.op == "==" and (f.column, f.value) in said_in_base)
        or (f.op in ("present", "absent") and f.column in recorded_in_base)
    ]
    measured = [f for f in found if f not in base_rows]
    if not base_rows or not measured:
        return found, []
    return measured, base_rows


_COUNTED_BY_NAME = re.compile(
    rf"\b(?:{_bare('shares.counted')})\s+(?:the\s+)?(?:different\s+|distinct\s+)?$"
)


def counted_things(r: Reading, group: list[str]) -> str | None:
    """A text column counted by name in the plural ("the most *countries*") whose names
    repeat over the rows (a country a year): each group's distinct names are counted."""
    for m in r.mentions:
        said = r.text[m.start : m.end].strip()
        if m.is_value or m.column in group or not said.endswith("s"):
            continue
        if r.kind(m.column) not in ("text", "category") or not _COUNTED_BY_NAME.search(
            r.text[: m.start]
        ):
            continue
        return m.column
    return None


_AVERAGED_COUNT = re.compile(
    r"\bon average\b.*\bhow (?:many|much)\b|\bhow (?:many|much)\b.*\bon average\b"
)


def mean_of_periods(r: Reading, group: list[str], which: bool) -> bool:
    """Whether the question asks for the average over periods of each period's total, or
    over the groups said "per" ("how many orders per buyer on average?": the mean of the
    buyers' counts; "by venue" still lists each venue's figure)."""
    if which or r.top or not _AVERAGED_COUNT.search(r.text):
        return False
    if bool(r.freq) and not group:
        return True
    return len(group) == 1 and (time_like(r, group[0]) or _said_per(r, group[0]))


_PER_BEFORE = re.compile(
    rf"\b{_SAID.either('average_of_groups.per')}\s+(?:{_SAID.either('average_of_groups.between')}\s+)?$"
)


def _said_per(r: Reading, column: str) -> bool:
    return any(
        m.column == column and not m.is_value and _PER_BEFORE.search(r.text[: m.start])
        for m in r.mentions
    )
