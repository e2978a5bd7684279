"""The slot a follow-up's word fills, decided by the data (read by
:mod:`notebook_router.planner.followup`).

A word that is a value of a column ("Marketing", "phones", "women") fills that column's
slot: when the request before named a value of the same column ("engineers" for
``department == "Engineering"``), the new word takes its place; when it named none
("median salary in Austin", then "what about women?"), the new word is added as a
filter of its own, keeping what was there. Kinds of words alone cannot tell these apart:
"Marketing" and "Austin" are both names said after "in".

The values are the data's own: the most common values of each text column, as the
run's first hop described them (:class:`~notebook_router.planner.events.DataTable`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from notebook_router.language.lexicon import terms
from notebook_router.language.stems import forms
from notebook_router.language.value_words import VALUE_GROUPS
from notebook_router.planner.events import DataDescribed
from notebook_router.planner.followup_entities import kind

ColumnValues = tuple[tuple[str, tuple[str, ...], bool], ...]
"""Each text column's name with its most common values, in the order described, and
whether those are all its values (a rare value is not described)."""

_WORDS = re.compile(r"[\w-]+")
_LONGEST_VALUE = 3
"""The most words a value said in a request is looked up with ("United States of")."""


def column_values(data: DataDescribed | None) -> ColumnValues:
    """The described data's text columns with their most common values."""
    if data is None:
        return ()
    return tuple(pair for t in data.tables for pair in t.column_values)


def flag_columns(data: DataDescribed | None) -> frozenset[str]:
    """The described data's yes/no columns, by name."""
    return frozenset() if data is None else frozenset(c for t in data.tables for c in t.flags)


def flag_slot(texts: list[str], new: str, flags: frozenset[str]) -> str | None:
    """The yes/no column the request before picked its rows by, as said, when ``new``
    names another yes/no column: "Animation" takes the place of "Action" in "average
    rating of Action movies", "dramas" of "comedies" (``Drama``, ``Comedy``), never of
    the measure. A column's name as written (``Short``) is found before the same word in
    lower case or the plural (the word "short" of "short Action movies")."""
    named = _flag_named(new.strip(), flags, "any")
    if named is None:
        return None
    for how in _FORMS:  # as written, then a plural ("comedies"), then in lower case
        for text in texts:
            for m in _WORDS.finditer(text):
                flag = _flag_named(m.group(0), flags, how)
                if flag is not None and flag != named:
                    return m.group(0)
    return None


_FORMS = ("written", "plural", "lower")


def _flag_named(word: str, flags: frozenset[str], how: str) -> str | None:
    """The yes/no column ``word`` names ``how``: as ``written``, in the ``plural``
    ("comedies" of ``Comedy``), in ``lower`` case ("short" of ``Short``), or ``any``."""
    if word in flags:
        return word
    low = word.lower()
    for flag in sorted(flags):
        name = flag.lower()
        said = low in forms(name)
        if (how == "any" and said) or (how == "plural" and said and low != name):
            return flag
        if how == "lower" and low == name:
            return flag
    return None


def _term_forms(said: str) -> set[tuple[str, ...]]:
    """The ways ``said`` may be written as a column's value, as terms ("women" is
    also "female")."""
    low = said.lower()
    out = {tuple(terms(low))}
    for group in VALUE_GROUPS:  # "women" and "female" say one value
        if low in group:
            out |= {tuple(terms(w)) for w in group}
    return {s for s in out if s}


@lru_cache(maxsize=128)
def _index(values: ColumnValues) -> dict[tuple[str, ...], frozenset[str]]:
    """Each value, as terms, with the columns that hold it."""
    found: dict[tuple[str, ...], set[str]] = {}
    for column, said, _ in values:
        for value in said:
            key = tuple(terms(value.lower()))
            if key:
                found.setdefault(key, set()).add(column)
    return {k: frozenset(v) for k, v in found.items()}


@lru_cache(maxsize=128)
def _exact_index(values: ColumnValues) -> dict[str, frozenset[str]]:
    """Each value that reads as no terms ("IT", "US": everyday words when lower-cased)
    with the columns that hold it, as the data writes it. Only a value that is not all
    lower case is kept: "IT" said in a request is the department, "it" is not."""
    found: dict[str, set[str]] = {}
    for column, said, _ in values:
        for value in said:
            value = value.strip()
            if value and value != value.lower() and not terms(value.lower()):
                found.setdefault(value, set()).add(column)
    return {k: frozenset(v) for k, v in found.items()}


def value_columns(said: str, values: ColumnValues) -> frozenset[str]:
    """The columns that hold ``said`` as a value ("phones" → product, for "Phone"; "IT"
    → department, matched as the data writes it)."""
    index = _index(values)
    by_terms = {c for s in _term_forms(said) for c in index.get(s, ())}
    return frozenset(by_terms | _exact_index(values).get(said.strip(), frozenset()))


