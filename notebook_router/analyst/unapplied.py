"""Linked parts of a question the executed operation does not carry.

:mod:`.accounting` checks that each word of the question was read; this module checks,
on the chosen :class:`Spec` itself, that what was read is used: a period asked for
("per month", "which three years"), a ranking's N ("top 3"), a condition that was
read, a statistic of spread ("most variable"), a ratio of two columns ("price per
carat") and a comparison of what two sides have "in common". Each miss is a
:class:`LeftOut`, so the answer is partial and says what it did not apply.
"""

from __future__ import annotations

import re
from itertools import pairwise

from notebook_router.analyst.counted import statistic_text
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.tables import table

_WORDS = table("analysis")["unapplied"]
_GRAMMAR = table("accounting_grammar")
_PERIODS = table("accounting_periods")
_SPREAD = re.compile(
    rf"\b{in_order(tuple(_GRAMMAR['spread']['degrees']))}?\s*(?:{alternation(_WORDS['spread'])})\b"
)
_SPREAD_AGGS = frozenset(_WORDS["spread_aggs"])
_PERIOD = re.compile(
    rf"\b(?:(?:{alternation(_WORDS['period_leads'])})\s+(?:the\s+)?(?:\w+\s+)?"
    rf"(?:{alternation(_WORDS['period_words'])})s?|{alternation(_WORDS['period_adverbs'])})\b"
)
_RATIO_WORDS = frozenset(_WORDS["ratio_words"])
_PAIR = re.compile(r"\bbetween\b")
_STATISTICS = ("mean", "median", "sum", "std", "var", "min", "max", "mode")
_STATISTIC_WORDS = {
    agg: [w for w in table("analysis")["aggregations"][agg] if " " not in w or agg == "mode"]
    for agg in _STATISTICS
}
_STATISTIC_OPS = frozenset({"statistic", "groupby", "resample", "rows", "value", "ratio_of_totals"})
_RANKED = frozenset({"which", "top", "sorted", "argmax", "labels", "values"})
_WHERE = re.compile(r"(?<=\w)\s+(?P<said>(?:where|whose)\s+(?:\S+\s+){0,5}\S+)")
_IN_COMMON = re.compile(rf"\b(?:{alternation(_WORDS['in_common'])})\b")
_TIME = re.compile("(?i)" + in_order(tuple(_PERIODS["time_used"])))
_TIME_OPS = frozenset({"resample", "trend"})
_NO_PERIOD = re.compile(
    rf"\b(?:how many|number of)\s+(?:\w+\s+)?{in_order(tuple(_PERIODS['counted_plural']))}\b"
)
"""A period counted ("how many months ..."): the rows, not a grouping by period."""
_SPREAD_OPS = frozenset(
    {"statistic", "count", "percentage", "groupby", "rows", "value", "value_counts", "unique",
     "ratio_of_totals"}
)  # fmt: skip


def unapplied(r: Reading, spec: Spec) -> list[LeftOut]:
    """What ``spec`` does not carry of what ``r`` read (empty when it carries all)."""
    return [
        *_period(r, spec),
        *_top(r, spec),
        *_conditions(r, spec),
        *_spread(r, spec),
        *_ratio(r, spec),
        *_in_common(r, spec),
        *_pair(r, spec),
        *_statistics(r, spec),
        *_unapplied_where(r, spec),
    ]


def _uses_time(spec: Spec) -> bool:
    if spec.freq or spec.date_column or spec.op in _TIME_OPS:
        return True
    named = [*spec.group_by, *spec.columns, spec.label_column]
    named += [f.column for f in (*spec.filters, *spec.measure, *spec.lookup)]
    return any(_TIME.search(c) for c in named if c) or any(
        f.op in ("year", "years", "month", "quarter") or f.op.startswith("year")
        for f in (*spec.filters, *spec.measure)
    )


