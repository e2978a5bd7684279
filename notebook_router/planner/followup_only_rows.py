"""A follow-up that narrows the answer before to the rows of a whole condition: "now only
for women under 30", "only plots with at least 10 insects", "just registered voter (RV)
polls" after "average tip by day" (read by :mod:`notebook_router.planner.followup_only`
when its words are no single value of a column).

The whole condition is added to the earlier request as said, after the preposition the
follow-up said it after ("for" when none): the analyst reads it there as it reads it in
any question (numbers, comparisons, value words, codes in brackets) and says which of its
words it did not use, so no part of it is dropped unseen. Read as a request of its own,
"only for smokers" named no statistic and was not answered at all.

It is asked about, never added, when adding it would ask for no rows or for rows the
user did not mean: a value of a column whose other value the earlier request named
("male students under 16" after "female students", both at once are no rows), a
comparison where the earlier request made one ("those under 30" after "over 40"), or an
"instead of" with nothing it could take the place of. A value alone in the place of the
earlier one ("only male students", "only Seattle instead of Austin") is put there.
"""

from __future__ import annotations

import re

from notebook_router.context.arc import ArcRun
from notebook_router.language.lexicon import terms
from notebook_router.language.phrases import phrase_table
from notebook_router.language.value_words import VALUE_WORDS
from notebook_router.planner.followup_compare import earlier_comparison
from notebook_router.planner.followup_entities import kind
from notebook_router.planner.followup_rewrite import ask, said_in, swapped
from notebook_router.planner.followup_types import FollowUp, analyst_tasks
from notebook_router.planner.followup_values import ColumnValues, value_columns, value_slot

_ROWS = phrase_table("followup_rows")
_SAID = phrase_table("followup_only_rows")
_CONDITION = re.compile(
    rf"^(?:{_ROWS.either('only.lead')}[\s,]+)*{_ROWS.either('only.words')}\s+"
    rf"(?:(?P<preposition>{_SAID.either('prepositions')})\s+)?"
    r"(?P<condition>[^?!;]+?)\s*[?.!]*$",
    re.IGNORECASE,
)
_INSTEAD = re.compile(
    rf"[\s,]+(?P<instead>{_SAID.either('instead')})(?:\s+(?P<old>[^?!;]+?))?\s*$", re.IGNORECASE
)
_NOT_CONDITIONS = _SAID.words("not_conditions")
_ADDED_AFTER = _SAID.words("prepositions")[0]
_WORDS = re.compile(r"[\w-]+")
_NUMBER = re.compile(r"\d")
_OF_THEIR_KIND = frozenset({"year", "quarter", "month", "compass"})
"""Kinds of word whose one value a request asks about at a time ("in 2022", "in Q3")."""
_CODE = re.compile(r"\(\s*[A-Za-z]{2,}\s*\)")
LONGEST_VALUE = 3
"""The most words a value said in the condition is looked up with ("New York City")."""


def only_rows(goal: str, source: ArcRun, values: ColumnValues) -> FollowUp | None:
    """``source`` again over the rows of the whole condition ``goal`` narrows it to
    ("now only for women under 30"), asked about when adding it would change what the
    earlier rows were (see the module); None when ``goal`` says no "only"/"just" before
    words that read as a condition on rows, or ``source`` asked no data question."""
    said = _CONDITION.match(" ".join(goal.split()))
    if said is None or not analyst_tasks(source):
        return None
    condition, old = _without_instead(said["condition"])
    if not _a_condition(condition, values) or not _codes_held(condition, values):
        return None
    texts = [source.goal, *(t.description for t in source.tasks)]
    if any(said_in(text, condition) for text in texts):
        return None  # "only women" after "... of women": read as before (asked about)
    placed = _in_place(source, texts, condition, values) or _in_its_kind(source, texts, condition)
    if placed is not None:
        return placed
    if old is not None:  # "instead of" said, and nothing of the condition's column before
        what = f"no “{old}”" if old else "nothing"
        return ask(source, condition, f"says {what} that “{condition}” could take the place of")
    earlier = earlier_comparison(texts)
    if earlier is not None and earlier_comparison([condition]) is not None:
        return ask(
            source,
            condition,
            f"already asks about “{earlier}”: “{condition}” may be meant together with it "
            "or in its place",
        )
    return with_condition(source, f"{(said['preposition'] or _ADDED_AFTER).lower()} {condition}")


def with_condition(source: ArcRun, phrase: str) -> FollowUp:
    """``source`` again with ``phrase`` added to its goal and to each of its data tasks
    (every one: "only smokers" after "average tip and average fare" narrows both), its
    question mark kept ("How many students are there for female students?")."""
    data = {t.id for t in analyst_tasks(source)}
    tasks = tuple(
        t.model_copy(update={"description": _added(t.description, phrase)}) if t.id in data else t
        for t in source.tasks
    )
    return FollowUp("same", source, _added(source.goal, phrase), tasks, phrase)


