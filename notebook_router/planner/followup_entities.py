"""Which words of the request before a follow-up's new entity takes the place of (read by
:mod:`notebook_router.planner.followup`).

Words have kinds: a year, a quarter, a month, a compass point, a statistic, or one of
the values a column spells another way ("women" for "female"). A new entity takes the
place of a word of its own kind ("and in March?" after "in January"), a column word of
the same role ("units" for the measure "revenue", "by month" for "by region"), a phrase
of the same shape ("July 2014" for "July 2015"), or a name said after a preposition;
never a word of another kind, which names another slot: "and in January?" after "total
revenue in the North" asks the North's January (a month is no region), "and for women?"
after "average wage in the South" the South's women. With no word to take the place of,
the caller adds the entity to the request.
"""

from __future__ import annotations

import re

from notebook_router.language.lexicon import STOPWORDS, is_filler, term, terms
from notebook_router.language.value_words import VALUE_WORDS
from notebook_router.planner.followup_types import SAID

_W = SAID.either
_WORDS = re.compile(r"[\w-]+")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_QUARTER = re.compile(r"^q[1-4]$", re.IGNORECASE)
_MONTHS = SAID.words("entity.months")
_COMPASS = SAID.words("entity.compass")
_STATISTICS = SAID.words("entity.statistics")
_ONLY_OF_THEIR_KIND = frozenset({"year", "quarter", "month", "statistic"})
"""Kinds of entity that take the place of a word of their kind or of none (then added)."""

_PREPOSITION = rf"{_W('entity.name_prepositions')}\s+(?:the\s+)?"
_NAME = r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*"
_NAME_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>{_NAME})")
_NAME_INSIDE = re.compile(rf"(?<![.!?]\s)(?<!^)\b(?P<name>{_NAME})")
_ARTICLES = SAID.word_set("articles")
_WORD_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>[a-z][\w-]*)")

