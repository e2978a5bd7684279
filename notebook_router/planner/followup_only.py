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
from notebook_router.language.value_words import VALUE_WORDS
from notebook_router.planner.followup_entities import kind
from notebook_router.planner.followup_only_rows import only_rows
from notebook_router.planner.followup_rewrite import added, swapped
from notebook_router.planner.followup_slots import without_pro_form
from notebook_router.planner.followup_types import SAID, FollowUp, analyst_tasks
from notebook_router.planner.followup_values import (
    ColumnValues,
    same_column,
    value_slot,
    with_its_noun,
)

_ROWS = phrase_table("followup_rows")
SAID_WORDS = 3
"""The most words of the value said after "only" ("only New York City")."""
_ONLY = re.compile(
    rf"^(?:{_ROWS.either('only.lead')}[\s,]+)*{_ROWS.either('only.words')}\s+"
    rf"(?:(?P<preposition>{SAID.either('same.before_bare_entity')})\s+)?(?:the\s+)?"
    rf"(?P<new>[\w-]+(?:\s+[\w-]+){{0,{SAID_WORDS - 1}}})\s*[?.!]*$",
    re.IGNORECASE,
)


_ONLY_LAST = re.compile(
    rf"^(?P<lead>(?:{_ROWS.either('only.lead')}[\s,]+)*)(?P<rest>(?!{_ROWS.either('only.words')}\b).+?)"
    rf"\s+{_ROWS.either('only.words')}\s*(?P<end>[?.!]*)$",
    re.IGNORECASE,
)


def _only_first(goal: str) -> str:
    """``goal`` with an "only" said last put first: "now for women only" reads as "now
    only for women" (it was read as "women" in the place of the earlier group-by)."""
    m = _ONLY_LAST.match(goal.strip())
    return f"{m['lead']}only {m['rest']}{m['end']}" if m else goal


def only_statistic(goal: str) -> str | None:
    """The statistic ``goal`` narrows the answer before to ("only the max", "just the
    total"), or None when it says no such thing. It takes the place of the earlier
    statistic as "now the median" does: read as a request of its own, it was answered
    over every row and every column."""
    said = _ONLY.match(_only_first(goal).strip())
    if said is None or said["preposition"] or kind(said["new"]) != "statistic":
        return None
    return str(said["new"])


def only_value(goal: str, source: ArcRun, values: ColumnValues) -> FollowUp | None:
    """``source`` again over the rows of the value ``goal`` narrows it to ("only women"),
    or None when ``goal`` says no such thing, ``source`` asked no data question, or the
    words are no value of exactly one column of the data. A word the data spells another
    way ("women" of a column of M and F, ``value_words.toml``) is added as said: the
    analyst reads it as a value. Words that are more than a value ("women under 30",
    "plots with at least 10 insects") are a whole condition, added as said
    (:mod:`.followup_only_rows`); words that read as no condition ("only the fast ones")
    are left to the caller, read as before."""
    goal = _only_first(goal)  # "now for women only"
    said = _ONLY.match(goal.strip())
    if not analyst_tasks(source):
        return None
    if said is None:  # more than a value's words: "now only for women under 30"
        return only_rows(goal, source, values)
    new = said["new"]
    texts = [source.goal, *(t.description for t in source.tasks)]
    placed = value_slot(texts, new, values)
    if placed is None:
        new = without_pro_form(new)
        if not all(w.lower() in VALUE_WORDS for w in new.split()):
            return only_rows(goal, source, values)
        return added(source, new, (said["preposition"] or "").lower())
    how, earlier = placed
    preposition = (said["preposition"] or "").lower()
    if how == "replace":
        whole = whole_condition(texts, same_column(texts, new, values))
        if whole is not None:  # "outside Austin", "in Austin and in Seattle": all of it
            return swapped(source, whole, f"{preposition or _SAID_AFTER} {new}", as_said=True)
        return swapped(source, with_its_noun(texts, earlier, new), new, as_said=True)
    return added(source, new, preposition)


_SAID_AFTER = _ROWS.words("only.said_after")[0]
_NEGATION = _ROWS.either("only.negations")
_JOIN = rf"(?:\s*(?:{_ROWS.either('only.list_joins')})\s*)+"
_PREPOSITION = SAID.either("same.before_bare_entity")


def whole_condition(texts: list[str], said: list[str]) -> str | None:
    """The words of ``texts`` that say the earlier condition on the column of the values
    ``said`` when it is more than one value put in place: ruled out ("outside Austin",
    "not in Austin") or a list ("in Austin and in Seattle"); None when it is one value
    said plainly (that value alone gives way)."""
    if not said:
        return None
    value = "(?:" + "|".join(re.escape(v) for v in sorted(said, key=len, reverse=True)) + ")"
    one = rf"(?:{_PREPOSITION}\s+)?(?:the\s+)?{value}(?![\w-])"
    pattern = re.compile(
        rf"(?<![\w-])(?:(?P<negation>{_NEGATION})\s+)?{one}(?P<more>(?:{_JOIN}{one})*)",
        re.IGNORECASE,
    )
    for text in texts:
        for found in pattern.finditer(text):
            if found["negation"] or found["more"]:
                return found.group(0)
    return None
