"""The one stemmer: Snowball English, after British spellings are folded to American.

Every reader of English matches words by these stems, so "plotting", "plots" and
"plotted" meet ("plot") wherever they are read, and "summarise" meets "summarize".
Snowball is the standard English stemmer (pure Python, no data to download); the
spelling fold in front of it is ours: Snowball keeps "-ise" and "-ize" apart.

>>> [stem(w) for w in ("plotting", "running", "salaries", "summarise", "summarize")]
['plot', 'run', 'salari', 'summar', 'summar']
"""

from __future__ import annotations

import threading
from functools import lru_cache

import snowballstemmer

_STEMMER = snowballstemmer.stemmer("english")
_STEMMING = threading.Lock()
"""A Snowball stemmer keeps the word it works on in the instance, and the kernel's warm-up
thread stems while a cell does: two words at once broke it (IndexError)."""


@lru_cache(maxsize=65536)
def american(word: str) -> str:
    """``word`` with a British -ise, -yse or -tre ending spelt the American way."""
    for ending, replacement, before in _FOLDS:
        if word.endswith(ending) and len(word) - len(ending) >= before:
            return word[: -len(ending)] + replacement
    return word


# British -ise/-yse/-tre spellings ("summarise", "analysed", "centre", "litres"), longest
# ending first, each with the letters it needs before it, so "rise" and "acre" stay
# (over-folding would be harmless anyway: both sides of every match are folded alike).
_FOLDS: tuple[tuple[str, str, int], ...] = (
    *(
        (british + suffix, american_ + suffix, 3)
        for british, american_ in (("is", "iz"), ("ys", "yz"))
        for suffix in ("ations", "ation", "ing", "ed", "es", "e")
    ),
    ("tres", "ters", 2),
    ("tre", "ter", 2),
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one lower-case word."""
    folded = american(word)
    with _STEMMING:
        return str(_STEMMER.stemWord(folded))


def forms(word: str) -> frozenset[str]:
    """``word`` and its plural ("year" → year, years; "city" → city, cities): the words
    that name the same thing, narrower than a stem ("yearly" stems to "year" too).

    >>> sorted(forms("city")), sorted(forms("box"))
    (['cities', 'city'], ['box', 'boxes'])
    """
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return frozenset({word, word[:-1] + "ies"})
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return frozenset({word, word + "es"})
    return frozenset({word, word + "s"})


_SHORTEST_VERB_FORM = 3
"""Words of up to this many letters that end in "ed" ("red", "bed") are no verb forms."""


def past_form(word: str) -> bool:
    """Whether a lower-case word looks like a verb's past form ("named", "called")."""
    return len(word) > _SHORTEST_VERB_FORM and word.endswith("ed")


def verb_form_only(said: str, held: str) -> bool:
    """Whether ``said`` shares only a stem with ``held`` as a verb form: "named" is no
    "Name", "called" no "Call" (both lower case; "married" said as written is itself)."""
    return past_form(said) and said != held
