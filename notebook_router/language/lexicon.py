"""What words mean for matching: the stopword list, filler, synonyms and unit names.

One reading for every matcher (agents, tools, facts, the planner's task keys): a word
is folded to its *term* (unit aliases, then synonyms, then the stem), so "plotting",
"charts" and "visualise" meet, "5 km" meets a ``kilometer`` parameter, and the same
text always gives the same terms.

>>> terms("Plotting the monthly revenues")
['plot', 'month', 'revenu']
>>> terms("convertLength to kms")
['convert', 'length', 'kilomet']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from notebook_router.language.stems import stem
from notebook_router.language.tables import table, word_list
from notebook_router.language.words import identifier_words

STOPWORDS: frozenset[str] = word_list("stopwords")
"""Function words: skipped by every reader (``data/stopwords.txt``)."""
FILLER: frozenset[str] = word_list("filler")
"""Conversational words of a request: how one asks, not what (``data/filler.txt``)."""
UNITS: dict[str, str] = table("units")["units"]
"""Unit abbreviations and spellings → one unit word ("km" → "kilometer")."""
CURRENCIES: dict[str, str] = table("units")["currencies"]
"""Currency names → ISO 4217 codes, for parameters that ask for a code."""


def _synonyms() -> dict[str, str]:
    folded: dict[str, str] = {}
    for group in table("synonyms")["groups"]:
        canonical = stem(group[0])
        for word in group:
            folded[word] = canonical
            folded.setdefault(stem(word), canonical)
    return folded


_SYNONYMS = _synonyms()


@lru_cache(maxsize=65536)
def term(word: str) -> str:
    """The matching form of one lower-case word: unit-, synonym- and stem-folded."""
    word = UNITS.get(word, word)
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    base = stem(word)
    return _SYNONYMS.get(base, base)


def is_common_word(word: str) -> bool:
    """An everyday English word, not a name: "car" yes, "oslo" and "tsla" no
    (``data/common_words.txt``).

    >>> is_common_word("car"), is_common_word("oslo")
    (True, False)
    """
    return word in word_list("common_words")


def is_filler(word: str) -> bool:
    """A stopword or a conversational word: it names nothing a request asks for."""
    return word in STOPWORDS or word in FILLER


def terms(text: str) -> list[str]:
    """The matching terms of ``text``: its words (identifiers split) minus stopwords, folded."""
    return [term(w) for w in identifier_words(text) if w not in STOPWORDS]


def term_set(words: Iterable[str]) -> frozenset[str]:
    """The terms of ``words``: how a word table is compared with a text's terms.

    >>> sorted(term_set(["country", "countries", "language"]))
    ['countri', 'languag']
    """
    return frozenset(term(w) for w in words)
