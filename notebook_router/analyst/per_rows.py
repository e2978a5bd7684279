""" "fare per trip by city" where no column names trips: "per" before a word that is no
column.

When the word is what each row of the table is (the table's own name, ``trips``: one
row per trip), the amount per one of them is the mean over the rows, of each group when
one is said; the words "per trip" are used. Any other such word with a group said
("goals per game by team" with no column of games) has nothing to divide by: it is
declined naming the word, never answered by the group's total with "per game" dropped.
Periods ("sales per month"), units (:mod:`.unit_ratios`) and the words other readings
take ("per capita", :mod:`.capita_ratios`) are left to them; so is a word with no group
(its accounting already says it was not used).
"""

from __future__ import annotations

import re

from notebook_router.analyst.asked_units import FACTORS
from notebook_router.analyst.intents import CLOSEST, Outcome, groups, stat_aggs
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID_PER = alternation(table("period_means")["ratio"]["per"])
_PER_WORD = re.compile(rf"\bC(?P<left>\d+)\s+(?P<per>{_SAID_PER})\s+(?P<word>[a-z]{{3,}})\b")
_ELSEWHERE = frozenset(table("unit_divisors")["per_rows"]["elsewhere"]) | frozenset(FACTORS)


def per_row_noun(r: Reading) -> Outcome:
    """The mean per row for "<amount> per <the table's row noun>" (the words used up,
    left for the statistic and group readings), a decline for another unlinked word
    with a group, or None."""
    m = _PER_WORD.search(r.skeleton)
    if m is None:
        return None
    left = r.column_at(int(m.group("left")))
    word = m.group("word")
    if r.kind(left) != "number" or word in _ELSEWHERE or stem(word) in _ELSEWHERE:
        return None
    if word not in r.unknown_words():
        return None  # a common or operation word ("per cent", "per each")
    if _names_rows(r.frame, word):
        r.skeleton = (
            r.skeleton[: m.start("per")] + " " * (m.end() - m.start("per")) + r.skeleton[m.end() :]
        )
        if not stat_aggs(r):
            r.aggs = [*r.aggs, "mean"]  # one row is one of them: the amount per row
        return None
    before = r.skeleton
    found, _ = groups(r)
    r.skeleton = before
    if not [g for g in found if g != left]:
        return None
    return Decline(
        f"I can't answer {left} per {word}: no column of {r.frame} names or counts "
        f"{word}s to divide by (columns: {', '.join(r.schema.names())}), and the {left} of "
        f"each group alone would answer something else. If each row is one {word}, ask "
        f"for the average {left} by the group.",
        CLOSEST,
    )


def _names_rows(frame: str, word: str) -> bool:
    """Whether the table's name says each row is one ``word`` ("trips", "ride_trips")."""
    words = identifier_words(frame)
    return bool(words) and stem(words[-1].lower()) == stem(word)
