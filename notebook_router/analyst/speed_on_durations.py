""" "the fastest finish time": a speed word said of a duration means its shortest value.

The statistic words read "fastest" as a maximum and "slowest" as a minimum, which is
right of a speed ("the fastest lap speed") and backwards of a time ("the fastest finish
time" is the smallest ``finish_time_sec``). When the column measured holds a duration
(its name says time, duration or a time unit), the extreme is turned round.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.asked_units import column_unit
from notebook_router.analyst.column_names import name_words
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("speed_words")
_SHORTEST = re.compile(rf"\b(?:{alternation(_WORDS['superlatives']['shortest_time'])})\b")
_LONGEST = re.compile(rf"\b(?:{alternation(_WORDS['superlatives']['longest_time'])})\b")
_DURATION_WORDS = frozenset(_WORDS["durations"]["name_words"])
_FLIPPED = {"max": "min", "min": "max"}


def _duration(column: str) -> bool:
    unit = column_unit(column)
    if unit is not None:
        return unit[1] == "time"
    return bool(_DURATION_WORDS & {w.lower() for w in name_words(column)})


def speed_on_durations(r: Reading, spec: Spec) -> Spec:
    """``spec`` with its extreme turned round when a speed word is said of a duration (and
    the reading's statistics with it, so the answer's accounting reads the same)."""
    lower = r.question.lower()
    fastest, slowest = _SHORTEST.search(lower), _LONGEST.search(lower)
    if not (fastest or slowest) or (fastest and slowest):
        return spec
    measured = [c for c in spec.columns if c not in spec.group_by]
    if not measured or not all(_duration(c) for c in measured):
        return spec
    aggs = tuple(_FLIPPED.get(a, a) for a in spec.aggs)
    if aggs != spec.aggs:
        r.aggs = [_FLIPPED.get(a, a) for a in r.aggs]
        return replace(spec, aggs=aggs)
    if spec.ascending is not None:  # a ranking: the fastest is the smallest time first
        return replace(spec, ascending=bool(fastest))
    return spec
