"""Whether a column names rows or groups: the one test every reading of "which row" uses.

A label whose values are (nearly) all different names one row each (a runner, an order);
one whose values repeat names groups (a team, a country). "who is the oldest?" picks a
row by the first kind; "which team is the tallest?" asks for a group's figure.
"""

from __future__ import annotations

from notebook_router.analyst.reading import Reading

_NEARLY_ALL = 0.9
"""The share of rows a label's distinct values must reach to tell the rows apart."""


def tells_rows_apart(r: Reading, column: str) -> bool:
    """Whether ``column``'s values are (nearly) all different: it names rows, not groups."""
    described = r.schema.column(column)
    distinct = described.distinct if described.kind == "text" else len(described.values)
    rows = r.schema.rows
    return rows > 2 and distinct >= _NEARLY_ALL * rows
