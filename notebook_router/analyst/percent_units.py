"""A percent sign on a number said in a condition is the number's unit.

"how many records have humidity above 80%?" asks a number of rows with humidity over
80, not the percentage of rows; "a discount of 20% or more" is ``>= 20`` (the sign
stood between the number and "or more" and hid it). The sign is blanked from the
question's skeleton (positions kept) when the number is compared ("above 80%",
"20% or more") or when the question asks how many and no word asks for a share. A
percent written as a word after the number ("under 20 percent", "5 per cent or more")
is the same unit as the sign, so it never makes the question ask for a share.
"""

from __future__ import annotations

import re

from notebook_router.analyst.conditions import POSTFIX_OPS, PREFIX_OPS, UNSIGNED
from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("percent_units")
_COUNTS = re.compile(rf"(?<!\w)(?:{alternation(_WORDS['counts'])})(?!\w)", re.IGNORECASE)
_SHARES = re.compile(rf"(?<!\w)(?:{alternation(_WORDS['shares'])})(?!\w)", re.IGNORECASE)
_BEFORE = "|".join(words for _, words in PREFIX_OPS)  # each already an alternation
_AFTER = "|".join(words for _, words in POSTFIX_OPS)
_GLUED = re.compile(
    rf"(?<![\w.]){UNSIGNED}\s*(?P<sign>{alternation(_WORDS['signs'])})(?!\w)", re.IGNORECASE
)
_COMPARED_BEFORE = re.compile(rf"(?:{_BEFORE})\s*(?:than\s+)?\$?\s*$", re.IGNORECASE)
_COMPARED_AFTER = re.compile(rf"\s*(?:{_AFTER})", re.IGNORECASE)


def percent_units(r: Reading) -> None:
    """Blank each percent sign of ``r.skeleton`` that is a compared number's unit."""
    glued = list(_GLUED.finditer(r.skeleton))
    compared = [m for m in glued if _compared(r.skeleton, m)]
    counted = bool(_COUNTS.search(r.skeleton))
    unsigned = r.skeleton
    for m in compared:  # "under 20 percent": a bound's unit, never a share asked for
        unsigned = _blanked(unsigned, m)
    shared = bool(_SHARES.search(unsigned))
    for m in reversed(glued):
        if m in compared or (counted and not shared):
            r.skeleton = _blanked(r.skeleton, m)


def _compared(skeleton: str, m: re.Match[str]) -> bool:
    """Whether the number ``m`` with its percent is compared ("above 80%", "20% or more")."""
    before = skeleton[max(0, m.start() - 40) : m.start()]
    return bool(_COMPARED_BEFORE.search(before) or _COMPARED_AFTER.match(skeleton[m.end() :]))


def _blanked(skeleton: str, m: re.Match[str]) -> str:
    """``skeleton`` with the percent of ``m`` blanked, positions kept."""
    start, stop = m.span("sign")
    return skeleton[:start] + " " * (stop - start) + skeleton[stop:]
