"""A count asked again as a part of a whole (read by
:mod:`notebook_router.planner.followup`).

"what percentage is that of all LAX flights?" after "how many flights from LAX were
cancelled?": "that" is the count just answered, "all LAX flights" the rows it was counted
from without its last condition. The request before is asked again as the share it makes
of those rows: "What percentage of flights from LAX were cancelled?" (the analyst reads
the rows before the verb as the whole and the condition after it as the part).

The whole must be the rows the count was taken from: its words are the counted rows'
("all LAX flights" for "flights from LAX"). A whole of other rows ("of all flights",
"of all JFK flights") is asked about, never answered over the rows of the count, which
would pass a share of one whole off as a share of another. So is a count whose last
condition goes on to narrow or split the rows ("were cancelled from LAX", "are women by
department"): asked again, the analyst would take the narrower rows as the whole.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.lexicon import terms
from notebook_router.planner.followup_share_place import placed_share
from notebook_router.planner.followup_types import LEAD, SAID, FollowUp, analyst_tasks
from notebook_router.text.preview import clip

_W = SAID.either
_OF_ALL = rf"\s+{_W('share.of')}\s+(?:{_W('share.all')}\s+)?(?P<whole>[^?!.;]+?)\s*[?.!]*$"
_WHAT_SHARE = re.compile(
    LEAD + rf"{_W('share.asking')}\s+(?P<word>{_W('share.words')})\s+{_W('share.verbs')}\s+"
    rf"{_W('share.pronouns')}{_OF_ALL}",
    re.IGNORECASE,
)
_AS_SHARE = re.compile(
    LEAD + rf"(?:{_W('share.pronouns')}\s+)?{_W('share.as_')}\s+(?P<word>{_W('share.words')})"
    rf"{_OF_ALL}",
    re.IGNORECASE,
)
_WHAT_SHARE_LAST = re.compile(  # "what percentage of all LAX flights is that?"
    LEAD + rf"{_W('share.asking')}\s+(?P<word>{_W('share.words')})\s+{_W('share.of')}\s+"
    rf"(?:{_W('share.all')}\s+)?(?P<whole>[^?!.;]+?)\s+{_W('share.verbs')}\s+"
    rf"{_W('share.pronouns')}\s*[?.!]*$",
    re.IGNORECASE,
)
_COUNTED = re.compile(
    rf"^{_W('share.count_openers')}\s+(?:{_W('share.rows_of')}\s+)?(?P<rows>.+?)\s+(?P<condition>"
    rf"{_W('share.condition_verbs')}\s+[^?!;]+?)\s*[?.!]*$",
    re.IGNORECASE,
)


_NARROWERS = SAID.word_set("share.condition_narrowers")
_SHAPES = (_WHAT_SHARE, _AS_SHARE, _WHAT_SHARE_LAST)


def share_of(goal: str, last: ArcRun | None) -> FollowUp | None:
    """The count of ``last`` asked again as a share of the rows it was counted from, when
    ``goal`` asks "what percentage is that of all <rows>?"; a question to the user when
    the rows said are not those; None when ``goal`` asks no share of the answer before."""
    said = next((m for m in (p.match(goal.strip()) for p in _SHAPES) if m is not None), None)
    asked = analyst_tasks(last)
    if said is None or last is None or not asked:
        return None
    word, whole = said["word"].lower(), said["whole"].strip()
    before = asked[-1].description.strip()
    counted = _COUNTED.match(before)
    placed = None if counted is not None else placed_share(before, word, whole)
    if placed is not None:  # "how many flights from JFK?": "What share of flights are ..."
        task = asked[-1].model_copy(update={"description": placed, "depends_on": ()})
        return FollowUp("same", last, placed, (task,), f"as a {word} of all {whole}")
    if counted is None:
        return _asked(
            last, word, whole, "is no count I can split into rows and a condition on them"
        )
    rows, condition = counted["rows"].strip(), counted["condition"].strip()
    narrowed = _narrowed(condition)
    if narrowed:
        return _asked(
            last,
            word,
            whole,
            f"counts “{rows}” that “{condition}”, and “{narrowed}” narrows or splits "
            f"the rows themselves",
        )
    if set(terms(whole)) != set(terms(rows)):
        return _asked(
            last,
            word,
            whole,
            f"counts “{rows}” that “{condition}”, and “{whole}” are not “{rows}”",
        )
    question = f"What {word} of {rows} {condition}?"
    task = asked[-1].model_copy(update={"description": question, "depends_on": ()})
    return FollowUp("same", last, question, (task,), f"as a {word} of all {whole}")


def _narrowed(condition: str) -> str:
    """The words of ``condition`` from a place or grouping on ("from LAX" in "were
    cancelled from LAX"), past its verb and first word ("are in Austin" is the condition
    itself); "" when there is none."""
    said = condition.split()
    at = next((i for i, w in enumerate(said) if i > 1 and w.lower() in _NARROWERS), None)
    return "" if at is None else " ".join(said[at:])


def _asked(last: ArcRun, word: str, whole: str, why: str) -> FollowUp:
    question = (
        f"“{clip(last.goal)}” {why}: I can't tell which rows “all {whole}” leaves out, so I "
        f"have not worked out the {word}. Ask it as a whole question (for example “what "
        f"{word} of {whole} ...?”), and I'll answer it."
    )
    return FollowUp("ask", last, last.goal, (), f"a {word} of “all {whole}”", question)
