"""Whether a column's name is a question's word with a prefix that makes another word.

"admitted" is part of ``readmitted``, "paid" of ``prepaid`` and ``unpaid``, "sold" of
``resold``: the name is the word with a prefix that changes its meaning (again, before,
not), so the word names something else than the column ("how many patients were
admitted" counts every admission, not the readmissions). A name's first letters that are
no such prefix ("P" of ``Pclass``) still let its last word stand for it. A yes/no column
whose name negates the word ("employed" beside ``unemployed``, "paid" beside ``unpaid``)
is named by its "no" side. The prefixes live in ``language/data/word_prefixes.toml`` and
``language/data/negation.toml``.
"""

from __future__ import annotations

from typing import Any

from notebook_router.analyst.schema import Column
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_PREFIXES: frozenset[str] = frozenset(table("word_prefixes")["meaning_prefixes"])


def is_prefix(part: str) -> bool:
    """Whether ``part`` (a word of a name, lower case) is a prefix that makes another word."""
    return part in _PREFIXES


def prefixed_word(name: str, word: str) -> bool:
    """Whether ``name`` (a name's words run together, lower case) is ``word`` with a
    meaning prefix in front ("readmitted" of "admitted", "unpaid" of "paid")."""
    return len(name) > len(word) and name.endswith(word) and is_prefix(name[: -len(word)])


_UNSURE = frozenset(table("word_prefixes")["unsure_negations"])
_NEGATING: tuple[str, ...] = tuple(
    dict.fromkeys(p.rstrip("-") for p in table("negation")["prefixes"] if p not in _UNSURE)
)
"""Prefixes that negate the word they begin ("un" of "unemployed", "non" of "nonsmoker"),
not those as often part of another word ("in" of "inpatient")."""
_CONDITIONS = table("analysis")["conditions"]
_YES = frozenset(_CONDITIONS["yes"])
_NO = frozenset(_CONDITIONS["no"])


def no_side(column: Column) -> Any:
    """A yes/no column's "no" value (0, False, "no", "N"...), or None for any other column."""
    values = column.values
    if len(values) != 2:
        return None
    if column.kind == "binary":
        return values[0]
    said = [str(v).strip().lower() for v in values]
    for i, word in enumerate(said):
        if word in _YES and said[1 - i] in _NO:
            return values[1 - i]
    return None


def unnegated(name: str, word: str) -> bool:
    """Whether ``name`` (a name's words run together, lower case) is ``word`` with a
    negating prefix ("unemployed" of "employed", "nonsmoker" of "smokers")."""
    for prefix in _NEGATING:
        rest = name[len(prefix) :]
        if name.startswith(prefix) and len(rest) >= 3 and stem(rest) == stem(word):
            return True
    return False
