"""A count whose rows are said by a place or another prepositional condition ("how many
flights from JFK?", "how many restaurants in Boston in total?"), asked again as a share
of all its rows (read by :mod:`notebook_router.planner.followup_share`).

"what share of all flights is that?" after "how many flights from JFK?" asks "What share
of flights are from JFK?": the counted noun is the whole and the conditions after it the
part. Only when the whole said is the counted noun itself ("all flights" for "flights");
a whole of other rows is left to the caller to ask about.
"""

from __future__ import annotations

import re

from notebook_router.language.lexicon import terms
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_types import SAID

_ROWS = phrase_table("followup_rows")
_W = SAID.either
_PLACED = re.compile(
    rf"^{_W('share.count_openers')}\s+(?:{_W('share.rows_of')}\s+)?(?P<rows>[\w-]+)\s+"
    rf"(?P<condition>{_W('share.condition_narrowers')}\s+[^?!;]+?)"
    rf"(?:\s+{_ROWS.either('share_place.in_total')})?\s*[?.!]*$",
    re.IGNORECASE,
)
_ONLY_IN_TOTAL = re.compile(rf"^{_ROWS.either('share_place.in_total')}$", re.IGNORECASE)
_GROUPED = re.compile(rf"(?<![\w-]){_W('slot.new_grouping')}\s+", re.IGNORECASE)
"""A group-by in the conditions ("in Austin by payment"): no condition on the rows. Read
as one, "What share of rides are in Austin by payment?" is each payment's share of the
Austin rides, not of all rides as asked."""


def placed_share(count: str, word: str, whole: str) -> str | None:
    """The question ``count`` asks again as a ``word`` ("share") of all ``whole`` ("What
    share of flights are from JFK?"), or None when ``count`` is no count of one noun by
    prepositional conditions or ``whole`` names other rows than that noun."""
    said = _PLACED.match(count.strip())
    if said is None or _ONLY_IN_TOTAL.match(said["condition"]) is not None:
        return None
    if _GROUPED.search(said["condition"]) is not None:
        return None
    rows = said["rows"]
    if not terms(rows) or set(terms(whole)) != set(terms(rows)):
        return None
    return f"What {word} of {rows} are {said['condition'].strip()}?"
