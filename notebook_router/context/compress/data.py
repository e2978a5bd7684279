"""Structured data (mappings, lists, numbers) at three levels: compact, sampled, shape.

* light: compact JSON (no padding);
* medium: every key, lists cut to their first three items with a count of the rest,
  long strings cut;
* heavy: the shape: keys with their numbers and short strings, lists as counts.

A list of records is a table (:mod:`.table`); text and code have their own readers.
"""

from __future__ import annotations

import json
import math
from typing import Any

from notebook_router.context.compress.levels import CHARS_PER_TOKEN, Level

_ITEMS = {"medium": 3, "heavy": 0}
_STRING = {"medium": 120, "heavy": 40}
_DEPTH = {"medium": 6, "heavy": 3}
_MAX_KEYS = 200
"""Keys of one mapping shown at ``medium`` and ``heavy``; the rest are counted."""


class Data:
    """The compressor for plain structured data."""

    def original(self, value: object) -> str:
        return _json(value, indent=1)

    def tokens(self, value: object) -> int:
        return math.ceil(len(_json(value, indent=1)) / CHARS_PER_TOKEN)

    def shorten(self, value: object, level: Level, budget: int | None) -> tuple[str, list[str]]:
        if level == "light":
            return _json(value), ["padding"]
        cut: list[int] = [0, 0]  # items, strings shortened
        shaped = _shape(value, level, 0, cut)
        dropped = []
        if cut[0]:
            dropped.append(f"{cut[0]:,} list items or keys")
        if cut[1]:
            dropped.append(f"the ends of {cut[1]:,} long strings")
        return _json(shaped), dropped


def _shape(value: Any, level: Level, depth: int, cut: list[int]) -> Any:
    if isinstance(value, str):
        limit = _STRING[level]
        if len(value) > limit:
            cut[1] += 1
            return value[: limit - 1] + "…"
        return value
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if depth >= _DEPTH[level]:
        cut[0] += 1
        return f"({type(value).__name__})"
    if isinstance(value, dict):
        pairs = list(value.items())
        keyed = {str(k): _shape(v, level, depth + 1, cut) for k, v in pairs[:_MAX_KEYS]}
        if len(pairs) > _MAX_KEYS:
            cut[0] += len(pairs) - _MAX_KEYS
            keyed["…"] = f"{len(pairs) - _MAX_KEYS:,} more keys"
        return keyed
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        most = _ITEMS[level]
        if level == "heavy" and items and all(isinstance(i, (int, float)) for i in items):
            numbers = [float(i) for i in items]
            cut[0] += len(items)
            return f"{len(items):,} numbers, {min(numbers):g} to {max(numbers):g}"
        if len(items) <= most:
            return [_shape(i, level, depth + 1, cut) for i in items]
        cut[0] += len(items) - most
        shown = [_shape(i, level, depth + 1, cut) for i in items[:most]]
        return [*shown, f"… {len(items) - most:,} more"] if shown else f"[{len(items):,} items]"
    return str(value)[: _STRING[level]]


def _json(value: Any, indent: int | None = None) -> str:
    separators = (",", ": ") if indent else (",", ":")
    try:
        return json.dumps(
            value, ensure_ascii=False, default=str, indent=indent, separators=separators
        )
    except (TypeError, ValueError, RecursionError):
        return str(value)
