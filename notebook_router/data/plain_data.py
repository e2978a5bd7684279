"""NumPy arrays, lists of records, dicts of columns, and every other variable.

Lists and dicts are Python objects: looking at all their items would walk
them, so a list counts as records when its first and last items are dicts,
and a dict counts as columns when it has at most :data:`MAX_DICT_COLUMNS`
keys whose values all have the same length. Other variables get a bounded
preview: scalars and strings as values, containers as their length and
first items, anything else as its type alone (an arbitrary ``repr`` may be
slow, huge or have side effects).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from notebook_router.data.columns import summarise
from notebook_router.data.describe import (
    HEAD_ROWS,
    MAX_COLUMNS,
    RECORDS,
    SAMPLE_RECORDS,
    SAMPLE_ROWS,
    DataDescription,
)
from notebook_router.data.masking import Masker, raw_text, shorten
from notebook_router.data.sampling import sample_rows, sample_size

MAX_DICT_COLUMNS = 200
_PREVIEW = 60
_SCALARS = (int, float, complex, bool, str, bytes, type(None))
_CONTAINERS = (list, tuple, set, frozenset, dict)


def is_records(value: Any) -> bool:
    """A non-empty list (or tuple) whose first and last items are dicts."""
    return (
        isinstance(value, (list, tuple))
        and len(value) > 0
        and isinstance(value[0], dict)
        and isinstance(value[-1], dict)
    )


def is_columns(value: Any) -> bool:
    """A dict of string keys to arrays or lists of one length (at least two items each)."""
    if not isinstance(value, dict) or not 0 < len(value) <= MAX_DICT_COLUMNS:
        return False
    lengths = set()
    for key, column in value.items():
        if not isinstance(key, str) or not _is_column(column):
            return False
        lengths.add(len(column))
    return len(lengths) == 1 and lengths.pop() > 1


def _is_column(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return True
    return type(value).__module__ == "numpy" and getattr(value, "ndim", 0) == 1


def describe_array(
    name: str, array: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A NumPy array: shape, dtype, statistics over an evenly spread sample of its values."""
    shape = tuple(int(n) for n in array.shape)
    sample = flat_sample(array, sample_rows)
    column = summarise("values", str(array.dtype), sample, None, mask)
    head = array[:HEAD_ROWS] if array.ndim else [array[()]]
    rows = tuple((mask.cell(_short_item(row)),) for row in head)
    return DataDescription(
        name=name,
        kind="numpy.ndarray",
        is_data=True,
        shape=shape,
        columns=(column,),
        sample_rows=rows,
        sampled_from=None if len(sample) == array.size else len(sample),
        sample_unit="value",
        note=_evenly_spaced(array, sample),
    )


def _evenly_spaced(array: Any, sample: Any) -> str:
    """For a 1-D numeric array in even steps (``np.arange(16000) / 16000``, a
    ``linspace``): what it is, an axis rather than data; otherwise empty. Read from its
    ends and the evenly spread sample, so a large array costs no pass over its values."""
    import numpy as np

    if array.ndim != 1 or array.size < 3 or array.dtype.kind not in "iuf":
        return ""
    first, last = float(array[0]), float(array[-1])
    step = (last - first) / (array.size - 1)
    second = float(array[1]) - first
    if step == 0 or not np.isfinite(step) or not np.isclose(second, step, rtol=1e-6, atol=0):
        return ""
    steps = np.diff(np.asarray(sample, dtype=np.float64))
    if steps.size and not np.allclose(steps, steps[0], rtol=1e-6, atol=abs(step) * 1e-6):
        return ""
    return f"evenly spaced from {_n(first)} to {_n(last)} in steps of {_n(step)}: an axis, not data"


def _n(value: float) -> str:
    return f"{int(value):,}" if value.is_integer() else f"{value:.6g}"


