"""A restriction said once, before the "and", for two statistics asked side by side.

"the total qty of Toys in Newark and the average price in Reno" splits into one task per
statistic. The second names its own city ("in Reno", in the place of "in Newark") and no
category: "of Toys", said right after the first measure and before the contrasted city,
qualifies what both statistics are about, and the second task must keep it ("the average
price of Toys in Reno"). Without it the second task answers over every category, a
confident number for another question.

The grammar decides: a restriction of the first part is carried only when the second
part contrasts another restriction of the first (a value of the same column, or a number
after the same preposition) and the carried one is said before that contrasted one, as a
prepositional phrase ("of Toys", "from Acme"). A restriction said after the contrasted
one, or said with no preposition ("how many Toys ... in Newark"), may be the first
part's alone: it is not carried, and :func:`uncarried` names it so the second answer
can say it was not applied.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from notebook_router.language.clauses import Clause, decompose
from notebook_router.language.counts import count_with_no_noun
from notebook_router.language.leading_scope import leading_scope, with_scope
from notebook_router.language.lexicon import terms
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table
from notebook_router.planner.followup_values import ColumnValues, value_columns

_STATISTIC = re.compile(rf"\b(?:{alternation(table('clauses')['statistics'])})\b", re.IGNORECASE)
_PREPOSITION = re.compile(
    rf"\b(?P<prep>{phrase_table('clauses').either('qualifying')})\s+(?:the\s+)?$", re.IGNORECASE
)
_REFERS_BACK = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['back_references'])})\b", re.IGNORECASE
)
_ARTICLES = phrase_table("clauses").word_set("statistic_articles")
_WORD = re.compile(r"[\w$.-]*\w")
_NUMBER = re.compile(r"^\$?\d+(?:[.,]\d+)*$")
_LONGEST_VALUE = 3
"""The most words a value after a preposition is looked up with ("New York City")."""


@dataclass(frozen=True)
class Restriction:
    """A value said in a part of a request: "of Toys", "in 2023", or a bare "Toys"."""

    start: int
    end: int
    preposition: str
    """The preposition before the value, lower-cased; "" when said without one."""
    value: str
    columns: frozenset[str]
    """The columns holding the value; empty for a number."""

    @property
    def phrase(self) -> str:
        return f"{self.preposition} {self.value}" if self.preposition else self.value

    def pairs_with(self, other: Restriction) -> bool:
        """Whether ``other`` says the same kind of thing in its place ("in Reno" for
        "in Newark": one city column; "in 2024" for "in 2023": a number, same preposition)."""
        if self.columns and other.columns:
            return bool(self.columns & other.columns)
        numbers = not self.columns and not other.columns
        return numbers and self.preposition == other.preposition != ""


def restrictions(text: str, values: ColumnValues) -> list[Restriction]:
    """The values ``text`` says after its statistic, each with its preposition, in order."""
    found = _STATISTIC.search(text)
    if found is None:
        return []
    out: list[Restriction] = []
    words = [w for w in _WORD.finditer(text) if w.start() >= found.end()]
    i = 0
    while i < len(words):
        hit = _value_at(text, words, i, values)
        if hit is None:
            i += 1
            continue
        size, columns = hit
        start, end = words[i].start(), words[i + size - 1].end()
        lead = _PREPOSITION.search(text[found.end() : start])
        prep = ""
        if lead is not None:
            prep, start = lead["prep"].lower(), found.end() + lead.start()
        value = text[words[i].start() : end]
        out.append(Restriction(start, end, prep, value, columns))
        i += size
    return out


def _value_at(
    text: str, words: Sequence[re.Match[str]], i: int, values: ColumnValues
) -> tuple[int, frozenset[str]] | None:
    """How many words from ``words[i]`` say a value, and its columns (none for a number)."""
    if _NUMBER.match(words[i].group(0)):
        return 1, frozenset()
    if not terms(words[i].group(0).lower()):
        return None  # a function word opens no value ("of Toys" is "Toys")
    for size in range(min(_LONGEST_VALUE, len(words) - i), 0, -1):
        if not terms(words[i + size - 1].group(0).lower()):
            continue
        said = text[words[i].start() : words[i + size - 1].end()]
        columns = value_columns(said, values)
        if columns:
            return size, columns
    return None


def _statistic_phrase(text: str) -> bool:
    """Whether ``text`` is a statistic said as a noun phrase ("the average price in Reno",
    "and the average amount in 2024"): a part with no question of its own, whose
    missing words the part before it said."""
    found = _STATISTIC.search(text)
    if found is None or count_with_no_noun(text):
        return False
    lead = [w for w in text[: found.start()].lower().split() if w.strip(",") not in _ARTICLES]
    return not lead or lead == ["and"]


def _shared(
    first: str, second: str, values: ColumnValues
) -> tuple[list[Restriction], list[Restriction]]:
    """The restrictions of ``first`` that ``second`` shares, and those it may not share
    (left as they were, to be said), when ``second`` contrasts one of ``first``'s."""
    if not _statistic_phrase(second):
        return [], []
    own, theirs = restrictions(second, values), restrictions(first, values)
    if not own:
        # "the total qty of Toys and the average price": nothing contrasted, so nothing
        # tells whether "of Toys" was said for both; said, never silently dropped
        return [], theirs
    paired = [r for r in theirs if any(r.pairs_with(o) for o in own)]
    if not paired:
        return [], []
    contrasted = min(r.start for r in paired)
    rest = [r for r in theirs if r not in paired and not any(r.pairs_with(o) for o in own)]
    shared = [r for r in rest if r.preposition and r.end <= contrasted]
    return shared, [r for r in rest if r not in shared]


