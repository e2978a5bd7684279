"""Statistics asked in one breath share the rows they are asked of.

"the mean mag and the mean depth of quakes detected by at least 50 stations" is two
statistics of the same quakes: the request splits into one task per statistic, and the
qualifier said once, after the last one ("of quakes detected by at least 50 stations"),
belongs to every statistic before it that names no rows of its own. Without it the
first task would answer over every row, a confident number for another question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from notebook_router.language.clauses import Clause
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table

_STATISTIC = re.compile(rf"\b(?:{alternation(table('clauses')['statistics'])})\b", re.IGNORECASE)
_QUALIFIER = re.compile(rf"\s+{phrase_table('clauses').either('qualifying')}\s+", re.IGNORECASE)
_REFERS_BACK = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['back_references'])})\b", re.IGNORECASE
)
MEASURE_WORDS = 3
"""The most words between a statistic and its qualifier ("the mean *depth* of ...")."""


def share_qualifiers(
    clauses: Sequence[Clause], about_data: Callable[[Clause], bool] = lambda _: True
) -> list[Clause]:
    """``clauses`` with the qualifier of a statistic's clause given to the statistics
    asked just before it that have none ("the mean mag" → "the mean mag of quakes
    detected by at least 50 stations"); every other clause as it was. Only clauses
    ``about_data`` holds for take part, and a clause that refers back ("... and how many
    did *they* lose?") is read with the one before anyway (it gives nothing).

    >>> texts = ["Give me the mean mag", "the mean depth of quakes with 50 stations"]
    >>> [c.text for c in share_qualifiers([Clause(t, None) for t in texts])]
    ['Give me the mean mag of quakes with 50 stations', 'the mean depth of quakes with 50 stations']
    """
    out = list(clauses)
    for i in range(len(out) - 2, -1, -1):
        after = out[i + 1]
        if _REFERS_BACK.search(after.text) or not (about_data(after) and about_data(out[i])):
            continue
        tail = _qualifier(after.text) if _noun_phrase(after.text) else None
        if tail is None or not _bare_statistic(out[i].text):
            continue
        before = out[i]
        text = f"{before.text.rstrip(' ?.!,;')}{tail}"
        out[i] = Clause(text, before.verb, before.after_previous, list(before.depends_on))
    return out


_COUNTING = phrase_table("clauses").word_set("counting")
"""A count's qualifier names what it counts ("the number of planes with ..."): its own."""
_ARTICLES = phrase_table("clauses").word_set("statistic_articles")


def _noun_phrase(text: str) -> bool:
    """Whether ``text`` is a statistic said as a noun phrase ("the mean depth of ..."),
    the one shape whose qualifier was said for the statistics before it too. A clause
    with a question of its own ("how many planes were built in 1990?") or a count keeps
    its qualifier to itself."""
    found = _STATISTIC.search(text)
    if found is None or found.group(0).lower() in _COUNTING:
        return False
    lead = [w for w in text[: found.start()].lower().split() if w.strip(",") not in _ARTICLES]
    return not lead or lead == ["and"]


def _bare_statistic(text: str) -> bool:
    """Whether ``text`` asks a statistic of a measure and says nothing of which rows."""
    found = _STATISTIC.search(text)
    return found is not None and _QUALIFIER.search(text[found.end() :]) is None


def _qualifier(text: str) -> str | None:
    """The qualifier after ``text``'s statistic and measure (" of quakes with ..."), if any."""
    found = _STATISTIC.search(text)
    if found is None:
        return None
    rest = text[found.end() :]
    qualifier = _QUALIFIER.search(rest)
    if qualifier is None or len(rest[: qualifier.start()].split()) > MEASURE_WORDS:
        return None
    return rest[qualifier.start() :].rstrip(" ?.!")
