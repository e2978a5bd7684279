"""One intent per operation family, tried in order; the first that recognises the question wins.

The order is deliberate: named tests and special topics (plots, normality,
correlation, trends, outliers, missing values) come before the generic families
(summaries, counts, group-bys, single statistics), because their words are more
specific. An intent returns None when the question is not its kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.capita_ratios import per_capita
from notebook_router.analyst.column_names import amount_of_a_noun, is_identifier
from notebook_router.analyst.conditions import binary_conditions, date_column, yes_no
from notebook_router.analyst.count_columns import names_summed_units
from notebook_router.analyst.count_ratios import per_counted
from notebook_router.analyst.counted import rows_in_total
from notebook_router.analyst.entity_counts import entity_counts
from notebook_router.analyst.family_compare import compare
from notebook_router.analyst.family_shapes import counted_things, mean_of_periods, of_which
from notebook_router.analyst.family_tables import pivot
from notebook_router.analyst.family_tests import correlation, missing, normality, outliers, trend
from notebook_router.analyst.frame_names import every_column_unasked, said_frame
from notebook_router.analyst.id_measures import named_column
from notebook_router.analyst.intents import (
    ALL_COLUMNS,
    COUNT,
    NUMERIC,
    PERCENT,
    PLOT,
    SUMMARY,
    Outcome,
    _few_numbers,
    base,
    default_agg,
    entity_column,
    groupable,
    groups,
    label_column,
    no_column,
    plot_agg,
    ranking_order,
    row_id_column,
    says_groups,
    stat_aggs,
    time_axis,
    time_like,
)  # fmt: skip
from notebook_router.analyst.linking import partial_column
from notebook_router.analyst.per_counts import per_count, per_word_ratio, ratio_statistic
from notebook_router.analyst.per_rows import per_row_noun
from notebook_router.analyst.period_means import averaged_per_period
from notebook_router.analyst.reading import IGNORED, OPERATION_WORDS, Reading
from notebook_router.analyst.row_labels import picked_row_label
from notebook_router.analyst.share_base import share_base
from notebook_router.analyst.share_groups import rated_flags, share_by_group, split_of_labels
from notebook_router.analyst.share_measure import measured_total
from notebook_router.analyst.spec import Decline, Filter, LeftOut, Spec
from notebook_router.analyst.superlative_measures import superlative_measure
from notebook_router.analyst.unit_ratios import per_unit, totals_divided
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.spelling import closest
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

UNITS = alternation(table("analysis")["units"]["words"])
_SAID = phrase_table("families_words")


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=" ")[3:-1]


_LINE = rf"\bline\b|{_bare('plot.line_phrases')}|\btrend"
_ROWS = rf"\b(?:{_bare('shape.rows')})\b"
_COUNT_ROWS = rf"\b(?:{_bare('shape.count')})\s+(?:\w+\s+)?{_ROWS}"
_COUNT_COLUMNS = (
    rf"\b(?:{_bare('shape.count_columns')})\s+(?:\w+\s+)?(?:{_bare('shape.columns')})\b"
)
_COLUMN_NAMES = (
    rf"\b(?:{_bare('shape.column_names')}|list (?:the |all )?columns|names of (?:the )?columns)\b"
)
_HEAD = rf"\b(?:{_bare('shape.head')})\b"
_PERCENT_NAMED = rf"\b(?:{_bare('percent.named')})\b|%"
_SHARE_COLUMN = rf"\bC\d+\s+(?:{_bare('percent.named')})\b(?!\s+of\b)"
"""A share word right after a column's name ("Obama *share*"), not a share *of* something."""
_COUNT_ASKED = rf"\b(?:{_bare('count.asked')})\b"
_STATISTIC_OF_COUNT = rf"\b(?:{_bare('count.statistic_of')})\s+(?:number|count) of\b"
_TOTAL = rf"\b(?:{_bare('count.total')})\b"
_DISTINCT_WORDS = "|".join(rf"{re.escape(w)}\s+" for w in _SAID.words("count.distinct"))
_COUNT_DISTINCT = rf"\b(?:{_bare('shape.count_columns')})\s+(?:{_DISTINCT_WORDS})?C\d+"
_COUNTED_ENTITY = re.compile(rf"\b(?:{_bare('count.lead')})\s+(?:the\s+|all\s+)?([a-z]+)")
_CALENDAR_NAME = re.compile(rf"(?i){_bare('columns.calendar')}|id$|code")
_DISTINCT = rf"\b(?:{_bare('count.distinct')})\b"
_WHO = rf"\b(?:{_bare('ranking.who')})\b"
_BY_LABEL = rf"\b(?:{_bare('ranking.by')})\b"
_WHICH_LABEL = re.compile(rf"\b(?:{_bare('ranking.which')})\b")


