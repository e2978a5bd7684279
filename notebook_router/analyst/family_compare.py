"""Comparisons across groups of one table: "compare the mean flipper length of Adelie and
Chinstrap", "mean mpg: 4 cylinder vs 8 cylinder", "difference in average yield between
Trebi and Peatland", "compare 1931 and 1932 mean yield at Morris".

A comparison has sides (two or more values of one column, named in the question) and
a measure (a statistic of a column, or the number of rows). It is answered with each
side's figure, the difference and the ratio, never with one figure pooled over both
sides.
"""

from __future__ import annotations

import re

from notebook_router.analyst.conditions import binary_conditions, comparative_column
from notebook_router.analyst.intents import (
    COUNT,
    NUMERIC,
    PERCENT,
    Outcome,
    base,
    no_column,
    stat_aggs,
    time_like,
)
from notebook_router.analyst.period_means import adds_up
from notebook_router.analyst.rate_columns import holds_rates
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, Scalar
from notebook_router.analyst.unit_ratios import compared_ratio
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("families_shapes")


def _bare(group: str, space: str = " ") -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=space)[3:-1]


_SAID_AFTER = _bare("compare.said_after", space=r"\s+")
COMPARING = (
    rf"\b(?:compare[sd]?|{_bare('compare.said')}|vs\.?|(?:{_bare('compare.differences')})\s+"
    rf"(?:in\s+[\w\s]+?\s+)?"
    rf"between|differ\w*|{_SAID_AFTER})\b"
    rf"|\bhow\s+(?:much|many)\s+(?:\w+\s+)?(?:{_bare('compare.more')}|\w+er)\b(?=.*\bthan\b)"
)
"""A comparison asked: "compare", "vs", "difference between", "how much more ... than"."""
_THAN_A_SIDE = re.compile(
    rf"\b(?:{_bare('compare.more')}|\w+er)\b.*?\bthan\s+"
    rf"(?:(?:{_bare('compare.than_leads')})\s+)*(?:[a-z]+\s+)?$",
    re.IGNORECASE,
)
"""A comparative before one side: "is revenue higher on the web than in <stores>?",
"than in ward <B>" (a number after "than", "higher than 100", bounds a column: it
compares no sides)."""
_YES_NO = re.compile(rf"^\s*(?:{_bare('compare.asks_yes_no')})\b", re.IGNORECASE)
"""A question asking yes or no ("is", "are", "do", "did", ...)."""


def compare(r: Reading) -> Outcome:
    """A comparison of two or more values of one column (see the module docstring)."""
    sides = _sides(r)
    if sides is None or not (r.has(COMPARING) or _than_a_side(r, sides[0])):
        return None
    column, values, rest = sides
    keep = (*rest, Filter(column, "isin", tuple(values)))
    per_unit = compared_ratio(r, column, keep)  # "fare per km": each side's ratio of totals
    if per_unit is not None:
        return per_unit
    targets = [t for t in r.targets() if t != column]
    concept = comparative_column(r)
    if not targets and concept is not None and concept != column:
        targets = [concept]  # "how much hotter was July than May": the temperature
    if not targets and r.has(PERCENT):  # "survival rates of men and women": the share saying yes
        measure_of = binary_conditions(r, always=True)
        if measure_of:
            return base(r, "compare", group_by=(column,), aggs=("share",), filters=keep,
                        measure=tuple(measure_of), percent=True)  # fmt: skip
    # A comparison ranks nothing: "the lowest salary in Sales versus HR" asks each side's
    # minimum, though "lowest" only orders a ranking (stat_aggs drops it there).
    said = [a for a in r.aggs if a != "count"] or stat_aggs(r)
    aggs = [a for a in said if a not in ("min", "max")] or said
    # "the mean number of stations": a statistic of a column that counts, not a row count
    counting = r.has(COUNT) and not (targets and set(aggs) & {"mean", "median", "sum"})
    amount = _counted_amount(r, column)
    if counting and amount is not None:
        # "how many more people live in A than in B" (people → population): the things a
        # number column measures are counted by its total, not by the rows of each side
        counting, targets, aggs = False, [amount], ["sum"]
    if targets and not counting:
        # no statistic said: an amount that adds up (sales, goals) is compared by its
        # totals, a measure of each row (a length, a price) by its mean
        agg = aggs[0] if aggs else ("sum" if adds_up(r, targets[0]) else "mean")
        if r.kind(targets[0]) not in NUMERIC:
            return no_column(r, f"the {agg} to compare")
        measure: tuple[str, ...] = (targets[0],)
    elif counting:
        agg, measure = "size", ()
    else:
        # "compare fossil fuels and renewables in 2001": the table's one measure, summed
        measures = [c for c in r.schema.of_kind("number") if c != column and not time_like(r, c)]
        if len(measures) != 1 or r.unknown_words():
            return no_column(r, "the figure to compare")
        agg, measure = "sum", (measures[0],)
    return base(r, "compare", columns=measure, group_by=(column,), aggs=(agg,), filters=keep)