def carry_restrictions(
    clauses: Sequence[Clause],
    values: ColumnValues,
    about_data: Callable[[Clause], bool] = lambda _: True,
) -> list[Clause]:
    """``clauses`` with the shared restrictions of each part given to the statistic
    phrase after it ("the average price in Reno" → "the average price of Toys in Reno",
    after "the total qty of Toys in Newark"); every other clause as it was.

    >>> values = (("category", ("Toys", "Books"), True), ("city", ("Newark", "Reno"), True))
    >>> texts = ["what is the total qty of Toys in Newark", "the average price in Reno?"]
    >>> [c.text for c in carry_restrictions([Clause(t, None) for t in texts], values)]
    ['what is the total qty of Toys in Newark', 'the average price of Toys in Reno?']
    """
    out = list(clauses)
    scope = leading_scope(out[0].text) if out and about_data(out[0]) else None
    for i in range(1, len(out)):
        before, after = out[i - 1], out[i]
        if scope is not None and about_data(after) and not _REFERS_BACK.search(after.text):
            # "for high priority orders, the total amount and the average units": a scope
            # said first is the whole request's, given to every part after it
            text = with_scope(scope, after.text)
            out[i] = after = Clause(text, after.verb, after.after_previous, list(after.depends_on))
        if _REFERS_BACK.search(after.text) or not (about_data(before) and about_data(after)):
            continue
        shared, _ = _shared(before.text, after.text, values)
        if not shared:
            continue
        at = restrictions(after.text, values)[0].start
        said = " ".join(r.phrase for r in shared)
        text = f"{after.text[:at].rstrip()} {said} {after.text[at:]}"
        out[i] = Clause(text, after.verb, after.after_previous, list(after.depends_on))
    return out


def uncarried(first: str, second: str, values: ColumnValues) -> list[str]:
    """The restrictions of ``first`` that may or may not hold for ``second`` (said after
    the contrasted one, or with no preposition): the words a split answer must say it
    did not apply to ``second``."""
    return [r.value for r in _shared(first, second, values)[1]]


def not_carried(goal: str, part: str, values: ColumnValues) -> list[str]:
    """The restrictions said in ``goal`` for the part before ``part`` that were not given
    to ``part`` when ``goal`` was split (:func:`uncarried`); none when ``part`` is no
    statistic phrase split from ``goal``."""
    clauses = decompose(goal)
    given = carry_restrictions(clauses, values)
    wanted = _plain(part)
    for i in range(1, len(clauses)):
        if _plain(given[i].text) == wanted:
            return uncarried(clauses[i - 1].text, clauses[i].text, values)
    return []


def _plain(text: str) -> str:
    return " ".join(text.lower().strip(" ?.!;,").split())
