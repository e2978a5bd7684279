"""A follow-up whose "each" stands for the groups of the answer before: "and the oldest
in each?" after "average age by season" asks the oldest in each season (read by
:mod:`notebook_router.planner.followup`).

Read as a question of its own, "in each" names no groups: the analyst could only answer
over every row (one oldest, not one a season) or say it left "in each" out. The groups
of the earlier data question are put in its place, as said there ("by season" gives
"in each season"); with no group-by before, the follow-up is left as it was, and the
analyst says "in each" was not applied.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_types import LEAD, FollowUp, analyst_tasks

_ROWS = phrase_table("followup_rows")
_EACH = re.compile(
    LEAD + rf"(?P<asked>.+?)\s+(?P<each>{_ROWS.either('each.words')})\s*[?.!]*$",
    re.IGNORECASE,
)
GROUP_WORDS = 3
"""The most words of the earlier group's name ("by product category")."""
_ENDS = _ROWS.word_set("each.group_ends")
_GROUP = re.compile(
    rf"\b(?:{_ROWS.either('each.group_leads')})\s+(?:the\s+)?(?P<group>[\w-]+(?:\s+[\w-]+)*)",
    re.IGNORECASE,
)


def in_each(goal: str, source: ArcRun | None) -> FollowUp | None:
    """``goal`` asked in each group of ``source``'s data question, or None when ``goal``
    ends with no bare "each" or ``source`` grouped nothing."""
    said = _EACH.match(goal.strip())
    asked = analyst_tasks(source)
    if said is None or source is None or not asked:
        return None
    group = _group([asked[-1].description, source.goal])
    if group is None:
        return None
    each = said["each"].split()
    question = f"{said['asked'][:1].upper()}{said['asked'][1:]} {each[0]} each {group}?"
    task = asked[-1].model_copy(update={"description": question, "depends_on": ()})
    return FollowUp("same", source, question, (task,), f"in each {group}")


def _group(texts: list[str]) -> str | None:
    """The groups the first of ``texts`` that names any is grouped by ("season")."""
    for text in texts:
        found = _GROUP.search(text)
        if found is None:
            continue
        words: list[str] = []
        for word in found["group"].split():
            if word.lower() in _ENDS or len(words) == GROUP_WORDS:
                break
            words.append(word.strip("?.!,;:"))
            if word[-1:] in "?.!,;:":
                break
        if words:
            return " ".join(words)
    return None
