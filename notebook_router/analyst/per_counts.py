""" "goals per player for Ajax", "medals per athlete for Australia": a ratio to a count.

"per" before a column that counts things (:mod:`.count_columns`) divides by it: the
figure asked is one amount for each of those things, the mean of the rows' ratio (the
answer names the ratio and the statistic). When the amount divided is no column of the
table ("medals per athlete" in a table of gold, silver, bronze and total), nothing else
the table holds answers it: the question is declined with the word it could not tie to
a column, never answered with a listing of the counts.
"""

from __future__ import annotations

import re

from notebook_router.analyst.count_columns import counts_things
from notebook_router.analyst.intents import CLOSEST, Outcome, base, no_column, stat_aggs
from notebook_router.analyst.linking import partial_column
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Derived
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_SAID_PER = alternation(table("period_means")["ratio"]["per"])
_PER = re.compile(rf"^(?P<before>.*?)\b(?:{_SAID_PER})\s+C(?P<c>\d+)\b")
_PER_WORD = re.compile(rf"\b(?:{_SAID_PER})\b")
_PER_UNREAD = re.compile(rf"\bC(?P<c>\d+)\s+(?:{_SAID_PER})\s+(?P<word>[a-z]{{3,}})\b")


def per_count(r: Reading) -> Outcome:
    """A decline for an amount said "per <a count column>" that names no column, or
    totalled ("total goals per player": the total of the rows' ratios answers nothing
    asked; the ratio of the totals is not an operation here)."""
    d = r.derived
    if (
        d is not None
        and d.kind == "ratio"
        and "sum" in stat_aggs(r)
        and _PER_WORD.search(r.text)
        and counts_things(r, d.right)
    ):
        return _totals_ratio(d.left, d.right)
    m = _PER.search(r.skeleton)
    if m is None or r.derived is not None:
        return None
    counted = r.column_at(int(m.group("c")))
    if not counts_things(r, counted):
        return None
    if re.search(r"\b(?:C\d+|D)\b", m.group("before")):
        return None  # an amount was named: a column
    return no_column(r, f"the amount per {counted}")


def ratio_statistic(r: Reading) -> Outcome:
    """ "goals per player for Ajax": the mean of the rows' ratio, named as such, not a
    listing of every row's ratio."""
    d = r.derived
    if d is None or d.kind != "ratio" or r.aggs or not _PER_WORD.search(r.text):
        return None
    if not counts_things(r, d.right):
        return None
    return base(r, "statistic", columns=(d.name,), aggs=("mean",))


def per_word_ratio(r: Reading) -> Outcome:
    """ "revenue per order" where "order" was kept from linking (it also says a sort
    order): the word after "per" names a column that counts things, so the amount is
    divided by it, as "goals per player" is."""
    m = _PER_UNREAD.search(r.skeleton)
    if m is None or r.derived is not None:
        return None
    left = r.column_at(int(m.group("c")))
    found = partial_column(m.group("word"), r.schema)
    if found is None or found.column == left or r.kind(left) != "number":
        return None
    if not counts_things(r, found.column):
        return None
    if "sum" in stat_aggs(r):
        return _totals_ratio(left, found.column)
    if set(stat_aggs(r)) - {"mean"}:
        return None
    ratio = Derived(f"{left}_per_{found.column}", "ratio", left, found.column)
    return base(r, "statistic", derived=ratio, columns=(ratio.name,), aggs=("mean",))


def _totals_ratio(left: str, right: str) -> Decline:
    """The decline for a total said of a ratio to a count."""
    return Decline(
        f"I can't answer a total of {left} per {right}: adding up each row's {left} / {right} "
        f"gives no figure asked, and the ratio of the totals (sum of {left} / sum of {right}) "
        f"is not an operation I run. Ask for the total of {left} and of {right}, or for the "
        f"average {left} per {right} (the mean of each row's ratio).",
        CLOSEST,
    )
