""" "who has the highest total amount?": a question asking for a person is answered from
a column of people.

A table of sales may name each row's ``product`` and its ``customer``; both are labels,
and the first in the table used to answer "who ..." ("hat has the highest total amount").
"who", "whom" and "whose" ask for a person, so a column whose name says it holds people
(``customer``, ``rep_name``, ``EmployeeName``; the nouns are in ``row_labels.toml``) or
a name (``name``, ``full_name``) comes first, in the table's order (``name`` before
``manager`` in a table of staff), then the usual labels. A question that asks no "who"
keeps the usual labels.

When two columns name people of the same standing (a sale's ``customer`` and its
``salesperson``, both repeating; or two that each name one row) and the question names
neither, "who" may mean either: the answer from the first is kept and marked partial,
naming the other column, never presented as the only reading. A column that is only a
name (``name``, ``first_name``) is the row's own person, so it never competes with a
kind of person (``manager``) that repeats.
"""

from __future__ import annotations

import re

from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_PEOPLE = table("row_labels")["people"]
_WHO = re.compile(rf"\b(?:{alternation(_PEOPLE['asked'])})\b")
_NOUNS = frozenset(stem(w) for w in _PEOPLE["nouns"])
_NAMES = frozenset(_PEOPLE["names"])


def asks_who(r: Reading) -> bool:
    """Whether the question asks for a person ("who", "whom", "whose")."""
    return _WHO.search(r.text.lower()) is not None


def people_columns(r: Reading, columns: list[str]) -> list[str]:
    """Those of ``columns`` that name people, in the table's order, when the question
    asks "who" (module docstring); none otherwise."""
    return [c for c in columns if names_people(c)] if asks_who(r) else []


def names_people(column: str) -> bool:
    """Whether ``column``'s name says it holds people: a kind of person (``customer``,
    ``rep_name``) or a name (``name``, ``full_name``)."""
    words = [w.lower() for w in identifier_words(column)]
    return _kind_of_person(column) or any(w in _NAMES for w in words)


def other_people(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "who" answered from one column of people while another of the same standing could
    be meant and the question names neither (module docstring): that other column, as
    what the answer did not use."""
    answered = _answering_column(spec)
    if not answered or not asks_who(r) or not names_people(answered):
        return []
    named = set(r.mentioned())
    if answered in named:
        return []
    standing = tells_rows_apart(r, answered)
    others = [
        c for c in r.schema.of_kind("text", "category")
        if c != answered and _kind_of_person(c) and tells_rows_apart(r, c) == standing
    ]  # fmt: skip
    if not others or named & set(others):
        return []
    said = _WHO.search(r.text.lower())
    assert said is not None  # asks_who found it
    why = (
        f"it may mean {' or '.join(others)} as well; I answered with {answered}: ask "
        f'"which {others[0]} ..." for the other'
    )
    return [LeftOut(said.group(0), why)]


def _answering_column(spec: Spec) -> str:
    """The column whose values the answer names: the ranked groups, or the picked row's
    label."""
    if spec.op == "groupby" and len(spec.group_by) == 1:
        return spec.group_by[0]
    return spec.label_column


def _kind_of_person(column: str) -> bool:
    """Whether ``column``'s name says which kind of person it holds (``customer``,
    ``rep_name``), not only that it is a name."""
    return any(stem(w.lower()) in _NOUNS for w in identifier_words(column))