def plot(r: Reading) -> Outcome:
    if not r.has(PLOT):
        return None
    group, _ = groups(r)
    targets = r.targets()
    cats = r.remaining("category", "text", "datetext")
    kind = _plot_kind(r, group, targets, cats)
    fields: dict[str, object] = {"plot": kind, "columns": tuple(targets), "group_by": tuple(group)}
    if kind in ("hist", "box") and not targets:
        return no_column(r, "the plot")
    if kind == "scatter":
        if len(targets) < 2:
            return no_column(r, "a scatter plot (it needs two numeric columns)")
        xy = targets[:2] if not r.has(r"\b(?:vs\.?|versus|against)\b") else targets[1::-1]
        fields["columns"] = tuple(xy)
    if kind in ("line", "bar", "pie"):
        if not targets and not group and not r.freq and cats:
            fields["group_by"] = (cats[0],)
            fields["aggs"] = ("size",)
        elif r.freq and not group:
            axis = time_axis(r)
            if isinstance(axis, Decline):
                return axis
            fields.update(freq=r.freq, date_column=axis[0], parse_dates=axis[1])
        elif not targets and not group:
            return no_column(r, "the plot")
        if not targets and r.unknown_words() and not r.has(COUNT):
            return no_column(r, "the plot")  # a measure named that no column holds
        target = targets[0] if targets else None
        # By group: the mean of a per-row measure. Over periods ("revenue by month"): the
        # total of each period, as before; either way the title and the answer name it.
        per_period = bool(r.freq) and not group
        fields.setdefault("aggs", (default_agg(r, target) if per_period else plot_agg(r, target),))
        if kind == "line" and not group and not r.freq:
            dates = date_column(r)
            periods = [c for c in r.schema.of_kind("number") if _few_numbers(r, c)]
            periods = [c for c in periods if time_like(r, c) and c not in targets]
            if dates is None and periods:  # "mpg over time" with a year column: by year
                fields["group_by"] = (periods[0],)
            else:
                fields["date_column"] = dates or ""
                fields["parse_dates"] = dates is not None and r.kind(dates) == "datetext"
    return base(r, "plot", **fields)


def _plot_kind(r: Reading, group: list[str], targets: list[str], cats: list[str]) -> str:
    named = (
        ("hist", r"\b(?:histogram|hist|distribution)\b"), ("scatter", r"\bscatter"),
        ("box", r"\bbox[- ]?(?:plot|and whisker)?s?\b|\bboxplot"), ("pie", r"\bpie\b"),
        ("bar", r"\bbar"), ("line", _LINE),
    )  # fmt: skip
    for kind, pattern in named:
        if r.has(pattern):
            return kind
    if r.freq or any(time_like(r, g) for g in group):
        return "line"
    if group or (cats and not targets):
        return "bar"
    if len(targets) >= 2 or r.has(r"\b(?:vs\.?|versus|against)\b"):
        return "scatter"
    return "hist"


def info(r: Reading) -> Outcome:
    if r.has(_COUNT_ROWS) and not r.filters and not says_groups(r):  # not "... per season"
        return base(r, "shape", variant="rows")
    if r.has(_COUNT_COLUMNS):
        return base(r, "shape", variant="columns")
    if r.has(r"\bshape\b|\bdimensions?\b"):
        return base(r, "shape", variant="shape")
    if r.has(r"\b(?:dtypes?|data ?types?|types of (?:the )?columns)\b"):
        return base(r, "shape", variant="dtypes")
    if r.has(_COLUMN_NAMES):
        return base(r, "shape", variant="columns_list")
    # "the 5 rows", "the top 3 rows for Gentoo": the first rows (of those picked); never
    # "top 3 industries by number of observations", whose rows are counted per a column.
    if r.has(_HEAD) or (
        r.top
        and r.has(_ROWS)
        and not r.targets()
        and not r.remaining("category", "text", "datetext")
    ):
        return base(r, "shape", variant="head", n=r.top or 5)
    return None


