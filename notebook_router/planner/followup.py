"""Reading a follow-up against the run before it, by rules (what the offline planner does).

A goal such as "now do the same for South" only means something next to the
previous run. :func:`follow_up` recognises these kinds and works out what to
do from the session's arc:

- **same**: "do the same for South", "what about 2023?", "do it again for
  Q3", "now for the median": the previous plan again, with the entity it was
  about swapped for the new one in its goal, its task descriptions and its
  agents' names ("North" → "South", case kept). The new entity must be one
  (:mod:`~notebook_router.planner.followup_said`). It takes the place of a word
  of its own kind (years, quarters, months, compass points, statistics), a
  column word of the same role, or a name after "for", "in", "of" ...; never a
  word of another kind (:mod:`~notebook_router.planner.followup_entities`): with
  none, the new entity is added to the goal ("total revenue in the North" and "and
  in January?" ask "... in the North in January"), except a statistic: "now the
  median" after a run that named none is asked about. A comparison takes the place
  of the comparison before ("and younger ones?" after "people over 40",
  :mod:`~notebook_router.planner.followup_compare`); the text is rewritten by
  :mod:`~notebook_router.planner.followup_rewrite`.
- **present**: "and as a bar chart": the previous plan again, its plotting
  task asking for that kind of chart. Without one, the run's last result must
  have been a table: the data analyst (or coder) that made it is asked to draw
  it, another agent's table gets a plotting step after it. When the result was
  no table (a single number, a text), there is nothing to chart and the
  follow-up has no tasks.
- **of those**: "what is their average year?", "of those, how many ...?" after a data
  answer: the earlier question and this one as two parts of one, so the analyst keeps
  the earlier rows for the part that refers back. Only when the words before the
  reference name no rows of their own ("planes built after 1980: what is their ...?"
  is a new question).
- **why**: "why is that?": after a data answer, the data analyst is asked "Why: <its
  question>" and shows what goes with the answer (never a cause it cannot know);
  otherwise the agent that recalls earlier runs recalls what the previous run found
  and how (its plan, the facts that bear on it). The answer cites the run.

Only runs that did work on data or with the user's agents are followed: a run
whose tasks were all the team's notes (a plan, a recalled fact, a research
note) is nothing to redo for another entity or to draw.

A model planner needs none of this: it reads the arc in its view.
"""

from __future__ import annotations

import re
from functools import lru_cache

from notebook_router.agents.roles import ANALYST, GENERALIST
from notebook_router.context.arc import ArcRun, ArcView
from notebook_router.language.lexicon import terms
from notebook_router.planner.events import DataDescribed
from notebook_router.planner.followup_answer import about_answer, of_those
from notebook_router.planner.followup_compare import (
    comparison,
    comparison_slot,
    earlier_comparison,
    rival_comparisons,
)
from notebook_router.planner.followup_declined import after_declined
from notebook_router.planner.followup_each import in_each
from notebook_router.planner.followup_entities import (
    BY,
    column_slot,
    kind,
    measure_slot,
    old_entity,
)
from notebook_router.planner.followup_grouping import grouping_said
from notebook_router.planner.followup_only import only_statistic, only_value
from notebook_router.planner.followup_present import (
    NOTHING_TO_CHART,
    PRESENT,
    as_parts,
    present,
    presentation,
)
from notebook_router.planner.followup_rewrite import (
    added,
    ask,
    said_in,
    substitute,
    swapped,
    with_its_article,
)
from notebook_router.planner.followup_roles import end_slot, split_end
from notebook_router.planner.followup_said import (
    ENTITY_WORDS,
    acknowledged,
    new_entity,
    said_entity,
)
from notebook_router.planner.followup_share import share_of
from notebook_router.planner.followup_slots import (
    opposite_slot,
    others,
    ranked_extreme,
    restriction_slot,
    which_group,
    which_one,
    without_pro_form,
)
from notebook_router.planner.followup_types import SAID, FollowUp
from notebook_router.planner.followup_values import (
    ColumnValues,
    column_values,
    flag_columns,
    flag_slot,
    not_held,
    other_column,
    value_of_group,
    value_slot,
    with_its_noun,
)

