"""A follow-up that says only a new group-by ("by warehouse", "and per region?",
"broken down by month", "split by carrier"), read by
:mod:`notebook_router.planner.followup`.

It asks the earlier data question again in groups: the group-by fills the group-by slot
of the earlier request (or is added to it when it had none), and the measure, the
statistic and the conditions said there stay. Read as a question of its own, "by
warehouse" would count every row by warehouse, a different question.
"""

from __future__ import annotations

import re

from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_types import SAID

_ROWS = phrase_table("followup_rows")
GROUP_WORDS = 3
"""The most words of the group named after "by" ("by product category", "per sales rep")."""
_GROUPING = re.compile(
    rf"^(?:{_ROWS.either('grouping.lead')}[\s,]+)*(?:{_ROWS.either('grouping.verbs')}\s+)?"
    rf"(?P<new>{SAID.either('slot.new_grouping')}\s+[\w-]+(?:\s+[\w-]+){{0,{GROUP_WORDS - 1}}}?)"
    rf"(?:\s+(?P<also>{_ROWS.either('grouping.also')}))?\s*[?.!]*$",
    re.IGNORECASE,
)


def grouping_said(goal: str) -> tuple[str, bool] | None:
    """The group-by ``goal`` says and nothing else ("broken down by month" → "by
    month"), with whether it is said as one more ("by city too": added to the earlier
    group-by, not in its place); None when it says more or other."""
    found = _GROUPING.match(goal.strip())
    if found is None:
        return None
    return " ".join(found["new"].split()), found["also"] is not None