def bins(r: Reading) -> Outcome:
    if not (r.bins or r.bin_count):
        return None
    _group, _ = groups(r)
    numeric = r.targets()
    if not numeric:
        return no_column(r, "the bins")
    column = numeric[0]
    target = numeric[1] if len(numeric) > 1 else None
    aggs = (stat_aggs(r)[0],) if target and stat_aggs(r) else (("mean",) if target else ("size",))
    cols = (column,) if target is None else (column, target)
    return base(r, "bins", columns=cols, bins=r.bins, bin_count=r.bin_count, aggs=aggs,
                percent=r.has(PERCENT))  # fmt: skip


def summary(r: Reading) -> Outcome:
    if not r.has(SUMMARY) or [a for a in stat_aggs(r) if a not in ("count", "range")]:
        return None
    group, _ = groups(r)
    columns = r.targets() + [c for c in r.remaining("category", "text") if c not in group]
    return base(r, "summary", columns=tuple(columns), group_by=tuple(group))


def unique(r: Reading) -> Outcome:
    if "nunique" not in r.aggs:
        return None
    group, _ = groups(r)
    columns = r.remaining()
    if not columns:
        return no_column(r, "the distinct values")
    counting = r.has(COUNT)
    variant = "count" if counting else "list"
    return base(r, "unique", variant=variant, columns=(columns[0],), group_by=tuple(group))


def percentage(r: Reading) -> Outcome:
    if not r.has(PERCENT):
        return None
    statistic = [a for a in stat_aggs(r) if a not in ("count", "nunique")]
    if statistic and (not r.has(_PERCENT_NAMED) or r.has(_SHARE_COLUMN)):
        # "the average T-bill rate", "average Obama share by poll taker": a column of
        # rates or shares measured, not a share of the rows or of a total
        return None
    group, which = groups(r)
    percent = r.has(r"\b(?:percent|percentages?|pct)\b|%")
    order = ranking_order(r) if which else None
    if group:
        return share_by_group(r, group, which=bool(which), ascending=bool(order), percent=percent)
    measure = binary_conditions(r, always=True)
    measure += [f for f in rated_flags(r) if f not in measure]  # "what is the return rate?"
    filters = r.filters
    split = share_base(
        r, [*filters, *measure], measure
    )  # "of eng staff", "of all flights": the base
    if split is not None:
        measure, filters = split
    elif not measure:
        measure, filters = of_which(r, filters)
    # "have an ulcer (ulcer 1)": a condition said twice is what is measured, never also
    # the rows it is measured over (which would make every share 100%)
    filters = [f for f in filters if f not in measure]
    measure = list(dict.fromkeys(measure))  # said twice ("an ulcer (ulcer = 1)"): once
    if measure:
        total = measured_total(r, measure)  # "what share of revenue came from Gadgets?"
        if isinstance(total, Decline):
            return total
        return base(r, "percentage", filters=tuple(filters), measure=tuple(measure),
                    percent=percent, columns=(total,) if total else (),
                    aggs=("sum",) if total else ())  # fmt: skip
    labels_split = split_of_labels(r, [], percent=percent)
    if labels_split is not None:  # "percentage of gender within each job": a split per job
        return labels_split
    cats = r.remaining("category")
    if cats:
        return base(r, "value_counts", columns=(cats[0],), percent=percent, variant="normalize")
    return None


