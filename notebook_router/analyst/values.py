"""Results made plain: Python values for checking, numbers formatted for reading."""

from __future__ import annotations

import math
from typing import Any


def plain(obj: Any) -> Any:
    """``obj`` as built-in Python values: Series become dicts, frames nested dicts, numpy scalars numbers."""
    import numpy as np
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        return {
            plain_key(i): {plain_key(c): plain(v) for c, v in row.items()}
            for i, row in obj.iterrows()
        }
    if isinstance(obj, pd.Series):
        return {plain_key(k): plain(v) for k, v in obj.items()}
    if isinstance(obj, (pd.Index, np.ndarray, list, tuple)):
        return [plain(v) for v in obj]
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, pd.Timestamp) and obj.tzinfo is None and obj == obj.normalize():
        return obj.date().isoformat()  # a day, not a time: "2013-12-07"
    if isinstance(obj, (pd.Timestamp, pd.Period, pd.Interval)):
        return str(obj)
    return obj


def plain_key(key: Any) -> Any:
    value = plain(key)
    if isinstance(value, list):
        return tuple(value)
    return value


def fmt(value: Any, digits: int | None = None) -> str:
    """A number for reading: exactly ``digits`` decimals if asked, else 4 significant digits,
    never fewer than its whole part has and at most 2 decimals past it (a total of
    3,540.50 reads "3540.5", not "3540", which would be a different amount)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if math.isnan(value):
        return "NaN"
    if digits is not None:
        return f"{value:.{digits}f}"
    if value == 0:
        return "0"
    if abs(value) >= 1_000:
        separator = "," if abs(value) >= 10_000 else ""
        text = f"{value:{separator}.2f}".rstrip("0").rstrip(".")
        return text
    if abs(value) < 1e-3:
        return f"{value:.3g}"
    text = f"{value:.4g}"
    return text


def fmt_p(p: float, digits: int | None = None) -> str:
    if digits is not None:
        return f"{p:.{digits}f}"
    return f"{p:.3g}" if p < 1e-3 else f"{p:.3f}"


def p_is(p: float, digits: int | None = None) -> str:
    """``p = 0.012``; ``p < 1e-300`` when the test's p-value underflowed to 0.0 (a strong
    correlation over a thousand rows does), since ``p = 0`` reads as impossible."""
    if p == 0 and digits is None:
        return "p < 1e-300"
    return f"p = {fmt_p(p, digits)}"


def listing(mapping: dict[Any, Any], digits: int | None, limit: int = 12) -> str:
    """``key value, key value, ...`` for at most ``limit`` items."""
    items = [f"{k}: {fmt(v, digits)}" for k, v in list(mapping.items())[:limit]]
    more = f" (and {len(mapping) - limit} more in the table)" if len(mapping) > limit else ""
    return "; ".join(items) + more
