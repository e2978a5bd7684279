"""A bound said in a unit other than its column's: "more than 1 hour of overtime" on
``overtime_min`` is ``overtime_min > 60``, never ``> 1``.

The number is converted between units of one quantity (``language/data/units.toml``),
so the condition the answer states is in the column's own unit ("rows where overtime_min
> 60"). A bound in a unit of another quantity ("over 5 km" put on a column in minutes)
is taken back and named as not applied.
"""

from __future__ import annotations

import re

from notebook_router.analyst.asked_units import FACTORS, column_unit
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut, Scalar
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_SAID = [s for s in FACTORS if s not in set(table("units")["asked_units"]["not_after_numbers"])]
_AMOUNT = re.compile(rf"(?<![\w.])(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>{alternation(_SAID)})\b")
_BOUNDS = frozenset({">", ">=", "<", "<=", "==", "between", "outside"})


def bounds_in_column_units(r: Reading, filters: list[Filter]) -> list[Filter]:
    """``filters`` with each bound said in another unit of its column's quantity put in
    the column's unit; one said in a unit of another quantity is dropped and added to
    ``r.unapplied``."""
    said = [(float(m.group("num")), m.group("unit"), m.group()) for m in _AMOUNT.finditer(r.text)]
    if not said:
        return filters
    kept: list[Filter] = []
    for f in filters:
        found = column_unit(f.column) if f.op in _BOUNDS else None
        if found is None or found[1] == "currency" or isinstance(f.value, ColumnRef):
            kept.append(f)
            continue
        unit, quantity, factor = found
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        matches = [m for m in (_said_with_unit(v, said) for v in values) if m is not None]
        if not matches:
            kept.append(f)
            continue
        _, said_unit, words = matches[-1]  # "between 0.5 and 1 hours": one unit for both
        said_quantity, said_factor = FACTORS[said_unit]
        if said_quantity != quantity:
            why = f"{f.column} is in {unit}, not a unit of {said_quantity}"
            r.unapplied.append(LeftOut(words, why))
            continue
        ratio = said_factor / factor
        value_out: Scalar | tuple[Scalar, ...] | None = f.value
        if isinstance(f.value, tuple):
            value_out = tuple(_in_unit(v, ratio) for v in f.value)
        elif f.value is not None:
            value_out = _in_unit(f.value, ratio)
        kept.append(Filter(f.column, f.op, value_out))
    return kept


def _in_unit(value: Scalar, ratio: float) -> Scalar:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    figure = round(float(value) * ratio, 12)
    return int(figure) if figure.is_integer() else figure


def _said_with_unit(
    value: object, said: list[tuple[float, str, str]]
) -> tuple[float, str, str] | None:
    """The number said with a unit ("1 hour") that made the bound ``value``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return next((s for s in said if s[0] == float(value)), None)
