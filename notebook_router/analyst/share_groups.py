"""Which way round a share by group is: within each group, or the groups' parts of a whole.

"Which region had the highest *return rate*?", "share of released = Yes by colour",
"which carrier has the highest share of on_time = yes" ask, for each group, the share of
its rows meeting the condition (a rate within the group): a group with few rows can have
the highest rate. "Share of released people *that are* in each colour" and "breakdown of
released by colour" ask how the condition's rows split across the groups (composition):
the share of each group among the rows the condition keeps.

A yes/no column is named for its rate by a form of its word before "rate" ("return rate"
of ``returned``, "cancellation rate" of ``cancelled``), by its name, or by a condition on
it. Only yes/no conditions are measured within the groups: "percentage of female
passengers by class" keeps its reading as each class's part of the female rows, which
its answer names.
"""

from __future__ import annotations

import re
from itertools import pairwise

from notebook_router.analyst.conditions import binary_conditions, yes_no
from notebook_router.analyst.family_rates import rate_by_group
from notebook_router.analyst.intents import Outcome, base
from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.person_columns import names_people
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.share_base import said_within
from notebook_router.analyst.share_measure import measured_total
from notebook_router.analyst.spec import Decline, Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

_SHARES = phrase_table("families_shapes")
_WORDS = table("share_measures")
_RATE = re.compile(rf"\b(?P<word>[a-z]+)\s+(?:{alternation(_WORDS['rates']['after'])})\b")
_NAME_EXTRAS = frozenset(_WORDS["rates"]["name_extras"])
_COMPOSITION = frozenset(_WORDS["groups"]["composition"])
_BREAKDOWN = re.compile(rf"\b(?:{alternation(_WORDS['groups']['breakdown'])})\b")
_SHARE_OF = re.compile(
    rf"\b(?:{_SHARES.either('shares.share')}|{alternation(_WORDS['rates']['after'])})\s+of\b"
)


def share_by_group(
    r: Reading, group: list[str], *, which: bool, ascending: bool, percent: bool
) -> Outcome:
    """A share asked by group: each group's rate of a yes/no condition, each group's part
    of a number column's total ("share of revenue by venue"), or each group's part of the
    rows (with the yes/no conditions said as the rows it is of)."""
    variant = "which" if which else "mapping"
    binaries = r.remaining("binary")
    # "percentage of students in each ...": the students are the rows, never a total of
    # their numbers
    numbers = [
        t for t in r.targets() if t not in binaries and not (names_people(t) or is_identifier(t))
    ]
    sides = yes_no(r, binaries[0]) if binaries else None
    if binaries and sides is None:
        return base(r, "groupby", variant=variant, columns=(binaries[0],), group_by=tuple(group),
                    aggs=("mean",), percent=percent, ascending=ascending)  # fmt: skip
    named, flags = _flags(r, binaries[0] if binaries else None, sides)
    if named and _composition_of(r, group, named):  # "share of escalated tickets came from"
        named, flags = [], [*named, *flags]
    within = within_groups(r, group, named, flags)
    if within is not None:  # "return rate by region": each region's share of returns
        rows = [f for f in dict.fromkeys((*r.filters, *flags)) if f not in within]
        return base(r, "groupby", variant=variant, group_by=tuple(group), filters=tuple(rows),
                    measure=tuple(within), aggs=("mean",), percent=percent,
                    ascending=ascending)  # fmt: skip
    r.filters = list(dict.fromkeys((*r.filters, *flags)))  # "of released people that are ..."
    measured = measured_total(r, [])
    if isinstance(measured, Decline):
        return measured
    numbers = numbers or ([measured] if measured else [])
    if numbers:
        rated = rate_by_group(r, numbers[0], group, which=which)
        if rated is not None:
            return rated
        return base(r, "share", columns=(numbers[0],), group_by=tuple(group), percent=percent)
    split = split_of_labels(r, group, percent=percent)
    if split is not None:  # "share of each gender within each job": a split per job
        return split
    return base(r, "value_counts", columns=(group[0],), percent=percent, variant="normalize")


