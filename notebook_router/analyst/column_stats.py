"""What a frame's number columns typically hold, computed once per frame and kept.

A check that asks whether a bound is on a column's scale reads each number column's
middle and spread (:func:`spread`). Computing those quantiles again for every question
cost most of a question's time on a frame of 200,000 rows and 20 number columns, so each
column's spread is computed on first ask and kept while the frame is unchanged (the
frame's signal, as :func:`notebook_router.data.values.value_index` keeps its index).

>>> import pandas as pd
>>> spread(pd.DataFrame({"x": [1.0, 2.0, 3.0]}), "x")
Spread(middle=2.0, low=1.2, high=2.8)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from notebook_router.data.pandas_data import frame_signal


@dataclass(frozen=True, slots=True)
class Spread:
    """A number column's median and its 10th and 90th percentiles."""

    middle: float
    low: float
    high: float


_Kept = dict[str, Spread | None]
_CACHE: dict[int, tuple[weakref.ref[Any], Hashable, _Kept]] = {}
_LOCK = threading.Lock()


def spread(frame: Any, column: str) -> Spread | None:
    """``column``'s :class:`Spread` in ``frame``, or None when it holds no numbers to
    read (not a column, not numbers, every value missing)."""
    kept = _kept(frame)
    if column not in kept:
        kept[column] = _spread(frame, column)
    return kept[column]


def _spread(frame: Any, column: str) -> Spread | None:
    try:
        low, middle, high = (float(v) for v in frame[column].quantile([0.1, 0.5, 0.9]))
    except (KeyError, TypeError, ValueError):
        return None
    return None if middle != middle else Spread(middle, low, high)  # NaN: no values


def _kept(frame: Any) -> _Kept:
    """The spreads kept for ``frame`` (a fresh, unkept dict for a frame that cannot be
    watched: no weak reference to it, or no signal of its changes)."""
    try:
        key, signal = id(frame), frame_signal(frame)
    except Exception:  # not a pandas frame: computed each time, as before
        return {}
    with _LOCK:
        cached = _CACHE.get(key)
        if cached is not None and cached[0]() is frame and cached[1] == signal:
            return cached[2]

    def forget(_: object) -> None:  # the frame is gone: so are its spreads
        with _LOCK:
            _CACHE.pop(key, None)

    try:
        ref = weakref.ref(frame, forget)
    except TypeError:
        return {}
    kept: _Kept = {}
    with _LOCK:
        _CACHE[key] = (ref, signal, kept)
    return kept
