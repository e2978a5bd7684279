""" "fare per km", "cost per kg", "revenue per hour": an amount per the unit a column holds.

"per <unit>" where a number column's name carries that unit (``distance_km``,
``weight_kg``, ``hours_worked``, ``miles``) asks for the amount divided by that column;
it is no group ("per city") and no count ("per player", :mod:`.per_counts`).

The ratio is defined on the rows where the amount is present and the divisor above zero
(the spec's ``measure``): a zero or missing divisor has no ratio, never an inf or a NaN
ranked first or summed, and the answer says how many rows were left out for it.

- The row picked by it ("which ride has the highest fare per km", "top 3 rides by fare
  per km") is ranked by each row's own ratio.
- A figure for a group or for all rows ("fare per km by city", "which city has the
  highest fare per km", "top 3 cities by ...", "the fare per km overall", the sides of
  "compare fare per km of A and B") is the ratio of the totals, total fare / total km
  (:mod:`.codegen_ratios`). "The average fare per km" is that too, deliberately: the
  usual definition, which each row enters by its distance, so a few short rides cannot
  swing it; the answer says so and gives the mean of the rows' own ratios beside it.
  Another statistic of it ("the median fare per km") is declined with the definition.
- "per <unit>" that no column carries ("fare per mile" where distance is held in km) is
  declined with the word: never divided by something else, never dropped.
- The divisor holds an amount of the unit: a rate of it (``price_per_kg``) never is.
  When several columns hold the unit, the one whose name says an amount
  (``distance_km`` beside ``odometer_km``, ``hours_worked`` beside ``shift_hours``; the
  words are data, ``unit_divisors.toml``) is taken, and the answer names it; when the
  names do not tell, the question is asked back with the candidates, never answered by
  the table's first column. "per distance_km" names the divisor outright.
- A picked row tied with others names them ("r1 (tied with r2)").

Units of time are read only when a column carries an amount of them: "sales per day"
with no column of days, or with a ``day`` or ``hour`` column (a day of the month, an
hour of the day), is a period ("per month", :mod:`.period_means`), left to those readings.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.asked_units import FACTORS, column_unit
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.intents import (
    CLOSEST,
    Outcome,
    base,
    groupable,
    groups,
    ranking_order,
    stat_aggs,
)
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
    said = said_ratio(r)
    if said is None or isinstance(said, Decline):
        return said
    left, right, unit = said
    return _picked_row(r, left, right) if _picks_a_row(r) else of_totals(r, left, right, unit)


_TOTAL = alternation(table("analysis")["aggregations"]["sum"])
_DIVIDED = alternation(table("intents_words")["derived"]["ratio_signs"])
_TOTALS_DIVIDED = re.compile(
    rf"\b(?:the\s+)?(?:{_TOTAL})(?:\s+of)?\s+(?:the\s+)?C(?P<left>\d+)\s*"
    rf"(?:/|{_DIVIDED})\s*(?:the\s+)?(?:{_TOTAL})(?:\s+of)?\s+(?:the\s+)?C(?P<right>\d+)\b"
)
"""One total divided by another: "total cost divided by total weight"."""


def totals_divided(r: Reading) -> Outcome:
    """ "total cost divided by total weight", "the sum of claims over the sum of holders":
    the ratio of the two totals (per group when asked), never the two totals side by
    side."""
    m = _TOTALS_DIVIDED.search(r.skeleton)
    if m is None:
        return None
    left, right = r.column_at(int(m.group("left"))), r.column_at(int(m.group("right")))
    if left == right or r.kind(left) != "number" or r.kind(right) != "number":
        return None
    r.skeleton = r.skeleton[: m.start()] + " " * (m.end() - m.start()) + r.skeleton[m.end() :]
    return of_totals(r, left, right, m.group(0))


def said_ratio(r: Reading) -> tuple[str, str, str] | Decline | None:
    """The amount column, the divisor column and the unit as said ("fare per km":
    ``fare_usd``, ``distance_km``, ``km``); a decline for a unit no column holds; None
    when "per" names no unit."""
    m = _PER_UNIT.search(r.skeleton)
    if m is None:
        return None
    left = r.column_at(int(m.group("left")))
    if r.kind(left) != "number":
        return None
    said = m.group("word")
    if m.group("right") is not None:
        right = r.column_at(int(m.group("right")))
        unit = column_unit(right)
        if unit is None or r.kind(right) != "number" or right == left or _a_period(right):
            return None
        mention = r.mentions[int(m.group("right"))]
        said = r.text[mention.start : mention.end].lower().strip()
        if said not in FACTORS:  # "per distance_km" named the column: divided by it
            return None if _RATE_WORDS & _name_words(right) else (left, right, right)
        # "per hour" linked to one column of hours: every column holding hours is weighed
    divisor = _divisor(r, said, left)
    if isinstance(divisor, Decline):
        return divisor
    if divisor:
        return left, divisor, said
    if said in _PERIODS:
        return None
    return Decline(
        f"I can't answer {left} per {said}: no column of {r.frame} holds an amount of "
        f"{said} (columns: {', '.join(r.schema.names())}), and dividing by another "
        "column would answer something else.",
        CLOSEST,
    )


def compared_ratio(r: Reading, column: str, filters: tuple[Filter, ...]) -> Outcome:
    """ "compare fare per km between Oslo and Rome": each side's ratio of the totals
    (``filters`` keep the sides), or None when no "<amount> per <unit>" is said."""
    said = said_ratio(r)
    if said is None or isinstance(said, Decline):
        return said
    left, right, unit = said
    other = [a for a in stat_aggs(r) if a not in _OF_TOTALS | {"min", "max"}]
    if other:
        return _declined(left, right, unit, f"the {other[0]} of each row's {left} / {right}")
    return _totals(r, left, right, (column,), "", filters=filters)


def _picked_row(r: Reading, left: str, right: str) -> Spec:
    """The one row ranked by its own ratio, over the rows whose divisor is above zero."""
    ratio = Derived(f"{left}_per_{right}", "ratio", left, right)
    return base(
        r, "rows", variant="argmax", derived=ratio, columns=(ratio.name,),
        ascending=bool(ranking_order(r)), measure=(Filter(right, ">", 0),),
        label_column=picked_row_label(r),
    )  # fmt: skip


_OF_TOTALS = frozenset({"mean", "sum"})
"""Statistics said of "<amount> per <unit>" that the ratio of the totals answers: "the
average fare per km" is total fare / total km (the usual definition, which a few short
rides cannot swing), "the total fare per km" the same ratio."""


def of_totals(r: Reading, left: str, right: str, said: str) -> Spec | Decline:
    """The ratio of the totals, for each group (ranked when asked) or over every row
    (also :mod:`.count_ratios`'s, for an amount per the things a column counts)."""
    other = [a for a in stat_aggs(r) if a not in _OF_TOTALS]
    if other:
        return _declined(left, right, said, f"the {other[0]} of each row's {left} / {right}")
    said_before = r.skeleton
    group, which = groups(r)  # (the group's words are used up: blanked from the skeleton)
    group = [g for g in group if g not in (left, right)]
    order = ranking_order(r)
    if not group and r.top:  # "top 3 cities by fare per km": the groups named by the plural
        group = [c for c in r.remaining() if c not in (left, right) and groupable(r, c)][:1]
    if not group and r.top and r.top > 1:
        r.skeleton = said_before  # no group was read: its words are still to account for
        return _top_rows(r, left, right, said)
    if not group and (which or order is not None):
        return _declined(left, right, said, "a ranking with no group to rank")
    if len(group) > 2:
        return _declined(left, right, said, f"a ratio by {len(group)} groupings at once")
    variant = "which" if which else ("top" if r.top else ("sorted" if order is not None else ""))
    if variant == "which" and r.top and r.top > 1:
        variant = "top"  # "which 3 cities have the highest fare per km": three, ranked
    return _totals(r, left, right, tuple(group), variant)


def _totals(r: Reading, left: str, right: str, group: tuple[str, ...], variant: str,
            **fields: object) -> Spec:  # fmt: skip
    """The spec of the ratio of the totals (:mod:`.codegen_ratios`)."""
    return base(
        r, "ratio_of_totals", variant=variant, columns=(left, right), group_by=group,
        measure=(Filter(right, ">", 0),), ascending=bool(ranking_order(r)), n=r.top,
        aggs=tuple(a for a in stat_aggs(r) if a in _OF_TOTALS), derived=None, **fields,
    )  # fmt: skip


def _top_rows(r: Reading, left: str, right: str, said: str) -> Spec | Decline:
    """ "top 3 rides by fare per km": the rows with the highest ratios, named by their label."""
    label = picked_row_label(r)
    if not label:
        return _declined(left, right, said, "rows with no column to name them by")
    ratio = Derived(f"{left}_per_{right}", "ratio", left, right)
    return base(
        r, "rows", variant="labels", derived=ratio, columns=(ratio.name,), n=r.top,
        ascending=bool(ranking_order(r)), measure=(Filter(right, ">", 0),), label_column=label,
    )  # fmt: skip


def _declined(left: str, right: str, said: str, what: str) -> Decline:
    """Why "<amount> per <unit>" in this shape has no answer here, with its definition."""
    return Decline(
        f"{left} per {said} is the ratio of the totals: total {left} / total {right} (over "
        f"the rows where {right} is above zero), for all rows or for each group. I did not "
        f"answer {what}: it is not an operation I run, and the {left} alone would answer "
        f"something else. Ask for {left} per {said} by a group, over all rows, or for the "
        f"row with the highest {left} per {said}.",
        CLOSEST,
    )


def _divisor(r: Reading, said: str, left: str) -> str | Decline:
    """The one column that holds an amount of the unit ``said``: the only one carrying
    it, or among several the only one whose name says an amount (``distance_km`` beside
    ``odometer_km``); a decline naming them when the name does not tell; '' for none."""
    carrying = _carrying(r, said, left)
    if len(carrying) < 2:
        return carrying[0] if carrying else ""
    amounts = [c for c in carrying if _AMOUNT_WORDS & _name_words(c)]
    if len(amounts) == 1:
        return amounts[0]
    return Decline(
        f"{left} per {said}: {' or '.join(carrying)}? More than one column of {r.frame} "
        f"holds {said}, and the names do not tell which is the amount to divide by "
        f"(choosing one would answer another question). Name the column, e.g. "
        f"'{left} per {carrying[0]}'.",
        tuple(f"{left} per {c}" for c in carrying),
    )


_DIVISORS = table("unit_divisors")["divisors"]
_RATE_WORDS = frozenset(_DIVISORS["rate"])
"""A name's words that make it a rate of the unit (``price_per_kg``): never a divisor."""
_AMOUNT_WORDS = frozenset(_DIVISORS["amount"])
"""A name's words that say an amount of the unit (``distance_km``, ``hours_worked``)."""


def _carrying(r: Reading, said: str, left: str) -> list[str]:
    """The number columns whose names hold an amount of the unit ``said`` (the same
    unit, not another of its quantity: "per mile" is not divided by kilometres; no rate
    of it, ``price_per_kg``; no period, ``hour``), in the table's order."""
    quantity, factor = FACTORS[said]
    held = []
    for c in r.schema.of_kind("number"):
        unit = column_unit(c)
        if c == left or unit is None or unit[1:] != (quantity, factor):
            continue
        if not _a_period(c) and not _RATE_WORDS & _name_words(c):
            held.append(c)
    return held


def _name_words(column: str) -> frozenset[str]:
    return frozenset(w.lower() for w in identifier_words(column))


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
    if m is None:
        return spec
    if spec.op == "ratio_of_totals":
        amount = spec.columns[0]
    elif spec.derived is not None and spec.derived.kind == "ratio":
        amount = spec.derived.left
    else:
        return spec
    phrase = r.skeleton[m.end("left") : m.end()].split()
    if not phrase or r.column_at(int(m.group("left"))) != amount:
        return spec
    per, unit = phrase[0], m.group("word") or ""
    if m.group("right") is not None:
        said = r.mentions[int(m.group("right"))]
        unit = r.text[said.start : said.end].lower().strip()
    # "per hour" linked to another column holding hours (``shift_hours``) was read as the
    # unit of the divisor chosen, not as that column
    kept = tuple(
        g for g in spec.left_out
        if not g.said.lower().startswith(f"{per} ") and g.said.lower() != unit
    )  # fmt: skip
    return spec if kept == spec.left_out else replace(spec, left_out=kept)