def _period(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "per month", "each year", "which three years": a figure a period, asked for."""
    if _uses_time(spec) or _NO_PERIOD.search(r.text):
        return []
    for m in _PERIOD.finditer(r.text):
        if any(v.start <= m.end() - 1 and m.start() < v.end for v in r.mentions):
            continue  # a word of a column's or a value's name ("daily_vaccinations")
        return [LeftOut(m.group(0).strip(), "a period the answer does not group by")]
    return []


def _top(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "top 3", "which two ...": a ranking's N that the operation does not take, or a
    ranking of groups by two columns at once (the answer is a table, nothing ranked)."""
    if spec.op == "groupby" and spec.variant in ("top", "which") and len(spec.group_by) > 1:
        said = f"{r.top or 1} (how many to rank) of {spec.group_by[0]} and {spec.group_by[1]}"
        return [LeftOut(said, "a ranking of groups of two columns, which the answer does not make")]
    if r.top is None or spec.op in ("plot", "outliers", "summary"):
        return []
    if spec.n == r.top and spec.variant not in ("which", "argmax"):
        return []
    return [LeftOut(f"{r.top} (how many to rank)", "a ranking the answer does not make")]


def _same(f: Filter, g: Filter) -> bool:
    return f.column == g.column and (f.op == g.op or f.value == g.value)


def _conditions(r: Reading, spec: Spec) -> list[LeftOut]:
    """A condition read from the question that the operation's rows do not meet."""
    held = (*spec.filters, *spec.measure, *spec.lookup)
    grouped = set(spec.group_by)
    out = []
    for f in r.filters:
        if any(_same(f, g) for g in held) or f.column in grouped:
            continue
        if any(g.column == f.column for g in held):
            continue  # rewritten by the family (a comparison's sides, a period's years)
        said = f"{f.column} {f.op} {f.value}"
        out.append(LeftOut(said, "a condition the answer does not apply"))
    return out


def _spread(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "which stock is the most volatile": a statistic of spread, not computed."""
    if spec.op not in _SPREAD_OPS or _SPREAD_AGGS & set(spec.aggs):
        return []
    for m in _SPREAD.finditer(r.text):
        if any(v.start <= m.end() - 1 and m.start() < v.end for v in r.mentions):
            continue  # a value or column of the table ("stable condition"), not a statistic
        return [LeftOut(m.group(0).strip(), "a measure of spread the answer does not compute")]
    return []


def _ratio(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "price per carat": a ratio of two numeric columns, not a grouping by the second."""
    if spec.derived is not None:
        return []
    columns = [m for m in r.mentions if not m.is_value]
    out = []
    for left, right in pairwise(columns):
        between = r.text[left.end : right.start].strip()
        if between not in _RATIO_WORDS:
            continue
        if r.kind(left.column) not in ("number", "binary") or r.kind(right.column) != "number":
            continue
        if _TIME.search(right.column) or r.schema.column(right.column).values:
            continue  # "per year", "per cylinder count": a grouping by a few values
        said = r.text[left.start : right.end].strip()
        out.append(LeftOut(said, "a ratio of two columns the answer does not compute"))
    return out


def _in_common(r: Reading, spec: Spec) -> list[LeftOut]:
    m = _IN_COMMON.search(r.text)
    if m is None or spec.op == "compare":
        return []
    return [LeftOut(m.group(0), "a comparison of two sides: the answer is about one")]


def _pair(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "the correlation between X and Y" answered with every column's correlation: the
    pair asked for was not both read."""
    if spec.op != "correlation" or len(spec.columns) >= 2 or not _PAIR.search(r.text):
        return []
    return [LeftOut("between …", "a pair of columns I could not both tie to the table")]


def _statistics(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "the tallest height and the lightest mass", "for each type, the highest
    prestige", "the most common magnitude": a statistic named that the operation does
    not compute (a ranking's "highest" only orders, and is not asked of it)."""
    if spec.op not in _STATISTIC_OPS:
        return []
    computed = set(spec.aggs) | ({"quantile"} if spec.quantile is not None else set())
    if spec.variant == "mean_of_groups":
        computed.add("mean")  # the mean of the periods' totals
    if spec.op == "statistic" and len(spec.columns) > 1:
        computed = set(spec.aggs[:1])  # several columns: the code applies the first only
    if spec.derived is not None or ("size" in computed and not spec.columns):
        return []
    out = []
    text = statistic_text(r)  # "how many airports in total?" asks no sum
    for agg in dict.fromkeys(r.aggs):
        if agg not in _STATISTICS or agg in computed:
            continue
        if agg in ("min", "max") and (spec.variant in _RANKED or spec.op == "rows"):
            continue  # "which X has the highest ...": the order of a ranking
        if agg in ("min", "max") and spec.op == "value":
            continue
        m = re.search(rf"\b(?:{alternation(_STATISTIC_WORDS[agg])})\b", text)
        if m:
            out.append(LeftOut(m.group(0), "a statistic the answer does not compute"))
    return out


def _unapplied_where(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "... of occupations *where more than half the workers are women*": a condition
    said as a clause, with no condition at all in the operation."""
    if spec.filters or spec.measure or spec.lookup or spec.op not in _STATISTIC_OPS:
        return []
    m = _WHERE.search(r.text)
    if m is None:
        return []
    return [LeftOut(m.group("said").rstrip("?.! "), "a condition the answer does not apply")]
