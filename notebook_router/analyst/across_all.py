"""'across <groups>' said of one statistic: "average YES vote across council districts" is
one figure over all the districts, not one per district.

Where a word asks for each group's own figure ("how does the delay vary across airlines",
"compare ... across", "for each"), or no statistic is named, "across" stays a group-by.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_ACROSS = table("intents_words")["across"]
_LEAD = re.compile(rf"\b(?:{alternation(_ACROSS['leads'])})\s+C(?P<c>\d+)\b")
_PER_GROUP = re.compile(rf"\b(?:{alternation(_ACROSS['per_group'])})\b")


def over_all_groups(r: Reading, *, statistic: bool) -> list[str]:
    """The columns "across" says a single statistic is taken over, blanked from
    ``r.skeleton`` so no group-by reads them."""
    if not statistic or _PER_GROUP.search(r.text.lower()) is not None:
        return []
    found: list[str] = []
    for m in list(_LEAD.finditer(r.skeleton)):
        found.append(r.column_at(int(m.group("c"))))
        r.skeleton = r.skeleton[: m.start()] + " " * (m.end() - m.start()) + r.skeleton[m.end() :]
    return found
