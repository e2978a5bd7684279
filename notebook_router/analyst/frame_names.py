"""A frame named for what its rows count: ``rentals`` holding a ``total_rentals`` column.

The frame a question names is blanked from it, so its name links to no column. When that
name is also the word for one of the frame's number columns ("total rentals in January"
on a frame called ``rentals``), the word is the measure asked for: blanked, the question
had no column left and every column was summed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from notebook_router.analyst.column_names import is_identifier, plural_of_its_name
from notebook_router.analyst.linking import partial_column
from notebook_router.analyst.phrases import AGG_WORDS
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

if TYPE_CHECKING:  # reading imports this module
    from notebook_router.analyst.reading import Reading

_FEW_VALUES = 12
"""Whole numbers of at most this many values describe each row (a diet, a class)."""


def named_measure(frame: str, schema: Schema) -> list[str]:
    """``[frame]`` when the frame's name stands for one of its number columns (not an id:
    "patients" for ``patient_id`` still names the rows), else ``[]``."""
    if not frame.isalpha():
        return []  # "diet4", "sales_2023": a table's own name, no noun of the rows
    found = partial_column(frame, schema)
    if found is None or is_identifier(found.column):
        return []
    words = identifier_words(found.column)
    if not any(stem(frame.lower()) == stem(w) for w in words):
        return []  # "chickweight" for ``weight``: a name made of more than the column's word
    column = schema.column(found.column)
    if column.kind != "number" or (column.whole and 0 < len(column.values) <= _FEW_VALUES):
        return []  # a code of a few values (a diet, a class) describes rows, counts nothing
    if column.whole and schema.spread(found.column)[1] >= 2:
        return []  # "chicks" for ``Chick``: each chick on several rows, the rows' things
    return [frame]


def rows_said_by_name(text: str, frame: str, schema: Schema) -> str:
    """``text`` with the frame's name blanked where it surely names the rows.

    A frame named in the plural of a one-word column of whole numbers that recur (``flights``
    with each row's ``flight`` number) may mean either. It names the rows where a value
    picks them ("*JFK* flights") or a bound in a unit follows ("flights longer than 1000
    *miles*"): the unit is no flight number's. After a statistic ("total flights",
    "distinct flights"), anywhere else, and for a measure (``salaries`` of ``salary``, a
    value a row) the name is left to the readings that weigh both meanings."""
    found = partial_column(frame, schema) if frame.isalpha() else None
    if found is None or not plural_of_its_name(frame, found.column):
        return text
    distinct, _ = schema.spread(found.column)
    if not schema.column(found.column).whole or not 0 < 2 * distinct <= schema.rows:
        return text  # a measure (``salary``, mostly one row a value), not a code that recurs
    out = text
    for m in re.finditer(rf"(?<![\w.'-]){re.escape(frame.lower())}(?![\w])", text):
        before = text[: m.start()]
        if _STATISTIC_BEFORE.search(" ".join(before.split()[-2:])):
            continue  # "total flights", "distinct flights": left to the other readings
        if _value_before(before, schema) or _UNIT_BOUND_AFTER.match(text, m.end()):
            out = out[: m.start()] + " " * (m.end() - m.start()) + out[m.end() :]
    return out


_UNIT_BOUND_AFTER = re.compile(
    rf"\s+(?:[a-z]+\s+){{1,3}}?\d[\d,.]*\s+(?:{alternation(table('analysis')['units']['words'])})\b"
)
"""A bound in a unit right after the rows' name ("longer than 1000 miles")."""


_STATISTIC_BEFORE = re.compile(
    rf"\b(?:{alternation([w for words in table('analysis')['aggregations'].values() for w in words])})\b"
)


def _value_before(before: str, schema: Schema) -> bool:
    """Whether the word right before names a value of a text column ("JFK" flights, a code
    held in capitals too)."""
    words = before.split()
    if not words or schema.values is None:
        return False
    word = words[-1].strip(",;:")
    return bool(schema.values.lookup((word,)) or schema.values.code(word.upper()))


def said_frame(r: Reading) -> bool:
    """Whether the question said the frame's name (blanked from its text): "total medals
    in 2016" on ``medals`` said the table where a measure was to be named."""
    name = re.escape(r.frame.lower())
    pattern = rf"(?<![\w.']){name}(?![\w])"
    return re.search(pattern, r.question.lower()) is not None and not re.search(pattern, r.text)


EVERY_COLUMN = "no column was named, so the answer gives every number column's figure"
"""Why a statistic of no column is left out (a joined part that takes its column from the
part before drops it)."""


def every_column_unasked(r: Reading, agg: str) -> tuple[LeftOut, ...]:
    """ "total in March": a statistic of the rows picked out, of no column said. Every
    column's figure is shown, and the answer says no column was named (a later part of
    a joined question takes the earlier part's column instead, and drops this)."""
    if not r.filters:
        return ()
    return (LeftOut(AGG_WORDS.get(agg, agg), EVERY_COLUMN),)
