""" "which hour of the day has the most rentals on average?": the subject of "which" is the group.

A column of whole numbers that repeat over the rows (an hour, an age, a floor) is not
read as categories by itself: it has too many values. Said as the subject of "which",
with another number column left to measure, it is what the rows are grouped by (each
hour's mean of the rentals), not a measure of groups some other column makes. An
identifier that stands on several rows ("which customer has the most orders?" of an
orders table's customer_id) groups the rows too: its largest value is no answer. So
does a question that counts each value's rows ("which event has the most records?",
"which floor appears most often?").
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.frame_names import said_frame
from notebook_router.analyst.id_measures import rows_said
from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("which_subject")
_ROWS_COUNTED = re.compile(
    rf"\b(?:(?:{alternation(_WORDS['extremes'])})\s+(?:{alternation(_WORDS['counted_rows'])})"
    rf"|{alternation(_WORDS['often'])})\b"
)
"""The rows of each value counted: "the most records", "appears most often"."""


def which_subject(r: Reading, column: str) -> bool:
    """Whether ``column``, said right after "which", groups the rows: whole numbers that
    repeat, and some other number column is left for the statistic."""
    if r.kind(column) != "number" or (r.derived is not None and column == r.derived.name):
        return False
    if is_identifier(column):
        # "which customer has the most orders?": each customer's rows, counted or measured;
        # "which customer_id is the largest?" asks for the id itself.
        distinct, _ = r.schema.spread(column)
        if not 0 < distinct < r.schema.rows:
            return False
        others = any(c != column for c in r.remaining("number", "binary"))
        return others or said_frame(r) or rows_said(r) not in (None, column)
    described = r.schema.column(column)
    if not (described.whole and described.repeats):
        return False
    if _ROWS_COUNTED.search(r.skeleton):
        return True  # "which event has the most records?": each event's rows counted
    return any(c != column for c in r.remaining("number", "binary")) or r.derived is not None
