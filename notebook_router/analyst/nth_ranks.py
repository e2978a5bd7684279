"""The n-th of a ranking: "the second highest order amount", "the third lowest price",
"the second most common product", "which customer has the second highest total?".

Read without the ordinal these are the maximum, the minimum, the mode and the top group:
the first of the ranking, a confident answer to a simpler question. An ordinal before a
ranking word turns the single extreme into the n-th distinct value (ties counted once),
the n-th most common value into the n-th of the value counts, and the top group into the
n-th group (:mod:`.codegen_counts`). A reading the ordinal cannot be applied to keeps its
answer and says that the n-th place was not applied. The words are in
``language/data/nth_ranks.toml``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("nth_ranks")
_PLACES: dict[str, int] = _WORDS["words"]
_ANALYSIS = table("analysis")["aggregations"]
_RANKING = [w for agg in ("max", "min", "mode") for w in _ANALYSIS[agg] if w.isalpha() or " " in w]
_ORDINAL = re.compile(
    rf"\b(?:(?P<word>{alternation(list(_PLACES))})|(?P<figure>\d+)(?:{alternation(_WORDS['suffixes'])}))"
    rf"[\s-]+(?P<ranking>(?:{alternation(_RANKING)})(?:\s+(?:{alternation(_WORDS['common'])}))?)\b"
)
_ASCENDING = frozenset(_WORDS["ascending"])
_COMMON = frozenset(_WORDS["common"])
_EXTREMES = frozenset({("max",), ("min",)})


def nth_ranked(r: Reading, outcome: Spec | Decline) -> Spec | Decline:
    """``outcome`` taking the n-th of its ranking where an ordinal says so, or saying
    that the n-th place was not applied."""
    if not isinstance(outcome, Spec):
        return outcome
    said = _ORDINAL.search(r.question.lower())
    if said is None:
        return outcome
    n = _PLACES[said.group("word")] if said.group("word") else int(said.group("figure"))
    if n < 2:
        return outcome
    ranking = said.group("ranking").split()
    ascending = bool(set(ranking) & _ASCENDING)
    spec = _applied(outcome, n, ascending, common=ranking[-1] in _COMMON)
    if spec is not None:
        # the ordinal is read now, though the accounting, earlier, found it unread
        words = set(said.group(0).split())
        kept = tuple(g for g in spec.left_out if not set(g.said.lower().split()) <= words)
        return replace(spec, left_out=kept)
    why = f"the {ordinal(n)} place of the ranking was not applied: this answer is the first"
    return replace(outcome, left_out=(*outcome.left_out, LeftOut(said.group(0), why)))


def ordinal(n: int) -> str:
    """``n`` said as an ordinal figure: 2nd, 3rd, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _applied(spec: Spec, n: int, ascending: bool, *, common: bool) -> Spec | None:
    """``spec`` as the n-th of its ranking, or None when it ranks nothing it can take."""
    if spec.group_by or spec.measure:
        if spec.op == "groupby" and spec.variant == "which" and len(spec.group_by) == 1:
            return replace(spec, op="nth", variant="group", n=n, ascending=spec.ascending)
        return None
    if spec.op != "statistic" or len(spec.columns) != 1:
        return None
    if spec.aggs == ("mode",) or (common and spec.aggs in _EXTREMES):
        return replace(spec, op="nth", variant="mode", n=n, aggs=(), ascending=ascending)
    if spec.aggs in _EXTREMES:
        low = spec.aggs == ("min",)
        return replace(spec, op="nth", variant="value", n=n, aggs=(), ascending=low)
    return None