__all__ = [
    "ENTITY_WORDS",
    "NOTHING_TO_CHART",
    "FollowUp",
    "column_terms",
    "column_values",
    "flag_columns",
    "follow_up",
    "same_again",
    "substitute",
]

_WORDS = re.compile(r"[\w-]+")


def column_terms(data: DataDescribed | None) -> frozenset[str]:
    """The terms of the described data's column names ("order_date" gives "order", "date")."""
    if data is None:
        return frozenset()
    return _column_terms(tuple(c for t in data.tables for c in t.columns))


@lru_cache(maxsize=32)
def _column_terms(columns: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for c in columns for w in terms(c.replace("_", " ")))


def follow_up(
    goal: str,
    arc: ArcView | None,
    columns: frozenset[str] = frozenset(),
    values: ColumnValues = (),
    flags: frozenset[str] = frozenset(),
) -> FollowUp | None:
    """How ``goal`` follows the arc's latest run, or None when it stands on its own.

    ``columns`` are the terms of the data's column names: with them, a column named by
    the follow-up ("now do the same for units") takes the place of the measure the run
    before was about ("revenue"), and "by month" the place of its group-by ("by region").
    ``values`` are the data's text columns with their values: a word that is a value of
    one ("Marketing") takes the place of the earlier value of that column ("engineers"),
    or is added when the request before named none (:mod:`.followup_values`). ``flags``
    are the data's yes/no columns: one named takes the place of the one the request
    before picked its rows by ("what about Animation?" after "... of Action movies").
    """
    if arc is None or not arc.runs:
        return None
    return _follow_up(" ".join(goal.split()), arc, columns, values, flags)


@lru_cache(maxsize=64)
def _follow_up(
    goal: str, arc: ArcView, columns: frozenset[str], values: ColumnValues, flags: frozenset[str]
) -> FollowUp | None:
    # Cached: the rule planner asks at every decision, and the view is frozen.
    if acknowledged(goal):  # "ok thanks": no follow-up, whatever it could fill
        return None
    unanswered = after_declined(goal, arc)  # "now by region" after a declined question
    if unanswered is not None:
        return unanswered
    shared = share_of(goal, arc.last)  # "what percentage is that of all LAX flights?"
    if shared is not None:
        return shared
    answered = about_answer(goal, arc.last)
    if answered is not None:
        return answered
    each = in_each(goal, arc.last)  # "and the oldest in each?" after "... by season"
    if each is not None:
        return each
    # Work to redo: a run whose tasks were all the team's notes (a plan, a recalled
    # fact, a research note) is not one.
    planned = [r for r in arc.runs if any(GENERALIST not in t.roles for t in r.tasks)]
    if not planned:
        return None
    source = planned[-1]
    slotted = _slotted(goal, source, arc.last, values)
    if slotted is not None:
        return slotted
    presented = PRESENT.match(goal)
    if presented and presentation(presented["kind"]):
        return present(source, presented["kind"].strip())
    parts = as_parts(goal, source)  # "now as percentages within each job"
    if parts is not None:
        return parts
    grouped = grouping_said(goal)  # "by warehouse": the earlier data question in groups
    if grouped is not None and any(ANALYST in t.roles for t in source.tasks):
        group, also = grouped
        return (
            added(source, group, "") if also else _same(source, group, "", columns, values, flags)
        )
    statistic = only_statistic(goal)  # "only the max": the earlier request's statistic
    if statistic is not None and any(ANALYST in t.roles for t in source.tasks):
        return _same(source, statistic, "", columns, values, flags)
    only = only_value(goal, source, values)  # "only women": the earlier rows of one value
    if only is not None:
        return only
    said = said_entity(goal)
    if said is not None:
        return _same(source, *said, columns, values, flags)
    return of_those(goal, arc.last, columns)


