"""Operations that contradict the question they were read from, repaired or flagged.

Each reading here was chosen by an intent, but it cannot be the question's answer:

- A value condition on the column the question groups by ("the number of workers in
  each occupation" read as ``occupation == "worker"``): a one-group answer to a question
  about every group. The condition is dropped and the answer is partial, saying the word
  was read as every row ("for managers" may have been the condition).
- The largest (or smallest) of a text column as the answer to "which state has the most
  murders?": the last name in alphabetical order is no ranking. Nothing numeric said what
  to rank by, so the answer is partial and names the words it could not rank by. So is
  a count of rows per label column (one row each) ranked as "the most".
- A figure per period for "average monthly change" (no "by month", no chart): the
  question asks for one figure, so the list is flagged.
- One figure over a span as the answer to a change between its ends ("how much did
  employment fall from 2006 to 2011?"): flagged, naming the change.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.accounting import left_out
from notebook_router.analyst.bounds_past_range import bounds_past_range
from notebook_router.analyst.distinct_counts import (
    counted_entities,
    counted_per_group,
    ids_not_measured,
    surely_whose,
    uncertain_entities,
)
from notebook_router.analyst.function_columns import summed_count, uncounted_total
from notebook_router.analyst.period_counts import counted_period_gaps, counted_periods
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.analyst.top_within_groups import top_within_groups
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_EXTREMES = [
    w for agg in ("max", "min") for w in table("analysis")["aggregations"][agg] if " " not in w
]
_RANKED = re.compile(rf"\b(?:{alternation(_EXTREMES)})(?:\s+[a-z][\w-]*)?")
_ANALYSIS = table("analysis")
_ONE_PER_PERIOD = re.compile(
    rf"\b(?:{alternation(_ANALYSIS['aggregations']['mean'])})\s+"
    rf"(?:{alternation(_ANALYSIS['unapplied']['period_adverbs'])})\b"
)
""""average monthly change": the mean of the months, one figure."""
_PER_PERIOD = re.compile(rf"\b(?:{alternation(table('period_conditions')['per_period'])})\b")
_ORDERED_KINDS = frozenset({"number", "binary", "date", "datetime", "datetext"})


def checked(r: Reading, spec: Spec) -> Spec:
    """``spec`` repaired where the question says how, with what it leaves out of the
    question (:func:`.accounting.left_out`) and what it cannot answer."""
    counted = counted_periods(r, counted_per_group(r, counted_entities(r, summed_count(r, spec))))
    spec = ids_not_measured(r, counted)
    fixed = _without_own_group_condition(r, spec)
    gaps = counted_period_gaps(r, fixed, left_out(r, fixed))
    # The described noun ("of the chicks") says whose values these are, not a measure.
    described = {
        r.text[m.start : m.end].strip()
        for m in r.mentions
        if not m.is_value and m.column in set(counted.columns) - set(spec.columns)
    }
    gaps = tuple(g for g in gaps if g.said not in described)
    # Too few of its values to be sure the column only names them, or the noun not said as
    # whose values these are ("of the chicks"): said how it was read.
    gaps = (
        *gaps,
        *(
            LeftOut(
                r.text[m.start : m.end].strip(),
                f"read as whose values these are, not the column {m.column}",
            )
            for m in r.mentions
            if not m.is_value
            and m.column in set(counted.columns) - set(spec.columns)
            and not surely_whose(r, m)
        ),
    )
    if fixed is not spec:
        # The dropped value's word was read as what the rows are ("workers"): said so,
        # since it may as well have been the condition ("for managers").
        dropped = [f for f in spec.filters if f not in fixed.filters]
        said = {
            r.text[m.start : m.end].strip(): f
            for m in r.mentions
            for f in dropped
            if m.is_value and m.column == f.column and m.value == f.value
        }
        gaps = tuple(g for g in gaps if g.said not in said)
        gaps = (
            *gaps,
            *(
                LeftOut(word, f"read as every row, not {f.column} = {f.value}")
                for word, f in said.items()
            ),
        )
    found = (
        *fixed.left_out,  # what the intent itself could not answer ("total in March": of what?)
        *gaps,
        *_contradictions(r, fixed),
        *_exclusive_values(fixed),
        *_overall_too(r, fixed),
        *bounds_past_range(r, fixed),
        *top_within_groups(r, fixed),
        *uncounted_total(r, fixed),
        *uncertain_entities(r, fixed),
    )
    return replace(fixed, left_out=found)


def _without_own_group_condition(r: Reading, spec: Spec) -> Spec:
    """``spec`` without a value condition on its own group-by column whose word reads as
    what the rows are ("workers" for ``occupation == "worker"``)."""
    if not spec.group_by or spec.op == "compare":
        return spec
    kept = tuple(
        f
        for f in spec.filters
        if not (f.op == "==" and f.column in spec.group_by and _rows_noun(r, f.column, f.value))
    )
    if len(kept) == len(spec.filters):
        return spec
    return replace(spec, filters=kept)


def _rows_noun(r: Reading, column: str, value: object) -> bool:
    """The value was said as a plural common noun other than the value itself ("workers"
    for "worker"): the rows' noun. A value named as it stands ("by department in Sales",
    "by subject for math") is a condition the question asks for, and stays."""
    said = [
        r.text[m.start : m.end].strip()
        for m in r.mentions
        if m.is_value and m.column == column and m.value == value
    ]
    return bool(said) and all(
        w.islower() and w.endswith("s") and w != str(value).strip().lower() for w in said
    )


_OVERALL_TOO = table("accounting_grammar")["overall_too"]
_OVERALL = re.compile(
    rf"\b(?:{alternation(_OVERALL_TOO['joins'])})\s+(?:the\s+)?"
    rf"(?P<said>(?:{alternation(_OVERALL_TOO['words'])})\b[^,;?.]*)"
)


def _overall_too(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "median line breaks per category, and the overall median": the figure over every
    row asked beside each group's; an answer by group alone is named as partial."""
    said = _OVERALL.search(r.text)
    if said is None or not spec.group_by:
        return []
    if any(m.start < said.end("said") and said.start("said") < m.end for m in r.mentions):
        return []  # "... and overall above 80": a column named ``overall``
    return [
        LeftOut(said.group("said").strip(), "the figure over every row: I gave it by group only")
    ]


