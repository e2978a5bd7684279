"""Reading a follow-up against the run before it, by rules (what the offline planner does).

A goal such as "now do the same for South" only means something next to the
previous run. :func:`follow_up` recognises these kinds and works out what to
do from the session's arc:

- **same**: "do the same for South", "what about 2023?", "do it again for
  Q3", "now for the median": the previous plan again, with the entity it was
  about swapped for the new one in its goal, its task descriptions and its
  agents' names ("North" → "South", case kept). The new entity must be one:
  at most three words, no question word, no verb, no chart ("how about a line
  chart of revenue by month?" and "again, which region ...?" are new
  requests, not an entity to swap in). Which word to swap is chosen by kind
  first (years, quarters, months, compass points, statistics such as total or
  median), then a capitalised name after "for", "in", "of" ..., then any
  capitalised name, then the word after such a preposition; with none, the new
  entity is added to the goal ("... for South"), except a statistic: "now the
  median" after a run that named none is a request of its own.
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

from notebook_router.agents.roles import ANALYST, DRAWS_TABLES, GENERALIST
from notebook_router.context.arc import ArcRun, ArcTask, ArcView
from notebook_router.language.lexicon import is_filler, term, terms
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table
from notebook_router.planner.events import DataDescribed
from notebook_router.planner.followup_answer import about_answer, of_those
from notebook_router.planner.followup_slots import (
    comparative,
    comparison_slot,
    opposite_slot,
    others,
    restriction_slot,
    which_one,
    without_pro_form,
)
from notebook_router.planner.followup_types import LEAD, SAID, FollowUp
from notebook_router.text.preview import clip

_SAID = SAID
_W = _SAID.either
_LEAD = LEAD
_SAME = re.compile(
    _LEAD + rf"(?:{_W('same.asking')}\s+)?"
    rf"(?:{_W('same.verbs')}\s+(?:(?:the\s+)?same(?:\s+{_W('same.same_what')})?|"
    rf"{_W('same.pronouns')}(?:\s+again)?|again)|(?:the\s+)?same|again|"
    rf"{_W('what_about')})\s*,?\s*(?:(?P<preposition>{_W('same.before_entity')})\s+)?(?P<new>.+?)"
    r"\s*[?.!]*$",
    re.IGNORECASE,
)
# "now for the median", "now South": "now" alone introduces a follow-up only with an
# entity after it (the check in _entity), never "now plot it".
_NOW = re.compile(
    rf"^(?:{_W('now_lead')}[\s,]+)*now[\s,]+(?P<for>for\s+)?(?P<new>.+?)\s*[?.!]*$",
    re.IGNORECASE,
)
# "and Europe?", "and in July 2014?", "and the median?": a bare "and" with an entity after it.
_AND = re.compile(
    rf"^(?:{_W('and_lead')}[\s,]+)+(?:{_W('what_about')}\s+)?"
    rf"(?:(?P<preposition>{_W('same.before_bare_entity')})\s+)?(?P<new>.+?)\s*[?.!]*$",
    re.IGNORECASE,
)
_PRESENT = re.compile(
    _LEAD + rf"(?:{_W('present.verbs')}\s+{_W('present.pronouns')}\s+)?"
    r"as\s+an?\s+(?P<kind>[\w-]+(?:\s+[\w-]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)
# A chart named as a thing ("a line chart", "the graph"), not "plot" the verb.
_CHART = re.compile(
    rf"\b{_W('present.chart_kinds')}\s+{_W('present.chart_nouns')}\b"
    rf"|\b{_W('present.chart_words')}\b",
    re.IGNORECASE,
)
_PLOTS = re.compile(rf"\b{_W('present.plotting')}\w*\b", re.IGNORECASE)
_CHART_KINDS = _SAID.words("present.kinds")

_WORDS = re.compile(r"[\w-]+")
_ENTITY_WORDS = re.compile(r"\d+(?:[.,]\d+)+|[\w-]+")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_QUARTER = re.compile(r"^q[1-4]$", re.IGNORECASE)
_MONTHS = _SAID.words("entity.months")
_COMPASS = _SAID.words("entity.compass")
_STATISTICS = _SAID.words("entity.statistics")
# Words that make the text after "what about" a question or a clause, not an entity.
_NOT_ENTITY = _SAID.word_set("entity.not_entity")
_VALUE_WORDS = frozenset(w for group in table("value_words")["groups"] for w in group)
"""Words for values a column spells another way ("women", "men"): one takes the other's place."""
ENTITY_WORDS = 3
"""The most words an entity swapped in by a follow-up has ("New York City")."""
_PREPOSITION = rf"{_W('entity.name_prepositions')}\s+(?:the\s+)?"
_NAME = r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*"
_NAME_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>{_NAME})")
_NAME_INSIDE = re.compile(rf"(?<![.!?]\s)(?<!^)\b(?P<name>{_NAME})")
_WORD_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>[a-z][\w-]*)")


