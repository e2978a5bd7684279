"""Values of a text column that are also everyday or operation words.

Linking skips the words that name an operation ("new", "quarter") and any word whose
stem is a function word ("returned" is "return", "used" is "use"), so that "return the
rows" or "use the mean" is not read as a value. But a word said exactly as a value of a
column ("how many orders were *returned*", "the average price of *used* cars", "*new*
cars") is that value: a condition the user asked for. It is linked when the word itself
(not only its stem) is no function word, is no statistic or order word ("total", "top"),
and is not said of the table itself ("new column", "first row").

And only where it says which rows: before a row noun ("*used* cars", "*returned*
orders") or as what the rows were, ending the clause ("how many orders were *returned*?").
Elsewhere it is the question's own word: "which fuel type is *used* most often", "how many
rows are *returned* when ...", "how many ages are *missing*?", "*forecast* sales for the
next 2 months", "*test* whether ...".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.tables import table, word_list
from notebook_router.language.words import word_spans

_TABLE_WORDS = word_list("data_words")
_OPERATION_WORDS = word_list("operation_words")
_COPULAS = frozenset(table("condition_words")["everyday"]["copulas"])
_EVERYDAY = table("condition_words")["everyday"]
_COPULA_NEGATIONS = frozenset(_EVERYDAY["copula_negations"])
_CLAUSE_END = re.compile(
    rf"\s*(?:[?.!;,]|$|(?:{'|'.join(map(re.escape, _EVERYDAY['clause_joins']))})\b)"
)
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
    words = [w for w, _, _ in toks]
    out = []
    for i, (word, start, end) in enumerate(toks):
        if word in _NEVER or len(word) < 3 or any(m.start < end and start < m.end for m in found):
            continue
        if not modifies_rows(words, i, text[end:], lambda j: _names_column(toks[j], found)):
            continue  # "is used most often", "are returned when ...": the question's word
        for said in dict.fromkeys((word, word[:-1] if word.endswith("s") else word)):
            hits = [h for h in index.by_words.get((said,), []) if str(h.value).lower() == said]
            if hits:
                best = sorted(hits, key=lambda h: (-h.rows, h.column))[0]
                others = tuple(h.column for h in hits if h.column != best.column)
                out.append(Mention(start, end, best.column, best.value, True, "value", others))
                break
    return out


def _names_column(tok: tuple[str, int, int], found: list[Mention]) -> bool:
    _, start, end = tok
    return any(m.start < end and start < m.end and not m.is_value for m in found)


def modifies_rows(words: list[str], i: int, rest: str, is_column: Callable[[int], bool]) -> bool:
    """Whether ``words[i]`` says which rows: said before a row noun ("used cars",
    "returned orders"; not a column, a table word or a function word; the table's own
    name, blanked by then, is a row noun), or after "were",
    "are" ... ending its clause (``rest`` is the text after it). A question's first word
    that names an operation ("forecast sales", "test whether") is its verb."""
    word = words[i]
    if i == 0 and word in _OPERATION_WORDS:
        return False
    if rest.startswith("  "):
        return True  # "used cars" on a table named ``cars``: its name is blanked
    following = words[i + 1] if i + 1 < len(words) else ""
    if following and following not in _NEVER and not is_column(i + 1):
        return True
    before = i - 1
    negated = before > 0 and words[before] in _COPULA_NEGATIONS
    if negated:
        before -= 1  # "are *not* new": the copula is one word further back
    return (
        before >= 0
        and words[before] in _COPULAS
        # an operation word after a bare copula is the question's own ("which are new?");
        # negated, it is what the rows are not ("listings that are not new")
        and (negated or word not in _OPERATION_WORDS)
        and _CLAUSE_END.match(rest) is not None
    )
