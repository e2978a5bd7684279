"""Numbers as people read them: thousands separators, one precision per column, no ``e+06``.

Used wherever a view shows numbers: result tables (the static view, the live
panel, the command line), the tables and prose of answers, and the meters.
Nothing here imports pandas: tables are read by shape, values by type.

>>> number_text(8974061.0)
'8,974,061'
>>> readable_number("8.974061e+06")
'8,974,061'
>>> money(0.00421)
'$0.0042'
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from typing import Any

from notebook_router.data.tables import TABLE_COLUMNS, TABLE_ROWS
from notebook_router.text.unicode import valid_unicode

MAX_DECIMALS = 4
"""Decimals a value keeps at most (fewer when its column needs fewer)."""
BIG_DECIMALS = 2
"""Decimals kept by a column whose numbers reach a thousand (money, counts, totals)."""
TINY = 0.01
GROUPED_FROM = 10_000
"""Whole numbers get separators from five digits on: 2024 stays a year, 12,345 reads as a count."""
"""Below this a value is shown by its significant digits (0.000123), not rounded away."""

_NUMBER = re.compile(r"^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?$")
_SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d{1,3}(?![\w.])")
_LONG_DECIMAL = re.compile(r"(?<![\w.,])[-+]?\d{5,}\.\d+(?![\w.])")
"""A number in prose with five or more digits before its point (8974061.23): it gets
separators. Whole numbers in prose are left alone: they may be years, ids or codes."""


def is_number_text(text: str) -> bool:
    """Whether ``text`` reads as one number (``1,234.5``, ``-3``, ``8.9e+06``, ``12%``)."""
    text = text.strip().removesuffix("%")
    return bool(text) and any(c.isdigit() for c in text) and _NUMBER.match(text) is not None


def decimals_for(values: Sequence[float]) -> int:
    """The decimals one column of ``values`` is shown with: what its values need, at most
    :data:`MAX_DECIMALS` (:data:`BIG_DECIMALS` once they reach a thousand)."""
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return 0
    cap = BIG_DECIMALS if max(abs(v) for v in finite) >= 1000 else MAX_DECIMALS
    needed = 0
    for v in finite:
        text = f"{abs(v):.{cap}f}".rstrip("0")
        needed = max(needed, len(text) - text.index(".") - 1)
    return needed


def number_text(value: Any, decimals: int | None = None) -> str:
    """One number as text: separators, ``decimals`` places (default: what it needs)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return str(value)
    if isinstance(value, numbers.Integral):
        return _whole(int(value))
    v = float(value)
    if not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("∞" if v > 0 else "-∞")
    if v != 0 and abs(v) < TINY and (decimals is None or round(v, decimals) == 0):
        return f"{v:.3g}"  # 0.000123: its digits, not 0.0000
    if abs(v) >= 1e15:
        return f"{v:.4g}"
    places = decimals_for([v]) if decimals is None else decimals
    return f"{v:,.{places}f}"


def readable_number(text: str) -> str | None:
    """A number written as text, written for people (None when ``text`` is no number).

    ``8.974061e+06`` → ``8,974,061``; ``1234567.5`` → ``1,234,567.5``; a percent keeps its sign.
    """
    stripped = text.strip()
    percent = stripped.endswith("%")
    body = stripped.removesuffix("%").replace(",", "")
    if not is_number_text(stripped):
        return None
    try:
        value = float(body)
    except ValueError:
        return None
    if "e" not in body.lower() and "." not in body:
        shown = _whole(int(body))
    elif value.is_integer() and abs(value) < 1e15:
        shown = f"{int(value):,}"
    else:
        shown = number_text(value)
    return shown + ("%" if percent else "")


def readable_numbers_in(text: str) -> str:
    """Prose with its scientific-notation and long decimal numbers written for people."""

    def fix(match: re.Match[str]) -> str:
        return readable_number(match.group(0)) or match.group(0)

    return _LONG_DECIMAL.sub(fix, _SCIENTIFIC.sub(fix, text))


def table_text(
    table: Any, rows: int = TABLE_ROWS, columns: int = TABLE_COLUMNS
) -> tuple[list[str], list[list[str]], list[bool]]:
    """The header, first rows and number columns of a pandas ``table``, as text.

    The index comes first. Each column of numbers shares one precision and has
    thousands separators; the third list says which columns hold numbers (to be
    right-aligned). Raises whatever pandas raises on an odd table.

    Names and values are made valid Unicode here, where a table's contents become
    text: a value read with ``errors="surrogateescape"`` holds lone surrogates,
    which the notebook, the static view and the terminal could not encode.
    """
    shown = table.iloc[:rows, :columns]
    header = [valid_unicode(str(shown.index.name or ""))]
    header += [valid_unicode(str(c)) for c in shown.columns]
    cols = [list(shown.index)] + [list(shown.iloc[:, i]) for i in range(shown.shape[1])]
    texts = [_column_text(values) for values in cols]
    numeric = [_all_numbers(values) for values in cols]
    body = [[texts[c][r] for c in range(len(cols))] for r in range(shown.shape[0])]
    return header, body, numeric


def _whole(n: int) -> str:
    return f"{n:,}" if abs(n) >= GROUPED_FROM else str(n)


def _column_text(values: list[Any]) -> list[str]:
    floats = [float(v) for v in values if _is_float(v)]
    places = decimals_for(floats) if floats else 0
    wholes = [int(v) for v in values if _is_whole(v)]
    # One column, one style: counts get separators if any of them needs them.
    grouped = any(abs(n) >= GROUPED_FROM for n in wholes)
    out = []
    for v in values:
        if _is_float(v):
            out.append(number_text(v, places))
        elif _is_whole(v):
            out.append(f"{int(v):,}" if grouped else str(int(v)))
        else:
            out.append(valid_unicode(str(v)))
    return out


def _is_whole(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_float(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, numbers.Integral))


def _all_numbers(values: list[Any]) -> bool:
    real = [v for v in values if not (_is_float(v) and math.isnan(float(v)))]
    return bool(real) and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in real)


def money(usd: float) -> str:
    """Dollars: four decimals under a dollar (model calls cost fractions of a cent), else two."""
    if usd < 1:
        return f"${usd:.4f}"
    return f"${usd:,.2f}"


def tokens(n: int) -> str:
    """A token count with separators (``12,345``)."""
    return f"{n:,}"


def seconds(s: float) -> str:
    """A duration: ``0.12 s`` under ten seconds, ``12.3 s`` from there."""
    return f"{s:.2f} s" if s < 10 else f"{s:,.1f} s"
