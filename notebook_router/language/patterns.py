"""Regular-expression pieces built from word tables, so phrases stay data.

>>> import re
>>> re.findall(rf"\\b(?:{alternation(['more than', 'more'])})\\b", "more  than 5, more")
['more  than', 'more']
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def alternation(phrases: Iterable[str]) -> str:
    """A pattern matching any of ``phrases`` as written: escaped, longest first (so "more
    than" wins over "more"), any run of spaces standing for one. Embed it in a group."""
    unique = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in unique)


def words_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """A compiled pattern matching any of ``phrases`` as whole words."""
    return re.compile(rf"(?<!\w)(?:{alternation(phrases)})(?!\w)")
