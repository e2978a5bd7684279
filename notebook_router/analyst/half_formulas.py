"""One side of a calculation that names no column: "qty times unit cost".

A product, ratio, sum or difference of two columns is read when both sides link to
columns (``intents.DERIVED``). When one side is a word no column holds ("qty" beside a
``QtyOnHand`` column the words did not reach), the other side is all that is left, and
an answer measured on it alone (the total of the unit costs) answers a simpler
question. The same patterns, with one side a word, find that word so the answer names it.
"""

from __future__ import annotations

import re

from notebook_router.analyst.intents import DERIVED
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut

_SIDE = r"C(\d+)"
_WORD = r"(?P<word>[a-z][a-z'-]+)"


def _with_a_word(pattern: str) -> list[re.Pattern[str]]:
    """``pattern`` with its first, then its last, column side read as a plain word."""
    first = pattern.replace(_SIDE, _WORD, 1)
    at = pattern.rfind(_SIDE)
    last = pattern[:at] + _WORD + pattern[at + len(_SIDE) :]
    return [re.compile(first), re.compile(last)]


# Not the signs of a ratio ("over", "per", "/"): "mpg over time" is a trend, "sales per
# region" a group; a ratio said as one ("the ratio of X to Y") is kept.
_HALVES = tuple(
    p
    for kind, pattern in DERIVED
    if kind != "ratio" or pattern.startswith(r"\bratio")
    for p in _with_a_word(pattern)
)


def half_formulas(r: Reading) -> list[LeftOut]:
    """The words that stand as one side of a calculation and name no column."""
    if r.derived is not None:
        return []  # the calculation was read whole
    unknown = set(r.unknown_words())
    out: list[LeftOut] = []
    for _, both in DERIVED:  # "qty times unit cost" with "unit" read as qty too
        for m in re.finditer(both, r.skeleton):
            if r.column_at(int(m.group(1))) == r.column_at(int(m.group(2))):
                said = r.column_at(int(m.group(1)))
                why = "a calculation whose two sides I read as the same column"
                out.append(LeftOut(said, why))
    for pattern in _HALVES:
        for m in pattern.finditer(r.skeleton):
            word = m.group("word")
            if word in unknown:
                why = "one side of a calculation, which no column of the table holds"
                out.append(LeftOut(word, why))
    return out
