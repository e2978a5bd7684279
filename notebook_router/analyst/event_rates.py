""" "death rate by sex" with a ``death`` column of day numbers and a ``status`` column of
A/D: the rate of an event is the share of rows where it happened, not the mean of a
number column that happens to be named by the event's word.

A column read as a rate because the question said "<column> rate" is one only when its
values could be rates (between 0 and 100). Otherwise the word names an event; its rows
are those where a two- or three-valued text column holds the event's word, a form of it
("dead", "died"), or its one-letter code ("D"), when exactly one value does. With no
such value the rate cannot be tied to the table and is declined with why, never answered
as the column's mean.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_WORDS = table("families_words")
_EVENTS = table("event_rates")
_GROUPS = [frozenset(g) for g in _EVENTS["groups"]]
_MOST_VALUES: int = _EVENTS["most_values"]
_AFTER = re.compile(rf"\bC(?P<c>\d+)\s+(?:{alternation(_WORDS['rates']['after'])})\b")
_RATE_SCALE = 100.0


def said_rate_of(r: Reading, column: str) -> int | None:
    """Which mention said ``column`` right before "rate", if the question said so."""
    for m in _AFTER.finditer(r.skeleton):
        index = int(m.group("c"))
        if r.column_at(index) == column:
            return index
    return None


def not_a_rate(r: Reading, column: str) -> bool:
    """Whether a number column said before "rate" holds values no rate could take."""
    frame = r.schema.frame
    if frame is None or column not in frame.columns:
        return False
    values = frame[column].dropna()
    if values.empty or values.dtype.kind not in "if":
        return False
    return bool(values.min() < 0 or values.max() > _RATE_SCALE)


def event_rows(r: Reading, index: int) -> Filter | Decline:
    """The condition marking the rows where the event said by mention ``index`` happened;
    that mention is then read as the condition's value (the word is used, by it)."""
    said = r.mentions[index]
    word, column = r.text[said.start : said.end].strip(), said.column
    group = next((g for g in _GROUPS if word.lower() in g), frozenset({word.lower()}))
    stems = {stem(w) for w in group}
    initials = {w[0] for w in group}
    found: list[Filter] = []
    for col in r.schema.columns:
        if col.kind not in ("category", "binary") or not 2 <= len(col.values) <= _MOST_VALUES:
            continue
        for value in col.values:
            held = str(value).strip().lower()
            coded = len(held) == 1 and len(col.values) == 2 and held in initials
            if held in group or stem(held) in stems or coded:
                found.append(Filter(col.name, "==", value))
    if len(found) == 1:
        marked = found[0]
        r.mentions[index] = replace(
            said, column=marked.column, value=marked.value, is_value=True, how="event"
        )
        return marked
    return Decline(
        f"“{word} rate” asks the share of rows where {word} happened, but "
        + (
            "no column's value says which rows those are"
            if not found
            else "several columns' values could say which rows those are"
        )
        + f"; the column {column} holds numbers, not a rate. Name the column and value "
        "that mark those rows (for example “share of status = D by sex”)."
    )