def _flags(
    r: Reading, binary: str | None, sides: tuple[object, object] | None
) -> tuple[list[Filter], list[Filter]]:
    """``(named, flags)``: the yes/no conditions named as what is measured (a 0/1 column
    left in the question, "return rate"), and every other yes/no condition said."""
    said = binary_conditions(r, always=True)  # "did not survive": the "no" side
    named = rated_flags(r)
    if binary is not None and sides is not None:  # "survival rate by class" of a 0/1 column
        yes = Filter(binary, "==", sides[1])  # type: ignore[arg-type]
        named = [next((f for f in said if f.column == binary), yes)]
    flags = [f for f in said if f not in named]
    flags += [f for f in r.filters if f.op == "==" and yes_no(r, f.column) and f not in named]
    return named, flags


def rated_flags(r: Reading) -> list[Filter]:
    """The "yes" side of each yes/no column named by a form of its word before "rate"
    ("return rate" → returned == yes), where the word was not read as the column."""
    out: list[Filter] = []
    for m in _RATE.finditer(r.skeleton):
        said = stem(m.group("word"))
        for column in r.schema.names():
            sides = yes_no(r, column)
            if sides is None or any(f.column == column for f in out):
                continue
            words = identifier_words(column)
            if said in {stem(w) for w in words if w.lower() not in _NAME_EXTRAS}:
                out.append(Filter(column, "==", sides[1]))
    for named in r.mentions:
        # "death rate" of a column holding "dead" and "alive": that value's rate
        if not named.is_value or _VALUE_RATE.match(r.text, named.end) is None:
            continue
        values = r.schema.column(named.column).values
        if len(values) == _TWO_SIDES and not any(f.column == named.column for f in out):
            out.append(Filter(named.column, "==", named.value))
    return out


_VALUE_RATE = re.compile(rf"\s+(?:{alternation(_WORDS['rates']['after'])})\b")
_TWO_SIDES = 2
"""A column of two values: one value's rate is the share of rows holding it."""


def within_groups(
    r: Reading, group: list[str], rated: list[Filter], flags: list[Filter]
) -> list[Filter] | None:
    """The yes/no conditions whose share is taken within each group, or None when the
    share is the groups' parts of the condition's rows (or no yes/no condition is asked).

    ``rated`` are the flags named before "rate" ("return rate"), always measured;
    ``flags`` every yes/no condition said, measured when said after the share word and
    before the group-by with no verb of composition between ("share of released = Yes
    by colour"; not "share of released people that are in each colour"), or anywhere
    when no share word is said and nothing else is measured."""
    if _BREAKDOWN.search(r.text):
        return None
    said: list[Filter] = []
    share = _SHARE_OF.search(r.text)
    if share is not None:
        end = _group_start(r, group[0], share.end())
        said = [f for f in flags if said_within(r, f, share.end(), end)]
        if said and _composed(r, said, end):
            return None
    elif not r.targets():
        said = flags
    measured = [*rated, *(f for f in said if f not in rated)]
    return measured or None


def _composition_of(r: Reading, group: list[str], named: list[Filter]) -> bool:
    """Whether a yes/no column named after the share word, with no "rate" said, is the
    rows split across the groups: a verb of composition follows it before the group-by
    ("share of escalated tickets *came from* each team"), so it is no rate within each."""
    share = _SHARE_OF.search(r.text)
    if share is None or rated_flags(r):
        return False
    end = _group_start(r, group[0], share.end())
    said = [
        m for m in r.mentions if share.end() <= m.start and m.end <= end and _names(m.column, named)
    ]
    return bool(said) and _composed(r, named, end)


def _group_start(r: Reading, column: str, after: int) -> int:
    """Where the group-by's column is said after ``after`` (the question's end when it
    is said before: "which carrier has the highest share of ...")."""
    for m in r.mentions:
        if m.column == column and not m.is_value and m.start >= after:
            return m.start
    return len(r.text)


