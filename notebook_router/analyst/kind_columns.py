""" "shipping methods" for ``ship_sp``: a word followed by a noun asking for its kinds names
the one text column whose (abbreviated) name starts with that word.

A column name made of short parts ("ship_sp", "pay_mth") is seldom said in its letters;
people say the whole word its first part shortens and what its values are ("shipping
methods", "payment types"). Only text columns hold kinds, so among the columns the word
starts (``ship_pr`` holds the shipping price, a number) the one text column is meant;
with none or several the phrase stays unlinked and is accounted as left out.
"""

from __future__ import annotations

from itertools import pairwise

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

_KIND_NOUNS = frozenset(table("column_words")["kinds"]["nouns"])
_SHORTEST_PART = 3


def kind_columns(text: str, schema: Schema, found: list[Mention]) -> list[Mention]:
    """Mentions of text columns named as "<word> <kind noun>" where nothing was linked."""
    toks = word_spans(text)
    out: list[Mention] = []
    for (word, start, _), (noun, _, end) in pairwise(toks):
        if (
            noun not in _KIND_NOUNS
            or word in STOPWORDS
            or any(m.start < end and start < m.end for m in found)
        ):
            continue
        column = _started_by(word, schema)
        if column is not None:
            out.append(Mention(start, end, column, how="kinds"))
    return out


def _started_by(word: str, schema: Schema) -> str | None:
    """The one text column whose name's first part ``word`` starts or stems to."""
    hits = []
    for col in schema.columns:
        if col.kind != "category":
            continue
        parts = identifier_words(col.name)
        if len(parts) < 2 or len(parts[0]) < _SHORTEST_PART:
            continue
        first = parts[0].lower()
        if word.startswith(first) or stem(word) == stem(first):
            hits.append(col.name)
    return hits[0] if len(hits) == 1 else None
