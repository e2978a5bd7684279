"""Conditions on a numbered period and on a change, said in words.

A table of repeated measurements numbers its periods in a column that often does not
name them ("Time", in days): "from day 10 onwards", "on day 21", "before week 6" and "at
the last measurement day" are conditions on that column, and were dropped when no column
was called "day". A monthly series keeps a level and its change side by side
(``nonfarm`` and ``nonfarm_change``): "months that added more than 300 thousand jobs" is a
condition on the change, not on the level the noun names.

Both run after :func:`.conditions.conditions`, on what the skeleton has left, so a
condition another rule read is never read twice.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.change_words import CHANGE_VERBS
from notebook_router.language.numbers import number
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_WORDS = table("period_conditions")
_PERIODS = [f for w in table("analysis")["unapplied"]["period_words"] for f in sorted(forms(w))]
_TIME_COLUMNS = frozenset(_WORDS["time_columns"])
_PERIOD = rf"(?P<period>{alternation(_PERIODS)}|C\d+)"
_ONWARDS = rf"(?P<tail>\s+(?:{alternation(_WORDS['onwards'])})\b)?"
_LEADS: list[tuple[str, bool, re.Pattern[str]]] = [
    (
        key.removesuffix("alone"),
        key == ">=",
        re.compile(
            rf"\b(?:{alternation(leads)})\s+(?:the\s+)?{_PERIOD}\s+(?P<n>\d+(?:\.\d+)?)\b{_ONWARDS}"
        ),
    )
    for key, leads in _WORDS["leads"].items()
]
"""Each lead's comparison, whether it needs a trailing "onwards", and its pattern."""
# "at the last measurement day": a lead is needed, so "the earliest year" (a question
# about the column itself) is not read as a condition.
_EXTREME = re.compile(
    rf"\b(?:{alternation(_WORDS['leads']['=='])})\s+(?:the\s+)?"
    rf"(?P<extreme>{alternation([*_WORDS['last'], *_WORDS['first']])})\s+"
    rf"(?:(?:{alternation(_WORDS['between_words'])})\s+)?{_PERIOD}\b"
)
_LAST = frozenset(_WORDS["last"])
_CHANGE = _WORDS["change"]
_AMOUNT = alternation(_CHANGE["amount_words"])
_AMOUNT_OR_CROSSING = alternation([*_CHANGE["amount_words"], *_CHANGE["crossing_words"]])
_CHANGE_VERB = re.compile(
    rf"\b(?:{alternation(CHANGE_VERBS)})\s+(?:(?:{_AMOUNT})\s+){{0,3}}[-+$]?\d"
    rf"|\b(?:{alternation(CHANGE_VERBS)})\s+by\s+(?:(?:{_AMOUNT_OR_CROSSING})\s+){{0,3}}[-+$]?\d"
    rf"|\b(?:{alternation(_CHANGE['counting_verbs'])})\s+"
    rf"(?:(?:{_AMOUNT_OR_CROSSING})\s+){{0,3}}[-+$]?\d"
)
"""A change verb with its amount ("added more than 300", "fell by 5"): the noun "change"
("the average temperature change on days when ...", "change on day 3") says no amount,
and "fall below 12" / "rise above 14" cross a level (the level's own condition)."""
_PASSIVE = alternation(_CHANGE["counting_verbs"])
_PASSIVE_AFTER = (
    rf"\s+(?:(?:{alternation(_CHANGE['passive_auxiliaries'])})\s+){{{{0,2}}}}(?P<verb>{{verbs}})\b"
)
"""The counting verb after the noun, in the passive: "300 jobs added", "jobs were added",
"jobs have been added", "jobs get added" (up to two auxiliaries between)."""
_SUFFIXES = tuple(_WORDS["change"]["suffixes"])