def count(r: Reading) -> Outcome:
    if not r.has(_COUNT_ASKED):
        return None
    if r.has(_STATISTIC_OF_COUNT):
        return None  # "the mean number of children" is a statistic of a count column
    if r.has(r"\bC\d+\s+(?:count|number)\b") and [a for a in stat_aggs(r) if a != "count"]:
        return None  # "the average seat count": a statistic of a column that counts
    if r.has(rf"\bhow many\s+(?:{UNITS})\b") and stat_aggs(r):
        return None  # "how many hours are they awake on average?": a statistic in hours
    asked = re.search(r"\bhow many\s+C(\d+)\b", r.skeleton)
    if asked and r.kind(r.column_at(int(asked.group(1)))) == "number" and stat_aggs(r):
        return None  # "on average how many listings ...": a statistic of ``listings``
    counted = _COUNTED.search(r.skeleton)
    # "how many homes were sold in 2010", "how many listings did El Paso have": the column
    # counts things, so the answer adds it up (and says it is a total). Not "how many
    # values are in C": what is counted there is the data's own (values, rows, nulls).
    things = (counted.group("things") or "").split() if counted else []
    if (
        counted
        and _whole(r, r.column_at(int(counted.group("column"))))
        and not any(w in IGNORED or w in OPERATION_WORDS for w in things)
        # "how many loans": rows, though "loans" begins ``loan_amount``'s name
        and not _amount_said_by_its_noun(r, int(counted.group("column")))
    ):
        column = r.column_at(int(counted.group("column")))
        group, which = groups(r)
        if group:
            return _grouped(r, group, which, target=column, agg="sum")
        return base(r, "statistic", columns=(column,), aggs=("sum",))
    if r.has(_TOTAL) and not r.targets() and not rows_in_total(r):
        return no_column(r, "the total")  # "how many home runs in total?": a sum, of what?
    group, which = groups(r)
    if r.has(r"\bvalue counts\b|\bfrequenc|\bdistribution of\b") and not group:
        cats = r.remaining("category", "binary", "text", "datetext") or r.remaining()
        if cats:
            return base(r, "value_counts", columns=(cats[0],))
    measure = binary_conditions(r, always=not group or _counts_a_flag(r))
    if not group and r.top and _groupable_left(r):
        group = _groupable_left(r)[:1]  # "top 4 states by number of airports"
    if group:
        # "how many smokers are there in each race?": the smokers of each race
        r.filters.extend(measure)
        per_group = _grouped(r, group, which, target=None, agg="size")
        if isinstance(per_group, Spec) and measure:
            return replace(per_group, counted=tuple(f.column for f in measure))
        return per_group
    if r.filters or measure:
        return base(r, "count", measure=tuple(measure))
    cats = r.remaining("category", "text", "datetext")
    if cats and r.has(_COUNT_DISTINCT):
        if _rows_are_named(r, cats[0]):
            # "how many counties are in midwest?": a row a county, whose names repeat
            # (320 names for 437 counties): the rows are counted, the names said too
            return base(r, "unique", variant="rows", columns=(cats[0],))
        return base(r, "unique", variant="count", columns=(cats[0],))
    numeric = r.targets()
    if numeric:
        return base(r, "statistic", columns=(numeric[0],), aggs=("count",))
    entity = _COUNTED_ENTITY.search(r.skeleton)
    unknown = [w for w in r.unknown_words() if not entity or w != entity.group(1)]
    if re.search(r"(?<![CVD\d])\d", r.skeleton) or any(_near_column(r, w) for w in unknown):
        return no_column(r, "the count")
    return base(r, "shape", variant="rows")


# "how many C3", "how many homes were C3": the things counted are a column's figures.
_COUNTED = re.compile(
    rf"\bhow many\s+(?:(?P<things>(?:[a-z]+\s+){{0,2}}?)(?:{_bare('count.verbs')})"
    r"\s+(?:[a-z]+\s+)?)?C(?P<column>\d+)\b"
)


FEW_KINDS = 12
"""A whole-number column with at most this many values describes each row (a car's
cylinders, a hotel's stars) rather than counting things."""


_COUNTED_COLUMN = re.compile(rf"\b(?:{_bare('count.lead')})\s+(?:the\s+)?C(\d+)\b")


def _counts_a_flag(r: Reading) -> bool:
    """Whether what is counted is a yes/no column's yes ("how many smokers", "the number
    of survivors"): a condition on the rows counted, whatever they are grouped by."""
    m = _COUNTED_COLUMN.search(r.skeleton)
    return m is not None and yes_no(r, r.column_at(int(m.group(1)))) is not None


def _amount_said_by_its_noun(r: Reading, index: int) -> bool:
    """Whether mention ``index`` is a noun of rows that only begins an amount column's name
    ("loans" of ``loan_amount``)."""
    m = r.mentions[index]
    return m.how == "part" and amount_of_a_noun(m.column, r.text[m.start : m.end])


def _whole(r: Reading, column: str) -> bool:
    """A column of whole numbers counting something: many values (a few, such as a
    car's cylinders or a hotel's stars, describe each row), and not an id or a year."""
    if r.kind(column) != "number" or (r.derived is not None and column == r.derived.name):
        return False
    described = r.schema.column(column)
    if not described.whole:
        return False
    # "how many electoral votes", "how many goals": a column named for a unit that adds
    # up is summed however few its values are; a few values otherwise label the rows
    if 0 < len(described.values) <= FEW_KINDS and not names_summed_units(column):
        return False
    # a calendar column ("Day", "month") numbers the rows' dates: "how many days ..."
    # counts rows, it does not add the days of the month up
    return not _CALENDAR_NAME.search(column)


