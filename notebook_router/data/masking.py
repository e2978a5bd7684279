"""Short, key-free text for anything a description shows.

Every string a description holds (cell values, categories, column names,
previews) passes through :class:`Masker` before it is cut short: cutting
first could leave part of a key behind that no longer looks like one. The
masking itself is the project's one secret scrubber,
:func:`notebook_router.text.secrets.redact`; this module only adds a
cheap test so that the thousands of ordinary strings in a scan skip it.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from notebook_router.text.preview import preview
from notebook_router.text.secrets import known_keys, redact

CELL_CHARS = 40
"""How much of one value a description shows."""
_LOOKAHEAD = 256
"""Extra characters handed to the scrubber, so a key that starts inside the shown part is whole."""
_SHAPE_MARKERS = ("sk-", "AIza")
_T = re.compile(r"(?<=\d)T(?=\d)")
_FRACTION = re.compile(r"(?<=:\d\d)\.0+\b")


class Masker:
    """Removes secrets from text; reads the key variables once (make one per scan)."""

    __slots__ = ("_needles",)

    def __init__(self) -> None:
        # Key variables' values and keys given to a provider in code (remembered).
        self._needles = (*_SHAPE_MARKERS, *known_keys())

    def __call__(self, text: str) -> str:
        """``text`` with every key-shaped string and key value replaced."""
        if any(needle in text for needle in self._needles):
            return redact(text)
        return text

    def cell(self, value: Any, limit: int = CELL_CHARS) -> str:
        """One value as at most ``limit`` characters of key-free text."""
        return shorten(self(raw_text(value, limit + _LOOKAHEAD)), limit)


def shorten(text: str, limit: int) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    if "\n" in text or "\t" in text or "\r" in text:
        text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def raw_text(value: Any, limit: int) -> str:
    """``value`` as text, bounded: never prints more than ``limit`` characters of a big object."""
    kind = type(value)
    if kind is str:
        return str(value[:limit])
    if value is None:
        return "None"
    if kind is float or kind.__name__.startswith("float"):
        return number(float(value), 6)
    if kind is bool or kind is int or kind.__module__ == "numpy":
        return _numpy_scalar(value)
    if isinstance(value, (_dt.datetime, _dt.date)):
        return date_text(value)
    return preview(value, limit)


def number(value: float, digits: int = 4) -> str:
    """A float, short: ``0.5``, ``1.235e+06``, ``nan``."""
    if value != value:
        return "nan"
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.{digits}g}"


def date_text(value: Any) -> str:
    """A date or timestamp, without a midnight time: ``2024-01-31``, ``2024-01-31 09:30:00``."""
    text = _FRACTION.sub("", _T.sub(" ", str(value)))
    return text.removesuffix(" 00:00:00")


def _numpy_scalar(value: Any) -> str:
    dtype = getattr(value, "dtype", None)
    if dtype is not None and dtype.kind in "Mm":
        return date_text(value) if dtype.kind == "M" else str(value)
    if dtype is not None and dtype.kind in "fc":
        return number(float(value), 6) if dtype.kind == "f" else str(value)
    return str(value)
