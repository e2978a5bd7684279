"""A follow-up that narrows the answer before to the rows of one value: "only women"
after "average age of runners in Wave 1", "just in Seattle" after "average tip by
payment method" (read by :mod:`notebook_router.planner.followup`).

The value is a filter of the earlier request: added to it when that request named no
value of its column (Wave 1 and women), in the place of the value it named of the same
column ("only Seattle" after "... in Austin": both at once would be no rows). Read as a
request of its own, "only women" named no statistic and was not answered at all.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_entities import VALUE_WORDS
from notebook_router.planner.followup_rewrite import added, swapped
from notebook_router.planner.followup_slots import without_pro_form
from notebook_router.planner.followup_types import SAID, FollowUp, analyst_tasks
from notebook_router.planner.followup_values import ColumnValues, value_slot, with_its_noun

_ROWS = phrase_table("followup_rows")
SAID_WORDS = 3
"""The most words of the value said after "only" ("only New York City")."""
_ONLY = re.compile(
    rf"^(?:{_ROWS.either('only.lead')}[\s,]+)*{_ROWS.either('only.words')}\s+"
    rf"(?:(?P<preposition>{SAID.either('same.before_bare_entity')})\s+)?(?:the\s+)?"
    rf"(?P<new>[\w-]+(?:\s+[\w-]+){{0,{SAID_WORDS - 1}}})\s*[?.!]*$",
    re.IGNORECASE,
)


def only_value(goal: str, source: ArcRun, values: ColumnValues) -> FollowUp | None:
    """``source`` again over the rows of the value ``goal`` narrows it to ("only women"),
    or None when ``goal`` says no such thing, ``source`` asked no data question, or the
    words are no value of exactly one column of the data. A word the data spells another
    way ("women" of a column of M and F, ``value_words.toml``) is added as said: the
    analyst reads it as a value. Any other word is no filter known to be one ("only the
    fast ones"): added, it could be dropped unseen, so the caller reads it as before."""
    said = _ONLY.match(goal.strip())
    if said is None or not analyst_tasks(source):
        return None
    new = said["new"]
    texts = [source.goal, *(t.description for t in source.tasks)]
    placed = value_slot(texts, new, values)
    if placed is None:
        new = without_pro_form(new)
        if not all(w.lower() in VALUE_WORDS for w in new.split()):
            return None
        return added(source, new, (said["preposition"] or "").lower())
    how, earlier = placed
    if how == "replace":
        return swapped(source, with_its_noun(texts, earlier, new), new, as_said=True)
    return added(source, new, (said["preposition"] or "").lower())
