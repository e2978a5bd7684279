"""Follow-ups about the last answer itself, read by rules (see
:mod:`notebook_router.planner.followup`): "why is that?" and "why do the men earn
more?", "sort it descending", "when was that?", and questions about the rows it chose
("what is their average year?", "of those, how many ...?")."""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun, ArcTask
from notebook_router.language.lexicon import terms
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_those import relative_first, those_before_a_verb
from notebook_router.planner.followup_types import (
    ANALYSIS,
    LEAD,
    SAID,
    FollowUp,
    analyst_tasks,
)
from notebook_router.text.preview import clip

_W = SAID.either
_LEAD = LEAD
_WHY = re.compile(
    _LEAD + rf"why(?:\s+{_W('why.verbs')}\s+{_W('why.subjects')}"
    rf"(?:\s+{_W('why.after')})?)?\s*[?.!]*$",
    re.IGNORECASE,
)
_SORT = re.compile(
    _LEAD + rf"{_W('sort.verbs')}\s+{_W('sort.objects')}?\s*"
    rf"(?:in\s+|by\s+)?(?P<way>{_W('sort.ways')}|"
    rf"(?:from\s+)?{_W('sort.extremes')}(?:\s+(?:first|to\s+\w+))?)"
    r"(?:\s+order)?\s*[?.!]*$",
    re.IGNORECASE,
)
_WHEN = re.compile(
    _LEAD
    + rf"(?:when\s+{_W('when.verbs')}\s+{_W('when.subjects')}(?:\s+happen)?|(?:in|on)\s+which\s+"
    rf"{_W('when.units')}|what\s+{_W('when.units')}\s+was\s+{_W('when.what_subjects')})\s*[?.!]*$",
    re.IGNORECASE,
)


def about_answer(goal: str, source: ArcRun | None) -> FollowUp | None:
    """How ``goal`` asks about ``source``, the last run's answer ("why is that?", "sort it
    descending", "when was that?"), or None when it does not."""
    if source is None:
        return None
    if _WHY.match(goal):
        asked = analyst_tasks(source)
        if asked:  # a data answer: what the data shows next to it (the analyst says no cause)
            task = ArcTask(
                id="t1", description=f"Why: {asked[-1].description}", agent="", roles=ANALYSIS
            )
            return FollowUp("why", source, source.goal, (task,), "what the data shows about it")
        recall = f"Recall run {source.run_id}: what it found for “{clip(source.goal)}” and how"
        task = ArcTask(id="t1", description=recall, agent="")  # whoever recalls: by role
        return FollowUp("why", source, source.goal, (task,), "why its answer")
    about = _why_about(goal, source)
    if about is not None:
        return about
    order = _SORT.match(goal)
    if order:  # "sort it descending": the last data answer again, in that order
        asked = analyst_tasks(source)
        if asked:
            way = (
                "ascending"
                if order["way"].lower().startswith(("asc", "low", "small"))
                else "descending"
            )
            said = f"{asked[-1].description.rstrip(' ?.!')}, sorted {way}"
            task = asked[-1].model_copy(update={"description": said, "depends_on": ()})
            goal = f"{source.goal.rstrip(' ?.!')}, sorted {way}"
            return FollowUp("same", source, goal, (task,), f"sorted {way}")
    if _WHEN.match(goal):  # "when was that?" after "IBM's lowest price": the same, and when
        asked = analyst_tasks(source)
        if asked:
            said = f"{asked[-1].description.rstrip(' ?.!')}, and when?"
            task = asked[-1].model_copy(update={"description": said, "depends_on": ()})
            goal = f"{source.goal.rstrip(' ?.!')}, and when?"
            return FollowUp("same", source, goal, (task,), "and when")
    return None


_WHY_ABOUT = re.compile(_LEAD + r"why\s+(?P<rest>.+?)\s*[?.!]*$", re.IGNORECASE)
WHY_WORDS = 8
"""The most words after "why" in a question about the answer before ("why do the men
earn more?"); longer, it is a question of its own."""


def _why_about(goal: str, source: ArcRun | None) -> FollowUp | None:
    """ "why do the men earn more?" after "compare the average salary of men and women":
    a "why" about the last data answer, in words of its own that name something the
    question before named. The analyst shows what goes with that answer in the data
    (never a cause), as for "why is that?"; a research agent could only say it has no
    source."""
    said = _WHY_ABOUT.match(goal)
    asked = analyst_tasks(source)
    if said is None or source is None or not asked or len(said["rest"].split()) > WHY_WORDS:
        return None
    before = {*terms(source.goal), *(w for t in asked for w in terms(t.description))}
    if not set(terms(said["rest"])) & before:
        return None
    task = ArcTask(id="t1", description=f"Why: {asked[-1].description}", agent="", roles=ANALYSIS)
    return FollowUp("why", source, source.goal, (task,), "what the data shows about it")


