"""Words saying that a quantity moved: the one list of them, and where a question asks
for the change between two ends of a span.

>>> [m.group(0) for m in changes_between_ends("how much did wages rise between 1700 and 1800?")]
['rise between 1700 and 1800']
>>> [m.group(0) for m in changes_between_ends("the increase in sales from 2019 to 2021")]
['increase in sales from 2019 to 2021']
>>> list(changes_between_ends("how many years did wages rise above 10?"))
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_TABLE = table("change_words")
CHANGE_VERBS: tuple[str, ...] = tuple(_TABLE["verbs"])
"""Verbs of a movement ("rose", "fell by", "added"), one list for every reader."""
_MOVEMENT = alternation([*CHANGE_VERBS, *_TABLE["nouns"]])
_BETWEEN_ENDS = re.compile(
    rf"\b(?:{_MOVEMENT})\b(?:\s+[\w'-]+){{0,{int(_TABLE['gap'])}}}?"
    rf"\s+(?:{alternation(_TABLE['spans'])})\b"
    rf"(?:\s+[\w.'/-]+\s+(?:{alternation(_TABLE['to'])})\s+[\w.'/-]+)?",
    re.IGNORECASE,
)


def changes_between_ends(text: str) -> Iterator[re.Match[str]]:
    """Each movement said before a span in ``text``, matched through the span's second
    end when it is said ("fall from 2006 to 2011"), else through the span's word."""
    return _BETWEEN_ENDS.finditer(text)
