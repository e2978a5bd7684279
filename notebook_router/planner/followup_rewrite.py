"""The request a follow-up makes, written out from the run before (read by
:mod:`notebook_router.planner.followup`): a word put in the place of another in its
goal, task descriptions and agents' names; an entity added to it; or the question to ask
when the follow-up's words fill no part of it. The text written is what the user sees in
the plan, so it must read as a request a person would write.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.planner.followup_entities import BY, phrase_kind
from notebook_router.planner.followup_types import FollowUp, analyst_tasks
from notebook_router.text.preview import clip

_ADDED_AFTER = "for"
"""The preposition an added entity is said after when the follow-up said none ("and 2023?")."""


def substitute(text: str, old: str, new: str, as_said: bool = False) -> str:
    """``text`` with each whole-word ``old`` replaced by ``new``, keeping the case it had there.

    ``as_said``: a name the user wrote capitalised ("Marketing") stays so where ``old``
    was a lowercase word of prose ("of engineers"); never inside a name written with
    underscores ("north_sales"), which stays lowercase.

    >>> substitute("Load the sales table for the North region (north_sales)", "North", "South")
    'Load the sales table for the South region (south_sales)'
    """
    pattern = re.compile(rf"(?<![^\W_]){re.escape(old)}(?![^\W_])", re.IGNORECASE)
    # An acronym ("USA", written so everywhere) gives way to the new word as the user
    # wrote it ("Europe"); a word shouted once ("NORTH total") stays shouted.
    acronym = all(m.group(0).isupper() for m in pattern.finditer(text))

    def cased(match: re.Match[str]) -> str:
        found = match.group(0)
        if found.isupper() and len(found) > 1:
            return new if acronym and not new.islower() else new.upper()
        if found.islower():
            glued = (
                text[match.end() : match.end() + 1] == "_"
                or text[match.start() - 1 : match.start()] == "_"
            )
            return new if as_said and new[:1].isupper() and not glued else new.lower()
        if found[:1].isupper():
            return new[:1].upper() + new[1:]
        return new

    return pattern.sub(cased, text)


def said_in(text: str, phrase: str) -> bool:
    """Whether ``text`` says ``phrase`` as whole words (any case)."""
    return re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text, re.IGNORECASE) is not None


def with_its_article(texts: list[str], old: str, new: str) -> str:
    """``old`` with the "the" said before it when ``new`` is a name of no kind that takes
    the place of a compass point: "in the North" and "Europe" read "in Europe", never "in
    the Europe" (a compass point takes "the", a place's name mostly does not)."""
    if phrase_kind(old) != "compass" or phrase_kind(new) is not None:
        return old
    the = f"the {old}"
    return the if any(said_in(text, the) for text in texts) else old


def swapped(source: ArcRun, old: str, new: str, as_said: bool = False) -> FollowUp:
    """``source`` again with ``new`` in the place of ``old`` in its goal, its tasks'
    descriptions and its agents' names (``as_said``: see :func:`substitute`)."""
    tasks = tuple(
        t.model_copy(
            update={
                "description": substitute(t.description, old, new, as_said),
                "agent": substitute(t.agent, old, new),
            }
        )
        for t in source.tasks
    )
    goal = substitute(source.goal, old, new, as_said)
    return FollowUp("same", source, goal, tasks, f"{old} → {new}")


def added(source: ArcRun, new: str, preposition: str) -> FollowUp:
    """``source`` again with ``new`` added to its goal and to each of its data tasks,
    after the preposition the follow-up said it after ("and in January?" adds "in
    January", "and 2023?" "for 2023"); a new group-by ("by month") as it is said.

    Every data task takes it: "only cash" after "average tip and average fare in Austin"
    narrows both averages, never the first alone with the second passed off as narrowed.
    A run with no data task has its first task take it."""
    phrase = new if BY.match(new) else f"{preposition or _ADDED_AFTER} {new}"
    goal = f"{source.goal.rstrip(' .?')} {phrase}"
    data = {t.id for t in analyst_tasks(source)} or {t.id for t in source.tasks[:1]}
    tasks = tuple(
        t.model_copy(update={"description": f"{t.description.rstrip(' .?')} {phrase}"})
        if t.id in data
        else t
        for t in source.tasks
    )
    return FollowUp("same", source, goal, tasks, phrase)


def ask(source: ArcRun, new: str, why: str = "") -> FollowUp:
    """A follow-up whose words fill no slot of ``source``: what to ask instead of
    answering its question again as if it were this one (``why``: what the earlier
    request already says or lacks)."""
    said = f"“{clip(source.goal)}” {why}. " if why else ""
    question = (
        f"{said}What should “{new}” change in “{clip(source.goal)}”? Ask it as a whole "
        "question (for example with the value, column or statistic it stands for), and I'll "
        "answer it."
    )
    return FollowUp("ask", source, source.goal, (), f"“{new}” fills no part of it", question)
