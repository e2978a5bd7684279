"""A bound far past every value of its column: "people over 80" where ``age`` runs 6.6 to 10.9.

Such a bound keeps no row, and a count of 0 (or a mean of nothing) shown complete answers
nothing the user asked: the column is most likely in another unit (ages in decades,
incomes in thousands) or the number is another column's. Where the bound misses the
column's range by more than a factor of two, it is named as not applied as meant, with
the column's range. A bound just past the range ("more than 12 cylinders" of 4 to 8) is a
plain answer of none and stays answered.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Spec
from notebook_router.data.frame_cache import PerFrame

if TYPE_CHECKING:  # pandas is loaded where a frame is read, never to import this module
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

_FAR = 2.0
"""How many times past the column's range a bound is to be no slip of the user."""
_RANGES: PerFrame[tuple[float, float] | None] = PerFrame()


def bounds_past_range(r: Reading, spec: Spec) -> list[LeftOut]:
    """The bounds of ``spec`` far past their column's values, each with its range."""
    import pandas as pd  # here: the warm-up of a kernel without pandas never loads it

    frame = r.schema.frame
    if r.schema.sampled or not isinstance(frame, (pd.DataFrame, pd.Series)):
        return []  # a Dask frame's sample holds some partitions: its range is not the data's
    kept = (*spec.filters, *spec.measure) if spec.op in ("count", "percentage") else spec.filters
    out = []
    for f in kept:
        span = _range(frame, f.column) if r.kind(f.column) == "number" else None
        if span is not None and _far_past(f, *span):
            low, high = span
            why = f"no row meets it: {f.column} runs from {low:g} to {high:g}"
            out.append(LeftOut(f"{f.column} {f.op} {f.value}", why))
    return out


def _range(frame: pd.DataFrame | pd.Series, column: str) -> tuple[float, float] | None:
    """The smallest and largest value of ``column``, read once per frame."""
    import pandas as pd  # (loaded already: ``frame`` is one)

    values = frame if isinstance(frame, pd.Series) else frame.get(column)
    if values is None:
        return None

    def read() -> tuple[float, float] | None:
        numbers_only = pd.to_numeric(values, errors="coerce").dropna()
        if numbers_only.empty:
            return None
        return float(numbers_only.min()), float(numbers_only.max())

    return _RANGES.get(frame, read, key=column)


def _far_past(f: Filter, low: float, high: float) -> bool:
    """Whether ``f`` keeps no value of ``low`` to ``high``, and misses them by far."""
    value = f.value
    if f.op == "between" and isinstance(value, tuple) and len(value) == 2:
        a, b = value
        if not (_plain(a) and _plain(b)):
            return False
        return (float(a) > high and _far_above(float(a), high)) or (
            float(b) < low and _far_below(float(b), low)
        )
    if not _plain(value):
        return False
    bound = float(value)  # type: ignore[arg-type]
    if f.op in (">", ">="):
        return bound > high and _far_above(bound, high)
    if f.op in ("<", "<="):
        return bound < low and _far_below(bound, low)
    return False


def _plain(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _far_above(bound: float, high: float) -> bool:
    return high > 0 and bound > _FAR * high


def _far_below(bound: float, low: float) -> bool:
    return low > 0 and bound < low / _FAR
