"""A follow-up whose "each" stands for the groups of the answer before: "and the oldest
in each?" after "average age by season" asks the oldest in each season (read by
:mod:`notebook_router.planner.followup`).

Read as a question of its own, "in each" names no groups: the analyst could only answer
over every row (one oldest, not one a season) or say it left "in each" out. The groups
of the earlier data question are put in its place, as said there ("by season" gives
"in each season"); with no group-by before, the follow-up is left as it was, and the
analyst says "in each" was not applied.

"In each" said first ("and in each, how many earn over 50k?" after "average salary by
department") is the same question: the groups are put at its end ("How many earn over
50k in each department?"). Said first, "in each," is split off the question before the
analyst sees it, so with no groups before to carry it is asked about, never dropped.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.phrases import in_order, phrase_table
from notebook_router.planner.followup_rewrite import ask
from notebook_router.planner.followup_types import LEAD, FollowUp, analyst_tasks

_ROWS = phrase_table("followup_rows")
_EACH = re.compile(
    LEAD + rf"(?P<asked>.+?)\s+(?P<each>{_ROWS.either('each.words')})\s*[?.!]*$",
    re.IGNORECASE,
)
_EACH_WORDS = in_order(tuple(sorted(_ROWS.words("each.words"), key=len, reverse=True)))
_EACH_FIRST = re.compile(
    LEAD + rf"(?P<each>{_EACH_WORDS})(?:\s*,\s*|\s+(?={_ROWS.either('each.question_openers')}\b))"
    r"(?P<asked>[^?!]+?)\s*[?.!]*$",
    re.IGNORECASE,
)
"""The words of "each" longest first: "in each one," is never read as "in each" and "one"."""
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
    if said is None:
        return each_first(goal, source)
    if source is None or not asked:
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


def each_first(goal: str, source: ArcRun | None) -> FollowUp | None:
    """``goal`` with "in each" said first ("and in each, how many are female?") asked in
    each group of ``source``'s data question, its groups said at its end; asked about
    when ``source`` grouped nothing that can be named; None when ``goal`` opens with no
    "in each"."""
    said = _EACH_FIRST.match(" ".join(goal.split()))
    if said is None or source is None:
        return None
    asked = analyst_tasks(source)
    texts = [asked[-1].description, source.goal] if asked else []
    group = _group(texts)
    if group is not None and _more_groups(texts, group):
        return ask(
            source,
            said["each"],
            f"is grouped by more than “{group}”: which groups it stands for is yours to say",
        )
    if group is None:
        return ask(
            source,
            said["each"],
            "names no groups for it to stand for (a count over every row would drop it)",
        )
    each = said["each"].split()
    question = f"{said['asked'][:1].upper()}{said['asked'][1:]} {each[0]} each {group}?"
    task = asked[-1].model_copy(update={"description": question, "depends_on": ()})
    return FollowUp("same", source, question, (task,), f"in each {group}")


_AND = re.compile(r"\s*(?:and|&)\s+[\w-]", re.IGNORECASE)


def _more_groups(texts: list[str], group: str) -> bool:
    """Whether the first of ``texts`` that names ``group`` says more after it ("by school
    and gender", or another part: "by school and the median age"): carrying "school"
    alone could answer a coarser question unseen."""
    for text in texts:
        found = re.search(rf"(?<![\w-]){re.escape(group)}(?![\w-])", text, re.IGNORECASE)
        if found is not None:
            return _AND.match(text, found.end()) is not None
    return False