def _rows_are_named(r: Reading, column: str) -> bool:
    """Whether each row is one of the things ``column`` names, though some names repeat
    (most rows have a name of their own), and the question did not ask for distinct ones."""
    if r.has(_DISTINCT):
        return False
    described = r.schema.column(column)
    return described.kind == "text" and described.distinct > r.schema.rows // 2


def _near_column(r: Reading, word: str) -> bool:
    names = [n.lower() for n in r.schema.names()]
    return bool(closest(word, names, cutoff=0.75))


def grouped(r: Reading) -> Outcome:
    group, which = groups(r)
    # "what is the average weekly revenue?" asks no period out: "what" picks one only
    # with a ranking word ("what month had the highest revenue")
    which = which or (
        bool(r.freq)
        and (r.has(r"\bwhich\b") or (r.has(r"\bwhat\b") and ranking_order(r) is not None))
    )
    if not group and not r.freq and not (r.top and _groupable_left(r)):
        return None
    if not group and not r.freq:
        group = [_groupable_left(r)[0]]
        r.skeleton = r.skeleton.replace(f"C{_index_of(r, group[0])}", " ")
    targets = r.targets()
    target = targets[0] if targets else None
    flag = _flag_counted(r)
    if flag is not None and target in (None, flag):
        # "which clinician has the fewest smokers?": each clinician's smokers counted
        # (the yes side is a condition read already), never the flag's mean or values
        per_group = _grouped(r, group, which, None, "size")
        return replace(per_group, counted=(flag,)) if isinstance(per_group, Spec) else per_group
    agg = default_agg(r, target)
    if which and agg == "mode":
        # "which mpaa is the most common?": the group with the most rows, never each
        # group's most common figure ranked
        return _grouped(r, group, which, None, "size")
    if target is None and agg not in ("size", "count") and r.unknown_words():
        return no_column(r, f"the {ph.AGG_WORDS.get(agg, agg)}")
    counted = counted_things(r, group) if target is None and agg == "size" else None
    if counted is not None:
        # "which continent had the most countries?": distinct countries, not their rows
        return _grouped(r, group, which, counted, "nunique")
    return _grouped(r, group, which, target, agg)


_COUNTED_EXTREME = re.compile(rf"\b(?:{_bare('ranking.counted')})\s+$")


def _flag_counted(r: Reading) -> str | None:
    """The yes/no column whose yes side groups are ranked by the number of ("the most
    smokers", "the fewest online sales"), that side read as a condition already."""
    for m in r.mentions:
        if m.is_value or not _COUNTED_EXTREME.search(r.text[: m.start]):
            continue
        if yes_no(r, m.column) is not None and any(f.column == m.column for f in r.filters):
            return m.column
    return None


_THINGS_ASKED = re.compile(
    rf"\b(?:{_bare('ranking.which_things')})\s+(?:\d+\s+)?(?P<noun>[a-z][a-z-]+)"
)


def _unknown_things(r: Reading) -> str:
    """The things asked for ("which *religion* ...") when they are a word nothing reads
    and not the table's own name ("which 2 stocks" of a table ``stocks``), else "": no
    column is named to rank, and a guessed one would answer another question."""
    said = _THINGS_ASKED.search(r.question.lower())
    if said is None or said.group("noun") not in r.unknown_words():
        return ""
    noun = said.group("noun")
    return noun if stem(noun) != stem(r.frame.strip().lower()) else ""


_RANKED_BY = re.compile(rf"\b(?:{_bare('ranking.extremes')})" r"\s+(?:the\s+)?C(\d+)\b")


def _groupable_left(r: Reading) -> list[str]:
    """Columns left that could group the rows, not one a ranking word measures ("which 2
    cars have the lowest hp": hp ranks the rows, it does not group them)."""
    ranked = {r.column_at(int(i)) for i in _RANKED_BY.findall(r.skeleton)}
    return [c for c in r.remaining() if groupable(r, c) and c not in ranked]


