""" "average monthly revenue", "mean orders per week", "average total medals per year".

An average said of a period ("per month", "a week", "monthly") of an amount that adds
up over time is the mean of each period's total: one figure. "average revenue *by*
month" still lists each month's mean. A measure that does not add up (a temperature, a
rate, a price paid on each row) is averaged as it is: its monthly mean is listed.
"""

from __future__ import annotations

import re

from notebook_router.analyst.intents import stat_aggs, time_axis, time_like
from notebook_router.analyst.rate_columns import holds_rates
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_WORDS = table("period_means")
_PERIODS = alternation(_WORDS["periods"])
_PER_PERIOD = re.compile(
    rf"\b(?:(?:{alternation(_WORDS['per'])})\s+(?:{_PERIODS})s?|(?:{alternation(_WORDS['adverbs'])}))\b"
    rf"(?!\s+(?:{alternation(_WORDS['not_before'])})\b)"
)
"""A period said as a rate ("per month", "monthly"), not one that is a measure's unit
("per day of stay": each day a patient stayed, no calendar day)."""
_FEW_VALUES = 12
"""A whole-number column with at most this many values describes each row (a hotel's
stars), it does not count things that add up."""


def averaged_per_period(r: Reading, group: list[str], target: str | None, agg: str) -> bool:
    """Whether the question asks for the mean over periods of each period's total of
    ``target``."""
    if agg != "mean" or target is None or "mean" not in stat_aggs(r) or r.top:
        return False
    if not _PER_PERIOD.search(r.text):
        return False
    if group and not (len(group) == 1 and _periodic(r, group[0])):
        return False
    if not group and not r.freq:
        return False
    return adds_up(r, target) or _one_row_a_period(r, group, target)


def _one_row_a_period(r: Reading, group: list[str], target: str) -> bool:
    """Whether each period holds one row, with a value, and no period between the first
    and the last is missing (a table of monthly figures): "average disease per month" then
    asks for one figure over the months, since each month's own mean is just its row. A
    gap would count as a period of 0 in the mean of the periods' totals."""
    frame = r.schema.frame
    if frame is None or target not in frame.columns or frame[target].isna().any():
        return False
    if group:
        values = frame[group[0]].dropna() if group[0] in frame.columns else None
        return values is not None and len(values) > 1 and values.is_unique
    axis = time_axis(r)
    if isinstance(axis, Decline) or axis[0] not in frame.columns:
        return False
    import pandas as pd

    try:
        dates = pd.to_datetime(frame[axis[0]], errors="coerce").dropna()
        periods = dates.dt.to_period(r.freq)
    except (TypeError, ValueError):  # a frequency or a text pandas cannot read as periods
        return False
    if len(periods) < 2 or not periods.is_unique or len(dates) != len(frame):
        return False
    return bool((periods.max() - periods.min()).n + 1 == len(periods))


def adds_up(r: Reading, column: str) -> bool:
    """Whether ``column`` holds amounts that add up over rows: counts of things (whole
    numbers, many values) or money and things sold by its name; never a rate."""
    if r.derived is not None and column == r.derived.name:
        return False
    if holds_rates(r, column) or r.kind(column) != "number":
        return False
    words = set(identifier_words(column))
    if words & set(_WORDS["flows"]):
        return True
    described = r.schema.column(column)
    if not described.whole or 0 < len(described.values) <= _FEW_VALUES:
        return False
    # whole numbers of many values count things when said as things counted ("goals",
    # "rides"); a temperature in whole degrees ("high_temp") is said as no plural
    return any(_plural(r.text[m.start : m.end]) for m in r.mentions if m.column == column)


def _plural(said: str) -> bool:
    word = said.strip().split()[-1] if said.strip() else ""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss")


def _periodic(r: Reading, column: str) -> bool:
    if time_like(r, column):
        return True
    words = set(identifier_words(column))
    return bool(words & set(_WORDS["periods"]))
