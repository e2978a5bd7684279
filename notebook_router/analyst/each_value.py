"""One statistic asked of each of several values of one column: a figure per value.

"avg attendance for Albion home games and for Town home games" and "total capital of
Westinghouse and of General Electric" were read as ``home_team in [Albion, Town]`` and
answered with one figure pooled over both. A preposition said again before each value, or
"both" / "each of" before the first, sets the values apart: the statistic is then given
per value (grouped by the column, over those values only). A statistic of a list said
once ("total sales in North and South") stays pooled, as written.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, Spec
from notebook_router.language.tables import table
from notebook_router.language.words import words as words_of

_WORDS = table("each_value")
_REPEATED = frozenset(_WORDS["repeated"])
_EACH = tuple(sorted(_WORDS["each"], key=len, reverse=True))
_ARTICLES = frozenset(_WORDS["articles"])
_COUNT_WORDS = table("families_words")["count"]
_POOLED = tuple(
    dict.fromkeys(
        [
            *_WORDS["pooled"],
            *(w for w in _COUNT_WORDS["total"] if w not in _COUNT_WORDS["statistic_of"]),
        ]
    )
)  # "in total", "altogether", "combined"; not "total", which names the statistic itself


def each_value(r: Reading, spec: Spec) -> Spec | None:
    """``spec`` grouped by the column whose values the question asked one by one, or None
    when it asked no statistic of each value."""
    either = pooled_values(spec)
    if either is None:
        return None
    if not _asked_one_by_one(r, either, count=spec.op == "count") and not _each_meant(
        r, spec, either
    ):
        return None
    return per_value(spec, either)


_NOT_ADDITIVE = frozenset(_WORDS["not_additive"])
_JOINED = frozenset(_WORDS["parts_joined"])
_EITHER = frozenset(_WORDS["parts_pooled"])


def _each_meant(r: Reading, spec: Spec, either: Filter) -> bool:
    """A mean, median or share of values listed with "and" ("the average income of men
    and women"): one figure pooled over them answers nothing asked, unless the question
    says to pool them ("combined")."""
    if spec.op != "percentage" and not (spec.op == "statistic" and set(spec.aggs) <= _NOT_ADDITIVE):
        return False
    values = either.value if isinstance(either.value, tuple) else ()
    said = sorted(
        (m.start, m.end)
        for m in r.mentions
        if m.is_value and m.column == either.column and m.value in values
    )
    if len(said) < 2 or pooled_said(r.text) or not _every_value(r, either.column, values):
        return False  # "in Washington and Oregon": some of the states, pooled as written
    if _COUNTED_SET.search(r.text[: said[0][0]]):
        return False  # "in the 2 regions North and South": the regions said as one set
    between = [set(words_of(r.text[a[1] : b[0]])) for a, b in itertools.pairwise(said)]
    return all(w & _JOINED and w <= _LINKING and not w & _EITHER for w in between)


_COUNTED_SET = re.compile(r"\b\d+\s+[a-z]+\s*$")
_LINKING = _JOINED | _ARTICLES | _REPEATED
"""Words that may join listed values ("men *and* women", "of 1st *and of the* 3rd")."""


def _every_value(r: Reading, column: str, values: tuple[object, ...]) -> bool:
    """Whether ``values`` are all the values ``column`` holds: a condition keeping every
    row, which the question cannot have meant as one."""
    held = r.schema.column(column).values
    return bool(held) and {str(v).strip().casefold() for v in held} <= {
        str(v).strip().casefold() for v in values
    }


def pooled_values(spec: Spec) -> Filter | None:
    """The one condition of a statistic, a count or a share that pools several values of
    a column (``region in [North, South]``), or None."""
    if spec.op not in ("statistic", "count", "percentage") or spec.group_by:
        return None
    if spec.measure and spec.op != "percentage":
        return None
    pooled = [
        f
        for f in spec.filters
        if f.op == "isin" and isinstance(f.value, tuple) and len(f.value) > 1
    ]
    return pooled[0] if len(pooled) == 1 else None


def per_value(spec: Spec, either: Filter) -> Spec:
    """``spec`` given per value of ``either``'s column (over those values only)."""
    if spec.op == "percentage":  # "the share of low weights among smokers and among
        # nonsmokers": the share within each value, as "... by habit" reads it
        return replace(
            spec, op="groupby", variant="mapping", group_by=(either.column,), aggs=("mean",)
        )
    grouped = replace(spec, op="groupby", variant="", group_by=(either.column,))
    return replace(grouped, aggs=("size",)) if spec.op == "count" else grouped


def _asked_one_by_one(r: Reading, either: Filter, *, count: bool) -> bool:
    """Each value of ``either`` was said after the same preposition, or (for a statistic
    other than a count) the first after "both" / "each of"."""
    values = either.value if isinstance(either.value, tuple) else ()
    starts = sorted(
        m.start
        for m in r.mentions
        if m.is_value and m.column == either.column and m.value in values
    )
    if len(starts) < 2:
        return False
    if pooled_said(r.text):
        return False  # "for Eng and for HR combined": one figure over both, as asked
    before = [_without_articles(r.text[:start].split()) for start in starts]
    if _said_again_after_and(before) and _ends_the_question(r, either, starts[-1]):
        return True  # "what proportion of women are married, and of men?"
    if any(starts[0] < m.start < starts[-1] and m.column != either.column for m in r.mentions):
        return False  # "mean age of 1st class and the survival rate of 3rd class": two asks
    if any(not words for words in before):
        return False
    lasts = {words[-1] for words in before}
    if len(lasts) == 1 and lasts <= _REPEATED:
        return True
    if _said_again_after_and(before):
        return True
    if count:
        return False
    opening = " ".join(before[0][-2:])
    return any(re.search(rf"(?:^|\s){re.escape(w)}$", opening) for w in _EACH)


_REACH = 5
"""The most words between the first value and the preposition said before its phrase."""


def _ends_the_question(r: Reading, either: Filter, start: int) -> bool:
    """Whether the value said at ``start`` ends the question: nothing is asked of it but
    what was asked of the first ("..., and of men?")."""
    said = next(m for m in r.mentions if m.start == start and m.column == either.column)
    return not words_of(r.text[said.end :])


def _said_again_after_and(before: list[list[str]]) -> bool:
    """ "for members referred by a friend and for walk-ins": every later value said right
    after "and" and one preposition, which opens the first value's phrase a few words
    before it too."""
    later = [words[-2:] for words in before[1:]]
    if not all(len(w) == 2 and w[0] == "and" and w[1] in _REPEATED for w in later):
        return False
    said = {w[1] for w in later}
    return len(said) == 1 and bool(said & set(before[0][-_REACH:]))


def _without_articles(words: list[str]) -> list[str]:
    """``words`` without the articles they end with ("at the" is "at")."""
    while words and words[-1] in _ARTICLES:
        words = words[:-1]
    return words


_NOT_POOLING = tuple(_WORDS["pooled_not_before"])
"""After a pooling word, a word that makes it join another thing asked."""


def pooled_said(text: str) -> bool:
    """The question asks one figure over all its values ("... combined", "... together")."""
    said = f" {' '.join(words_of(text))} "
    # (not "together with their headcount": a second thing asked, not a pooling)
    return any(
        f" {w} " in said and not any(f" {w} {n} " in said for n in _NOT_POOLING) for w in _POOLED
    )