def value_slot(texts: Iterable[str], new: str, values: ColumnValues) -> tuple[str, str] | None:
    """Where ``new`` goes in ``texts``, when the data holds it as a value of one column:
    ("replace", the words that said a value of that column) or ("add", "") when they
    said none; None when ``new`` is no value of exactly one column (the caller reads it
    another way) or is said there already."""
    columns = value_columns(new, values)
    if len(columns) != 1:
        return None
    new_terms = _term_forms(new)
    for phrase in _phrases(texts, values):
        if phrase == new.strip() or _term_forms(phrase) & new_terms:
            return None  # already asked about: the caller says so
        if value_columns(phrase, values) == columns:
            return "replace", phrase
    return "add", ""


def same_column(texts: Iterable[str], new: str, values: ColumnValues) -> list[str]:
    """The words of ``texts`` that say a value of the one column that holds ``new``
    ("Austin" and "Seattle" of "in Austin and in Seattle", for "Dallas")."""
    columns = value_columns(new, values)
    if len(columns) != 1:
        return []
    found = (p for p in _phrases(texts, values) if value_columns(p, values) == columns)
    return list(dict.fromkeys(found))


def _phrases(texts: Iterable[str], values: ColumnValues) -> Iterator[str]:
    """The runs of words of ``texts`` that may say a value, longest first in each text;
    a run that starts or ends with a function word is skipped ("of engineers in" is
    "engineers": the value, not its prepositions) unless the data writes it so ("IT")."""
    exact = _exact_index(values)
    for text in texts:
        words = list(_WORDS.finditer(text))
        for size in range(_LONGEST_VALUE, 0, -1):
            for i in range(len(words) - size + 1):
                first, last = words[i].group(0), words[i + size - 1].group(0)
                phrase = text[words[i].start() : words[i + size - 1].end()]
                if phrase in exact:
                    yield phrase
                elif terms(first.lower()) and terms(last.lower()) and kind(phrase) != "statistic":
                    # (not "mean": the statistic, though a value "average" shares its term)
                    yield phrase


def value_of_group(texts: Iterable[str], group: str, values: ColumnValues) -> str:
    """The words of ``texts`` that say a value of the column ``group`` names ("Sales" in
    "average salary in Sales", for "department"); "" when they say none. A ranking by
    that column inside those rows would rank that one value alone."""
    named = set(terms(group.lower()))
    held = {c for c, _, _ in values if named and named <= set(terms(c.replace("_", " ").lower()))}
    if not held:
        return ""
    return next((p for p in _phrases(texts, values) if value_columns(p, values) & held), "")


def other_column(said: str, new: str, values: ColumnValues) -> bool:
    """Whether the data holds ``said`` as a value only of columns that cannot hold ``new``
    ("Austin" of a city column whose values are all known and none is "women"). A column
    described by its most common values alone may hold ``new`` among its rare ones."""
    held = value_columns(said, values)
    complete = {column for column, _, whole in values if whole}
    return bool(held) and held <= complete and not held & value_columns(new, values)


def not_held(said: str, new: str, values: ColumnValues) -> bool:
    """Whether ``new`` would take the place of ``said``, a value of columns whose values
    are all known, while the data holds ``new`` in no column ("大阪" after "in Austin",
    no city of the table): put in its place, the filter would match no row or be dropped."""
    held = value_columns(said, values)
    complete = {column for column, _, whole in values if whole}
    return bool(held) and held <= complete and not value_columns(new, values)


_SHORTEST_BASE = 3
"""The fewest letters of a word a plural is read from ("is" is no plural of "i")."""


def _plural(word: str) -> bool:
    """Whether ``word`` is the plural of a word ("movies", "comedies"; not "sold")."""
    low = word.lower()
    bases = (low[:-1], low[:-2], low[:-3] + "y")
    return any(len(b) >= _SHORTEST_BASE and low != b and low in forms(b) for b in bases)


def with_its_noun(texts: Iterable[str], old: str, new: str) -> str:
    """``old`` with the plural noun said after it when ``new`` is a plural standing for
    both: "comedies" after "horror movies" takes the place of "horror movies" ("how many
    comedies are there?", never "comedies movies"); ``old`` otherwise ("comedy" after
    "horror movies" is "comedy movies", "phones" after "laptops sold" is "phones sold")."""
    if not _plural(new) or _plural(old):
        return old
    for text in texts:
        found = re.search(rf"(?<![\w-]){re.escape(old)}\s+(?P<noun>[\w-]+)", text, re.IGNORECASE)
        if found is not None:
            return f"{old} {found['noun']}" if _plural(found["noun"]) else old
    return old