_SMALL_TALK = phrase_table("small_talk")
_ACKNOWLEDGED = re.compile(
    rf"^(?:(?:{_W('lead')}|{_W('acknowledge.phrases')})[\s,!.:)]+)*"
    rf"(?:{_W('acknowledge.phrases')}|{_SMALL_TALK.either('thanks.phrases')}"
    rf"(?:\s+{_SMALL_TALK.either('thanks.more')})?|{_SMALL_TALK.either('greeting.phrases')})"
    r"[\s!.,:)]*$",
    re.IGNORECASE,
)
"""A message that only acknowledges, thanks or greets ("ok thanks", "great, got it!")."""


def column_terms(data: DataDescribed | None) -> frozenset[str]:
    """The terms of the described data's column names ("order_date" gives "order", "date")."""
    if data is None:
        return frozenset()
    return _column_terms(tuple(c for t in data.tables for c in t.columns))


@lru_cache(maxsize=32)
def _column_terms(columns: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for c in columns for w in terms(c.replace("_", " ")))


def follow_up(
    goal: str, arc: ArcView | None, columns: frozenset[str] = frozenset()
) -> FollowUp | None:
    """How ``goal`` follows the arc's latest run, or None when it stands on its own.

    ``columns`` are the terms of the data's column names: with them, a column named by
    the follow-up ("now do the same for units") takes the place of the measure the run
    before was about ("revenue"), and "by month" the place of its group-by ("by region").
    """
    if arc is None or not arc.runs:
        return None
    return _follow_up(" ".join(goal.split()), arc, columns)


@lru_cache(maxsize=64)
def _follow_up(goal: str, arc: ArcView, columns: frozenset[str]) -> FollowUp | None:
    # Cached: the rule planner asks at every decision, and the view is frozen.
    if _ACKNOWLEDGED.match(goal):  # "ok thanks": no follow-up, whatever it could fill
        return None
    answered = about_answer(goal, arc.last)
    if answered is not None:
        return answered
    # Work to redo: a run whose tasks were all the team's notes (a plan, a recalled
    # fact, a research note) is not one.
    planned = [r for r in arc.runs if any(GENERALIST not in t.roles for t in r.tasks)]
    if not planned:
        return None
    source = planned[-1]
    slotted = _slotted(goal, source, arc.last)
    if slotted is not None:
        return slotted
    present = _PRESENT.match(goal)
    if present and _presentation(present["kind"]):
        return _present(source, present["kind"].strip())
    said = _said_entity(goal)
    if said is not None:
        return _same(source, *said, columns)
    return of_those(goal, arc.last)


def _slotted(goal: str, source: ArcRun, last: ArcRun | None) -> FollowUp | None:
    """The follow-ups whose words fill a slot other than an entity's: other rows said by
    a relative clause ("and of those who exercise some?"), and which group of the last
    breakdown ranks first ("which one is highest?")."""
    texts = [source.goal, *(t.description for t in source.tasks)]
    rows = restriction_slot(goal, texts)
    if rows is not None:
        return _swapped(source, *rows)
    asked = [] if last is None else [t for t in last.tasks if ANALYST in t.roles]
    if last is not None and asked:
        question = which_one(goal, asked[-1].description)
        if question is not None:
            task = asked[-1].model_copy(update={"description": question, "depends_on": ()})
            return FollowUp("same", last, question, (task,), "which group ranks first")
    return None


def _presentation(kind: str) -> bool:
    return kind.lower().split()[-1] in _CHART_KINDS


def same_again(text: str, before: str, columns: frozenset[str] = frozenset()) -> str | None:
    """``before`` asked again for what ``text`` swaps in, when ``text`` says "the same for
    1932" / "do it again for South" (a part of one request that repeats the part before
    it); None when ``text`` is not such a part or nothing in ``before`` can be swapped."""
    new = _new_entity(text)
    if new is None:
        return None
    old = column_slot([before], new, columns) or old_entity([before], new)
    return None if old is None else substitute(before, old, new)


def _new_entity(goal: str) -> str | None:
    """The entity a "same" follow-up swaps in, or None when ``goal`` is not one."""
    said = _said_entity(goal)
    return None if said is None else said[0]


