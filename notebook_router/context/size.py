"""About how many bytes a value takes, measured cheaply, for the shared context's limits.

Exact sizes of Python objects are costly to measure (``sys.getsizeof`` does not count
what a container holds; walking a million-item list to count it costs more than the
list is worth). So:

* text and bytes count their length (one byte a character: the size a model, a
  file or the session store would see);
* arrays and DataFrames ask their library (``nbytes``; a DataFrame's memory, text
  columns measured on a sample of rows and scaled);
* lists, tuples, sets and dicts count the first :data:`SAMPLE` items in full and
  scale the rest by their average;
* anything else is ``sys.getsizeof``.

The figure is for limits, not accounting: within a few percent for the values that
matter (big text, big tables), never off by the orders of magnitude that would let a
50 MB value through or refuse a small one.
"""

from __future__ import annotations

import sys
from typing import Any

SAMPLE = 1_000
"""Items of a container, or rows of a table's text columns, measured before scaling."""
_MAX_DEPTH = 6


def size_of(value: Any, _depth: int = 0) -> int:
    """About how many bytes ``value`` takes.

    >>> size_of("x" * 1000), size_of([b"ab"] * 10_000) >= 20_000
    (1000, True)
    """
    kind = type(value)
    if kind is str:
        return len(value)
    if kind in (bytes, bytearray, memoryview):
        return len(value)
    if value is None or kind in (int, float, bool):
        return 8
    frame = _frame_bytes(value)
    if frame is not None:
        return frame
    nbytes = getattr(value, "nbytes", None)
    if isinstance(nbytes, int):
        return nbytes
    if _depth < _MAX_DEPTH:
        if isinstance(value, dict):
            pairs = list(value.items())
            return _scaled(
                [size_of(k, _depth + 1) + size_of(v, _depth + 1) for k, v in pairs[:SAMPLE]],
                len(pairs),
            )
        if isinstance(value, (list, tuple, set, frozenset)):
            items = value if isinstance(value, (list, tuple)) else list(value)
            return _scaled([size_of(v, _depth + 1) for v in items[:SAMPLE]], len(items))
    try:
        return sys.getsizeof(value)
    except TypeError:
        return 64


def human_size(n: int) -> str:
    """``n`` bytes for a person: "512 bytes", "12.3 KB", "50.0 MB".

    >>> human_size(50_000_000)
    '50.0 MB'
    """
    if n < 1_000:
        return f"{n} bytes"
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= scale:
            return f"{n / scale:,.1f} {unit}"
    return f"{n} bytes"


def _scaled(measured: list[int], total: int) -> int:
    if not measured:
        return 64
    return int(sum(measured) / len(measured) * total) + 8 * total


def _frame_bytes(value: Any) -> int | None:
    """A DataFrame's (or Series') memory, its text columns measured on a sample."""
    usage = getattr(value, "memory_usage", None)
    if usage is None or not hasattr(value, "shape") or not hasattr(value, "head"):
        return None
    try:
        rows = int(value.shape[0])
        shallow = (
            int(usage(deep=False).sum()) if hasattr(value, "columns") else int(usage(deep=False))
        )
        if rows <= SAMPLE:
            deep = usage(deep=True)
            return int(deep.sum()) if hasattr(value, "columns") else int(deep)
        sample = value.head(SAMPLE).memory_usage(deep=True)
        sample_total = int(sample.sum()) if hasattr(value, "columns") else int(sample)
        sample_shallow = value.head(SAMPLE).memory_usage(deep=False)
        sample_shallow_total = (
            int(sample_shallow.sum()) if hasattr(value, "columns") else int(sample_shallow)
        )
        extra = (sample_total - sample_shallow_total) * rows / SAMPLE
        return shallow + int(extra)
    except Exception:  # an object with a memory_usage of another shape: measure it plainly
        return None
