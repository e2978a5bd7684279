"""A later part that says "in each" takes the groups of the part before it.

"the total revenue by region and the number of orders in each" splits into one task per
part, and "in each" of the second part means each region: alone, "the number of orders
in each" was answered with one count of every row, a confident number for another
question. The grouping said in the earlier part ("by region", "per country", "for each
series") takes the place of the "in each" of a later part that names no groups of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebook_router.language.clauses import Clause
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("clauses")
_EACH = re.compile(rf"\b{_SAID.either('each_group')}(?=\s*[?.!,;]*\s*$)", re.IGNORECASE)
_GROUPING = re.compile(
    rf"\b{_SAID.either('group_leads')}\s+(?P<groups>(?:the\s+)?[\w-]+(?:\s+(?:and|&)\s+[\w-]+)?)"
    r"\s*[?.!,;]*\s*$",
    re.IGNORECASE,
)
"""A grouping that ends its part: "by region", "per model year" is not read (two words
before the end could be a measure: "by region the total"), "by region and month"."""


def share_groups(clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with each later part's closing "in each" replaced by the grouping that
    ends the part before it ("the number of orders in each" → "the number of orders by
    region"); every other clause as it was.

    >>> texts = ["total revenue by region", "the number of orders in each"]
    >>> [c.text for c in share_groups([Clause(t, None) for t in texts])]
    ['total revenue by region', 'the number of orders by region']
    """
    out = list(clauses)
    for i in range(1, len(out)):
        each = _EACH.search(out[i].text)
        grouping = _GROUPING.search(out[i - 1].text)
        if each is None or grouping is None:
            continue
        later = out[i]
        text = f"{later.text[: each.start()].rstrip()} by {grouping.group('groups')}"
        text += later.text[each.end() :]
        out[i] = Clause(text, later.verb, later.after_previous, list(later.depends_on))
    return out
