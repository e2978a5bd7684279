""" "the average district income" with a ``district`` column of codes and an ``income``
column: a column of codes said just before a measured column only says whose figure it
is (the district's income), it is not a second measure.

Only a number column that names things (an id by its name, or whole numbers each on one
row, like district codes) is read so: adding or averaging such codes means nothing, so
the phrase's head, the column said after it, is the measure. The two words become one
mention of that column, so nothing of the phrase is left over.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema

_CODE_DIGITS = 4


def code_qualifiers(text: str, found: list[Mention], schema: Schema) -> list[Mention]:
    """``found`` (in order) with each code column said right before a measured number
    column folded into that column's mention."""
    out: list[Mention] = []
    for m in found:
        before = out[-1] if out else None
        if (
            before is not None
            and not before.is_value
            and not m.is_value
            and before.column != m.column
            and not text[before.end : m.start].strip()
            and _kind(schema, m.column) == "number"
            and not is_identifier(m.column)
            and _names_things(schema, before.column)
        ):
            out[-1] = replace(m, start=before.start)
            continue
        out.append(m)
    return out


def _kind(schema: Schema, column: str) -> str:
    return next((c.kind for c in schema.columns if c.name == column), "")


def _names_things(schema: Schema, column: str) -> bool:
    """A number column of codes: an id by its name, or whole numbers each on one row all
    written with the same number of digits, at least four (district or zip codes); counts
    like at-bats or quantities vary in width."""
    if _kind(schema, column) != "number":
        return False
    if is_identifier(column):
        return True
    described = next(c for c in schema.columns if c.name == column)
    if not (described.whole and schema.rows > 2 and schema.spread(column) == (schema.rows, 1)):
        return False
    values = schema.frame[column].dropna() if schema.frame is not None else None
    if values is None or values.empty or (values < 0).any():
        return False
    widths = {len(str(int(v))) for v in values}
    return len(widths) == 1 and min(widths) >= _CODE_DIGITS
