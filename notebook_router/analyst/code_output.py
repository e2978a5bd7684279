"""Whether what model-written code left as its result can be an answer at all, by its size.

A question about tables has an answer a person can read: a number, a label, a table no
bigger than the data it comes from. Code that leaves twenty million characters of text,
or a table with more rows than every table it was given (``pd.concat([df] * 5000)``),
has not answered: whatever it computed on the way is buried, and the run would carry
that bulk into its records. :func:`oversized` says so in words a model can act on; the
code goes back once (as code that leaves part of the task out does) and an answer still
that size is partial, never fulfilled.

Printed output needs no check: the runner keeps only its first
:data:`~notebook_router.code.streams.STREAM_CHARS` characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from notebook_router.code.streams import STREAM_CHARS

TEXT_CHARS = STREAM_CHARS
"""The longest text an answer may be (as much as the runner keeps of printed output)."""
TABLE_ROWS = 10_000
"""A table result may always have this many rows, whatever the size of the data."""


def oversized(value: Any, tables: Iterable[Any]) -> str | None:
    """Why ``value`` (the code's result) is too large to be an answer, or None.

    ``tables`` are the data the code was given: a result table may have as many rows as
    the largest of them (or :data:`TABLE_ROWS`), never more.

    >>> oversized("26", []) is None
    True
    >>> oversized("26" * 100_000, [])
    "the code's result is 200,000 characters of text: no answer is that long"
    """
    if isinstance(value, (str, bytes)) and len(value) > TEXT_CHARS:
        return f"the code's result is {len(value):,} characters of text: no answer is that long"
    rows = _rows(value)
    if rows is None:
        return None
    largest = max((_rows(t) or 0 for t in tables), default=0)
    if rows > max(largest, TABLE_ROWS):
        return (
            f"the code's result has {rows:,} rows, more than the {largest:,} of the largest "
            "table it was given"
        )
    return None


def _rows(value: Any) -> int | None:
    """The rows of a DataFrame or Series (anything with ``shape``), else None."""
    shape = getattr(value, "shape", None)
    if not isinstance(shape, tuple) or not shape or not isinstance(shape[0], int):
        return None  # a Dask frame's length is unknown until computed: not counted
    return shape[0]
