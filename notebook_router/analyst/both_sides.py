""" "with and without a garage": both sides of a yes/no column, one figure each.

"Mean price of houses with and without a garage" was read as the price of the houses
without one, since "without a garage" alone is a condition; "difference in median price
between houses with air conditioning and those without" as the houses with it. Both
sides said at once are a comparison: each side's figure, their difference and ratio
(the compare operation, in the order said: the "with" side first). A column whose
sides are no yes/no (a count of garages) is named as not split, never answered for
one side as if complete. "With a pool and without a garage" is two conditions, not
two sides: the "without" side must end the clause.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.conditions import yes_no
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("both_sides")
_ARTICLE = rf"(?:(?:{alternation(_WORDS['articles'])})\s+)?"
_BEFORE = re.compile(rf"\b(?:{alternation(_WORDS['before'])})\s+{_ARTICLE}$")
_WITH = re.compile(rf"\b(?:{alternation(_WORDS['with_side'])})\s+{_ARTICLE}$")
_AFTER = re.compile(rf"^\s*(?:{alternation(_WORDS['after'])})\s*(?:[,;:.?!]|$)")
_SPLIT_OPS = frozenset({"statistic", "percentage"})
_COMPARISON = "a comparison"
"""How the accounting names a comparison it found unmade (replaced when it is made)."""


def both_sides(r: Reading, spec: Spec) -> Spec:
    """``spec`` comparing the two sides of the column said "with and without", or with
    the split named as left out when it cannot be made."""
    column, said = _said_both(r)
    if not column or column in spec.group_by:
        return spec  # "by garage": each side a group already
    sides = yes_no(r, column)
    own = [f for f in spec.filters if f.column == column]
    if sides is None or spec.op not in _SPLIT_OPS or len(spec.aggs) > 1 or spec.group_by:
        if any(g.said == said for g in spec.left_out):
            return spec
        why = "both sides asked, one figure each: I could not split the rows by it"
        return replace(spec, left_out=(*spec.left_out, LeftOut(said, why)))
    falsy, truthy = sides
    others = tuple(f for f in spec.filters if f not in own)
    kept = tuple(g for g in spec.left_out if not g.why.startswith(_COMPARISON))
    both = Filter(column, "isin", (truthy, falsy))
    aggs = spec.aggs or ("mean",)
    return replace(
        spec, op="compare", variant="", group_by=(column,), filters=(*others, both),
        aggs=aggs, left_out=kept,
    )  # fmt: skip


def _said_both(r: Reading) -> tuple[str, str]:
    """The column said with both of its sides and the words that said them, or ("", "")."""
    for m in r.mentions:
        if m.is_value:
            continue
        before = r.text[: m.start]
        lead = _BEFORE.search(before)
        if lead is not None:
            return m.column, r.text[lead.start() : m.end].strip()
        after = _AFTER.match(r.text[m.end :])
        first = _WITH.search(before)
        if after is not None and first is not None:
            return m.column, r.text[first.start() : m.end + after.end()].strip(" ,;:.?!")
    return "", ""
