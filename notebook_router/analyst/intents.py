"""What the intents share: the spec they start from, declines, groups, derived columns, order words.

Each intent (in ``families``) reads the question through these helpers, so a
group, a derived column or a decline is recognised the same way everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.across_all import over_all_groups
from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.conditions import date_column
from notebook_router.analyst.count_columns import counts_things
from notebook_router.analyst.level_columns import holds_levels
from notebook_router.analyst.passive_doers import names_doer
from notebook_router.analyst.person_columns import people_columns
from notebook_router.analyst.rate_columns import holds_rates
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Decline, Derived, Spec
from notebook_router.analyst.which_subject import which_subject
from notebook_router.language.phrases import phrase_table
from notebook_router.language.spelling import closest
from notebook_router.language.words import identifier_words

Outcome = Spec | Decline | None
GROUPABLE = ("category", "binary", "datetext")
NUMERIC = ("number", "binary")
_SAID = phrase_table("intents_words")


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=" ")[3:-1]


def _each_then_space(group: str) -> str:
    """The group's phrases, each followed by white space, as alternatives."""
    return "|".join(rf"{re.escape(phrase)}\s+" for phrase in _SAID.words(group))


PLOT = rf"\b(?:{_bare('asks.plot')})\b"
NORMAL = (
    r"\b(?:normal(?:ly)?|gaussian|shapiro|wilk|d'?agostino|normaltest|kolmogorov|smirnov|ks|k-s|"
    r"anderson|bell[- ]shaped|normality)\b"
)
CORR = rf"\b(?:correlat\w*|{_bare('asks.correlation')})\b"
TREND = rf"\b(?:forecast\w*|predict\w*|extrapolat\w*|trend\w*|regress\w*|{_bare('asks.trend')})\b"
MISSING = rf"\b(?:{_bare('asks.missing')})\b"
OUTLIER = r"\b(?:outliers?|anomal\w*|extreme values?)\b"
SUMMARY = rf"\b(?:{_bare('asks.summary')}|basic stat\w*)\b"
PERCENT = rf"\b(?:{_bare('asks.percent')})\b|%"
ALL_COLUMNS = (
    rf"\b(?:{_bare('columns.every')})\s+(?:numeric(?:al)?\s+)?(?:{_bare('columns.nouns')})\b"
)
COUNT = rf"\b(?:{_bare('asks.count')})\b"
"""A count asked for ("how many", "number of")."""
CLOSEST = (
    "summary statistics (describe, mean, median, std, quantiles, skewness, kurtosis)",
    "counts, distinct values and percentages, with conditions in words",
    "group-by aggregates and rankings (top N, which group is highest)",
    "missing values and outliers (IQR or z-score)",
    "correlation (Pearson, Spearman, Kendall) and normality tests (Shapiro-Wilk, D'Agostino, KS)",
    "time resampling, pivots, linear trend and forecast",
    "plots: line, bar, histogram, scatter, box",
)


def base(r: Reading, op: str, **fields: object) -> Spec:
    """A spec carrying what every operation shares (frame, filters, rounding, derived column)."""
    common: dict[str, object] = {
        "frame": r.frame, "filters": tuple(r.filters), "rounding": r.rounding, "derived": r.derived,
        "alpha": r.alpha, "is_series": r.schema.is_series,
    }  # fmt: skip
    common.update(fields)
    return Spec(op=op, **common)  # type: ignore[arg-type]


# -- declines -----------------------------------------------------------------------------


def no_frame(reason: str, frames: Mapping[str, Schema]) -> Decline:
    if reason == "no_frame":
        return Decline("There is no DataFrame to analyse: load one into a variable first.", CLOSEST)
    names = ", ".join(frames)
    return Decline(f"I can't tell which DataFrame you mean: name one of {names}.", CLOSEST)


def _what_exists(r: Reading) -> str:
    names = r.schema.names()
    shown = ", ".join(names[:30]) + (", ..." if len(names) > 30 else "")
    return f"{r.frame} has the columns: {shown}."  # no counts: a decline states no numbers


