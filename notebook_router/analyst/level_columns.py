"""Whether a column holds a level for each row (a temperature, a rating, a unit price,
an age): summing such a column over a group's rows means nothing ("which country had the
highest temperature?" answered with the total of every reading), so a group's figure for
it, when no statistic is said, is its mean. The answer names the mean.

Only the head word of the name counts (``temp_c``, ``avg_rating``, ``price_usd``; the
words after it that only say a unit are passed over): ``ratings_count`` counts ratings.
A name or a question that says a total ("TotalPrice", "the most sale_price") keeps the
sum. The words are in ``families_words.toml`` (``levels``).
"""

from __future__ import annotations

from notebook_router.analyst.asked_units import FACTORS
from notebook_router.analyst.reading import Reading
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_LEVELS = table("families_words")["levels"]
_NAMES = frozenset(_LEVELS["names"])
_AMOUNTS = frozenset(_LEVELS["amounts"])
_TRAILING = (
    frozenset(table("analysis")["names"]["trailing"])
    | frozenset(FACTORS)
    | frozenset(_LEVELS["units_after"])
)


def holds_levels(r: Reading, column: str) -> bool:
    """Whether ``column``'s head word says each value is a level, and neither its name nor
    the question says a total (module docstring)."""
    words = [w.lower() for w in identifier_words(column)]
    said = set(identifier_words(r.text.lower()))
    if _AMOUNTS & (set(words) | said):
        return False
    while words and (len(words[-1]) < 2 or words[-1] in _TRAILING):
        words.pop()  # "temp_c", "price_usd", "age_years": the unit after the head
    return bool(words) and words[-1] in _NAMES
