"""Regular-expression pieces built from word tables, so phrases stay data.

>>> import re
>>> re.findall(rf"\\b(?:{alternation(['more than', 'more'])})\\b", "more  than 5, more")
['more  than', 'more']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable


def alternation(phrases: Iterable[str]) -> str:
    """A pattern matching any of ``phrases`` as written: escaped, longest first (so "more
    than" wins over "more"), any run of spaces standing for one. Embed it in a group."""
    unique = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in unique)


def words_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """A compiled pattern matching any of ``phrases`` as whole words."""
    return re.compile(rf"(?<!\w)(?:{alternation(phrases)})(?!\w)")


def kept_matches(
    pattern: re.Pattern[str], text: str, keep: Callable[[re.Match[str]], bool]
) -> list[re.Match[str]]:
    """The matches of ``pattern`` in ``text`` that ``keep`` accepts, in order: how a reading
    walks the phrases it knows ("7am", "$150", "dollars") and passes over those its
    context makes something else (a figure's unit, a named time read later). Taken all
    at once, so a caller may blank the text it read (same length) while using them.

    >>> [m.group() for m in kept_matches(re.compile(r"\\d+"), "1 22 3", lambda m: m.end() > 2)]
    ['22', '3']
    """
    return [m for m in pattern.finditer(text) if keep(m)]