def no_column(r: Reading, what: str) -> Decline:
    """A decline for a question whose column is not in the frame, with "did you mean"."""
    unknown = r.unknown_words()
    names = r.schema.names()
    lowered = {n.lower(): n for n in names}
    guesses: list[str] = []
    for word in unknown:
        for hit in closest(word, lowered, n=2):
            if lowered[hit] not in guesses:
                guesses.append(lowered[hit])
    missing = f" '{unknown[0]}'" if unknown else ""
    text = f"I couldn't find the column{missing} for {what} in {r.frame}. {_what_exists(r)}"
    if guesses:
        text += " Did you mean " + " or ".join(repr(g) for g in guesses) + "?"
    return Decline(text, CLOSEST, tuple(guesses))


def unmapped(r: Reading) -> Decline:
    text = (
        f"I couldn't map this question to a table operation I know: {r.question.strip()!r}. "
        + _what_exists(r)
    )
    return Decline(text, CLOSEST)


# -- derived columns and groups --------------------------------------------------------------


DERIVED = (
    ("sum", rf"\b(?:{_bare('derived.sum')}) of C(\d+) and C(\d+)"),
    ("sum", r"\bC(\d+)\s*(?:\+|plus|added to)\s*C(\d+)"),
    ("difference", r"\bdifference between C(\d+) and C(\d+)"),
    ("difference", r"\bC(\d+)\s*(?:-|minus|less)\s*C(\d+)"),
    ("ratio", rf"\bratio (?:of|between) C(\d+) (?:{_bare('derived.ratio_joins')}) C(\d+)"),
    ("ratio", rf"\bC(\d+)\s*(?:/|{_bare('derived.ratio_signs')})\s*C(\d+)"),
    ("product", r"\bproduct of C(\d+) and C(\d+)"),
    ("product", r"\bC(\d+)\s*(?:\*|times|multiplied by|x)\s*C(\d+)"),
)
DERIVED_WORD = {"sum": "plus", "difference": "minus", "ratio": "per", "product": "times"}
_NAMED = re.compile(rf"\b(?:{_bare('derived.named')})\s+['\"]?([a-z_][\w]*)")


def derived_column(r: Reading) -> Derived | None:
    for kind, pattern in DERIVED:
        m = re.search(pattern, r.skeleton)
        if not m:
            continue
        left, right = r.column_at(int(m.group(1))), r.column_at(int(m.group(2)))
        if r.kind(left) != "number" or r.kind(right) != "number" or left == right:
            continue  # (one column both sides: two words misread as one column, no calculation)
        if (
            kind == "ratio"
            and "per" in m.group(0)
            and r.schema.column(right).values
            and not counts_things(r, right)
        ):
            continue  # "fare per class" is a group-by, not a ratio (goals per player is)
        if kind == "ratio" and "per" in m.group(0) and _a_period(r, right):
            continue  # "consumption per year" of a ``year`` column: a figure a year
        if kind == "ratio" and " over " in m.group(0) and r.has(TREND):
            continue  # "trend of y over x" is y against x
        if kind == "product" and " x " in m.group(0) and r.has(r"\bpivot|\bcross[- ]?tab|\bby\b"):
            continue  # "by year x quarter" names two table keys
        named = _NAMED.search(r.text)
        name = named.group(1) if named else f"{left}_{DERIVED_WORD[kind]}_{right}"
        r.skeleton = r.skeleton[: m.start()] + " D " + r.skeleton[m.end() :]
        return Derived(name, kind, left, right)
    return None


GROUP_LEAD = f"(?:{_bare('groups.lead')})"
_GROUPS = tuple(
    re.compile(pattern)
    for pattern in (
        rf"\b{GROUP_LEAD}\s+(?:{_each_then_space('groups.before_column')})?C(\d+)(?:\s*(?:and|,|&)\s*(?:by\s+)?C(\d+))?",
        r"\bC(\d+)[- ]wise\b",
        rf"\b(?:{_bare('groups.rank')})\s+(?:the\s+|all\s+)?C(\d+)\s+(?=by\b)",
    )
)
_WHICH_GROUP = re.compile(
    rf"\b(?:{_bare('groups.which')})\s+(?:(?![CV]\d)\w+\s+)?C(\d+)\b"
    rf"|\bC(\d+)\s+(?:{_bare('groups.having')})\s+the\s+(?=(?:{_bare('groups.extreme')}))"
)
""""which region ...", or "the regions with the lowest ...", read as "which": the extreme
is left to say the order ("the 2 regions with the lowest average": lowest first)."""