def _slotted(
    goal: str, source: ArcRun, last: ArcRun | None, values: ColumnValues = ()
) -> FollowUp | None:
    """The follow-ups whose words fill a slot other than an entity's: other rows said by
    a relative clause ("and of those who exercise some?"), and which group of the last
    breakdown ranks first ("which one is highest?")."""
    texts = [source.goal, *(t.description for t in source.tasks)]
    rows = restriction_slot(goal, texts)
    if rows is not None:
        return swapped(source, *rows)
    asked = [] if last is None else [t for t in last.tasks if ANALYST in t.roles]
    if last is not None and asked:
        question = which_one(goal, asked[-1].description)
        group = which_group(goal)
        kept = "" if group is None else value_of_group([asked[-1].description], group, values)
        if question is not None and kept:  # "which department ..." after "... in Sales"
            return ask(
                last,
                goal.strip(),
                f"asks about “{kept}”, a {group} itself: ranked by {group} inside those "
                f"rows, “{kept}” alone would rank first, so I have not ranked every {group} "
                f"in its place",
            )
        if question is not None:
            task = asked[-1].model_copy(update={"description": question, "depends_on": ()})
            return FollowUp("same", last, question, (task,), "which group ranks first")
        if group is not None:  # "which gender has the highest?" after a count: of what?
            return ask(
                last,
                goal.strip(),
                f"names no statistic to rank each {group} by (a count of every row would "
                "drop what it asked)",
            )
    return None


def same_again(text: str, before: str, columns: frozenset[str] = frozenset()) -> str | None:
    """``before`` asked again for what ``text`` swaps in, when ``text`` says "the same for
    1932" / "do it again for South" (a part of one request that repeats the part before
    it); None when ``text`` is not such a part or nothing in ``before`` can be swapped."""
    new = new_entity(text)
    if new is None:
        return None
    old = column_slot([before], new, columns) or old_entity([before], new)
    return None if old is None else substitute(before, old, new)


# ---------------------------------------------------------------------- same


def _same(
    source: ArcRun,
    new: str,
    preposition: str,
    columns: frozenset[str],
    values: ColumnValues,
    flags: frozenset[str] = frozenset(),
) -> FollowUp | None:
    """``source`` again for ``new`` (said after ``preposition``, "" for none) in the slot
    it fills; asked about when it fills none, or a slot of another role."""
    texts = [source.goal, *(t.description for t in source.tasks)]
    new, preposition = split_end(new, preposition)  # "how about from LAX?": "from", "LAX"
    ended = end_slot(source, texts, new, preposition, values)
    if ended is not None:  # "and to JFK?" after "flights from JFK": the other end
        return ended
    extreme = ranked_extreme(texts, new)
    if extreme is not None:  # "and the fewest?" after a ranking by a count: its other end
        return swapped(source, *extreme)
    rivals = rival_comparisons(texts, new)
    if rivals:  # "and fewer?" after "built after 2015 with more than 3 bedrooms"
        return ask(source, new, "could take the place of " + " or ".join(f"“{r}”" for r in rivals))
    compared = comparison_slot(texts, new)
    if compared is not None:  # "younger ones" after "people over 40"
        return swapped(source, *compared)
    if comparison(new) is not None:  # never glued in the place of another word
        earlier = earlier_comparison(texts)
        if earlier is not None:  # "older ones" after "people over 40": the same rows
            return ask(source, new, f"already asks about “{earlier}”")
        return ask(source, new, "makes no comparison of its kind for it to take the place of")
    opposite = opposite_slot(texts, new) or opposite_slot(texts, without_pro_form(new))
    if opposite is not None:  # "unmarried ones" after "married workers"
        return _swapped_or_asked(source, texts, *opposite, preposition)
    if others(new):  # "the other ones" after a value with no negated form to undo
        return ask(source, new)
    new = without_pro_form(new)
    measured = measure_slot(texts, new)
    if measured is not None:  # "now the number of orders" after "total amount per category"
        return swapped(source, measured, new)
    placed = value_slot(texts, new, values)
    if placed is not None:  # the data says which column's slot it fills
        how, earlier_value = placed
        if how == "replace":  # "Marketing" after "engineers": values of one column
            said = with_its_noun(texts, earlier_value, new)  # "comedies" for "horror movies"
            return _swapped_or_asked(source, texts, said, new, preposition, as_said=True)
        # No value of its column was said. The word the text alone would swap is a
        # column's name ("by city"): a value is no group-by, so it is added ("count
        # employees by city", then "and for women?"). It is a value of another column
        # ("Austin" for "what about women?"): asked whether together or instead, since
        # the words alone do not settle it. A word the data does not know (a value too
        # rare to be described) is read as before.
        would = column_slot(texts, new, columns) or old_entity(texts, new)
        if would is None or (columns and set(terms(would)) <= columns):
            return added(source, new, preposition)
        if other_column(would, new, values) and not _said_in_its_role(
            preposition, _preposition_before(texts, would)
        ):
            return ask(
                source,
                new,
                f"asks about “{would}”, and “{new}” is a value of another column: it may be "
                f"asked together with “{would}” or in its place",
            )
    if BY.match(new):  # a group-by takes the place of a group-by, or is added: never a value's
        grouped = column_slot(texts, new, columns)
        return added(source, new, preposition) if grouped is None else swapped(source, grouped, new)
    old = flag_slot(texts, new, flags) or column_slot(texts, new, columns) or old_entity(texts, new)
    data_answer = any(ANALYST in t.roles for t in source.tasks)
    if old is None and kind(new) == "statistic":
        # "now the median" after "how many airports are in TX?": no statistic to swap.
        # After a data answer, asked (a median of every column would answer nothing
        # asked); after other work, a request of its own.
        if not data_answer:
            return None
        return ask(source, new, "names no statistic it could take the place of")
    if old is None and any(said_in(text, new) for text in texts):
        # "what about TX?" after "how many airports are in TX?": nothing changes
        return ask(source, new, f"already asks about “{new}”")
    if old is None:  # a slot the request before left open: "and in January?"
        return added(source, new, preposition)
    if not (columns and set(terms(new)) <= columns) and not_held(old, new, values):
        # "what about 大阪?" after "in Austin", no city of the table: asked, never
        # swapped in for a filter the analyst may drop and answer over every row
        return ask(
            source,
            new,
            f"asks about “{old}”, and no row of the data holds “{new}” in the column "
            f"that holds “{old}”",
        )
    return _swapped_or_asked(source, texts, with_its_article(texts, old, new), new, preposition)


