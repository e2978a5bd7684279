"""One number column set against another on the same row: "how many polls had McCain
ahead of Obama?" keeps the rows where ``McCain > Obama``.

Read before any intent, so that "how many polls had McCain ..." counts rows, never adds
up ``McCain`` (the subject of a condition is no measure). The comparison words are in
``language/data/column_comparisons.toml``: "A ahead of / beat / higher than / above /
over / exceeded B" is ``A > B``, "A behind / below / less than B" is ``A < B``. Said of
one column alone ("McCain ahead"), the rival is the one other number column on the same
scale and of the same type; when there is none, or several, the comparison is left out
and the answer says so (a row count with the condition dropped would be the simpler
question, presented as complete).
"""

from __future__ import annotations

import re
from typing import Any

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.column_gaps import OWNED, as_written, column_gaps
from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("column_comparisons")
_GREATER = alternation(_WORDS["greater"])
_LESS = alternation(_WORDS["less"])
_ALONE_GREATER = alternation(_WORDS["alone_greater"])
_ALONE_LESS = alternation(_WORDS["alone_less"])
_LEADS = alternation(_WORDS["leads"])
_BETWEEN = alternation(_WORDS["between"])
_COPULAS = alternation(_WORDS["copulas"])
_PAIR = re.compile(
    rf"(?<=\S)\s+(?:the\s+)?C(?P<a>\d+){OWNED}\s+(?:(?:{_COPULAS})\s+)?"
    rf"(?:(?P<gt>{_GREATER})|(?P<lt>{_LESS}))\s+(?:(?:{_BETWEEN})\s+)?C(?P<b>\d+)\b{OWNED}"
)
_ALONE = re.compile(
    rf"(?<=\S)\s+(?:the\s+)?C(?P<a>\d+)\s+(?:(?:{_COPULAS})\s+)?"
    rf"(?:(?P<gt>{_ALONE_GREATER})|(?P<lt>{_ALONE_LESS}))(?!\s+(?:of\b|C\d|V\d|\d))\b"
)
_LEAD = re.compile(rf"\b(?:{_LEADS})\s*$")
_SCALE = 2.0
"""How many times apart two columns' middle values may be to be on one scale (vote
shares near 45 and 49; not a poll's size near 1,000 against them)."""


def column_comparisons(r: Reading) -> list[Filter]:
    """The conditions that set one number column against another, each blanked from the
    skeleton; a comparison whose rival column is unclear is left out and said."""
    out = column_gaps(r, _LEAD, _number_column)  # "at least 2 points ahead of": A - B >= 2
    for pattern in (_PAIR, _ALONE):
        for m in reversed(list(pattern.finditer(r.skeleton))):
            if not _LEAD.search(r.skeleton[: m.start()]):
                continue  # "is McCain ahead of Obama on average?": about the columns
            first = _number_column(r, int(m.group("a")))
            if first is None:
                continue
            op = ">" if m.group("gt") else "<"
            if pattern is _PAIR:
                second = _number_column(r, int(m.group("b")))
                if second is None or second == first:
                    continue
            else:
                rivals = _rivals(r, first)
                if len(rivals) != 1:
                    said = r.skeleton[m.start() : m.end()].strip()
                    named = ", ".join(rivals) if rivals else "none on its scale"
                    why = (
                        f"{first} compared with which column is not said (candidates: "
                        f"{named}); name it, e.g. '{first} ahead of <column>'"
                    )
                    r.unapplied.append(LeftOut(as_written(r, said), why))
                    r.skeleton = ph.blank(r.skeleton, m)
                    continue
                second = rivals[0]
            out.append(Filter(first, op, ColumnRef(second)))
            r.skeleton = ph.blank(r.skeleton, m)
    return out


def _number_column(r: Reading, index: int) -> str | None:
    if index >= len(r.mentions) or r.mentions[index].is_value:
        return None
    column = r.mentions[index].column
    return column if r.kind(column) == "number" and not is_identifier(column) else None


def _rivals(r: Reading, column: str) -> list[str]:
    """The other number columns of the same type whose middle value is on ``column``'s
    scale: those the comparison could be with."""
    frame = r.schema.frame
    if frame is None:
        return []
    own = _middle(frame[column])
    if own is None or own <= 0:
        return []
    out = []
    for other in r.schema.of_kind("number"):
        if other == column or is_identifier(other) or frame[other].dtype != frame[column].dtype:
            continue
        theirs = _middle(frame[other])
        if theirs is not None and theirs > 0 and max(own, theirs) / min(own, theirs) <= _SCALE:
            out.append(other)
    return out


def _middle(series: Any) -> float | None:
    try:
        middle = float(series.median())
    except (TypeError, ValueError, AttributeError, NotImplementedError):
        return None
    return None if middle != middle else middle  # NaN: no values