def groups(r: Reading) -> tuple[list[str], bool]:
    """Group-by columns ("by region", "for each class", "which region ..."), and whether
    the question asks *which* group (a ranking with one answer)."""
    found: list[str] = []
    which = False
    # "average X across Y": one figure over all of Y
    over_all_groups(r, statistic=bool([a for a in stat_aggs(r) if a not in ("min", "max")]))
    for pattern in _GROUPS:
        for m in list(pattern.finditer(r.skeleton)):
            cols = [r.column_at(int(g)) for g in m.groups() if g is not None]
            if cols and names_doer(r, m.start(), cols):
                continue  # "were taken by poll takers other than Gallup": who, not groups
            if m.group(1) is not None and _amount_per(r, int(m.group(1))):
                continue  # "more than $100 per ticket": the amount's unit, not groups
            if _PER_ROW.match(m.group(0)) and len(cols) == 1 and _per_row(r, cols[0]):
                r.skeleton = ph.blank(r.skeleton, m)  # "saturated fat per item": per row
                continue
            if cols and all(groupable(r, c) for c in cols):
                found.extend(c for c in cols if c not in found)
                r.skeleton = ph.blank(r.skeleton, m)
    for m in list(_WHICH_GROUP.finditer(r.skeleton)):
        column = r.column_at(int(m.group(1) or m.group(2)))
        if groupable(r, column) or which_subject(r, column):
            if column not in found:
                found.append(column)
            which = True
            r.skeleton = (
                r.skeleton[: m.start()]
                + " which "
                + " " * (m.end() - m.start() - 7)
                + r.skeleton[m.end() :]
            )
    return found, which


def says_groups(r: Reading) -> bool:
    """Whether the question says a column to group by ("per season", "for each class"),
    read without taking its words (:func:`groups` takes them)."""
    for pattern in _GROUPS:
        for m in pattern.finditer(r.skeleton):
            cols = [r.column_at(int(g)) for g in m.groups() if g is not None]
            if cols and all(groupable(r, c) for c in cols) and not names_doer(r, m.start(), cols):
                return True
    return False


_PERIOD_NAMES = frozenset(_SAID.words("groups.period_names"))


def _a_period(r: Reading, column: str) -> bool:
    """Whether ``column`` holds calendar periods: dates, or whole numbers named for a
    period (``year``), not a count of days."""
    if r.kind(column) in ("datetime", "datetext"):
        return True
    described = r.schema.column(column)
    return described.whole and bool(set(identifier_words(column)) & _PERIOD_NAMES)


_PER_ROW = re.compile(rf"(?:{_bare('groups.per_row')})\b")
_EACH_ROW = 0.9
"""The share of rows a text column's distinct values must reach to name each row."""


def _per_row(r: Reading, column: str) -> bool:
    """Whether "per <column>" asks an average per row: ``column`` is text naming (almost)
    every row apart, as an item's name, and the statistic is a mean or median ("average
    saturated fat per item"). Grouping by it would only list the rows; a total per item
    ("total sales per product") stays a figure for each."""
    col = r.schema.column(column)
    aggs = stat_aggs(r)
    averaged = bool(aggs) and all(a in _PER_ROW_STATISTICS for a in aggs)
    return (
        averaged and col.kind == "text" and r.schema.rows > 0
        and col.distinct >= _EACH_ROW * r.schema.rows
    )  # fmt: skip


_PER_ROW_STATISTICS = frozenset({"mean", "median"})


_AMOUNT_PER = re.compile(
    rf"\d(?:[\d,.]*\d)?\s*[%kKmM]?\s*(?:{_bare('groups.amount_per')})\s+"
    rf"(?:(?:{_bare('groups.before_column')})\s+)?$"
)


def _amount_per(r: Reading, index: int) -> bool:
    """Whether the column mention ``index`` follows a number and "per" ("$100 per ticket",
    "3 per visit"): the unit of that amount, not a grouping of the rows."""
    return _AMOUNT_PER.search(r.text[: r.mentions[index].start]) is not None


def groupable(r: Reading, column: str) -> bool:
    """A column whose values name groups of rows: categories, yes/no, dates as text, text
    with repeated values (a city, not a name), and numbers that read as categories."""
    if r.kind(column) == "text":
        return r.schema.column(column).repeats
    return r.kind(column) in GROUPABLE or _few_numbers(r, column)


