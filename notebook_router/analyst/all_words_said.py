"""The column every word of whose name the question says, for a lone word of it.

"active for more than twelve months" with ``months_active`` and ``monthly_price_usd``:
"months" shares a stem with ``monthly`` and is a word of ``months_active``. Text-to-SQL
schema linking scores a column by how much of its name the question covers; a column
whose name's words are all said ("months" and "active") is the one meant, over a column
that shares one stem with one word. So are two words side by side that say a column's
whole name ("nightly rate" of ``rate_per_night``, :func:`two_word_names`), and a word of
a named column's name is never text searched for in another column
(:func:`named_columns_words`).
"""

from __future__ import annotations

from itertools import pairwise

from notebook_router.analyst.column_names import name_words
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.stems import stem
from notebook_router.language.words import word_spans


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


def two_word_names(text: str, found: list[Mention], schema: Schema) -> list[Mention]:
    """``found`` with two words side by side that say every content word of one column's
    name, in any order and form, read as that column: "nightly rate" is ``rate_per_night``,
    not ``nights`` (which "nightly" alone linked) with "rate" left over as an operation
    word. A value said there stays: "North region" names a value and its column."""
    spans = word_spans(text)
    out = list(found)
    for (w1, s1, _), (w2, _, e2) in pairwise(spans):
        if text[s1:e2].count(" ") != 1:
            continue  # side by side: one space, no comma between
        pair = {stem(w1), stem(w2)}
        if len(pair) != 2:
            continue
        named = [c.name for c in schema.columns if _content_stems(c.name) == pair]
        if len(named) != 1:
            continue
        inside = [m for m in out if m.start < e2 and s1 < m.end]
        if any(m.is_value or m.column == named[0] for m in inside):
            continue
        if any(m.start < s1 or m.end > e2 for m in inside):
            continue  # a longer name said around them
        out = [m for m in out if m not in inside] + [Mention(s1, e2, named[0], how="name")]
    return sorted(out, key=lambda m: m.start)


def _content_stems(name: str) -> set[str]:
    """The stems of a column name's words, its function words ("per", "of") aside."""
    return {stem(p.lower()) for p in name_words(name) if p.lower() not in STOPWORDS}


def named_columns_words(text: str, found: list[Mention]) -> list[Mention]:
    """``found`` without a word read as part of a free-text value ("contains") when it is a
    word of the name of a column the question names elsewhere: "joint *applications*" is
    ``application_type``'s noun after its value, "paid any *late* fees" says
    ``paid_late_fees`` again; neither is text in ``emp_title`` or ``loan_status``."""
    named = {m.column for m in found if m.how != "contains"}
    words = {stem(p.lower()) for c in named for p in name_words(c)}
    return [
        m
        for m in found
        if not (
            m.how == "contains" and m.column not in named and stem(text[m.start : m.end]) in words
        )
    ]