def _said_entity(goal: str) -> tuple[str, str] | None:
    """(the entity a "same" follow-up swaps in, the preposition said before it, "" for
    none), or None when ``goal`` is not one."""
    same = _SAME.match(goal)
    if same:
        new = _entity(same["new"])
        if new is not None:
            return new, (same["preposition"] or "").lower()
    now = _NOW.match(goal)
    if now:
        new = _entity(now["new"])
        # "now for X" names an entity; bare "now X" only when X is plainly one
        # (a year, a region, a statistic, a name), so "now tabulate" stays a request.
        if new is not None and (now["for"] or _kind(new) or new[:1].isupper()):
            return new, "for" if now["for"] else ""
    bare = _AND.match(goal)
    if bare:
        new = _entity(bare["new"])
        # "and Europe?", "and in 2015?": short, and plainly an entity or a kind of one
        if new is not None and (_plain_entity(new) or len(new.split()) <= 2):
            return new, (bare["preposition"] or "").lower()
    return None


def _verbs() -> frozenset[str]:
    from notebook_router.language.clauses import VERBS

    return VERBS


def _plain_entity(new: str) -> bool:
    # "and 5.5 or more?": a number is a value to swap in, as a year or a name is
    return any(
        _kind(w) or w[:1].isupper() or w.lower() in _VALUE_WORDS or w[:1].isdigit()
        for w in new.split()
    )


_ARTICLE = re.compile(rf"^{_W('articles')}\s+", re.IGNORECASE)
_ARTICLES = _SAID.word_set("articles")


def _entity(text: str) -> str | None:
    """``text`` as an entity to swap in (article dropped), or None when it is not one:
    more than three words, a question word, a verb, a chart, or nothing but filler."""
    text = text.strip(" \t?.!,;:\"'")
    text = _ARTICLE.sub("", text)
    found = _ENTITY_WORDS.findall(text)  # "5.5 or more" is three words, not four
    # "IN", "OR": a code in capitals is a name even where the word is a function word
    coded = len(found) == 1 and len(text) > 1 and text.isupper() and text.isalpha()
    if not found or len(found) > ENTITY_WORDS or not (terms(text) or coded):
        return None  # "do the same for" (nothing after), "do it again"
    if any(w.lower() in _NOT_ENTITY for w in found):
        return None
    # Imported here: the rules package imports this module.
    from notebook_router.language.clauses import VERBS

    first = found[0]
    if _kind(first) is None and term(first.lower()) in VERBS:
        return None  # "show me the total", "plot it"
    return text


# ---------------------------------------------------------------------- same


def _same(source: ArcRun, new: str, preposition: str, columns: frozenset[str]) -> FollowUp | None:
    """``source`` again for ``new`` (said after ``preposition``, "" for none) in the slot
    it fills; asked about when it fills none, or a slot of another role."""
    texts = [source.goal, *(t.description for t in source.tasks)]
    compared = comparison_slot(texts, without_pro_form(new))
    if compared is not None:  # "younger ones" after "people older than 40"
        return _swapped_or_asked(source, texts, *compared, preposition)
    if comparative(without_pro_form(new)):  # never glued in the place of another word
        return _ask(source, new, "makes no comparison of its kind for it to take the place of")
    opposite = opposite_slot(texts, new) or opposite_slot(texts, without_pro_form(new))
    if opposite is not None:  # "unmarried ones" after "married workers"
        return _swapped_or_asked(source, texts, *opposite, preposition)
    if others(new):  # "the other ones" after a value with no negated form to undo
        return _ask(source, new)
    new = without_pro_form(new)
    old = column_slot(texts, new, columns) or old_entity(texts, new)
    data_answer = any(ANALYST in t.roles for t in source.tasks)
    if old is None and _kind(new) == "statistic":
        # "now the median" after "how many airports are in TX?": no statistic to swap.
        # After a data answer, asked (a median of every column would answer nothing
        # asked); after other work, a request of its own.
        if not data_answer:
            return None
        return _ask(source, new, "names no statistic it could take the place of")
    if old is None and any(_said_in(text, new) for text in texts):
        # "what about TX?" after "how many airports are in TX?": nothing changes
        return _ask(source, new, f"already asks about “{new}”")
    if old is None:
        added = new if _BY.match(new) else f"for {new}"  # "by month" is said as it is
        goal = f"{source.goal.rstrip(' .?')} {added}"
        tasks = tuple(
            t.model_copy(update={"description": f"{t.description.rstrip(' .?')} {added}"})
            if i == 0
            else t
            for i, t in enumerate(source.tasks)
        )
        return FollowUp("same", source, goal, tasks, added)
    return _swapped_or_asked(source, texts, old, new, preposition)


