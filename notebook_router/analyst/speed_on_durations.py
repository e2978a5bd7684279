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
_GAP = 2
"""Words allowed between the speed word and the column it is said of."""
_SPEED_WORDS = frozenset(w for group in _WORDS["superlatives"].values() for w in group)
_EXTREMES = {
    agg: [w for w in table("analysis")["aggregations"][agg] if w not in _SPEED_WORDS]
    for agg in ("max", "min")
}


def _duration(column: str) -> bool:
    unit = column_unit(column)
    if unit is not None:
        return unit[1] == "time"
    return bool(_DURATION_WORDS & {w.lower() for w in name_words(column)})


def _said_of(r: Reading, word: str, column: str) -> bool:
    """Whether ``word`` stands right before a mention of ``column`` (a word or two between:
    "the fastest *finish* time", "the quickest single lap_time")."""
    lower = r.text.lower()
    for m in r.mentions:
        if m.column == column and not m.is_value:
            before = lower[: m.start].split()[-(_GAP + 1) :]
            if word in before:
                return True
    return False


def _other_extreme(r: Reading, word: str) -> bool:
    """Whether a maximum or minimum is also said in other words ("the max finish time")."""
    lower = r.text.lower()
    return any(
        re.search(rf"\b{re.escape(w)}\b", lower) and w != word
        for agg in ("max", "min")
        for w in _EXTREMES[agg]
    )


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
    said = (fastest or slowest).group(0)  # type: ignore[union-attr]
    if not any(_said_of(r, said, c) for c in measured) or _other_extreme(r, said):
        return spec  # "the maximum finish time of the fastest team": the speed is the team's
    aggs = tuple(_FLIPPED.get(a, a) for a in spec.aggs)
    if aggs != spec.aggs:
        r.aggs = [_FLIPPED.get(a, a) for a in r.aggs]
        return replace(spec, aggs=aggs)
    if spec.op == "groupby" and spec.aggs == ("sum",) and spec.ascending is not None:
        # "which team had the fastest lap time": each team's best time, not its total
        r.aggs = [a for a in r.aggs if a != "sum"]
        return replace(spec, aggs=("min" if fastest else "max",), ascending=bool(fastest))
    if spec.ascending is not None:  # a ranking: the fastest is the smallest time first
        return replace(spec, ascending=bool(fastest))
    return spec
