""" "casual rentals", "registered rentals": the noun after a column says what it counts.

In a table with ``casual``, ``registered`` and ``total_rentals``, "rentals" alone stands
for ``total_rentals`` (the head of its name). Said right after another number column,
it is that column's noun (the casual rentals are the ``casual`` column), not a second
column to measure beside it.
"""

from __future__ import annotations

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema


def nouns_of_columns(text: str, found: list[Mention], schema: Schema) -> list[Mention]:
    """``found`` (in order) without the head-noun mentions that only say what the number
    column just before them counts."""
    kept: list[Mention] = []
    for m in found:
        before = kept[-1] if kept else None
        if (
            before is not None
            and m.how == "part"
            and not m.is_value
            and not before.is_value
            and before.column != m.column
            and not text[before.end : m.start].strip()
            and _number(schema, before.column)
            and _number(schema, m.column)
        ):
            continue
        kept.append(m)
    return kept


def _number(schema: Schema, column: str) -> bool:
    return any(c.name == column and c.kind == "number" for c in schema.columns)
