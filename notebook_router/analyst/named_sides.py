"""A two-valued column whose name says one of its values: ``lowbirthweight`` holding
"low" and "not low", ``smoker`` holding "smoker" and "nonsmoker".

Naming such a column as a condition names the side its name says: "how many babies were
low birth weight?" counts the "low" ones (never every row: the name is no measure to
count), "how many were not low birth weight?" the others. The negated spelling is read
as :mod:`notebook_router.analyst.negated_values` reads it ("not low", "nonsmoker").
"""

from __future__ import annotations

from notebook_router.analyst.negated_values import spelt_negated, squashed
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Scalar


def named_sides(r: Reading, column: str) -> tuple[Scalar, Scalar] | None:
    """(the other value, the value the name says) of ``column`` when it holds two labels,
    one the other negated, and its name says one of them; None otherwise.

    The negated spelling is looked for first: the plain value is inside it, so ``unpaid``
    holding "paid"/"unpaid" or ``nonsmoker`` holding "smoker"/"nonsmoker" names the
    negated one, while ``lowbirthweight`` ("low"/"not low") names the plain one."""
    values = r.schema.column(column).values
    if len(values) != 2:
        return None
    name = squashed(column.replace("_", ""))
    for i, plain in enumerate(values):
        negated = values[1 - i]
        if not isinstance(plain, str) or spelt_negated(r, column, plain) != negated:
            continue
        if squashed(str(negated)) in name:
            return plain, negated
        if squashed(plain) and squashed(plain) in name:
            return negated, plain
    return None