def _composed(r: Reading, said: list[Filter], end: int) -> bool:
    """Whether a verb of composition comes between the last measured condition and the
    group-by ("released people *that are* in each colour")."""
    last = max((m.end for m in r.mentions if m.end <= end and _names(m.column, said)), default=0)
    return any(w in _COMPOSITION for w, _s, _e in word_spans(r.text[last:end]))


def _names(column: str, said: list[Filter]) -> bool:
    return any(f.column == column for f in said)


_WITHIN = _WORDS["groups"]
_WITHIN_LEAD = re.compile(
    rf"\b(?:(?:{alternation(_WITHIN['within_of'])})|(?:{alternation(_WITHIN['within_leads'])}))"
    rf"\s+(?:(?:{alternation(_WITHIN['within_determiners'])})\s+)?$"
)
_WITHIN_OF = re.compile(
    rf"\b(?:{alternation(_WITHIN['within_of'])})\s+(?:(?:{alternation(_WITHIN['within_determiners'])})\s+)?$"
)
_LIST_JOIN = re.compile(rf"^\s*(?:{alternation(_WITHIN['list_joins'])})\s*$")
_SPLIT_AND_BASE = 2
"""The columns of labels a share split within groups names: the split and its groups."""


def split_of_labels(r: Reading, group: list[str], *, percent: bool) -> Outcome:
    """The cross-table of two columns of labels as shares (:func:`split_within`), or None."""
    split = split_within(r, group)
    if split is None:
        return None
    rows, columns, *of_all = split
    return base(r, "pivot", variant="crosstab", group_by=(rows, columns),
                method="all" if of_all else "index", percent=percent)  # fmt: skip


def split_within(r: Reading, group: list[str]) -> tuple[str, str] | tuple[str, str, str] | None:
    """How a share of two columns of labels splits: ``(within, split)`` when the labels of
    ``split`` are shared out within each label of ``within`` ("share of each gender
    within each job", "count by job and gender as percentages of each job"), or
    ``(first, second, "all")`` when both are said as one list of groups ("number per job
    and gender as percentages": parts of every row); None for one column. Read as one
    column, the share was of every row, the other column dropped."""
    named = sorted((m.start, m.column) for m in r.mentions if not m.is_value)
    labels = [*group, *(c for _, c in named if r.kind(c) in ("category", "binary"))]
    labels = list(dict.fromkeys(labels))
    if len(labels) != _SPLIT_AND_BASE or (_SHARE_OF.search(r.text) is None and not _asks_parts(r)):
        return None
    if any(m.is_value and m.column in labels for m in r.mentions):
        return None  # "percentage of admin jobs by gender": one label's rate in each group
    said = [(start, c) for start, c in named if c in labels]
    explicit = {c for start, c in said if _WITHIN_OF.search(r.text[:start])}
    if len(explicit) == 1:  # "... as percentages of each job"
        within = next(iter(explicit))
        return within, next(c for c in labels if c != within)
    grouped = {c for start, c in said if _WITHIN_LEAD.search(r.text[:start])}
    for (first, before), (second, column) in pairwise(said):
        if before in grouped and _joined(r, first, second):
            grouped.add(column)  # "per job and gender": both in one list of groups
    if len(grouped) == 1:  # "share of each gender within each job"
        within = next(iter(grouped))
        return within, next(c for c in labels if c != within)
    if len(grouped) == _SPLIT_AND_BASE:  # "per job and gender as percentages": of every row
        return labels[0], labels[1], "all"
    return None


def _joined(r: Reading, first: int, second: int) -> bool:
    """Whether the mention at ``second`` follows the one at ``first`` in one list ("job
    and gender")."""
    end = next(m.end for m in r.mentions if m.start == first)
    return _LIST_JOIN.match(r.text[end:second]) is not None


def _asks_parts(r: Reading) -> bool:
    """Whether the question asks for parts of a whole in another way than "share of":
    "as percentages", "in percent"."""
    return _WITHIN_OF.search(r.text + " ") is not None or _AS_PARTS.search(r.text) is not None


_AS_PARTS = re.compile(rf"\b(?:{alternation(_WITHIN['as_parts'])})\b")