def _exclusive_values(spec: Spec) -> list[LeftOut]:
    """Two values one column must equal on the same rows (``spam == 1`` and ``spam == 0``,
    a follow-up's value added beside the earlier one): no row has both, so the count of 0
    (or a missing mean) answers nothing asked; named, never shown as complete."""
    kept = (*spec.filters, *spec.measure) if spec.op in ("count", "percentage") else spec.filters
    seen: dict[str, object] = {}
    out = []
    for f in kept:  # a count's or a share's measure holds on its rows too
        if f.op != "==" or f.or_missing:
            continue
        if f.column in seen and seen[f.column] != f.value:
            why = f"no row has both {f.column} = {seen[f.column]} and {f.column} = {f.value}"
            out.append(LeftOut(f"{f.column} = {f.value}", why))
        seen.setdefault(f.column, f.value)
    return out


def _contradictions(r: Reading, spec: Spec) -> list[LeftOut]:
    """What of the question ``spec`` cannot answer although it was read."""
    ranked = _RANKED.search(r.question.lower())
    said = ranked.group().strip() if ranked else " ".join(spec.aggs)
    extreme = set(spec.aggs) & {"max", "min"}
    if (
        spec.op == "statistic"
        and extreme
        and spec.columns
        and all(r.kind(c) not in _ORDERED_KINDS for c in spec.columns)
    ):
        named = " and ".join(spec.columns)
        return [LeftOut(said, f"a ranking, and no number column says what to rank {named} by")]
    one = _ONE_PER_PERIOD.search(r.question.lower())
    listed = spec.op == "resample" and spec.variant != "mean_of_groups"
    if one and listed and not _PER_PERIOD.search(r.question.lower()):
        why = "one figure, the mean over the periods; the answer lists each period"
        return [LeftOut(one.group(), why)]
    if (
        ranked
        and spec.op == "groupby"
        and spec.aggs == ("size",)
        and spec.group_by
        and all(_one_row_each(r, c) for c in spec.group_by)
    ):
        named = " and ".join(spec.group_by)
        why = f"each {named} is one row, so its row count ranks nothing, and no number column says what to rank by"
        return [LeftOut(said, why)]
    return []


def _one_row_each(r: Reading, column: str) -> bool:
    """Every value of ``column`` stands on one row (a label: a name, an id)."""
    if column not in r.schema.names():
        return False
    held = r.schema.column(column)
    return not held.repeats or len(set(held.values)) == r.schema.rows > 1