def _swapped_or_asked(
    source: ArcRun, texts: list[str], old: str, new: str, preposition: str
) -> FollowUp:
    """``source`` with ``new`` in the place of ``old``, unless ``new`` was said after a
    preposition of another role than the one before ``old`` ("and to London?" after
    "flights from Paris": to London, or from Paris to London?): then asked which."""
    before = _preposition_before(texts, old)
    if not preposition or not before or _same_role(preposition, before):
        return _swapped(source, old, new)
    return _ask(
        source,
        f"{preposition} {new}",
        f"asks about “{before} {old}”, and “{preposition} {new}” is no “{before}”: it may "
        f"take the place of “{before} {old}” or be asked together with it",
    )


_ANY_ROLE = _SAID.word_set("same.any_role")
_ALIKE_ROLES = _SAID.word_set("same.alike_roles")
_SLOT_PREPOSITIONS = _SAID.word_set("same.before_bare_entity") | _SAID.word_set(
    "entity.name_prepositions"
)


def _same_role(said: str, before: str) -> bool:
    """Whether a value said after ``said`` may fill a slot said after ``before``."""
    if said == before or said in _ANY_ROLE or before in _ANY_ROLE:
        return True
    return said in _ALIKE_ROLES and before in _ALIKE_ROLES


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


def _swapped(source: ArcRun, old: str, new: str) -> FollowUp:
    """``source`` again with ``new`` in the place of ``old`` in its goal, its tasks'
    descriptions and its agents' names."""
    tasks = tuple(
        t.model_copy(
            update={
                "description": substitute(t.description, old, new),
                "agent": substitute(t.agent, old, new),
            }
        )
        for t in source.tasks
    )
    return FollowUp("same", source, substitute(source.goal, old, new), tasks, f"{old} → {new}")


def _said_in(text: str, phrase: str) -> bool:
    """Whether ``text`` says ``phrase`` as whole words (any case)."""
    return re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text, re.IGNORECASE) is not None


def _ask(source: ArcRun, new: str, why: str = "") -> FollowUp:
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


_GROUPING = _SAID.word_set("slot.grouping")
"""Words before a column that make it the group-by slot, not the measure."""
_BY = re.compile(rf"^{_W('slot.new_grouping')}\s+", re.IGNORECASE)