def _index_of(r: Reading, column: str) -> int:
    return next(i for i, m in enumerate(r.mentions) if m.column == column and not m.is_value)


_ONE_FIGURE_UNMEASURED = frozenset({"size", "count"})
"""Statistics that give one figure a group with no column measured (its rows)."""


# "on average, how many listings per month ...": one figure (the mean of the periods'
# totals), not one figure a period
def _grouped(r: Reading, group: list[str], which: bool, target: str | None, agg: str) -> Outcome:
    order = ranking_order(r)
    variant = (
        "which" if which else ("top" if r.top else ("sorted" if order is not None else "mapping"))
    )
    if variant == "which" and r.top and r.top > 1:
        variant = "top"  # "which 5 countries had the highest ...": five names, ranked
    if target is None and agg not in _ONE_FIGURE_UNMEASURED and variant != "mapping":
        # no column measured: a statistic of every number column is a table a group,
        # which no ranking orders ("top 3 employees by total amount" of text amounts)
        return no_column(r, f"the {ph.AGG_WORDS.get(agg, agg)} to rank the groups by")
    if mean_of_periods(r, group, which) or (
        not which and averaged_per_period(r, group, target, agg)
    ):
        variant, agg = "mean_of_groups", ("sum" if target else "size")
    if variant == "sorted" and not re.search(
        r"\b(?:sort\w*|rank\w*|order\w*|descending|ascending)\b", r.text
    ):
        variant = "mapping"
    fields: dict[str, object] = {
        "variant": variant, "columns": (target,) if target else (), "aggs": (agg,),
        "ascending": bool(order), "n": r.top, "quantile": r.quantile,
    }  # fmt: skip
    if r.freq and not any(time_like(r, g) for g in group):
        axis = time_axis(r)
        if isinstance(axis, Decline):
            return axis
        return base(r, "resample", freq=r.freq, date_column=axis[0], parse_dates=axis[1],
                    group_by=tuple(group), **fields)  # fmt: skip
    return base(r, "groupby", group_by=tuple(group), **fields)


def rows(r: Reading) -> Outcome:
    targets = r.targets()
    order = ranking_order(r)
    if not targets or order is None:
        return None
    # "which visit had the highest cost?": the visit's id names the row, the cost ranks it;
    # an id the user did not name as a column is never what the rows are ranked by.
    ranked = [t for t in targets if not (is_identifier(t) and not named_column(r, t))]
    if not ranked:
        return Decline(
            f"{targets[0]} identifies the rows, so ranking by it answers nothing asked. "
            "Name the column to rank the rows by."
        )
    targets = ranked
    averaged = [a for a in stat_aggs(r) if a not in ("min", "max", "count")]
    entity = entity_column(r) if averaged else ""
    unknown = _unknown_things(r)
    named = partial_column(unknown, r.schema) if unknown else None
    if entity and unknown and (named is None or named.column != entity):
        # "which religion has the highest average income?" ranked by race: said so
        why = f"what is ranked: read as {entity}, which the question does not name"
        r.unapplied.append(LeftOut(unknown, why))
    if entity and (r.top or r.has(r"\b(?:which|who)\b")):
        # "which 2 stocks had the lowest average price": an average per stock, ranked
        which = r.top is None
        return _grouped(r, [entity], which, targets[0], averaged[0])
    who = r.has(_WHO)
    if not (r.top or who):
        return None
    # one row picked: named by its own label (:mod:`.row_labels`); a top N as before
    said = picked_row_label(r) if r.top is None else label_column(r)
    label = said or (row_id_column(r) if not is_identifier(targets[0]) else "")
    # "which 2 cars ...": "which" was read with the ranking's N, so the question's own
    # words say a name is asked for
    by = r.has(_BY_LABEL) or (
        r.top is not None and _WHICH_LABEL.search(r.question.lower()) is not None
    )
    variant = "labels" if (label and by) else "values"
    if r.top is None:
        variant = "argmax"
    if variant == "labels" and r.top and _names_repeat(r, label):
        # "top 3 storms by wind": a storm has many rows; the storms are ranked (by their
        # largest figure), so no name is listed twice
        return _grouped(r, [label], False, targets[0], "min" if order else "max")
    return base(r, "rows", variant=variant, columns=(targets[0],), n=r.top, ascending=order,
                label_column=label)  # fmt: skip


