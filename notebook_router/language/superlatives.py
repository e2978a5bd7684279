"""Superlatives that name the quantity they rank: "oldest" ranks by age, "tallest" by height.

The words are data (``data/superlative_measures.toml``). The analyst reads them to pick
a row or rank groups; the planner reads them to know that "who is the oldest?" asks
about a table with an ``age`` column, though it names no column.
"""

from __future__ import annotations

from collections.abc import Iterable

from notebook_router.language.tables import table

_MEASURES = table("superlative_measures")["measures"]

SUPERLATIVES: dict[str, tuple[str, bool]] = {
    word: (quantity, end == "min")
    for quantity, ends in _MEASURES.items()
    for end in ("max", "min")
    for word in ends.get(end, ())
}
"""Each superlative: the quantity it ranks and whether it is the smallest value."""

QUANTITY_WORDS: dict[str, frozenset[str]] = {
    quantity: frozenset((quantity, *ends.get("also", ()))) for quantity, ends in _MEASURES.items()
}
"""The words of a column's name that hold each quantity ("temperature", "temp")."""

_SHORT_FORMS: dict[str, str] = table("column_words")["short_forms"]
"""Column names too short to read as words, with the word each shortens (``ht``: height)."""


def holds(quantity: str, words: Iterable[str]) -> bool:
    """Whether a column whose name has ``words`` holds ``quantity`` (``age_years`` holds
    age; ``ht`` height as a whole name, but not ``ht_goals``, a half-time score)."""
    said = {w.lower() for w in words}
    if QUANTITY_WORDS[quantity] & said:
        return True
    return len(said) == 1 and _SHORT_FORMS.get(next(iter(said))) == quantity


def superlatives_of(words: Iterable[str]) -> frozenset[str]:
    """The superlatives whose quantity is one of ``words`` (the words of a column's name:
    ``age_years`` gives "oldest", "eldest" and "youngest")."""
    held = list(words)
    return frozenset(w for w, (quantity, _) in SUPERLATIVES.items() if holds(quantity, held))
