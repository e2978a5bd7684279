""" "fare per km", "cost per kg", "revenue per hour": an amount per the unit a column holds.

"per <unit>" where a number column's name carries that unit (``distance_km``,
``weight_kg``, ``hours_worked``, ``miles``) asks for the amount divided by that column;
it is no group ("per city") and no count ("per player", :mod:`.per_counts`).

- The row picked by it ("which ride has the highest fare per km") is ranked by each
  row's ratio, over the rows whose divisor is above zero (a zero or missing divisor has
  no ratio: the condition is part of the answer, never an inf or NaN ranked first).
- A figure for a group or for all rows ("which city has the highest fare per km", "the
  average fare per km") is the ratio of the totals (total fare / total km, the usual
  definition, robust to short rows). That is no operation run here, so it is declined
  with its definition, never answered with the amount alone.
- "per <unit>" that no column carries ("fare per mile" where distance is held in km) is
  declined with the word: never divided by something else, never dropped.

Units of time are read only when a column carries an amount of them: "sales per day"
with no column of days, or with a ``day`` or ``hour`` column (a day of the month, an
hour of the day), is a period ("per month", :mod:`.period_means`), left to those readings.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.asked_units import FACTORS, column_unit
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.intents import CLOSEST, Outcome, base, ranking_order
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.row_labels import picked_row_label
from notebook_router.analyst.spec import Decline, Derived, Filter, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID_PER = alternation(table("period_means")["ratio"]["per"])
_NO_UNIT = frozenset(table("units")["asked_units"]["not_after_numbers"])
"""Spellings of a unit that are other words after "per" too ("in" is no inch)."""
_UNIT_WORDS = alternation(sorted(set(FACTORS) - _NO_UNIT, key=len, reverse=True))
# "C0 per km" (the unit kept as a word) or "C0 per C1" (the unit linked to its column)
_PER_UNIT = re.compile(
    rf"\bC(?P<left>\d+)\s+(?:{_SAID_PER})\s+(?:C(?P<right>\d+)|(?P<word>{_UNIT_WORDS}))\b"
)
_PERIODS = frozenset(unit for unit, (quantity, _) in FACTORS.items() if quantity == "time")


def per_unit(r: Reading) -> Outcome:
    """The reading of "<amount> per <unit>" (module docstring), or None when "per" names
    no unit (a group, a count or a period)."""
    m = _PER_UNIT.search(r.skeleton)
    if m is None:
        return None
    left = r.column_at(int(m.group("left")))
    if r.kind(left) != "number":
        return None
    if m.group("right") is not None:
        right = r.column_at(int(m.group("right")))
        unit = column_unit(right)
        if unit is None or r.kind(right) != "number" or right == left or _a_period(right):
            return None
        said = r.text[
            r.mentions[int(m.group("right"))].start : r.mentions[int(m.group("right"))].end
        ]
        if said.lower().strip() not in FACTORS:
            return None  # "per distance_km" named the column: the derived readings have it
    else:
        said = m.group("word")
        right = _carrying(r, said, left)
        if not right:
            if said in _PERIODS:
                return None
            return Decline(
                f"I can't answer {left} per {said}: no column of {r.frame} holds {said} "
                f"(columns: {', '.join(r.schema.names())}), and dividing by another "
                "column would answer something else.",
                CLOSEST,
            )
    name = f"{left}_per_{right}"
    if _picks_a_row(r):
        ratio = Derived(name, "ratio", left, right)
        order = ranking_order(r)
        return base(
            r, "rows", variant="argmax", derived=ratio, columns=(name,),
            ascending=bool(order), filters=(*r.filters, Filter(right, ">", 0)),
            label_column=picked_row_label(r),
        )  # fmt: skip
    return Decline(
        f"{left} per {said} is the ratio of the totals: total {left} / total {right} "
        f"(over the rows where {right} is above zero). That ratio of two totals is not an "
        f"operation I run, and the mean of {left} alone would answer something else. Ask "
        f"for the total {left} and the total {right} (by group if you need one), or for "
        f"the row with the highest {left} per {said}.",
        CLOSEST,
    )


def _carrying(r: Reading, said: str, left: str) -> str:
    """The number column whose name holds the unit ``said`` (the same unit, not another
    of its quantity: "per mile" is not divided by kilometres)."""
    quantity, factor = FACTORS[said]
    for c in r.schema.of_kind("number"):
        unit = column_unit(c)
        if c != left and unit is not None and unit[1:] == (quantity, factor) and not _a_period(c):
            return c
    return ""


def _a_period(column: str) -> bool:
    """Whether ``column`` names a period of the clock or calendar (``hour``, ``day``: an
    hour of the day to group by), not an amount of time (``hours_worked``, ``hours``)."""
    words = identifier_words(column)
    unit = column_unit(column)
    return unit is not None and unit[1] == "time" and len(words) == 1 and not words[0].endswith("s")


def _picks_a_row(r: Reading) -> bool:
    """Whether one row is asked for ("which ride", "the trip with the highest"): a
    ranking with no group, no statistic and no number of rows."""
    if r.top is not None or ranking_order(r) is None:
        return False
    grouped = r.mentioned("category", "text", "binary", "datetext")
    if any(not tells_rows_apart(r, c) for c in grouped):
        return False  # "which city": the rows are grouped ("which parcel": named)
    return not ({"mean", "sum", "median"} & set(r.aggs))


def unit_ratio_told(r: Reading, spec: Spec) -> Spec:
    """``spec`` without "per <unit>" among what it left out when it divides by the column
    holding that unit: the words are used (the accounting reads "per km" as a group)."""
    m = _PER_UNIT.search(r.skeleton)
    if m is None or spec.derived is None or spec.derived.kind != "ratio":
        return spec
    phrase = r.skeleton[m.end("left") : m.end()].split()
    if not phrase or r.column_at(int(m.group("left"))) != spec.derived.left:
        return spec
    per = phrase[0]
    kept = tuple(g for g in spec.left_out if not g.said.lower().startswith(f"{per} "))
    return spec if kept == spec.left_out else replace(spec, left_out=kept)