_MEASURE_SAID = re.compile(
    rf"\b(?:{_W('entity.statistics')}|{_W('slot.measure_by')})\s+(?:the\s+)?(?:number\s+of\s+)?"
    rf"(?P<measure>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s+{_W('slot.measure_ends')}\b"
    r"|\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


def column_slot(texts: list[str], new: str, columns: frozenset[str]) -> str | None:
    """The slot of ``texts`` a column named by ``new`` fills, if ``new`` names one.

    "units" takes the place of the measure ("total revenue by region" → "revenue"),
    "by month" the place of the group-by ("by region"): the first phrase of column
    words in that role that differs from ``new``.
    """
    grouping = _BY.match(new)
    named = terms(new[grouping.end() :] if grouping else new)
    if not columns or not named or not set(named) <= columns:
        return None
    for text in texts:
        found = list(_WORDS.finditer(text))
        i = 0
        while i < len(found):
            if term(found[i].group(0).lower()) not in columns or is_filler(
                found[i].group(0).lower()
            ):
                i += 1
                continue
            j = i
            while j + 1 < len(found) and term(found[j + 1].group(0).lower()) in columns:
                j += 1
            before = found[i - 1].group(0).lower() if i else ""
            phrase = text[found[i].start() : found[j].end()]
            if grouping and before in _GROUPING:
                whole = text[found[i - 1].start() : found[j].end()]
                if whole.lower() != new.lower():
                    return whole
            elif not grouping and before not in _GROUPING and phrase.lower() != new.lower():
                return phrase
            i = j + 1
    if not grouping:  # the measure as said after its statistic: "total *home runs* for SEA"
        for text in texts:
            m = _MEASURE_SAID.search(text)
            if m and m["measure"].lower() != new.lower():
                return m["measure"]
    return None


def old_entity(texts: list[str], new: str) -> str | None:
    """The word or name in ``texts`` that ``new`` takes the place of, if one is found."""
    kind = _kind(new)
    if kind is not None:
        for text in texts:
            for i, word in enumerate(_WORDS.findall(text)):
                # "Count the orders": a statistic opening the text is its verb, not its measure.
                leading_verb = i == 0 and kind == "statistic" and term(word.lower()) in _verbs()
                if _kind(word) == kind and word.lower() != new.lower() and not leading_verb:
                    return str(word)
        if kind in ("year", "statistic"):  # none in the run before: nothing to swap
            return None
    aligned = _aligned(texts, new)
    if aligned is not None:
        return aligned
    patterns = [_NAME_AFTER_PREPOSITION]
    if new[:1].isupper():  # "South" may take the place of a name anywhere but a sentence start
        patterns.append(_NAME_INSIDE)
    patterns.append(_WORD_AFTER_PREPOSITION)
    for pattern in patterns:
        for text in texts:
            for match in pattern.finditer(text):
                name: str = match["name"].strip(".'")
                if name and name.lower() != new.lower():
                    return name
    return None


def _aligned(texts: list[str], new: str) -> str | None:
    """The phrase of ``texts`` shaped like ``new`` that differs from it: "July 2015" for
    "July 2014", "6-cylinder" for "8-cylinder", "men" for "women" (words of one kind)."""
    wanted = [_shape(w) for w in _WORDS.findall(new)]
    new_words = [w.lower() for w in _WORDS.findall(new)]
    for text in texts:
        found = list(_WORDS.finditer(text))
        for i in range(len(found) - len(wanted) + 1):
            window = found[i : i + len(wanted)]
            said = [m.group(0).lower() for m in window]
            if said != new_words and [_shape(m.group(0)) for m in window] == wanted:
                return text[window[0].start() : window[-1].end()]
    return None


def _shape(word: str) -> str:
    """What a word is, for aligning phrases: its kind, a number's shape, or the word."""
    kind = _kind(word)
    if kind is not None:
        return kind
    if any(c.isdigit() for c in word):
        return "number:" + re.sub(r"\d+", "#", word.lower())
    if word.lower() in _VALUE_WORDS:
        return "value"
    return "word:" + word.lower()


def _kind(word: str) -> str | None:
    low = word.lower()
    if _YEAR.match(word):
        return "year"
    if _QUARTER.match(word):
        return "quarter"
    if low in _MONTHS:
        return "month"
    if low in _COMPASS:
        return "compass"
    if low in _STATISTICS:
        return "statistic"
    return None


def substitute(text: str, old: str, new: str) -> str:
    """``text`` with each whole-word ``old`` replaced by ``new``, keeping the case it had there.

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
            return new.lower()
        if found[:1].isupper():
            return new[:1].upper() + new[1:]
        return new

    return pattern.sub(cased, text)


# ------------------------------------------------------------------- present

NOTHING_TO_CHART = "nothing to chart: its result was not a table"
"""The change of a "present" follow-up of a run whose last result was no table (it has no tasks)."""


_AS_A_CHART = re.compile(r"\s+as\s+an?\s+[\w-]+(?:\s+[\w-]+)?\s*$", re.IGNORECASE)


def _present(source: ArcRun, kind: str) -> FollowUp:
    wanted = kind if kind.lower().split()[-1] in _CHART_KINDS else f"{kind} chart"
    goal = _as(_AS_A_CHART.sub("", source.goal.rstrip(" .?!")), wanted)
    tasks = list(source.tasks)
    plotting = [i for i, t in enumerate(tasks) if _PLOTS.search(t.description)]
    if not plotting and not (tasks and tasks[-1].table):
        # A single number or a text: "plotting" it would only print it again.
        return FollowUp("present", source, goal, (), NOTHING_TO_CHART)
    if not plotting and DRAWS_TABLES in tasks[-1].roles:  # it draws in its own task
        plotting = [len(tasks) - 1]  # "the total revenue by region as a bar chart"
    if plotting:
        for i in plotting:
            tasks[i] = tasks[i].model_copy(
                update={"description": _as(tasks[i].description, wanted)}
            )
    else:  # a user's agent made the table: a plotting step (their chart agent, say) draws it
        ids = {t.id for t in tasks}
        n = len(tasks) + 1
        while f"t{n}" in ids:
            n += 1
        tasks.append(
            ArcTask(
                id=f"t{n}",
                description=f"Plot the result as a {wanted}",
                agent="",
                depends_on=(tasks[-1].id,),
            )
        )
    return FollowUp("present", source, goal, tuple(tasks), f"as a {wanted}")


def _as(description: str, wanted: str) -> str:
    """``description`` asking for a ``wanted`` (a chart it names becomes that one)."""
    if _CHART.search(description):
        return _CHART.sub(wanted, description, count=1)
    return f"{description.rstrip(' .?!')} as a {wanted}"
