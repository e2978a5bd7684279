"""One number column ahead of another by a gap: "polls with McCain at least 2 points
ahead of Obama", "where Obama exceeds McCain by more than 5", "at least 3 more wins than
losses". The row condition is the difference of the two columns against the number,
``McCain - Obama >= 2``, kept in the spec as ``McCain >= Obama + 2``
(:class:`~notebook_router.analyst.spec.ColumnRef` with an offset).

Read before the plain comparison (:mod:`column_comparisons`), which would otherwise keep
``A > B`` and leave the number for another reading to misplace ("McCain >= 2"). A gap
said without a bound ("2 points ahead", "by 5") may mean exactly that gap or at least it:
``A > B`` is kept, the number is left out and the answer says so. The words are in the
``[gaps]`` table of ``language/data/column_comparisons.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut
from notebook_router.language.numbers import NUM, number
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("column_comparisons")
_GAPS = _WORDS["gaps"]
_COMPARE = (
    rf"(?:(?:{alternation(_WORDS['copulas'])})\s+)?"
    rf"(?:(?P<gt>{alternation(_WORDS['greater'])})|(?P<lt>{alternation(_WORDS['less'])}))"
)
# "Obama's share" is Obama: the possessive and the name of the column's own figure are
# read with the comparison, so no "share" is left to ask for a proportion.
OWNED = rf"(?:\s*['’]s(?:\s+(?:{alternation(_WORDS['owned']['nouns'])}))?\b)?"
_THE = rf"(?:(?:{alternation(_WORDS['between'])})\s+)?"
_BOUND = (
    rf"(?:(?P<least>{alternation(_GAPS['at_least'])})|(?P<over>{alternation(_GAPS['more_than'])}))"
)
_UNIT = rf"(?:\s*(?:{alternation(_GAPS['units'])})(?!\w))?"
_FIGURE = rf"(?:{_BOUND}\s+)?(?P<k>{NUM}){_UNIT}(?:\s+(?P<plus>{alternation(_GAPS['or_more'])})\b)?"
_BEFORE = re.compile(  # "McCain at least 2 points ahead of Obama"
    rf"(?<=\S)\s+(?:the\s+)?C(?P<a>\d+){OWNED}\s+{_FIGURE}\s+{_COMPARE}\s+{_THE}C(?P<b>\d+)\b{OWNED}"
)
_AFTER = re.compile(  # "Obama exceeds McCain by more than 5"
    rf"(?<=\S)\s+(?:the\s+)?C(?P<a>\d+){OWNED}\s+{_COMPARE}\s+{_THE}C(?P<b>\d+){OWNED}\s+"
    rf"(?:{alternation(_GAPS['by'])})\s+{_FIGURE}"
)
_MORE = re.compile(  # "at least 3 more wins than losses"
    rf"(?<=\S)\s+{_FIGURE}\s+(?:(?P<gt>{alternation(_GAPS['more'])})|"
    rf"(?P<lt>{alternation(_GAPS['fewer'])}))\s+C(?P<a>\d+)\s+(?:{alternation(_GAPS['than'])})\s+"
    rf"{_THE}C(?P<b>\d+)\b"
)


NumberColumn = Callable[[Reading, int], str | None]
"""The number column a mention index names, or None."""


@dataclass(frozen=True)
class Gap:
    """A comparison with a gap, read: the condition, or the comparison alone and the
    number left out."""

    condition: Filter
    left_out: LeftOut | None


def column_gaps(r: Reading, lead: re.Pattern[str], column: NumberColumn) -> list[Filter]:
    """The gap conditions of ``r``, each blanked from the skeleton. ``lead`` says a
    comparison is a condition on rows (the words before it); ``column`` gives the number
    column of a mention index, or None."""
    out: list[Filter] = []
    for pattern in (_BEFORE, _AFTER, _MORE):
        for m in reversed(list(pattern.finditer(r.skeleton))):
            if not lead.search(r.skeleton[: m.start()]):
                continue
            gap = _gap(r, m, column)
            if gap is None:
                continue
            out.append(gap.condition)
            if gap.left_out is not None:
                r.unapplied.append(gap.left_out)
            r.skeleton = ph.blank(r.skeleton, m)
    return out


def _gap(r: Reading, m: re.Match[str], column: NumberColumn) -> Gap | None:
    first, second = column(r, int(m["a"])), column(r, int(m["b"]))
    if first is None or second is None or first == second:
        return None
    high, low = (first, second) if m["gt"] else (second, first)
    figure = number(m["k"])
    if m["least"] or m["plus"]:
        return Gap(Filter(high, ">=", ColumnRef(low, figure)), None)
    if m["over"]:
        return Gap(Filter(high, ">", ColumnRef(low, figure)), None)
    said = m.group(0).strip()
    why = (
        f"the gap {m['k']} between {high} and {low} was not read as exact or as a bound; "
        f"kept {high} > {low} only. Say 'at least {m['k']}' or 'more than {m['k']}'"
    )
    return Gap(Filter(high, ">", ColumnRef(low)), LeftOut(as_written(r, said), why))


def as_written(r: Reading, said: str) -> str:
    """A comparison in the question's words, its column placeholders named."""

    def named(c: re.Match[str]) -> str:
        mention = r.mentions[int(c.group(1))]
        return r.text[mention.start : mention.end]

    return re.sub(r"C(\d+)", named, said)