def _swapped_or_asked(
    source: ArcRun, texts: list[str], old: str, new: str, preposition: str, as_said: bool = False
) -> FollowUp:
    """``source`` with ``new`` in the place of ``old``, unless ``new`` was said after a
    preposition of another role than the one before ``old`` ("and to London?" after
    "flights from Paris": to London, or from Paris to London?): then asked which."""
    before = _preposition_before(texts, old)
    if not preposition or not before or _same_role(preposition, before):
        return swapped(source, old, new, as_said)
    return ask(
        source,
        f"{preposition} {new}",
        f"asks about “{before} {old}”, and “{preposition} {new}” is no “{before}”: it may "
        f"take the place of “{before} {old}” or be asked together with it",
    )


_ANY_ROLE = SAID.word_set("same.any_role")
_ALIKE_ROLES = SAID.word_set("same.alike_roles")
_ARTICLES = SAID.word_set("articles")
_SLOT_PREPOSITIONS = SAID.word_set("same.before_bare_entity") | SAID.word_set(
    "entity.name_prepositions"
)


def _same_role(said: str, before: str) -> bool:
    """Whether a value said after ``said`` may fill a slot said after ``before``."""
    if said == before or said in _ANY_ROLE or before in _ANY_ROLE:
        return True
    return said in _ALIKE_ROLES and before in _ALIKE_ROLES


def _said_in_its_role(said: str, before: str) -> bool:
    """Whether a value said after ``said`` names the slot said after ``before`` by the
    role of its preposition ("from" and "from", "in" and "at"), not by one of any role."""
    return bool(said and before) and said not in _ANY_ROLE and _same_role(said, before)


def _preposition_before(texts: list[str], old: str) -> str:
    """The preposition said just before ``old`` (an article between them aside) where
    ``texts`` first say it, lowercased; "" when none is ("married workers")."""
    for text in texts:
        found = re.search(rf"(?<![\w-]){re.escape(old)}(?![\w-])", text, re.IGNORECASE)
        if found is None:
            continue
        words = [w.lower() for w in _WORDS.findall(text[: found.start()])]
        if words and words[-1] in _ARTICLES:
            words.pop()
        return words[-1] if words and words[-1] in _SLOT_PREPOSITIONS else ""
    return ""
