"""Columns that count things one can divide by: players, athletes, staff in the hundreds.

"goals per player" divides by such a column; "fare per class" (a class is one of a few
kinds) and "rentals per hour" (a period) group by theirs.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

FEW_VALUES = 12
"""A whole-number column with at most this many values describes each row (a class, a
hotel's stars): "per" it groups, it does not divide."""
_PERIOD_NAME = re.compile(rf"(?i){alternation(table('period_means')['periods'])}")
_IDENTIFIER_WORDS = frozenset(table("number_owners")["identifier_words"])


def counts_things(r: Reading, column: str) -> bool:
    """Whether ``column`` counts things: whole numbers of many values, not a period, a
    date part or an id."""
    if column not in r.schema.names() or r.schema.column(column).kind != "number":
        return False
    described = r.schema.column(column)
    if not described.whole or 0 < len(described.values) <= FEW_VALUES:
        return False
    if _PERIOD_NAME.search(column):
        return False
    words = re.split(r"[\W_]+", column.lower())
    return not (words and words[-1] in _IDENTIFIER_WORDS)