_HOW_MANY_MORE = re.compile(rf"\bhow\s+(?:many|much)\s+(?:{_bare('compare.more')})\s+C(?P<c>\d+)\b")


def _counted_amount(r: Reading, column: str) -> str | None:
    """The number column said right after "how many more" ("how many more *people*" for
    ``population``, "how many more *internet users*"), when it holds amounts (no rate);
    None when the rows are what is counted."""
    found = _HOW_MANY_MORE.search(r.skeleton)
    if found is None:
        return None
    said = r.column_at(int(found.group("c")))
    if said is None or said == column or r.kind(said) != "number" or holds_rates(r, said):
        return None
    return said


def _than_a_side(r: Reading, column: str) -> bool:
    """Whether a yes/no question's comparative puts one of ``column``'s values after "than"
    (``_THAN_A_SIDE``): "list the web orders with revenue greater than the store orders"
    asks for rows, not a comparison."""
    if _YES_NO.match(r.text) is None:
        return False
    return any(
        m.is_value and m.column == column and _THAN_A_SIDE.search(r.text[: m.start])
        for m in r.mentions
    )


def _sides(r: Reading) -> tuple[str, list[Scalar], list[Filter]] | None:
    """The compared column, its values in the order said, and the other filters."""
    for i, f in enumerate(r.filters):
        rest = r.filters[:i] + r.filters[i + 1 :]
        if f.op == "isin" and isinstance(f.value, tuple) and len(f.value) >= 2:
            return f.column, list(f.value), rest
        if f.op == "between" and isinstance(f.value, tuple) and _said_as_two(r, f):
            return f.column, list(f.value), rest
    equal: dict[str, list[Filter]] = {}
    for f in r.filters:
        if f.op == "==":
            equal.setdefault(f.column, []).append(f)
    for column, found in equal.items():
        if len(found) >= 2:
            rest = [f for f in r.filters if f not in found]
            values = [f.value for f in found if isinstance(f.value, (str, int, float))]
            return column, values, rest
    return None


def _said_as_two(r: Reading, f: Filter) -> bool:
    """ "compare 1931 and 1932": two years, not the span between them."""
    low, high = (_written(v) for v in f.value) if isinstance(f.value, tuple) else ("", "")
    said = rf"\b{low}\s*(?:{_TWO})\s*{high}(?![\d.])"
    return re.search(said, r.text) is not None and not re.search(
        rf"\b(?:between|from)\s+{low}(?![\d.])", r.text
    )


_TWO = _bare("compare.two") + r"|vs\.?"


def _written(value: Scalar) -> str:
    """A number as a pattern of the ways it is written: 4 as "4" or "4.0"."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return rf"{value}(?:\.0+)?"
    return re.escape(str(value))
