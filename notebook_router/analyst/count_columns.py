"""Columns that count things one can divide by: players, athletes, staff headcounts.

"goals per player" divides by such a column; "fare per class" (a class is one of a few
kinds), "sales per store" (a ``Store`` number names a store, it counts nothing) and
"rentals per hour" (a period) group by theirs. A column divides only when its name says
a count (a plural noun, "n_", "num_", "count", "headcount"...) and its values are not
labels of groups (a few numbers, each on several rows, as a hotel's stars).
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

FEW_VALUES = 12
"""A whole-number column with at most this many values, each on several rows and
whatever they start at, labels its rows (a class, a shoe size, a hotel's stars): "per"
it groups."""
_PERIOD_NAME = re.compile(rf"(?i){alternation(table('period_means')['periods'])}")
_IDENTIFIER_WORDS = frozenset(table("number_owners")["identifier_words"])
_COUNT_WORDS = frozenset(table("count_columns")["count_words"])
_NOT_PLURAL = tuple(table("count_columns")["not_plural_endings"])
_SUMMED_UNITS = frozenset(table("count_columns")["summed_units"])
_GLUED_COUNTS = tuple(table("count_columns")["glued_count_prefixes"])


def counts_things(r: Reading, column: str) -> bool:
    """Whether ``column`` counts things: whole numbers, named as a count, not a period,
    a date part, an id or a label of groups."""
    if column not in r.schema.names() or r.schema.column(column).kind != "number":
        return False
    described = r.schema.column(column)
    if not described.whole or _PERIOD_NAME.search(column):
        return False
    words = identifier_words(column)
    if not words or words[-1] in _IDENTIFIER_WORDS:
        return False
    if not says_a_count(words):
        return False
    return not _labels(described.values, r, column)


def says_a_count(words: list[str]) -> bool:
    """The name says a count: a count word ("n_guests", "headcount") or a plural last
    word ("players", "employees"), not a singular ("Store", "class", "status")."""
    if any(w in _COUNT_WORDS for w in words):
        return True
    return _plural(words[-1])


def names_summed_units(column: str) -> bool:
    """Whether ``column``'s name says its figures add up: its last word is such a unit
    (votes, goals, points, dollars, hours: "vote" of ``electoral_vote``), or a count word
    glued to a plural ("ncases", "nvisits"). "how many" of it is its total, however few
    values it holds."""
    words = identifier_words(column)
    if not words:
        return False
    last = words[-1].lower()
    if forms(last) & _SUMMED_UNITS:
        return True
    return any(_plural(last[len(p) :]) for p in _GLUED_COUNTS if last.startswith(p))


def _plural(word: str) -> bool:
    """A plural noun ("players"), not a singular ending in s ("class", "status")."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(_NOT_PLURAL)


def _labels(values: object, r: Reading, column: str) -> bool:
    """The values are a few numbers (a class, a size, stars), each on more than one row."""
    if not isinstance(values, (list, tuple)) or not 0 < len(values) <= FEW_VALUES:
        return False
    numbers = sorted({int(v) for v in values if isinstance(v, (int, float))})
    if not numbers:
        return False  # (a shoe's size 7-10, a hotel's 3-5 stars: labels, wherever they start)
    frame = r.schema.frame
    if frame is None or column not in frame:
        return True
    return len(frame) > len(numbers)
