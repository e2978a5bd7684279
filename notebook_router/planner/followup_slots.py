"""The slot a follow-up's words fill in the request before it, for the shapes that are
no plain entity swap (read by :mod:`notebook_router.planner.followup`).

- **the opposite value**: "what about unmarried ones?" after "average wage of married
  workers" puts "unmarried" where "married" was ("average wage of unmarried workers"),
  and "the other ones" after "unmarried workers" puts "married" back; "ones" stands for
  the noun the earlier request named and is not swapped in.
- **the rows, by a relative clause**: "and of those who exercise some?" after "average
  pulse of students who exercise frequently" puts "who exercise some" where "who
  exercise frequently" was (the same question of other rows, not a question about the
  earlier rows).
- **which group ranks first**: "which one is highest?" after "average seats by
  manufacturer" asks "Which manufacturer has the highest average seats?", and "which
  department has the most?" after "count employees by department" ranks by that count
  ("Which department has the highest number of employees?").

Each returns None when its shape is not said or the request before has no such slot:
the caller then reads the follow-up another way, or asks.
"""

from __future__ import annotations

import re

from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("followups")
_W = _SAID.either
_PREFIXES = _SAID.words("opposite.prefixes")
_PRO_FORM = re.compile(rf"\s+{_W('opposite.pro_forms')}$", re.IGNORECASE)
_OTHERS = re.compile(rf"^(?:the\s+)?{_W('opposite.others')}$", re.IGNORECASE)
SHORTEST_STEM = 3
"""The fewest letters left after a negating prefix for it to be one ("unit" is no "un-it")."""


def without_pro_form(entity: str) -> str:
    """``entity`` without a trailing "ones"/"one" that stands for the earlier noun
    ("unmarried ones" → "unmarried"); unchanged when nothing would be left."""
    dropped = _PRO_FORM.sub("", entity)
    return dropped if dropped.strip() else entity


def others(entity: str) -> bool:
    """Whether ``entity`` is "the other ones", "the rest": the other value of a filter."""
    return _OTHERS.match(entity.strip()) is not None


def opposite_slot(texts: list[str], new: str) -> tuple[str, str] | None:
    """(what ``new`` replaces in ``texts``, what goes in its place) when ``new`` says the
    opposite of a word there: "unmarried" of "married", "married" of "unmarried", "the
    other ones" of "unmarried" ("married"); None when it says no such opposite."""
    if others(new):
        for text in texts:  # "the others" after a negated value: the value itself
            for prefix in _PREFIXES:
                found = _negated_word(prefix).search(text)
                if found is not None:
                    return found.group(0), found["stem"]
        return None
    low = new.lower()
    for prefix in _PREFIXES:  # "unmarried" where the run before said "married"
        if low.startswith(prefix) and len(low) - len(prefix) >= SHORTEST_STEM:
            stem = new[len(prefix) :].strip()
            said = _whole(stem).search(" ".join(texts))
            if said is not None and " " not in stem:
                return said.group(0), new
    for prefix in _PREFIXES:  # "married" where the run before said "unmarried"
        for text in texts:
            found = _negated(prefix, new).search(text)
            if found is not None:
                return found.group(0), new
    return None


def _whole(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)


def _negated(prefix: str, stem: str) -> re.Pattern[str]:
    said = re.escape(prefix).replace(r"\ ", r"\s+")
    return re.compile(rf"(?<![\w-]){said}{re.escape(stem)}(?![\w-])", re.IGNORECASE)


def _negated_word(prefix: str) -> re.Pattern[str]:
    said = re.escape(prefix).replace(r"\ ", r"\s+")
    return re.compile(
        rf"(?<![\w-]){said}(?P<stem>[a-z][\w-]{{{SHORTEST_STEM - 1},}})(?![\w-])", re.IGNORECASE
    )


# ------------------------------------------------------------ rows by a relative clause

