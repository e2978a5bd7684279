""" "who has the highest total amount?": a question asking for a person is answered from
a column of people.

A table of sales may name each row's ``product`` and its ``customer``; both are labels,
and the first in the table used to answer "who ..." ("hat has the highest total amount").
"who", "whom" and "whose" ask for a person, so a column whose name says it holds people
(``customer``, ``rep_name``, ``EmployeeName``; the nouns are in ``row_labels.toml``) or
a name (``name``, ``full_name``) comes first, in the table's order (``name`` before
``manager`` in a table of staff), then the usual labels. A question that asks no "who"
keeps the usual labels.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
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
    return any(stem(w) in _NOUNS or w in _NAMES for w in words)
