"""The column every word of whose name the question says, for a lone word of it.

"active for more than twelve months" with ``months_active`` and ``monthly_price_usd``:
"months" shares a stem with ``monthly`` and is a word of ``months_active``. Text-to-SQL
schema linking scores a column by how much of its name the question covers; a column
whose name's words are all said ("months" and "active") is the one meant, over a column
that shares one stem with one word.
"""

from __future__ import annotations

from notebook_router.analyst.column_names import name_words
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.language.stems import stem


def fully_said_column(word: str, said: frozenset[str], schema: Schema) -> Mention | None:
    """The one column of two or more words, ``word``'s stem among them, whose words' stems
    are all in ``said`` (the stems of the question's words); ``None`` when none or several."""
    w = stem(word.lower())
    if len(w) < 3:
        return None
    found = [
        c.name
        for c in schema.columns
        if len(stems := {stem(p.lower()) for p in name_words(c.name)}) >= 2
        and w in stems
        and stems <= said
    ]
    if len(found) != 1:
        return None
    return Mention(0, 0, found[0], how="part")
