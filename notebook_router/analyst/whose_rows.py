"""Whose figure a question asks, and what ranks them: "the median weight *of rowers*",
"the weight of *the tallest* athlete".

Said last after "of", the rows a figure is of pick rows: a noun that is the doer of a
category's value ("rowers" where ``sport`` holds "Row"), or a word before the rows' noun
that nothing reads ("*basketball* players"), is a kind of row the answer did not pick. A
superlative of one quantity ("tallest": height) said of the rows ranks them by it, so the
extreme of another column ("the weight of the tallest athlete" answered with the largest
weight) answers another question. Both are named as left out, never dropped in silence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.analyst.values_read import read_as_a_value
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.phrases import in_order
from notebook_router.language.superlatives import SUPERLATIVES, holds
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

_OWNERS_ENDING = re.compile(
    rf"\b{in_order(tuple(table('accounting_grammar')['kinds']['owners']))}\s+"
    r"(?:the\s+|all\s+)?(?P<said>(?:[a-z][a-z'-]+\s+){0,2}[a-z][a-z'-]+s)\s*[?.!]?\s*$"
)
"""Whose figure it is, said at the end: "of (the) <up to two words> <plural>"."""
_PEOPLE = frozenset(table("analysis")["conditions"]["people"])
_ANY_MEASURE_ORDER = frozenset(table("phrases_statistics")["top"]["after_count"])
"""Superlatives that order any measure ("longest", "shortest"), not one quantity."""
_RANKING_WORDS = (
    frozenset(
        w for words in table("analysis")["aggregations"].values() for w in words if " " not in w
    )
    | _ANY_MEASURE_ORDER
)
"""Words that rank or aggregate ("the *longest* trips", "the *latest* orders"): no kind of row."""
_AGENT_ENDINGS = tuple(table("value_words")["verbs"]["agent_endings"])
_SHORTEST_VALUE = 3
"""A value shorter than this ("F", "No") begins too many nouns to be a kind of row said."""


def unread_owners(r: Reading, spec: Spec, unknown: Callable[[str], bool]) -> list[LeftOut]:
    """The rows a figure is said to be of, at the end of the question, when the answer
    did not pick them (module docstring); ``unknown`` says whether nothing reads a word."""
    out: list[LeftOut] = []
    frame = r.frame.lower()
    for m in _OWNERS_ENDING.finditer(r.text):
        said = m.group("said").split()
        if any(w in STOPWORDS for w in said):
            continue  # "how many of *those run* utilities": rows referred to, then a verb
        rows = said[-1]  # the rows' noun ("orders", "movies"), unless a value is in it
        if read_as_a_value(rows, spec, r.schema) or rows in _PEOPLE:
            continue
        if unknown(rows) and not frame.startswith(rows.rstrip("s")):
            held = _value_done(r, rows, spec)
            if held:
                why = f"a kind of row I did not tie to a value (such as {held!r})"
                out.append(LeftOut(" ".join(said), why))
                continue
        kinds = [
            w for w in said[:-1]
            if unknown(w) and not _in_a_condition(w, spec)
            and not read_as_a_value(w, spec, r.schema)
            and w not in SUPERLATIVES and w not in _RANKING_WORDS
        ]  # fmt: skip
        if kinds:  # "of *basketball* players": which players, though "players" are the rows
            out.append(LeftOut(" ".join(said), "a kind of row no column holds"))
    return out


def other_quantity_ranked(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "the weight of the tallest athlete" answered with the largest weight: a superlative
    that ranks by another quantity (height) than the column whose extreme was taken."""
    if spec.op != "statistic" or not spec.aggs or not set(spec.aggs) <= {"max", "min"}:
        return []
    out = []
    for word, _, end in word_spans(r.text):
        quantity = SUPERLATIVES.get(word)
        if quantity is None or word in _ANY_MEASURE_ORDER:
            continue  # "the shortest flight time": a length or a duration as well as a height
        if any(
            0 <= m.start - end <= 1 and not m.is_value and m.column in spec.columns
            for m in r.mentions
        ):
            continue  # "the heaviest body mass": said of the column measured
        if not any(holds(quantity[0], identifier_words(c)) for c in spec.columns):
            out.append(LeftOut(word, f"a ranking by {quantity[0]}, which the answer does not use"))
    return out


def _in_a_condition(word: str, spec: Spec) -> bool:
    """Whether a text condition of ``spec`` holds ``word`` ("the Batman movies": title
    contains "Batman")."""
    return any(
        word in str(v).lower()
        for f in (*spec.filters, *spec.measure, *spec.lookup)
        for v in (f.value if isinstance(f.value, tuple) else (f.value,))
    )


def _value_done(r: Reading, word: str, spec: Spec) -> str:
    """A category's value that ``word`` names the doers of ("Swim" of "swimmers", "Row"
    of "rowers"), not already a condition: the rows said are of that kind, though no value
    was read; "" for none ("articles" is no doer of "Art")."""
    for col in r.schema.columns:
        if col.kind != "category":
            continue
        for value in col.values:
            said = str(value).lower()
            if len(said) < _SHORTEST_VALUE or not said.isalpha():
                continue
            if _doer_of(word, said) and not _in_a_condition(said, spec):
                return str(value)
    return ""


def _doer_of(word: str, verb: str) -> bool:
    """Whether ``word`` is ``verb`` with an agent ending, in the plural: "rowers" of
    "row", "swimmers" of "swim" (its last letter doubled)."""
    if not word.startswith(verb):
        return False
    rest = word[len(verb) :].removesuffix("s")
    if rest[:1] == verb[-1]:
        rest = rest[1:]
    return rest in _AGENT_ENDINGS
