"""Whether a column holds a rate for each row ("poverty rate", ``unemployment_rate``,
``pct_black``): summing such a column over rows, or taking its share of a total, means
nothing, so a group's figure for it is its mean."""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_RATES = table("families_words")["rates"]
_AFTER = re.compile(rf"\bC(?P<c>\d+)\s+(?:{alternation(_RATES['after'])})\b")
_NAMES = frozenset(_RATES["names"])


def holds_rates(r: Reading, column: str) -> bool:
    """Whether ``column`` holds a rate for each row: the question says "<column> rate", or
    the column's name says so ("unemployment_rate", "pct_black")."""
    if named_rate(column):
        return True
    return any(r.column_at(int(m.group("c"))) == column for m in _AFTER.finditer(r.skeleton))


def named_rate(column: str) -> bool:
    """Whether the column's own name says it holds rates ("unemployment_rate", "pct_black")."""
    return bool(set(identifier_words(column)) & _NAMES)
