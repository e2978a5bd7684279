"""Values of a text column that are also everyday or operation words.

Linking skips the words that name an operation ("new", "quarter") and any word whose
stem is a function word ("returned" is "return", "used" is "use"), so that "return the
rows" or "use the mean" is not read as a value. But a word said exactly as a value of a
column ("how many orders were *returned*", "the average price of *used* cars", "*new*
cars") is that value: a condition the user asked for. It is linked when the word itself
(not only its stem) is no function word, is no statistic or order word ("total", "top"),
and is not said of the table itself ("new column", "first row").
"""

from __future__ import annotations

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.tables import table, word_list
from notebook_router.language.words import word_spans

_TABLE_WORDS = word_list("data_words")
_NEVER = (
    STOPWORDS
    | _TABLE_WORDS
    | frozenset(
        w
        for section in ("aggregations", "order")
        for words in table("analysis")[section].values()
        for phrase in words
        for w in phrase.split()
    )
)


def everyday_values(text: str, schema: Schema, found: list[Mention]) -> list[Mention]:
    """Mentions of values said exactly (or in the plural) by a word linking skipped."""
    index = schema.values
    if index is None:
        return []
    toks = word_spans(text)
    out = []
    for i, (word, start, end) in enumerate(toks):
        if word in _NEVER or len(word) < 3 or any(m.start < end and start < m.end for m in found):
            continue
        following = toks[i + 1][0] if i + 1 < len(toks) else ""
        if following in _TABLE_WORDS:
            continue  # "a new column", "the first row": said of the table
        for said in dict.fromkeys((word, word[:-1] if word.endswith("s") else word)):
            hits = [h for h in index.by_words.get((said,), []) if str(h.value).lower() == said]
            if hits:
                best = sorted(hits, key=lambda h: (-h.rows, h.column))[0]
                others = tuple(h.column for h in hits if h.column != best.column)
                out.append(Mention(start, end, best.column, best.value, True, "value", others))
                break
    return out
