"""Which end of a trip, transfer or shipment a word says: the prepositions each end
is said after ("from JFK", "to LAX") and the words the columns of each end are named
with (origin/dest, sender/receiver, start_station/end_station, ship_from/ship_to).

One table (``data/followups.toml`` ``[role]``) read by the follow-ups and the analyst
alike, so both read "to LAX" as the same end.
"""

from __future__ import annotations

import re

from notebook_router.language.phrases import phrase_table

ENDS = ("source", "target")
"""The start end (where a trip leaves from) and the far end (where it goes)."""
_ROLE = phrase_table("followups")
PREPOSITIONS: dict[str, tuple[str, ...]] = {end: _ROLE.words(f"role.{end}") for end in ENDS}
"""The prepositions each end is said after, in the table's order."""
COLUMN_WORDS: dict[str, frozenset[str]] = {
    end: _ROLE.word_set(f"role.{end}_columns") for end in ENDS
}
"""The words a column of each end is named with ("origin", "dest", "sender")."""
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def preposition_pattern(end: str) -> str:
    """A non-capturing regex group matching any preposition of ``end``."""
    return _ROLE.either(f"role.{end}")


def end_of(preposition: str) -> str | None:
    """The end a ``preposition`` says ("to" → target, "out of" → source), None for none.

    >>> end_of("Out of"), end_of("bound  for"), end_of("with")
    ('source', 'target', None)
    """
    said = " ".join(preposition.lower().split())
    for end in ENDS:
        if said in PREPOSITIONS[end]:
            return end
    return None


def name_words(column: str) -> set[str]:
    """The words of a column name, lowercased ("fromCity" → from, city; "dest_id")."""
    return {w.lower() for w in _NAME_WORDS.findall(column)}


def column_end(column: str) -> str | None:
    """The end a column's name says (``dest`` → target, ``ship_from`` → source), None
    when it says neither or both.

    >>> column_end("ship_from"), column_end("end_station"), column_end("weekend")
    ('source', 'target', None)
    """
    words = name_words(column)
    said = [end for end in ENDS if words & COLUMN_WORDS[end]]
    return said[0] if len(said) == 1 else None


def kind_words(column: str) -> frozenset[str]:
    """The words of a column name other than its end's ("station" of start_station):
    two columns of one kind at the two ends share them.

    >>> sorted(kind_words("start_station")) == sorted(kind_words("end_station")) == ["station"]
    True
    """
    return frozenset(name_words(column) - COLUMN_WORDS["source"] - COLUMN_WORDS["target"])


NOT_AFTER: frozenset[str] = _ROLE.word_set("role.not_after")
"""Words before a preposition that make it no end ("compared to LAX", "up to 5")."""
COMPARING: frozenset[str] = _ROLE.word_set("role.comparing")
"""Words that ask for two figures compared ("difference", "change", "ratio"): two values
said at the two ends may then be the two sides."""
OTHER_SIDE: frozenset[str] = _ROLE.word_set("role.other_side")
"""Words before a preposition that say the other side of a comparison ("than to JFK")."""