def _few_numbers(r: Reading, column: str) -> bool:
    """A numeric column that reads as categories: a dozen or fewer whole numbers (a class),
    or whole numbers in a column named for a period (a year, a month)."""
    if r.kind(column) != "number":
        return False
    col = r.schema.column(column)
    if re.search(TIME_NAME, column) is not None and col.whole and col.repeats:
        return True  # a year of many values ("by year" over 150 seasons) is still a period
    values = col.values
    whole = bool(values) and all(float(v).is_integer() for v in values)
    return whole and (len(values) <= 12 or re.search(TIME_NAME, column) is not None)


def ranking_order(r: Reading) -> bool | None:
    """True for lowest-first, False for highest-first, None when no order is asked."""
    if r.ascending is not None:
        return r.ascending
    low = re.search(ph.ASCENDING, r.skeleton)
    high = re.search(ph.DESCENDING, r.skeleton)
    if low and (not high or low.start() < high.start()):
        return True
    if high:
        return False
    return None


def stat_aggs(r: Reading) -> list[str]:
    """The statistics asked for, without the words that only say an order (highest, most)."""
    return [a for a in r.aggs if a not in ("min", "max", "count") or not _is_order_word(r, a)]


def _is_order_word(r: Reading, agg: str) -> bool:
    if agg == "count":
        return True
    word = ph.DESCENDING if agg == "max" else ph.ASCENDING
    return re.search(word, r.skeleton) is not None and not _EXPLICIT.search(r.skeleton)


_EXPLICIT = re.compile(rf"\b(?:{_bare('order.explicit')})\b")


# -- time axes, default statistics and label columns ------------------------------------


TIME_NAME = "(?i)" + _bare("columns.time_names")
LABEL_NAME = f"(?i)^({_bare('columns.label_names')})"


def time_like(r: Reading, column: str) -> bool:
    return r.kind(column) in ("datetime", "datetext") or re.search(TIME_NAME, column) is not None


def default_agg(r: Reading, target: str | None) -> str:
    aggs = stat_aggs(r)
    if aggs:
        return aggs[0]
    if target is None or r.has(COUNT):
        return "size"
    # a rate or a level per row ("the highest poverty rate", "the highest temperature") is
    # averaged over a group's rows, never summed
    averaged = r.kind(target) == "binary" or holds_rates(r, target) or holds_levels(r, target)
    return "mean" if averaged else "sum"


def plot_agg(r: Reading, target: str | None) -> str:
    """The statistic a chart of ``target`` by group shows: the one named, the row count
    for "number of", else the mean (a per-row measure is averaged; summed, two groups'
    heights would only say which group has more rows)."""
    aggs = stat_aggs(r)
    if aggs:
        return aggs[0]
    if target is None or r.has(COUNT):
        return "size"
    return "mean"


def time_axis(r: Reading) -> tuple[str, bool] | Decline:
    dates = date_column(r)
    if dates is None:
        return Decline(
            f"{r.frame} has no date column to resample by {r.freq or 'period'}. "
            f"Columns: {', '.join(r.schema.names())}.",
            ("group by one of the columns instead", "plot a column against another"),
        )
    return dates, r.kind(dates) == "datetext"


def entity_column(r: Reading) -> str:
    """The column naming what the rows are about (a stock's symbol, a city): the label
    column, else the category with the most distinct values."""
    label = label_column(r)
    if label:
        return label
    cats = sorted(r.schema.of_kind("category"), key=lambda c: -len(r.schema.column(c).values))
    return cats[0] if cats else ""


def row_id_column(r: Reading) -> str:
    """A number column that names each row once by its id (``order_id``): what "which
    order has the highest revenue?" answers with when no text labels the rows (the
    frame's index is no name a user knows)."""
    for c in r.schema.of_kind("number"):
        if is_identifier(c) and r.schema.spread(c) == (r.schema.rows, 1):
            return c
    return ""


def label_column(r: Reading) -> str:
    texts = r.schema.of_kind("text", "category")
    named = [c for c in texts if re.search(LABEL_NAME, c)]
    # a column naming each row once (a car's model): the rows' labels
    unique = [c.name for c in r.schema.columns
              if c.kind == "category" and len(c.values) == r.schema.rows > 2]  # fmt: skip
    people = people_columns(r, texts)  # "who ...?": a column of people before one of things
    return (people or named or [c for c in r.schema.of_kind("text")] or unique or [""])[0]