def flat_sample(array: Any, n: int) -> Any:
    """About ``n`` of ``array``'s values, evenly spread, as a 1-D array; copies at most those."""
    if array.ndim == 0:
        return array.reshape(1)
    if array.flags.c_contiguous:  # a flat view, then a strided view: no copy at all
        flat = array.reshape(-1)
        where = sample_rows(flat.size, n)
        return flat if where is None else flat[where]
    per_row = array.size // max(1, array.shape[0])
    if per_row <= n:  # keep whole rows
        return array[:: max(1, -(-array.shape[0] * per_row // n))].reshape(-1)
    k = max(1, int(n ** (1 / array.ndim)))  # the same stride budget on every axis
    return array[tuple(slice(None, None, max(1, -(-d // k))) for d in array.shape)].reshape(-1)


def describe_records(name: str, records: Any, mask: Masker) -> DataDescription:
    """A list of dicts as a table whose columns are the first record's keys."""
    rows = len(records)
    where = sample_rows(rows, SAMPLE_RECORDS)
    keys = list(records[0])[:MAX_COLUMNS]
    sample = records if where is None else records[where]
    columns = []
    for k in keys:
        values = [_get(r, k) for r in sample]
        columns.append(summarise(str(k), _value_types(values), values, None, mask))
    head = tuple(tuple(mask.cell(_get(r, k)) for k in keys) for r in records[:HEAD_ROWS])
    return DataDescription(
        name=name,
        kind=RECORDS,
        is_data=True,
        shape=(rows, len(records[0])),
        columns=tuple(columns),
        total_columns=len(records[0]),
        sample_rows=head,
        sampled_from=None if where is None else sample_size(rows, where),
    )


def _value_types(values: list[Any]) -> str:
    """What a record's key holds, as Python names it (``int``, ``str or None``): not a dtype."""
    names = sorted({type(v).__name__ for v in values if v is not None})
    if not names:
        return "None"
    shown = " or ".join(names[:3]) + (" or more" if len(names) > 3 else "")
    return shown + (" or None" if any(v is None for v in values) else "")


def describe_columns(name: str, table: dict[str, Any], mask: Masker) -> DataDescription:
    """A dict of equal-length arrays or lists, as a table."""
    keys = list(table)[:MAX_COLUMNS]
    rows = len(table[keys[0]])
    columns = []
    for key in keys:
        column = table[key]
        if type(column).__module__ == "numpy":
            where, dtype = sample_rows(rows, SAMPLE_ROWS), str(column.dtype)
        else:
            where, dtype = sample_rows(rows, SAMPLE_RECORDS), "list"
        columns.append(summarise(key, dtype, column, where, mask))
    head = tuple(tuple(mask.cell(table[k][i]) for k in keys) for i in range(min(rows, HEAD_ROWS)))
    biggest = max(c.rows for c in columns)
    return DataDescription(
        name=name,
        kind="dict of columns",
        is_data=True,
        shape=(rows, len(table)),
        columns=tuple(columns),
        total_columns=len(table),
        sample_rows=head,
        sampled_from=None if biggest == rows else biggest,
    )


def describe_value(name: str, value: Any, mask: Masker) -> DataDescription:
    """Any other variable: its type and a bounded preview."""
    kind = type(value)
    label = (
        kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    )
    if isinstance(value, _SCALARS) or kind.__module__ in ("datetime", "decimal", "fractions"):
        shown = mask(raw_text(value, _PREVIEW + 256))
        return DataDescription(name, label, False, preview=shorten(shown, _PREVIEW))
    if isinstance(value, _CONTAINERS):
        return _container(name, label, value, mask)
    return DataDescription(name, label, False)


def _container(name: str, label: str, value: Any, mask: Masker) -> DataDescription:
    items = value.items() if isinstance(value, dict) else value
    first = []
    for i, item in enumerate(items):
        if i == HEAD_ROWS:
            break
        first.append(item)
    shown = ", ".join(mask.cell(_short_item(v), 20) for v in first)
    more = ", …" if len(value) > len(first) else ""
    unit = "keys" if isinstance(value, dict) else "items"
    preview = f"{len(value):,} {unit}" + (f": {shown}{more}" if shown else "")
    return DataDescription(name, label, False, shape=(len(value),), preview=preview)


_ITEM_TEXT = 300
"""Characters of a dict item's key and value read before masking (the view cuts to 20)."""


def _short_item(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and not isinstance(value[1], _CONTAINERS):
        # Whole enough to mask: the caller masks, then cuts (a cut key would not match).
        return f"{raw_text(value[0], _ITEM_TEXT)}: {raw_text(value[1], _ITEM_TEXT)}"
    if type(value).__module__ == "numpy" and getattr(value, "ndim", 0) >= 1:
        return (
            "["
            + ", ".join(raw_text(v, 20) for v in value.reshape(-1)[:6])
            + (", …]" if value.size > 6 else "]")
        )
    return value


def _get(record: Any, key: Any) -> Any:
    return record.get(key) if isinstance(record, dict) else None


def array_signal(array: Any) -> Hashable:
    """Shape, dtype, buffer address, and the first, middle and last element's bytes."""
    if array.size == 0:
        return (array.shape, str(array.dtype))
    where = [
        tuple(f(n) for n in array.shape) for f in (lambda n: 0, lambda n: n // 2, lambda n: n - 1)
    ]
    probes = tuple(_bytes(array[w]) for w in where)
    return (array.shape, str(array.dtype), array.__array_interface__["data"][0], probes)


def _bytes(value: Any) -> Hashable:
    data = getattr(value, "tobytes", None)
    if data is not None and getattr(value, "dtype", None) is not None and value.dtype.kind != "O":
        return bytes(data())
    return ("object", id(value))


def records_signal(records: Any) -> Hashable:
    """Length and the identity of the first, middle and last record.

    Editing a record in place (``rows[0]["x"] = 1``) keeps all of these: it
    goes unseen until the list itself changes.
    """
    n = len(records)
    return (n, id(records[0]), id(records[n // 2]), id(records[-1])) if n else (0,)


def columns_signal(table: dict[str, Any]) -> Hashable:
    """Each column's identity, length and probed ends."""
    out: list[Hashable] = []
    for key, column in table.items():
        n = len(column)
        if type(column).__module__ == "numpy":
            out.append((key, array_signal(column)))
        else:
            out.append((key, id(column), n, id(column[0]), id(column[-1])) if n else (key, 0))
    return tuple(out)


def value_signal(value: Any) -> Hashable:
    """Other variables: identity, and the length of a container (``append`` changes it)."""
    if isinstance(value, _CONTAINERS):
        return (id(value), len(value))
    return (id(value),)
