"""Durations as people write them: ``30d``, ``12h``, ``90m``, ``2w``."""

from __future__ import annotations

import re
from datetime import timedelta

from notebook_router.errors import ConfigError

DEFAULT_EXPIRY = timedelta(days=90)
"""Runs older than this are purged when a store opens (``expiry=None`` keeps everything).

Here rather than in :mod:`~notebook_router.store.store` so the notebook layer can
read it without importing the database (sqlite3) at ``%load_ext``."""

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_PATTERN = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$")


def parse_duration(value: str | float | timedelta) -> timedelta:
    """``30d`` -> 30 days; a bare number is days; a timedelta passes through.

    >>> parse_duration("12h")
    datetime.timedelta(seconds=43200)
    """
    if isinstance(value, timedelta):
        return value
    if isinstance(value, (int, float)):
        return timedelta(days=float(value))
    match = _PATTERN.match(value)
    if match is None:
        raise ConfigError(
            f"Cannot read {value!r} as a duration: write a number and a unit, "
            "e.g. 30d, 12h, 90m or 2w (s, m, h, d, w)."
        )
    number, unit = float(match.group(1)), match.group(2) or "d"
    return timedelta(seconds=number * _UNITS[unit])


def describe(delta: timedelta) -> str:
    """A short form of ``delta`` (``30d``, ``12h``)."""
    seconds = delta.total_seconds()
    for unit in ("w", "d", "h", "m"):
        size = _UNITS[unit]
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{seconds:g}s"
