"""A value said after a preposition of a trip's end goes to the column of that end.

"flights to LAX" on a table whose ``origin`` and ``dest`` both hold LAX: linking puts
a value in the column holding it most (``origin``), whatever was said before it; "to"
says the far end, so the filter is ``dest = LAX``. "from JFK to LAX" is
``origin = JFK and dest = LAX``, never ``origin in (JFK, LAX)``. Values listed after
one preposition ("to LAX or SEA") share its end. The same holds for transfers
(sender/receiver), trips (start_station/end_station) and shipments (ship_from/ship_to):
the end words are :mod:`notebook_router.language.trip_ends`'.

Nothing is guessed: a value moves only to a column of the said end that holds it. A
value said at one end and held only by the other end's column stays where linking put
it, and the reading not taken is named in ``r.unapplied`` (the answer is then partial).

A question that compares ("difference in average delay from LAX to JFK", "how did it
change from LAX to JFK") may say the two sides after "from" and "to": when one column
holds the values of both ends, they stay the sides linking read (``origin`` LAX vs JFK),
and unless the comparison is one the analyst makes ("difference", "compare", "vs") the
trip's reading not taken is named too.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from notebook_router.analyst.family_compare import COMPARING as COMPARISON_MADE
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.trip_ends import (
    COMPARING,
    ENDS,
    NOT_AFTER,
    OTHER_SIDE,
    column_end,
    kind_words,
    preposition_pattern,
)
from notebook_router.language.words import word_spans

_JOINS = alternation(table("followups")["role"]["value_joins"])
"""The words that list values after one end word ("to LAX, SEA and SFO")."""
_LISTED = rf"(?:\s*,\s*(?:(?:{_JOINS})\s+)?|\s+(?:{_JOINS})\s+)(?:the\s+)?V\d+\b"
"""A further value listed after the first ("to V0, V1 or V2"; "to the US", "the UK")."""
_SAID_AT = {
    end: re.compile(
        rf"\b(?P<said>{preposition_pattern(end)})\s+(?:the\s+)?V(?P<first>\d+)\b"
        rf"(?P<more>(?:{_LISTED})*)"
    )
    for end in ENDS
}


def value_ends(r: Reading) -> None:
    """Move each value said after an end's preposition to the column of that end that
    holds it, in ``r.mentions``; name in ``r.unapplied`` a value only the other end holds."""
    said = [(end, found) for end in ENDS for found in _SAID_AT[end].finditer(r.skeleton)]
    at_ends = {i for _, found in said for i in _listed(found)}
    other = [(end, found) for end, found in said if _last_word(r, found) in OTHER_SIDE]
    said = [(end, found) for end, found in said if _an_end(r.skeleton[: found.start()], at_ends)]
    sides = _compared_sides(r, said, other)
    for end, found in said:
        if set(_listed(found)) & sides:
            continue
        for index in _listed(found):
            _place(r, index, end, found["said"])
        if all(column_end(r.mentions[i].column) == end for i in _listed(found)):
            # "departing", "bound for": read as the end, not a word left over
            start, stop = found.span("said")
            r.skeleton = r.skeleton[:start] + " " * (stop - start) + r.skeleton[stop:]


def _last_word(r: Reading, found: re.Match[str]) -> str:
    """The word said just before a preposition's match, lowercased ("" for none)."""
    words = r.skeleton[: found.start()].split()
    return words[-1].lower() if words else ""


def _compared_sides(
    r: Reading, said: list[tuple[str, re.Match[str]]], other: list[tuple[str, re.Match[str]]]
) -> set[int]:
    """The mentions said at the two ends that may be the sides of a comparison asked
    ("difference in average delay from LAX to JFK": origin LAX vs JFK; "higher from LAX
    than to JFK"): the question compares, and one column holds a value said at each end.
    Named in ``r.unapplied`` when the analyst makes no comparison of such words ("change
    from LAX to JFK")."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", r.skeleton)}
    if not other and not words & COMPARING:
        return set()
    by_column: dict[str, dict[str, list[int]]] = {}
    for end, found in [*said, *other]:
        for index in _listed(found):
            mention = r.mentions[index]
            if mention.is_value and mention.how != "contains":
                by_column.setdefault(mention.column, {}).setdefault(end, []).append(index)
    sides: set[int] = set()
    for column, ends in by_column.items():
        if len(ends) < len(ENDS):
            continue
        values = sorted((r.mentions[i] for end in ENDS for i in ends[end]), key=lambda m: m.start)
        sides |= {i for end in ENDS for i in ends[end]}
        if not r.has(COMPARISON_MADE):
            listed = " and ".join(str(m.value) for m in values)
            r.unapplied.append(
                LeftOut(
                    r.text[values[0].start : values[-1].end],
                    f"{listed} may be the two sides compared or the two ends of a trip; "
                    f"I read both as {column} and did not filter the far end",
                )
            )
    return sides


def _listed(found: re.Match[str]) -> list[int]:
    """The mentions of the values said after one preposition ("to V0 or V1")."""
    return [int(found["first"]), *(int(i) for i in re.findall(r"V(\d+)", found["more"]))]


def _an_end(before: str, at_ends: set[int]) -> bool:
    """Whether a preposition said after ``before`` names a trip's end: not after
    "compared" or "relative" ("compared to LAX"), and right after a value only when that
    value was said at an end too ("from JFK to LAX", not "compare JFK to LAX")."""
    words = before.split()
    if words and words[-1].lower() in NOT_AFTER:
        return False
    last = re.search(r"\bV(\d+)\s*$", before)
    return last is None or int(last.group(1)) in at_ends


def _place(r: Reading, index: int, end: str, said: str) -> None:
    mention = r.mentions[index]
    if not mention.is_value or mention.how == "contains":
        return
    here = column_end(mention.column)
    if here is None or here == end:
        return  # not a trip's end, or already at the said end
    partner = _partner(r.schema, mention.column, end)
    if partner is None:
        return
    if mention.value in held_values(r.schema, partner, mention.value):
        r.mentions[index] = replace(mention, column=partner, also=(mention.column,))
        return
    r.unapplied.append(
        LeftOut(
            f"{said} {mention.value}",
            f"no {partner} holds “{mention.value}”; I filtered {mention.column} = "
            f"{mention.value}, the other end",
        )
    )


def _partner(schema: Schema, column: str, end: str) -> str | None:
    """The one column of ``end`` of the same kind as ``column`` (``dest`` for
    ``origin``, ``end_station`` for ``start_station``), None when none or several are."""
    ends = [
        c.name
        for c in schema.columns
        if c.kind in ("category", "text") and column_end(c.name) == end
    ]
    same = [c for c in ends if kind_words(c) == kind_words(column)]
    if len(same) == 1:
        return same[0]
    return ends[0] if len(ends) == 1 and not same else None


def held_values(schema: Schema, column: str, value: Any) -> set[Any]:
    """The values of ``column`` equal to ``value`` that the schema knows of (its
    categories, or its indexed text values)."""
    known = schema.column(column).values
    if value in known:
        return {value}
    index = schema.values
    if index is None or not isinstance(value, str):
        return set()
    said = tuple(w.lower() for w, _, _ in word_spans(value))
    hits = [*index.lookup(said), *index.code(value)]
    return {h.value for h in hits if h.column == column and h.value == value}