GROUPING = SAID.word_set("slot.grouping")
"""Words before a column that make it the group-by slot, not the measure."""
BY = re.compile(rf"^{_W('slot.new_grouping')}\s+", re.IGNORECASE)
"""How a follow-up names a new group-by ("by month")."""
_MEASURE_SAID = re.compile(
    rf"\b(?:{_W('entity.statistics')}|{_W('slot.measure_by')})\s+(?:the\s+)?(?:number\s+of\s+)?"
    rf"(?P<measure>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s+{_W('slot.measure_ends')}\b"
    r"|\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


_STATISTIC_AND_MEASURE = (
    rf"(?:(?:{_W('entity.statistics')})(?:\s+(?:the\s+)?(?:{_W('slot.measure_by')}))?"
    rf"|{_W('slot.measure_by')})\s+(?:the\s+)?(?P<measure>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
)
_MEASURE_PHRASE = re.compile(rf"^{_STATISTIC_AND_MEASURE}$", re.IGNORECASE)
_MEASURE_PHRASE_SAID = re.compile(
    rf"\b{_STATISTIC_AND_MEASURE}(?=\s+{_W('slot.measure_ends')}\b|\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


def measure_phrase(text: str) -> bool:
    """Whether ``text`` is a statistic with its measure ("average amount", "number of
    orders", "total number of tickets"): what a request computes, not a value or a group
    ("the average for North", "max per year" and "number of the" are none)."""
    found = _MEASURE_PHRASE.match(text)
    if found is None:
        return False
    measure = found.group("measure").split()
    return not any(w.lower() in STOPWORDS or w[:1].isupper() for w in measure)


def measure_slot(texts: list[str], new: str) -> str | None:
    """The statistic and measure of ``texts`` a measure phrase ``new`` takes the place of:
    "total amount" of "total amount per category in the North" for "number of orders", so
    the rows and groups asked before stay; None when ``texts`` say none or the same."""
    if not measure_phrase(new):
        return None
    measure = new.split()[-1].lower()
    for text in texts:
        for found in _MEASURE_PHRASE_SAID.finditer(text):
            said = found.group(0)
            if found.start() == 0 and term(said.split()[0].lower()) in _verbs():
                continue  # "Count the orders": a statistic opening the text is its verb
            # The same measure ("minimum temperature" after "average max temperature"):
            # only the statistic changes, and the word of its kind takes its place.
            return None if measure in said.lower().split() else said
    return None


def kind(word: str) -> str | None:
    """The kind of ``word`` ("year", "month", "compass", "statistic", "value" for "women" ...),
    None for a word of no kind known here."""
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
    return "value" if low in VALUE_WORDS else None


def phrase_kind(phrase: str) -> str | None:
    """The kind of a phrase: of its one word of a kind ("July 2014" is a month's)."""
    kinds = [k for k in (kind(w) for w in _WORDS.findall(phrase)) if k is not None]
    return kinds[0] if kinds else None


def _fits(old: str, new_kind: str | None) -> bool:
    """Whether a new entity of ``new_kind`` may take the place of ``old``: unless both
    are of a kind known here and the kinds differ ("women" is no compass point, "January"
    no region). A word of no known kind may be of any ("Europe" for "North", "winter"
    for "July"), as it was read before kinds were compared."""
    old_kind = phrase_kind(old)
    return old_kind is None or new_kind is None or old_kind == new_kind


def _verbs() -> frozenset[str]:
    # Imported here: the rules package imports the follow-up modules.
    from notebook_router.language.clauses import VERBS

    return VERBS


def old_entity(texts: list[str], new: str) -> str | None:
    """The word or name in ``texts`` that ``new`` takes the place of, if one is found."""
    one_word = kind(new)  # "July 2014" is no month: its phrase is aligned below
    if one_word is not None:
        for text in texts:
            for i, word in enumerate(_WORDS.findall(text)):
                # "Count the orders": a statistic opening the text is its verb, not its measure.
                leading_verb = i == 0 and one_word == "statistic" and term(word.lower()) in _verbs()
                if kind(word) == one_word and word.lower() != new.lower() and not leading_verb:
                    return str(word)
        if one_word in _ONLY_OF_THEIR_KIND:  # none in the run before: nothing to swap
            return None
    aligned = _aligned(texts, new)
    if aligned is not None:
        return aligned
    new_kind = phrase_kind(new)
    patterns = [_NAME_AFTER_PREPOSITION]
    if new[:1].isupper():  # "South" may take the place of a name anywhere but a sentence start
        patterns.append(_NAME_INSIDE)
    patterns.append(_WORD_AFTER_PREPOSITION)
    for pattern in patterns:
        for text in texts:
            for match in pattern.finditer(text):
                name: str = match["name"].strip(".'")
                if name and name.lower() != new.lower() and name.lower() not in _ARTICLES:
                    # The first name found is the slot it would fill: one of another kind
                    # ("the South" for "women") is another slot, and no later word is one.
                    return name if _fits(name, new_kind) else None
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
    found = kind(word)
    if found is not None:
        return found
    if any(c.isdigit() for c in word):
        return "number:" + re.sub(r"\d+", "#", word.lower())
    return "word:" + word.lower()


def column_slot(texts: list[str], new: str, columns: frozenset[str]) -> str | None:
    """The slot of ``texts`` a column named by ``new`` fills, if ``new`` names one.

    "units" takes the place of the measure ("total revenue by region" → "revenue"),
    "by month" the place of the group-by ("by region"): the first phrase of column
    words in that role that differs from ``new``.
    """
    grouping = BY.match(new)
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
            if grouping and before in GROUPING:
                whole = text[found[i - 1].start() : found[j].end()]
                if whole.lower() != new.lower():
                    return whole
            elif not grouping and before not in GROUPING and phrase.lower() != new.lower():
                return phrase
            i = j + 1
    if not grouping:  # the measure as said after its statistic: "total *home runs* for SEA"
        for text in texts:
            m = _MEASURE_SAID.search(text)
            if m and m["measure"].lower() != new.lower():
                return m["measure"]
    return None
