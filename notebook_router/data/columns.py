"""Column statistics from a bounded sample of an array or a list.

``summarise`` takes one column (a NumPy array, a pandas extension array, a
polars Series or a Python sequence) and the rows to read (a strided
slice, see :mod:`notebook_router.data.sampling`; None for all), and looks
only at those: the cost is bounded by the sample size, whatever the
column's length. NumPy columns are summarised with vectorised calls on a
strided view (the column is not copied); pandas extension arrays are
unwrapped to the NumPy arrays they hold where that is a plain attribute
read (codes of a categorical, the int64 of a datetime, the objects of a
string array).
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Sequence
from typing import Any

from notebook_router.data.describe import ColumnSummary
from notebook_router.data.masking import Masker, date_text, number

TOP = 3
"""Most common values shown per column."""
_NUMBERS = (int, float)


def summarise(
    name: str, dtype: str, values: Any, rows: slice | None, mask: Masker
) -> ColumnSummary:
    """``values`` (at positions ``rows``; all if None) summarised as a :class:`ColumnSummary`.

    Never raises: a column of a kind it does not know gets its name and dtype.
    """
    label = mask(name)
    try:
        return _summarise(label, dtype, values, rows, mask)
    except Exception:  # an exotic array type: say what it is, not what it holds
        return ColumnSummary(label, dtype)


def _summarise(
    name: str, dtype: str, values: Any, rows: slice | None, mask: Masker
) -> ColumnSummary:
    module = type(values).__module__
    if module == "numpy":
        return _numpy(name, dtype, _take(values, rows), mask)
    if module.startswith("pandas"):
        return _pandas_array(name, dtype, values, rows, mask)
    if module.startswith("polars"):
        sample = values if rows is None else values.gather_every(rows.step)
        return _numpy(name, dtype, sample.to_numpy(), mask)
    sample = list(values if rows is None else values[rows])
    return _objects(name, dtype, sample, mask)


def _take(values: Any, rows: slice | None) -> Any:
    return values if rows is None else values[rows]


def _numpy(name: str, dtype: str, sample: Any, mask: Masker) -> ColumnSummary:
    import numpy as np

    kind = sample.dtype.kind
    rows = len(sample)
    if kind == "f":
        missing = np.isnan(sample)
        nulls = int(missing.sum())
        present = sample[~missing] if nulls else sample
        return _flagged(_range(name, dtype, rows, nulls, present, mean=True), present)
    if kind in "iu":
        return _flagged(_range(name, dtype, rows, 0, sample, mean=True), sample)
    if kind == "b":
        trues = int(np.count_nonzero(sample))
        top = sorted([("True", trues), ("False", rows - trues)], key=lambda p: -p[1])
        return ColumnSummary(name, dtype, rows, 0, top=tuple(p for p in top if p[1]), binary=True)
    if kind in "Mm":
        missing = np.isnat(sample)
        nulls = int(missing.sum())
        present = sample[~missing] if nulls else sample
        return _range(name, dtype, rows, nulls, present, mean=False)
    return _objects(name, dtype, sample.tolist(), mask)


def _flagged(summary: ColumnSummary, present: Any) -> ColumnSummary:
    """``summary`` marked yes/no when the numbers ``present`` are 0s and 1s, both."""
    import numpy as np

    if summary.min != "0" or summary.max != "1" or not np.isin(present, (0, 1)).all():
        return summary
    from dataclasses import replace

    return replace(summary, binary=True)


def _range(
    name: str, dtype: str, rows: int, nulls: int, present: Any, *, mean: bool
) -> ColumnSummary:
    if not len(present):
        return ColumnSummary(name, dtype, rows, nulls)
    low, high = present.min(), present.max()
    average = number(float(present.mean())) if mean else None
    return ColumnSummary(name, dtype, rows, nulls, _text(low), _text(high), average)


def _text(value: Any) -> str:
    kind = getattr(getattr(value, "dtype", None), "kind", "")
    if kind == "M":
        return date_text(value)
    if kind == "f" or isinstance(value, float):
        return number(float(value))
    return str(value)


def _pandas_array(
    name: str, dtype: str, values: Any, rows: slice | None, mask: Masker
) -> ColumnSummary:
    codes = getattr(values, "codes", None)
    if codes is not None and hasattr(values, "categories"):
        return _categorical(name, dtype, _take(codes, rows), values.categories, mask)
    masked = getattr(values, "_mask", None)
    if masked is not None and hasattr(values, "_data"):  # nullable Int64, Float64, boolean
        sample, missing = _take(values._data, rows), _take(masked, rows)
        summary = _numpy(name, dtype, sample[~missing], mask)
        nulls = int(missing.sum())
        return _replace(summary, rows=len(sample), nulls=summary.nulls + nulls)
    inner = getattr(values, "_ndarray", None)  # datetimes, timedeltas, strings: NumPy inside
    if inner is not None and getattr(values.dtype, "tz", None) is None:
        return _numpy(name, dtype, _take(inner, rows), mask)
    return _objects(name, dtype, list(_take(values, rows)), mask)


def _categorical(name: str, dtype: str, codes: Any, categories: Any, mask: Masker) -> ColumnSummary:
    import numpy as np

    counts = np.bincount(codes + 1, minlength=len(categories) + 1)  # code -1 is missing
    nulls = int(counts[0])
    order = np.argsort(-counts[1:], kind="stable")[:TOP]
    top = tuple((mask.cell(categories[i]), int(counts[i + 1])) for i in order if counts[i + 1])
    return ColumnSummary(name, dtype, len(codes), nulls, top=top, distinct=len(categories))


def _objects(name: str, dtype: str, sample: Sequence[Any], mask: Masker) -> ColumnSummary:
    """Python values: numbers get a range, dates a range, anything else its common values."""
    try:
        counts = Counter(sample)
    except TypeError:  # unhashable cells (lists, dicts): count what is missing, nothing more
        nulls = sum(1 for v in sample if _missing(v))
        return ColumnSummary(name, dtype, len(sample), nulls)
    nulls = sum(n for v, n in counts.items() if _missing(v))
    present = [v for v in counts if not _missing(v)]
    if present and all(type(v) in _NUMBERS or _is_np_number(v) for v in present):
        total = sum(float(v) * counts[v] for v in present)
        n = sum(counts[v] for v in present)
        low, high = min(present), max(present)
        return ColumnSummary(
            name, dtype, len(sample), nulls, _text(low), _text(high), number(total / n)
        )
    if present and all(isinstance(v, (_dt.date, _dt.datetime)) for v in present):
        try:
            low, high = min(present), max(present)
        except TypeError:  # naive and aware datetimes mixed
            return ColumnSummary(name, dtype, len(sample), nulls, distinct=len(present))
        return ColumnSummary(name, dtype, len(sample), nulls, date_text(low), date_text(high))
    common = counts.most_common(TOP + 1)
    top = tuple((mask.cell(v), n) for v, n in common if not _missing(v) and n > 1)[:TOP]
    return ColumnSummary(name, dtype, len(sample), nulls, top=top, distinct=len(present))


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value) or _is_nat(value)


def _is_nat(value: Any) -> bool:
    return type(value).__name__ in ("NaTType", "NAType")


def _is_np_number(value: Any) -> bool:
    return type(value).__module__ == "numpy" and getattr(value.dtype, "kind", "") in "iuf"


def _replace(summary: ColumnSummary, *, rows: int, nulls: int) -> ColumnSummary:
    from dataclasses import replace

    return replace(summary, rows=rows, nulls=nulls)
