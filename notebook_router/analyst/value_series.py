""" "the Iron Man films": a value said with a plural noun, where other values of its
column begin with it, names every value of that series.

Linking finds the exact value "Iron Man"; the column also holds "Iron Man 2" and "Iron
Man 3", and "the Iron Man *films*" asks about all three. The condition is then that the
value holds those words (the answer says so: "movie contains “Iron Man”"). Said alone
("the gross of Iron Man") or in the singular ("the Iron Man film") it stays the one value.

A title that begins with an article ("The Batman" beside "Batman Returns", "Batman
Begins") is found with the article the question says before it: "the Batman films" is
the series of the words after the article (title contains "Batman"), "the Batman film"
and "The Batman" alone the one title.

Labels written as one code ("regular.with.aide" beside "regular", as R's factors are) are
categories of their own: "regular classes" is the label "regular".
"""

from __future__ import annotations

import re

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.reading import Reading
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.tables import table
from notebook_router.language.words import words

_NEXT_WORD = re.compile(r"\s+(?P<word>[a-z]+)\b")
_PLURAL_END = "s"
_ARTICLES = frozenset(table("each_value")["articles"])


def begins_a_series(r: Reading, mention: Mention) -> bool:
    """Whether ``mention`` (an exact value) is said with a plural noun while other values
    of its column hold its words (module docstring)."""
    return series_words(r, mention) is not None


def series_words(r: Reading, mention: Mention) -> str | None:
    """The words every value of the series holds ("Iron Man"; "Batman" of "The Batman"),
    when ``mention`` is said with a plural noun and other values of its column hold
    them; None otherwise."""
    if not mention.is_value or mention.how != "value" or not isinstance(mention.value, str):
        return None
    # as asked: the table's own name ("films") is blanked from the text read
    said_text = r.question.lower() if len(r.question) == len(r.text) else r.text
    follows = _NEXT_WORD.match(said_text, mention.end)
    if follows is None or not _a_plural_noun(r, follows, mention.column):
        return None
    said = tuple(words(mention.value))
    index = r.schema.values
    if index is None or not said:
        return None
    value = mention.value
    if len(said) > 1 and said[0] in _ARTICLES:
        said = said[1:]  # "the Batman films": the article is the question's, not a title's
        value = value.split(None, 1)[1]
    found = any(
        held != tuple(words(mention.value)) and _holds(held, said)
        and any(hit.column == mention.column and _written_as_words(hit.value) for hit in hits)
        for held, hits in index.by_words.items()
    )  # fmt: skip
    return value if found else None


def _written_as_words(value: object) -> bool:
    """Whether a value is written as words apart ("Iron Man 2"), as titles are; a label
    written as one code ("regular.with.aide" beside "regular") is a category of its own,
    so "regular classes" is the label "regular"."""
    return isinstance(value, str) and len(value.split()) > 1


def _holds(held: tuple[str, ...], said: tuple[str, ...]) -> bool:
    """Whether the words ``said`` are a run of ``held`` ("Iron Man" of "Iron Man 2",
    "Batman" of "Batman Returns" and of "The Batman")."""
    n = len(said)
    return len(held) > n and any(held[i : i + n] == said for i in range(len(held) - n + 1))


def _a_plural_noun(r: Reading, follows: re.Match[str], column: str) -> bool:
    """Whether the word after the value is a plural that names no other column and no
    value ("films", or "movies" naming the value's own column; not "sales" of another
    column, nor "was")."""
    word = follows.group("word")
    if not word.endswith(_PLURAL_END) or word.endswith("ss") or word in STOPWORDS:
        return False
    start = follows.start("word")
    # "Iron Man films" where "films" names the ``movie`` column itself: the values' noun
    return not any(
        m.start <= start < m.end and (m.is_value or m.column != column) for m in r.mentions
    )
