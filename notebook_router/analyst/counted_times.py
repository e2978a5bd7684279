"""How often a thing happened, said of a column that counts it, as a condition.

"what share of loans were renewed *at least once*", "tickets reopened *more than twice*",
"customers who *never* complained", "at least *one* affair": the verb (or the noun) names a whole-number column that counts the
times (``renewals``, ``reopen_count``, ``complaints``), and the words of frequency bound
that count (``renewals >= 1``, ``> 2``, ``== 0``). Read any other way, "at least" becomes
the statistic minimum and the share of rows meeting the condition is never computed. The
words are in ``language/data/counted_times.toml``.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("counted_times")
_TIMES: dict[str, int] = _WORDS["times"]
_BOUNDS: dict[str, str] = _WORDS["bounds"]
_AFTER_COLUMN = re.compile(
    rf"\bC(?P<column>\d+)\s+(?:(?P<bound>{alternation(_BOUNDS)})\s+)?"
    rf"(?:(?P<word>{alternation(_TIMES)})|(?P<figure>\d+)\s+(?:{alternation(_WORDS['times_unit']['words'])}))\b"
)
_BARE_END = re.compile(
    rf"\s*(?:[?.!,;]|$|(?:{alternation(_WORDS['bare_followed_by']['words'])})\b|[CV]\d+\b)"
)
"""What may follow a number of times said with no bound: the end, or the next part."""
_ONE_BEFORE = re.compile(
    rf"\b(?P<bound>{alternation(_BOUNDS)})\s+(?:{alternation(_WORDS['one']['words'])})\s+C(?P<column>\d+)\b"
)
"""A bound on one of the things a count column counts, said before its word ("at least
one affair": affairs >= 1; the number reader leaves "one" there as "any")."""
_NEVER = re.compile(
    rf"\b(?:{alternation(_WORDS['never']['words'])})\s+"
    rf"(?:(?:{alternation(_WORDS['between_never']['words'])})\s+)*C(?P<column>\d+)\b"
)


def counted_times(r: Reading) -> list[Filter]:
    """The conditions "<count column's word> at least once / more than N times" and "never
    <count column's word>" make, each blanked from ``r.skeleton`` so that neither the
    bound ("at least" as a minimum) nor the column (as a measure) is read again."""
    found: list[Filter] = []
    for m in list(_AFTER_COLUMN.finditer(r.skeleton)):
        column = _count_column(r, int(m.group("column")))
        if column is None:
            continue
        bound = re.sub(r"\s+", " ", m.group("bound")) if m.group("bound") else None
        if bound is None and not _BARE_END.match(r.skeleton, m.end()):
            continue  # "twice as high", "once shipped": no number of times
        times = _TIMES[m.group("word")] if m.group("word") else int(m.group("figure"))
        found.append(Filter(column, _BOUNDS[bound] if bound else "==", times))
        r.skeleton = ph.blank(r.skeleton, m)
    for m in list(_ONE_BEFORE.finditer(r.skeleton)):
        column = _count_column(r, int(m.group("column")))
        if column is None:
            continue
        found.append(Filter(column, _BOUNDS[re.sub(r"\s+", " ", m.group("bound"))], 1))
        r.skeleton = ph.blank(r.skeleton, m)
    for m in list(_NEVER.finditer(r.skeleton)):
        column = _count_column(r, int(m.group("column")))
        if column is None:
            continue
        found.append(Filter(column, "==", 0))
        r.skeleton = ph.blank(r.skeleton, m)
    return found


def _count_column(r: Reading, index: int) -> str | None:
    """The column mention ``index`` names, where it counts things: whole numbers, no id."""
    if index >= len(r.mentions) or r.mentions[index].is_value:
        return None
    column = r.mentions[index].column
    if is_identifier(column) or r.kind(column) != "number":
        return None
    return column if r.schema.column(column).whole else None
