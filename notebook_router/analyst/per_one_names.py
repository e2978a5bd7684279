"""The "unit" of ``unit_cost``: a modifier that says a measure is per one of something.

"which warehouse holds the most units?" was ranked by the total of ``UnitCostUSD``: the
lone word "units" stood for the name's "unit", read as the thing the cost measures (as
"flipper" is of ``flipper_length_mm``). A per-one modifier before a measure word (price,
cost, weight) says how the measure is taken, never what the column holds: it names the
column only said together with its measure ("unit cost", "cost per unit", which the
name's own words match), and "units" reaches a quantity column through its everyday
words (``qty``), or nothing. The same word alone as a column's whole name (``unit``
holding "kg", "ea") labels each row's unit of measure: :func:`label_of_units`.
"""

from __future__ import annotations

from notebook_router.analyst.schema import Column, Schema
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_NAMES = table("analysis")["names"]
_PER_ONE = frozenset(stem(w) for w in _NAMES["per_one"])
_MEASURES = frozenset(_NAMES["measures"])
_AFTER = frozenset(_NAMES["per_one_after"])


def per_one_word(word: str) -> bool:
    """Whether ``word`` (lower case) is a per-one modifier's word ("unit", "units")."""
    return stem(word) in _PER_ONE


def per_one_modifier(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` (a column name's words, lower case) is a per-one modifier of
    the measure word after it ("unit" of unit, cost, usd) or says one after "per" ("unit"
    of cost, per, unit)."""
    if not (0 <= i < len(words) and per_one_word(words[i])):
        return False
    before_measure = i < len(words) - 1 and words[i + 1] in _MEASURES
    return before_measure or (i > 0 and words[i - 1] in _AFTER)


def naming_words(words: list[str]) -> list[str]:
    """A column name's words that may name what it holds: without its per-one modifiers."""
    return [w for i, w in enumerate(words) if not per_one_modifier(words, i)]


def label_of_units(col: Column, schema: Schema, written: list[str]) -> bool:
    """Whether ``col`` labels each row's unit of measure (``unit`` holding "kg", "ea")
    in a table with numbers to count: "units" said there is an amount, never those labels.
    ``written``: the words of its name as written (``UnitType`` → Unit, Type)."""
    words = [stem(w) for w in written]
    return (
        col.kind in ("category", "text")
        and bool(words)
        and all(per_one_word(w) for w in words)
        and bool(schema.of_kind("number"))
    )