_RELATIVE = _W("restriction.relatives")
_RESTRICTION = re.compile(
    rf"^(?:{_W('restriction.lead')}[\s,]+)*(?:{_W('restriction.prepositions')}\s+)?"
    rf"{_W('restriction.heads')}\s+(?P<clause>{_RELATIVE}\s+[^?!.;,]+?)\s*[?.!]*$",
    re.IGNORECASE,
)
_CLAUSE_AT_END = re.compile(rf"\b(?P<clause>{_RELATIVE}\s+[^?!.;,]+?)\s*[?.!]*$", re.IGNORECASE)


_NEGATION = phrase_table("negation")  # the one table of negations, the analyst's too
_DO_NEGATIONS = _NEGATION.word_set("do_negations")
_NEGATIONS = _DO_NEGATIONS | _NEGATION.word_set("aux_negations")
_AUXILIARIES = _NEGATION.word_set("auxiliaries")
_NEGATION_FIRST = re.compile(
    rf"^(?P<negation>{_NEGATION.either('do_negations')}|{_NEGATION.either('aux_negations')})\s+",
    re.IGNORECASE,
)
_RELATIVE_FIRST = re.compile(rf"^(?P<relative>{_RELATIVE})\s+(?P<rest>.+)$", re.IGNORECASE)


def restriction_slot(goal: str, texts: list[str]) -> tuple[str, str] | None:
    """(the earlier relative clause, the new one) when ``goal`` says only other rows by
    a relative clause ("and of those who exercise some?") and the request before ends
    with one ("... of students who exercise frequently"); else None. A clause that only
    negates or affirms ("those who don't?", "those who do?") is the earlier one negated
    ("who don't smoke") or affirmed ("who smoke")."""
    said = _RESTRICTION.match(goal.strip())
    if said is None:
        return None
    for text in texts:
        found = _CLAUSE_AT_END.search(text)
        if found is None:
            continue
        old = found["clause"].strip()
        new = _completed(said["clause"].strip(), old)
        if new is not None and new.lower() != old.lower():
            return old, new
    return None


def _in_full(negation: str) -> str:
    """An auxiliary's contracted negation spelled out ("aren't" → "are not", "don't" →
    "do not"), the form every reader of the question takes for a negation; any other as
    said ("can't", "never")."""
    base = negation[:-3] if negation.lower().endswith("n't") else ""
    return f"{base} not" if base.lower() in _AUXILIARIES else negation


def _completed(new: str, old: str) -> str | None:
    """``new`` with the verb phrase of ``old`` when it leaves it out ("who don't" after
    "who smoke" is "who don't smoke"); ``new`` as it is when it says one of its own; None
    when it only affirms a clause that was not negated."""
    said, before = _RELATIVE_FIRST.match(new), _RELATIVE_FIRST.match(old)
    if said is None or before is None:
        return new
    relative, rest = said["relative"], " ".join(said["rest"].split())
    earlier = before["rest"]
    if rest.lower() in _NEGATIONS:  # "who don't": the earlier verb phrase, negated
        first, _, after = earlier.partition(" ")
        phrase = after if first.lower() in _AUXILIARIES and after else earlier
        return f"{relative} {_in_full(rest)} {phrase}"
    if rest.lower() in _AUXILIARIES:  # "who do": the earlier verb phrase, not negated
        negated = _NEGATION_FIRST.match(earlier)
        if negated is None:
            return None
        phrase = earlier[negated.end() :]
        if negated["negation"].lower() in _DO_NEGATIONS:
            return f"{relative} {phrase}"
        return f"{relative} {rest} {phrase}"
    return new


# ------------------------------------------------------------- which group ranks first