def period_conditions(r: Reading) -> list[Filter]:
    """The conditions on a numbered period the skeleton still holds, blanked from it."""
    found: list[Filter] = []
    for op, needs_tail, pattern in _LEADS:
        for m in list(pattern.finditer(r.skeleton)):
            column = _period_column(r, m.group("period"))
            if column is None or (needs_tail and not m.group("tail")):
                continue
            said = ">=" if op == "==" and m.group("tail") else op
            found.append(Filter(column, said, ph.as_int_or_float(number(m.group("n")))))
            r.skeleton = ph.blank(r.skeleton, m)
    for m in list(_EXTREME.finditer(r.skeleton)):
        column = _period_column(r, m.group("period"))
        values = (
            [v for v in r.schema.column(column).values if isinstance(v, (int, float))]
            if column
            else []
        )
        if column is None or not values:
            continue
        pick = max(values) if m.group("extreme") in _LAST else min(values)
        found.append(Filter(column, "==", pick))
        r.skeleton = ph.blank(r.skeleton, m)
    return found


def _period_column(r: Reading, said: str) -> str | None:
    """The one number column holding the period ``said`` ("day", or a column's token)."""
    token = re.fullmatch(r"C(\d+)", said)
    if token:
        column = r.column_at(int(token.group(1)))
        return column if r.kind(column) == "number" else None
    named = {f for f in forms(said.rstrip("s")) if f}
    candidates = [
        c
        for c in r.schema.of_kind("number")
        if c.strip().lower() in named or c.strip().lower() in _TIME_COLUMNS
    ]
    exact = [c for c in candidates if c.strip().lower() in named]
    chosen = exact or candidates
    return chosen[0] if len(chosen) == 1 else None


def change_conditions(r: Reading, filters: list[Filter]) -> list[Filter]:
    """``filters``, each on a level moved to that level's change column when the
    question's verb says a change by an amount ("added more than 300", "fell by 5"), or
    when a counting verb follows the condition's noun ("were more than 300 jobs added?").
    A passive counting verb with no change column to move to is reported as not used."""
    text = r.text.lower()
    if _CHANGE_VERB.search(text):
        return [replace(f, column=_change_column(r, f.column) or f.column) for f in filters]
    moved: list[Filter] = []
    for f in filters:
        verb = _passive_verb(r, text, f.column)
        change = _change_column(r, f.column) if verb else None
        if verb and change:
            moved.append(replace(f, column=change))
            continue
        if verb:
            r.unapplied.append(LeftOut(verb, f"a change: no column holds the change of {f.column}"))
        moved.append(f)
    return moved


def _passive_verb(r: Reading, text: str, column: str) -> str | None:
    """The counting verb right after the noun naming ``column`` ("300 jobs added"), or
    after the words that named it and one more ("300 nonfarm jobs were added")."""
    name = column.strip().lower()
    nouns = sorted({*forms(name), *forms(name.rstrip("s"))} - {""}, key=len, reverse=True)
    after = _PASSIVE_AFTER.format(verbs=_PASSIVE)
    m = re.search(rf"\b(?:{alternation(nouns)}){after}", text)
    if m is None:
        # the words that named the column itself, never a value of it ("Very Good cut")
        said = {
            text[n.start : n.end].strip()
            for n in r.mentions
            if n.column == column and not n.is_value
        }
        if said - {""}:
            m = re.search(rf"\b(?:{alternation(said - {''})})(?:\s+[a-z]+)?{after}", text)
    return m.group("verb") if m else None


def _change_column(r: Reading, column: str) -> str | None:
    """The column holding the change of ``column`` (``nonfarm_change`` of ``nonfarm``)."""
    base = column.strip().lower()
    for other in r.schema.of_kind("number"):
        parts = [p for p in re.split(r"[\W_]+", other.strip().lower()) if p]
        rest = re.split(r"[\W_]+", base)
        if len(parts) == len(rest) + 1 and (
            (parts[:-1] == rest and parts[-1] in _SUFFIXES)
            or (parts[1:] == rest and parts[0] in _SUFFIXES)
        ):
            return other
    return None