def _names_repeat(r: Reading, column: str) -> bool:
    """Whether some rows share a name in ``column`` (a storm observed many times)."""
    described = r.schema.column(column)
    if described.kind == "text":
        return 0 < described.distinct < r.schema.rows
    return bool(described.values) and len(described.values) < r.schema.rows


def statistic(r: Reading) -> Outcome:
    aggs = list(dict.fromkeys(a for a in r.aggs if a not in ("count",)))
    if r.quantile is not None:
        aggs = ["quantile", *[a for a in aggs if a not in ("min", "max")]]
    if not aggs:
        return None
    targets = r.targets()
    if not targets and set(aggs) <= {"mode", "min", "max", "nunique"}:
        targets = r.remaining("category", "text", "datetime", "datetext")
    if not targets:
        valued = any(m.is_value for m in r.mentions)
        # "total medals in 2016" on a table named ``medals``: the noun was the table's
        # name, no column; every column's total answers nothing asked
        named = r.filters and said_frame(r)
        if (r.unknown_words() or valued or named) and not r.has(ALL_COLUMNS):
            return no_column(r, f"the {ph.AGG_WORDS.get(aggs[0], aggs[0])}")
        # "total in March": of which column? (not said when every column was asked for)
        unsaid = () if r.has(ALL_COLUMNS) else every_column_unasked(r, aggs[0])
        return base(r, "statistic", variant="all", aggs=tuple(aggs[:1]), quantile=r.quantile,
                    left_out=unsaid)  # fmt: skip
    for column in targets:
        if r.kind(column) not in NUMERIC and set(aggs) - {"mode", "min", "max", "nunique"}:
            return Decline(f"{column!r} in {r.frame} is not numeric, so it has no {ph.AGG_WORDS[aggs[0]]}.",
                           ("its distinct values and counts", "its most common value"))  # fmt: skip
    variant = "" if all(r.kind(c) in NUMERIC for c in targets) else "label"
    return base(
        r,
        "statistic",
        variant=variant,
        columns=tuple(targets),
        aggs=tuple(aggs),
        quantile=r.quantile,
    )


def _filter_note(filters: list[Filter]) -> str:
    return ", ".join(f"{f.column} {f.op} {f.value}" for f in filters)


def value(r: Reading) -> Outcome:
    """A column's value on the rows the question picks out, no statistic named: "life
    expectancy in Mexico in 2007", "the population of the United States in 1952"."""
    targets = r.targets()
    if len(targets) != 1 or not r.filters or r.aggs:
        return None
    said = _statistic_in_name(r, targets[0])
    if said is not None:
        # "total population of WI" for ``poptotal``: the name took the word, which still
        # asks for the total over the rows picked out
        return base(r, "statistic", columns=(targets[0],), aggs=(said,))
    return base(r, "value", columns=(targets[0],))


_NAMED_STATISTICS: dict[str, str] = {
    word: agg
    for agg, said in table("analysis")["aggregations"].items()
    if agg in ("sum", "mean", "median", "min", "max")
    for word in said
    if " " not in word
}


def _statistic_in_name(r: Reading, column: str) -> str | None:
    """A statistic word of the question that a mention of ``column`` took in as part of its
    name ("total" of "total population" for ``poptotal``)."""
    for m in r.mentions:
        if m.column == column and not m.is_value:
            for word in r.text[m.start : m.end].split():
                if word in _NAMED_STATISTICS:
                    return _NAMED_STATISTICS[word]
    return None


def derived(r: Reading) -> Outcome:
    """A new column asked for on its own ("sum of A and B"): shown, not aggregated."""
    if r.derived is None:
        return None
    return base(r, "derived", columns=(r.derived.name,))


INTENTS: tuple[Callable[[Reading], Outcome], ...] = (
    entity_counts,  # "won more than once": before "more than" is read as a comparison
    compare,
    plot,
    normality,
    correlation,
    trend,
    outliers,
    missing,
    info,
    pivot,
    bins,
    summary,
    unique,
    percentage,
    totals_divided,  # "total cost divided by total weight": before "per" reads a unit
    per_unit,
    per_capita,
    per_counted,  # "revenue per unit by region": before "per units" is read as a group
    superlative_measure,
    per_count,
    per_word_ratio,
    per_row_noun,  # "fare per trip by city": no grouped total with "per trip" dropped
    count,
    grouped,
    rows,
    statistic,
    ratio_statistic,
    value,
    derived,
)
