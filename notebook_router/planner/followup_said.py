"""What a follow-up says, read from its words alone (read by
:mod:`notebook_router.planner.followup`): the entity a "same" follow-up swaps in ("now do
the same for South", "what about 2023?", "and in January?") and the preposition said
before it, or that the message only acknowledges the answer ("ok thanks").

The new entity must be one: at most three words, no question word, no verb, no chart
("how about a line chart of revenue by month?" and "again, which region ...?" are new
requests, not an entity to swap in).
"""

from __future__ import annotations

import re

from notebook_router.language.lexicon import term, terms
from notebook_router.language.phrases import phrase_table
from notebook_router.language.value_words import VALUE_WORDS
from notebook_router.planner.followup_entities import BY, kind, measure_phrase
from notebook_router.planner.followup_types import LEAD, SAID

_W = SAID.either
_END = rf"(?:\s+{_W('swap_ends')})?\s*[?.!]*$"
"""The end of a follow-up: "instead" and the like say a swap, no part of the entity."""
_SAME = re.compile(
    LEAD + rf"(?:{_W('same.asking')}\s+)?"
    rf"(?:{_W('same.verbs')}\s+(?:(?:the\s+)?same(?:\s+{_W('same.same_what')})?|"
    rf"{_W('same.pronouns')}(?:\s+again)?|again)|(?:the\s+)?same|again|"
    rf"{_W('what_about')})\s*,?\s*(?:(?P<preposition>{_W('same.before_entity')})\s+)?(?P<new>.+?)"
    rf"{_END}",
    re.IGNORECASE,
)
# "now for the median", "now South": "now" alone introduces a follow-up only with an
# entity after it (the check in _entity), never "now plot it".
_NOW = re.compile(
    rf"^(?:{_W('now_lead')}[\s,]+)*{_W('now')}[\s,]+(?P<for>{_W('now_for')}\s+)?"
    rf"(?P<new>.+?){_END}",
    re.IGNORECASE,
)
# "and Europe?", "and in July 2014?", "and the median?": a bare "and" with an entity after it.
_AND = re.compile(
    rf"^(?:{_W('and_lead')}[\s,]+)+(?:{_W('what_about')}\s+)?"
    rf"(?:(?P<preposition>{_W('same.before_bare_entity')})\s+)?(?P<new>.+?){_END}",
    re.IGNORECASE,
)
_ENTITY_WORDS = re.compile(r"\d+(?:[.,]\d+)+|[\w-]+")
# Words that make the text after "what about" a question or a clause, not an entity.
_NOT_ENTITY = SAID.word_set("entity.not_entity")
ENTITY_WORDS = 3
"""The most words an entity swapped in by a follow-up has ("New York City")."""
_ARTICLE = re.compile(rf"^{_W('articles')}\s+", re.IGNORECASE)

_SMALL_TALK = phrase_table("small_talk")
_ACKNOWLEDGED = re.compile(
    rf"^(?:(?:{_W('lead')}|{_W('acknowledge.phrases')})[\s,!.:)]+)*"
    rf"(?:{_W('acknowledge.phrases')}|{_SMALL_TALK.either('thanks.phrases')}"
    rf"(?:\s+{_SMALL_TALK.either('thanks.more')})?|{_SMALL_TALK.either('greeting.phrases')})"
    r"[\s!.,:)]*$",
    re.IGNORECASE,
)


def acknowledged(goal: str) -> bool:
    """Whether ``goal`` only acknowledges, thanks or greets ("ok thanks", "great, got it!")."""
    return _ACKNOWLEDGED.match(goal) is not None


def new_entity(goal: str) -> str | None:
    """The entity a "same" follow-up swaps in, or None when ``goal`` is not one."""
    said = said_entity(goal)
    return None if said is None else said[0]


def said_entity(goal: str) -> tuple[str, str] | None:
    """(the entity a "same" follow-up swaps in, the preposition said before it, "" for
    none), or None when ``goal`` is not one. "Only" said with the entity ("and in 2011
    only?", "and only in 2011?") narrows the rows as the entity alone does: it is no part
    of the entity, whose kind (a year) says the slot it fills (none: it is added)."""
    said = _said_entity(goal)
    if said is None:
        return None
    new, preposition = said
    words = new.split()
    while len(words) > 1 and words[-1].lower() in _ONLY_WORDS:  # "2011 only"
        words.pop()
    if len(words) > 1 and words[0].lower() in _ONLY_WORDS:  # "only in 2011"
        words.pop(0)
        if len(words) > 1 and words[0].lower() in _BARE_PREPOSITIONS:
            preposition = preposition or words.pop(0).lower()
    return " ".join(words), preposition


_ONLY_WORDS = phrase_table("followup_rows").word_set("only.words")
_BARE_PREPOSITIONS = SAID.word_set("same.before_bare_entity")


def _said_entity(goal: str) -> tuple[str, str] | None:
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
        # "now by neighborhood" names a new group-by.
        if new is not None and (
            now["for"]
            or kind(new)
            or new[:1].isupper()
            or BY.match(new) is not None
            or measure_phrase(new)  # "now the number of orders"
        ):
            return new, " ".join(now["for"].split()).lower() if now["for"] else ""
    bare = _AND.match(goal)
    if bare:
        new = _entity(bare["new"])
        # "and Europe?", "and in 2015?": short, and plainly an entity or a kind of one
        if new is not None and (_plain_entity(new) or len(new.split()) <= 2 or measure_phrase(new)):
            return new, (bare["preposition"] or "").lower()
    return None


def _plain_entity(new: str) -> bool:
    # "and 5.5 or more?": a number is a value to swap in, as a year or a name is
    return any(
        kind(w) or w[:1].isupper() or w.lower() in VALUE_WORDS or w[:1].isdigit()
        for w in new.split()
    )


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
    if kind(first) is None and term(first.lower()) in VERBS:
        return None  # "show me the total", "plot it"
    return text
