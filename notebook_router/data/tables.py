"""Telling a table from other values by its shape, without importing pandas."""

from __future__ import annotations

from typing import Any


def as_table(value: Any) -> Any | None:
    """``value`` as a DataFrame-like table (a Series becomes one column), else None."""
    shape = getattr(value, "shape", None)
    if not isinstance(shape, tuple) or not hasattr(value, "to_html"):
        if isinstance(shape, tuple) and len(shape) == 1 and hasattr(value, "to_frame"):
            return value.to_frame()  # a pandas Series
        return None
    return value if len(shape) == 2 else None
