"""A value listed beside another value of its column, though its word is also an
operation's: "except Train, *Test*", "other than Count and *Plot*".

Operation words ("test", "plot", "count", "sum") are never read as values on their own,
so that "test whether ..." asks for a test. Listed after a value of a column, joined by a
comma, "and", "or" or "nor", and written exactly as the column holds it, such a word is
one more value of that column: dropping it answered a list of one, presented as complete.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema

_JOIN = re.compile(r"\s*(?:,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor)\s+)")
_WORD = re.compile(r"[A-Za-z][\w.-]*")


def listed_values(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[Mention]:
    """Values of a column said in a list after one of its values, which the other
    readings left unread because their word is also an operation's."""
    index = schema.values
    if index is None or written is None or len(written) != len(text):
        return []
    out: list[Mention] = []
    taken = list(found)
    waiting = [m for m in found if m.is_value]
    while waiting:
        before = waiting.pop()
        join = _JOIN.match(text, before.end)
        word = _WORD.match(written, join.end()) if join is not None else None
        if word is None:
            continue
        start, end = word.start(), word.end()
        if any(o.start < end and start < o.end for o in taken):
            continue
        held = [
            h.value
            for h in index.lookup((text[start:end],))
            if h.column == before.column and h.exact and h.value == word.group()
        ]
        if held:
            listed = Mention(start, end, before.column, held[0], is_value=True, how="value")
            out.append(listed)
            taken.append(listed)
            waiting.append(listed)
    return out


_END = re.compile(r"\s*(?:[?.!]\s*)?$|\s*,")


def value_listed_at(question: str, at: int, schemas: Mapping[str, Schema]) -> bool:
    """Whether ``question`` lists a value at ``at`` that ends the list: one word written
    exactly as a column holds it, then the end or a comma ("other than View, Plot and
    *Count*"), where a split would make the value a question of its own ("count")."""
    word = _WORD.match(question, at)
    if word is None or _END.match(question, word.end()) is None:
        return False
    said = (word.group().lower(),)
    return any(
        h.exact and h.value == word.group()
        for schema in schemas.values()
        if schema.values is not None
        for h in schema.values.lookup(said)
    )
