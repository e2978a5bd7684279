"""A span of numbered labels: "seasons S10 onwards", "after Q2", "Grade 2 through Grade 5".

A column whose labels are one code with a number (``S01`` … ``S14``, ``Q1`` … ``Q4``,
``Grade 1`` … ``Grade 12``) is ordered by that number, so a bound said of one label picks
every label on that side of it, as "from 1980 onwards" does for years. Read before any
value is taken as an equality, so "S10 onwards" is never season == S10. The words are
the year bounds' (``conditions_grammar.toml`` ``[years.bound]``).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

from notebook_router.analyst.family_compare import COMPARING
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_YEARS = table("conditions_grammar")["years"]
_BOUND = _YEARS["bound"]
_OPS = {" ".join(w.split()): op for op, words in _BOUND["ops"].items() for w in words}
_JOINS = [j for j in _YEARS["span_joins"] if j not in _YEARS["list_joins"]]
_SAID = re.compile(
    rf"\b(?:V(?P<low>\d+)\s*(?:{alternation(_JOINS)})\s*(?:C\d+\s+)?V(?P<high>\d+)\b"
    rf"|(?:{alternation(_YEARS['span_only_leads'])})\s+(?:C\d+\s+)?V(?P<first>\d+)\s+"
    rf"(?:{alternation(_YEARS['list_joins'])})\s+(?:C\d+\s+)?V(?P<last>\d+)\b"
    rf"|(?:{alternation(_BOUND['opens'])})\s+(?:C\d+\s+)?V(?P<start>\d+)\s*(?:{alternation(_BOUND['later'])})\b"
    rf"|(?P<word>{alternation(list(_OPS))})\s+(?:C\d+\s+)?V(?P<value>\d+)\b"
    rf"|V(?P<late>\d+)\s*(?:{alternation(_BOUND['later'])})\b)"
)
_CODE = re.compile(r"^(?P<head>\D*?)\s*(?P<number>\d+)$")
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
}  # fmt: skip


def coded_bounds(r: Reading) -> list[Filter]:
    """The labels on the said side of a numbered label, or between two ("S03 to S05"),
    as one ``isin`` condition each."""
    out = []
    for m in list(_SAID.finditer(r.skeleton)):
        ends = [int(m[g]) for g in ("low", "high", "first", "last") if m[g] is not None]
        at = ends or [int(m["start"] or m["value"] or m["late"])]
        mentions = [r.mentions[i] for i in at]
        if len({x.column for x in mentions}) != 1:
            continue
        numbers = _numbered(r, mentions[0].column)
        said = [numbers[str(x.value)] for x in mentions if str(x.value) in numbers]
        if not numbers or len(said) != len(mentions):
            continue
        if ends and re.search(COMPARING, r.skeleton):
            continue  # "compare the score of S01 to S08": the two sides, not a span
        if ends:  # "S03 to S05", "between S03 and S05": both ends included
            kept = {v: n for v, n in numbers.items() if min(said) <= n <= max(said)}
        else:
            op = _OPS[" ".join(m["word"].split())] if m["word"] else ">="
            kept = {v: n for v, n in numbers.items() if _COMPARE[op](n, said[0])}
        values = tuple(v for v, _ in sorted(kept.items(), key=lambda p: p[1]))
        out.append(Filter(mentions[0].column, "isin", values))
        r.restated.update(i for i in at if not ends)
        r.skeleton = r.skeleton[: m.start()] + " " * (m.end() - m.start()) + r.skeleton[m.end() :]
    return out


def _numbered(r: Reading, column: str) -> dict[str, int]:
    """Each label of ``column`` with its number, when all are one code with a number that
    counts on (S01, S02, ...; not product codes such as SKU-0518 and SKU-7731)."""
    if r.kind(column) != "category":
        return {}
    values = [v for v in r.schema.column(column).values if isinstance(v, str)]
    found = {v: _CODE.match(v.strip()) for v in values}
    heads = {m.group("head").lower() for m in found.values() if m is not None}
    if len(values) < 3 or None in found.values() or len(heads) != 1:
        return {}
    numbers = {v: int(m.group("number")) for v, m in found.items() if m is not None}
    spread = max(numbers.values()) - min(numbers.values()) + 1
    small = max(numbers.values()) < _SMALL
    return numbers if small or spread <= _GAPS * len(numbers) else {}


_SMALL = 100
_GAPS = 2
"""Numbered labels count on when their numbers stay under ``_SMALL`` (weeks, grades,
seasons, even sampled every fifth) or span at most ``_GAPS`` times their count: never
codes scattered over thousands (SKU-0518, SKU-7731)."""