_WHICH_ONE = re.compile(
    rf"^(?:{_W('restriction.lead')}[\s,]+)*{_W('which_one.subjects')}\s+"
    rf"{_W('which_one.verbs')}\s+(?:the\s+)?(?P<extreme>{_W('which_one.extremes')})\s*[?.!]*$",
    re.IGNORECASE,
)
_BREAKDOWN = re.compile(
    rf"^(?:the\s+)?(?P<what>{_W('which_one.statistics')}\s+[\w\s-]+?)\s+{_W('slot.new_grouping')}\s+"
    r"(?P<group>[\w-]+(?:\s+[\w-]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)


_COUNT_BREAKDOWN = re.compile(
    rf"^{_W('which_one.counts')}\s+(?P<rows>[\w\s-]+?)\s+{_W('slot.new_grouping')}\s+"
    r"(?P<group>[\w-]+(?:\s+[\w-]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)
_COUNT_MOST = _SAID.word_set("which_one.count_most")
_COUNT_LEAST = _SAID.word_set("which_one.count_least")
_WHICH_GROUP = re.compile(
    rf"^(?:{_W('restriction.lead')}[\s,]+)*{_W('which_one.which')}\s+(?P<group>[\w-]+(?:\s+[\w-]+)?)\s+"
    rf"{_W('which_one.verbs')}\s+(?:the\s+)?(?P<extreme>{_W('which_one.extremes')})\s*[?.!]*$",
    re.IGNORECASE,
)
_STATISTIC_ASKED = re.compile(
    rf"^(?:the\s+)?(?P<what>{_W('which_one.statistics')}\s+[^?!.;]+?)\s*[?.!]*$", re.IGNORECASE
)


def which_one(goal: str, earlier: str) -> str | None:
    """The question "which one is highest?" asks after the breakdown ``earlier``
    ("average seats by manufacturer" → "Which manufacturer has the highest average
    seats?"), and "which building has the highest?" after a statistic of some rows
    ("average kwh of electric meters" → "Which building has the highest average kwh of
    electric meters?": the same statistic of the same rows, by the group it names, never
    a count of rows); None when ``goal`` is no such question or ``earlier`` no such
    statistic."""
    asked = _WHICH_ONE.match(goal.strip())
    counted = _COUNT_BREAKDOWN.match(earlier.strip())
    ranked = asked or _WHICH_GROUP.match(goal.strip())
    if counted is not None and ranked is not None:  # the count is the statistic
        group = counted["group"] if asked is not None else ranked["group"]
        return _ranked(group, _count_extreme(ranked["extreme"]), f"number of {counted['rows']}")
    breakdown = _BREAKDOWN.match(earlier.strip())
    if asked is not None and breakdown is not None:
        return _ranked(breakdown["group"], asked["extreme"], breakdown["what"])
    named = _WHICH_GROUP.match(goal.strip())
    if asked is not None or named is None:
        return None
    if breakdown is not None:
        return _ranked(named["group"], named["extreme"], breakdown["what"])
    statistic = _STATISTIC_ASKED.match(earlier.strip())
    if statistic is None:
        return None
    return _ranked(named["group"], named["extreme"], statistic["what"])


def which_group(goal: str) -> str | None:
    """The group ``goal`` asks to rank with no measure of its own ("which building has
    the highest?" → "building"); None for another question or "which one is ...?"."""
    if _WHICH_ONE.match(goal.strip()) is not None:
        return None
    named = _WHICH_GROUP.match(goal.strip())
    return None if named is None else named["group"]


_COUNT_EXTREMES = _SAID.words("which_one.count_extremes")


def ranked_extreme(texts: list[str], new: str) -> tuple[str, str] | None:
    """ "and the fewest?" after "Which carrier has the highest number of flights?": the
    ranking's extreme said in its place (old, new), or None when ``new`` is no count's
    extreme or no text ranks by a count."""
    words = new.lower().split()
    word = words[-1] if words else ""
    if word not in _COUNT_MOST | _COUNT_LEAST and word not in _COUNT_EXTREMES:
        return None
    wanted = _count_extreme(word)
    for text in texts:
        for extreme in _COUNT_EXTREMES:
            said = re.search(rf"\b{extreme}\s+{_W('which_one.counts')}\b", text, re.IGNORECASE)
            if said is not None:
                return (extreme, wanted) if extreme != wanted else None
    return None


def _count_extreme(extreme: str) -> str:
    """``extreme`` as said of a number of rows ("most" → "highest")."""
    low = extreme.lower()
    return "highest" if low in _COUNT_MOST else "lowest" if low in _COUNT_LEAST else low


def _ranked(group: str, extreme: str, what: str) -> str:
    what = what.strip()
    what = what[:1].lower() + what[1:]  # "Average seats by ..." is said mid-sentence
    return f"Which {group} has the {extreme.lower()} {what}?"
