"""Which end of a trip a follow-up's value is said at (read by
:mod:`notebook_router.planner.followup`).

"and to JFK?" after "average delay for flights from JFK" names the same value as the
request before, at the other end: the destination-like column (``dest``) in place of
the origin-like one the earlier "from" filled, never ``origin = JFK`` again. The
prepositions of each end ("from", "out of" / "to", "into") and the words the columns of
each end are named with ("origin", "src", "departure" / "dest", "dst", "arrival") are in
``language/data/followups.toml`` (``[role]``).

The analyst reads a value said after an end's preposition as a value of that end's
column ("flights to LAX" is ``dest = LAX``, :mod:`notebook_router.analyst.value_ends`),
and flags the reading it could not take. So the request before is asked again with the
new end said in place of the old one ("How many flights to LAX?" for "and to LAX?" after
"how many flights from LAX"), for the analyst to read. The follow-up asks instead when no
column of the data is named for the new end, when that column's values are all known
and none is the value, or when the value was said with no end before ("flights JFK").
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.trip_ends import COLUMN_WORDS as _COLUMN_WORDS
from notebook_router.language.trip_ends import end_of as _end
from notebook_router.language.trip_ends import name_words as _name_words
from notebook_router.planner.followup_rewrite import swapped
from notebook_router.planner.followup_types import SAID, FollowUp
from notebook_router.planner.followup_values import ColumnValues, value_columns
from notebook_router.text.preview import clip

_SPLIT = re.compile(
    rf"^(?P<said>{SAID.either('role.source')}|{SAID.either('role.target')})\s+(?P<value>.+)$",
    re.IGNORECASE,
)


def end_column(end: str, values: ColumnValues) -> str | None:
    """The one text column named as ``end`` of a trip ("dest" for target), None when no
    column or several are."""
    named = [c for c, _, _ in values if _name_words(c) & _COLUMN_WORDS[end]]
    return named[0] if len(named) == 1 else None


def _said_before(texts: list[str], value: str) -> str | None:
    """The preposition said just before ``value`` where ``texts`` first say it ("" when
    none is, "from" for "flights from JFK"); None when they never say it."""
    for text in texts:
        found = re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.IGNORECASE)
        if found is None:
            continue
        words = re.findall(r"[\w-]+", text[: found.start()].lower())
        for size in (2, 1):  # "out of JFK" before "of JFK"
            if len(words) >= size and _end(" ".join(words[-size:])) is not None:
                return " ".join(words[-size:])
        return ""
    return None


def split_end(new: str, preposition: str) -> tuple[str, str]:
    """``new`` and the preposition of a trip's end it was said after, split off it when
    the follow-up said it inside the entity ("how about from LAX?" → "LAX", "from");
    as they are otherwise."""
    if preposition:
        return new, preposition
    split = _SPLIT.match(new.strip())
    return (new, preposition) if split is None else (split["value"], split["said"])


def end_slot(
    source: ArcRun, texts: list[str], new: str, preposition: str, values: ColumnValues
) -> FollowUp | None:
    """What to ask when ``new`` (said after ``preposition``) names the value the request
    before said at the other end of a trip, or with no end ("and to JFK?" after "flights
    from JFK"); None when the follow-up names no end, or the value at the same end, or a
    value the request before did not say (read another way by the caller)."""
    value, said = split_end(new, preposition)  # "and into JFK?": said with the entity
    end = _end(said)
    if end is None:
        return None
    before = _said_before(texts, value)
    if before is None or (before and _end(before) == end):
        return None
    other = "target" if end == "source" else "source"
    column, earlier_column = end_column(end, values), end_column(other, values)
    asked = f"“{clip(source.goal)}” asks about “{(before + ' ' + value).strip()}”"
    if earlier_column is not None and before:
        asked += f" ({earlier_column} = {value})"
    if column is None:
        question = (
            f"{asked}, and “{said} {value}” names another end of it, but no column of the "
            f"data is named for “{said}”. Ask it with the column it applies to, and I'll "
            "answer it."
        )
        return FollowUp("ask", source, source.goal, (), f"“{said} {value}” has no column", question)
    instead = f" in place of {earlier_column} = {value}" if earlier_column and before else ""
    holding = value_columns(value, values)
    complete = any(c == column and whole for c, _, whole in values)
    if column not in holding and complete:
        question = (
            f"{asked}. I read “{said} {value}” as {column} = {value}{instead}, and no row of "
            f"the data has {column} = {value}: there is nothing {said} {value} to answer about."
        )
    elif before and re.search(rf"\b{re.escape(said)}\s+\w", source.goal, re.IGNORECASE):
        # "and from B?" after "transfers to B from A": that end is already asked about
        question = (
            f"{asked}, and it already names a “{said}” end: “{said} {value}” may take its "
            f"place or the place of “{before} {value}”. Ask it as a whole question, and "
            "I'll answer it."
        )
    elif before:  # "flights from JFK" → "flights to JFK"; the analyst flags what it can't read
        again = swapped(source, f"{before} {value}", f"{said} {value}")
        if again.goal != source.goal:  # the analyst reads the end said
            return again
        question = (
            f"{asked}. I read “{said} {value}” as {column} = {value}{instead}, but I could "
            f"not put “{said} {value}” in its place in the request, so I have not answered it."
        )
    else:  # the value was said at no end before: in place of which filter?
        question = (
            f"{asked}. I read “{said} {value}” as {column} = {value}, but “{value}” was said "
            "there at no end of a trip, so I can't tell whether it takes the place of that "
            "filter or is asked together with it. Ask it as a whole question, and I'll "
            "answer it."
        )
    return FollowUp("ask", source, source.goal, (), f"“{said} {value}” is {column}", question)