# "their", "of those", "among them": a question about the rows the answer before chose.
# "these"/"those" is a determiner ("these numbers", "of these planes with ...") as often
# as a pronoun: it counts only after "of/among/for" and before no noun of its own.
_OF_THOSE = re.compile(
    rf"\b(?:{_W('rows.pronouns')}|{_W('rows.among')}\s+them"
    rf"|{_W('rows.among')}\s+{_W('rows.demonstratives')}(?=\s*(?:[,.?!;:]|$)|\s+"
    rf"{_W('rows.question_words')}\b))",
    re.IGNORECASE,
)
_LEADING = re.compile(rf"^(?:{_W('reference_lead')}[\s,]+)+", re.IGNORECASE)
_TRAILING_ROWS = phrase_table("followup_rows")
_TRAILING = re.compile(
    rf"(?<![\w-])(?:(?P<before>[\w-]+)\s+)?(?:(?:{_TRAILING_ROWS.either('trailing.prepositions')})"
    rf"\s+)?(?P<pronoun>{_TRAILING_ROWS.either('trailing.pronouns')})\s*[?.!]*$",
    re.IGNORECASE,
)
_EXISTENTIAL = _TRAILING_ROWS.word_set("trailing.existential")
_BARE_COUNT = re.compile(_TRAILING_ROWS.either("trailing.bare_counts"), re.IGNORECASE)
REFERENCE_LEAD_WORDS = 6
"""The most words a follow-up may say before its "their"/"of those" ("how many of them",
"and what is the average year of those"). Longer, the question names rows of its own
("planes built after 1980: what is their mean seats?") and is a new question."""
ROWS_BEFORE = "of the rows of the answer before"
"""The change of a follow-up about the rows an earlier data answer chose."""


def of_those(
    goal: str, source: ArcRun | None, columns: frozenset[str] = frozenset()
) -> FollowUp | None:
    """ "what is their average year?" after "how many planes have Turbo-jet engines": the
    earlier data question and this one, as the two parts of one question.

    The analyst reads such a question part by part and keeps the first part's filters
    for a part that refers back to its rows (on the parse, not by editing words), so the
    new question is asked of the rows the earlier one chose; a part it cannot read that
    way is answered as partial, saying which part went unanswered, never over all rows.
    ``columns`` (the terms of the data's column names) tell "of those purchased" from "of
    these planes" (:mod:`.followup_those`).
    """
    said = _LEADING.sub("", goal.strip())
    said = relative_first(said) or said  # "of which, how many ...?": "of those, ..."
    found = _OF_THOSE.search(said)
    start = found.start() if found is not None else those_before_a_verb(said, columns)
    last = _trailing_reference(said)
    if start is not None and not _refers_back(said[:start]) and last is not None:
        start = None  # a reference said last refers back, whatever its lead's length
    if last is not None and start is None and _refers_back(said[:last], long=True):
        start = last
    if source is None or start is None or not _refers_back(said[:start], long=start == last):
        return None
    asked = analyst_tasks(source)
    if not asked:
        return None
    before = asked[-1].description.rstrip(" ?.!;,")
    said = _without_its_noun(said, before)
    joined = f"{before}; {said[:1].lower()}{said[1:]}"
    task = asked[-1].model_copy(update={"description": joined, "depends_on": ()})
    return FollowUp("same", source, joined, (task,), ROWS_BEFORE)


_TRAILING_NOUN = re.compile(r"\b(?P<those>those|these)\s+(?P<noun>[\w-]+)(?P<end>\s*[?.!]*)$", re.I)


def _without_its_noun(said: str, before: str) -> str:
    """``said`` with the noun after a trailing "those"/"these" left out when the earlier
    question named it ("the average price of those items" after "how many items cost
    more than $50?"): joined to that question, "those" already stands for its items, and
    the noun said again would read as a column of its own (an ``item`` column the
    answer does not use), an answer partial for nothing it left out."""
    found = _TRAILING_NOUN.search(said)
    if found is None:
        return said
    noun = terms(found["noun"])
    if not noun or not set(noun) <= set(terms(before)):
        return said
    return f"{said[: found.start()]}{found['those']}{found['end']}"


def _trailing_reference(said: str) -> int | None:
    """Where a reference said last starts ("... from them?", "... there?"), None when the
    question ends otherwise or "there" says that rows exist ("how many were there?")."""
    found = _TRAILING.search(said)
    if found is None:
        return None
    before = (found["before"] or "").lower()
    if found["pronoun"].lower() == "there" and (not before or before in _EXISTENTIAL):
        if before and _BARE_COUNT.fullmatch(said[: found.start()].strip()):
            return found.start()  # "how many are there?": of the rows of the answer before
        return None
    return found.start("pronoun") if found["before"] is None else found.end("before") + 1


def _refers_back(lead: str, long: bool = False) -> bool:
    """Whether the words before a follow-up's "their"/"of those" leave its rows to the
    answer before: a few question words ("what is", "how many of"), or any number of them
    before a reference said last (``long``), no rows of its own (no figure, no "X: ...",
    no clause of its own joined by "and")."""
    words = lead.split()
    return (
        (long or len(words) <= REFERENCE_LEAD_WORDS)
        and not any(ch.isdigit() for ch in lead)
        and not any(mark in lead for mark in ":;")
        and "and" not in (w.lower().strip(",") for w in words)
    )
