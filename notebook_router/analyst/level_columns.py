"""Whether a column holds a level for each row (a temperature, a rating, a unit price,
an age): summing such a column over a group's rows means nothing ("which country had the
highest temperature?" answered with the total of every reading), so a group's figure for
it, when no statistic is said, is its mean. The words are in ``families_words.toml``
(``levels``); the answer names the mean.
"""

from __future__ import annotations

from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_NAMES = frozenset(table("families_words")["levels"]["names"])


def holds_levels(column: str) -> bool:
    """Whether ``column``'s name says each value is a level (``temp_c``, ``avg_rating``,
    ``UnitPrice``, ``age_years``), not an amount that adds up."""
    return any(w.lower() in _NAMES for w in identifier_words(column))
