""" "which hour of the day has the most rentals on average?": the subject of "which" is the group.

A column of whole numbers that repeat over the rows (an hour, an age, a floor) is not
read as categories by itself: it has too many values. Said as the subject of "which",
with another number column left to measure, it is what the rows are grouped by (each
hour's mean of the rentals), not a measure of groups some other column makes.
"""

from __future__ import annotations

from notebook_router.analyst.reading import Reading


def which_subject(r: Reading, column: str) -> bool:
    """Whether ``column``, said right after "which", groups the rows: whole numbers that
    repeat, and some other number column is left for the statistic."""
    if r.kind(column) != "number" or (r.derived is not None and column == r.derived.name):
        return False
    described = r.schema.column(column)
    if not (described.whole and described.repeats):
        return False
    return any(c != column for c in r.remaining("number", "binary")) or r.derived is not None