def _added(text: str, phrase: str) -> str:
    stripped = text.rstrip(" .?!")
    asked = "?" if text.rstrip().endswith("?") else ""
    return f"{stripped} {phrase}{asked}"


def _without_instead(condition: str) -> tuple[str, str | None]:
    """``condition`` without a closing "instead (of Y)", with Y ("" for none said; None
    when no "instead" is said)."""
    found = _INSTEAD.search(condition)
    if found is None or not condition[: found.start()].strip():
        return condition, None
    return condition[: found.start()].strip(), (found["old"] or "").strip()


def _a_condition(condition: str, values: ColumnValues) -> bool:
    """Whether ``condition`` reads as a condition on rows: it says a number, a code in
    brackets, a value of a column, a word for one ("women") or a text column's name
    ("smokers" of ``smoker``), and opens with no word of another kind of request."""
    low = condition.lower()
    bare = low[4:] if low.startswith("the ") else low
    if any(re.match(rf"{re.escape(w)}(?![\w-])", t) for w in _NOT_CONDITIONS for t in (low, bare)):
        return False
    if _NUMBER.search(condition) or _CODE.search(condition):
        return True
    words = _WORDS.findall(condition)
    if any(w.lower() in VALUE_WORDS for w in words) or _values_said(words, values):
        return True
    named = {t for column, _, _ in values for t in terms(column.replace("_", " ").lower())}
    return bool(named & set(terms(low)))


def _codes_held(condition: str, values: ColumnValues) -> bool:
    """Whether each code ``condition`` defines in brackets ("registered voter (RV)") is a
    value the data writes exactly so. The analyst reads the words and the code as one
    mention of that value; a code the data writes another way ("rv") or holds nowhere
    would take its defining words with it unread, and the condition be dropped unseen."""
    held = {value.strip() for _, said, _ in values for value in said}
    return all(code.strip("() ") in held for code in _CODE.findall(condition))


def _values_said(words: list[str], values: ColumnValues) -> list[str]:
    """The runs of ``words`` the data holds as a value of some column, longest first."""
    found = []
    for size in range(LONGEST_VALUE, 0, -1):
        for i in range(len(words) - size + 1):
            run = " ".join(words[i : i + size])
            if value_columns(run, values):
                found.append(run)
    return found


def _in_place(
    source: ArcRun, texts: list[str], condition: str, values: ColumnValues
) -> FollowUp | None:
    """``source`` with the one value of ``condition`` in the place of the earlier value
    of its column, when the rest of ``condition`` is words the earlier request said
    ("male students" after "female students"); asked about when the condition says more
    (both values at once would be no rows, the rest alone may not be what was meant);
    None when ``condition`` says no value of a column the earlier request named."""
    words = _WORDS.findall(condition)
    for value in _values_said(words, values):
        slot = value_slot(texts, value, values)
        if slot is None or slot[0] != "replace":
            continue
        return _swapped_or_asked(source, texts, condition, slot[1], value, "a value of its column")
    return None


def _in_its_kind(source: ArcRun, texts: list[str], condition: str) -> FollowUp | None:
    """``source`` with the year, quarter, month or compass point of ``condition`` in the
    place of the one of its kind the earlier request said ("just 2023" after "in 2022":
    both at once are no rows), when the rest of ``condition`` is words said there; asked
    about when it says more; None when it says no such word or the request none of its kind."""
    for new in _WORDS.findall(condition):
        its_kind = kind(new)
        if its_kind not in _OF_THEIR_KIND:
            continue
        for text in texts:
            for old in _WORDS.findall(text):
                if kind(old) == its_kind and old.lower() != new.lower():
                    return _swapped_or_asked(source, texts, condition, old, new, f"a {its_kind}")
    return None


def _swapped_or_asked(
    source: ArcRun, texts: list[str], condition: str, earlier: str, value: str, same: str
) -> FollowUp:
    """``source`` with ``value`` in the place of ``earlier`` (both ``same``: "a value of
    its column", "a year") when the rest of ``condition`` is words said in ``texts``;
    asked about otherwise (both at once are no rows, the rest alone may not be meant)."""
    rest = _WORDS.findall(re.sub(rf"(?<![\w-]){re.escape(value)}(?![\w-])", " ", condition))
    if all(any(said_in(text, w) for text in texts) for w in rest):
        return swapped(source, earlier, value, as_said=True)
    return ask(
        source,
        condition,
        f"asks about “{earlier}”, and “{value}” is {same} too: “{condition}” may be meant in "
        f"the place of “{earlier}” with its other words, and both at once are no rows",
    )
