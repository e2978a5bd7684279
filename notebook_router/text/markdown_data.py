"""Structured results (lists, records, mappings) written as Markdown for an answer.

An agent that returns ``["Paris", "Rome"]`` or a list of records should read
as a list or a table in the answer, not as a line of JSON. The Markdown is
what every viewer understands: terminals read it as is, the HTML views
(:func:`~notebook_router.render.html.render_answer`) and GitHub draw it.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

from notebook_router.text.unicode import valid_unicode

MAX_ITEMS = 20
"""Items (or rows) written out; the rest are counted ("… 5 more")."""
MAX_COLUMNS = 8
MAX_DEPTH = 2
CELL_CHARS = 80


def markdown_lines(value: Any, indent: str = "") -> list[str] | None:
    """``value`` as Markdown lines (each starting with ``indent``), or None when it
    reads well on one line: text, numbers, a short list of numbers, a table-like
    object (shown as a table of its own with the answer) or anything else."""
    if isinstance(value, (list, tuple)):
        if not value or all(_number(v) for v in value):
            return None  # [3, 1, 4] is already how a list of numbers reads
        if _records(value):
            return _table(value, indent)
        return _bullets(list(enumerate(value)), indent, keyed=False)
    if isinstance(value, dict) and value:
        return _bullets(list(value.items()), indent, keyed=True)
    return None


def _bullets(
    items: list[tuple[Any, Any]], indent: str, *, keyed: bool, depth: int = 0
) -> list[str]:
    """One bullet per item (``key: value`` for a mapping); a mapping's list or mapping
    values nest under their key, other values stay on their line."""
    lines: list[str] = []
    for key, value in items[:MAX_ITEMS]:
        label = f"{_cell(key)}: " if keyed else ""
        nested = None
        if keyed and depth < MAX_DEPTH and isinstance(value, (list, tuple, dict)) and value:
            inner = indent + "  "
            if isinstance(value, dict):
                nested = _bullets(list(value.items()), inner, keyed=True, depth=depth + 1)
            elif _records(value):
                nested = _table(value, inner)
            elif not all(_number(v) for v in value):
                nested = _bullets(list(enumerate(value)), inner, keyed=False, depth=depth + 1)
        if nested is None:
            lines.append(f"{indent}- {label}{_cell(value)}")
        else:
            lines.append(f"{indent}- {label.rstrip()}")
            lines.extend(nested)
    if len(items) > MAX_ITEMS:
        lines.append(f"{indent}- … {len(items) - MAX_ITEMS} more")
    return lines


def _table(rows: list[Any] | tuple[Any, ...], indent: str) -> list[str]:
    """Records (dicts sharing their keys) as a pipe table."""
    columns: list[str] = []
    for row in rows[:MAX_ITEMS]:
        columns.extend(_key(k) for k in row if _key(k) not in columns)
    columns = columns[:MAX_COLUMNS]
    lines = [
        indent + "| " + " | ".join(_pipe(c) for c in columns) + " |",
        indent + "|" + "---|" * len(columns),
    ]
    for row in rows[:MAX_ITEMS]:
        cells = {_key(k): v for k, v in row.items()}
        lines.append(
            indent + "| " + " | ".join(_pipe(_cell(cells.get(c, ""))) for c in columns) + " |"
        )
    if len(rows) > MAX_ITEMS:
        lines.append(f"{indent}… {len(rows) - MAX_ITEMS} more rows")
    return lines


def _key(key: Any) -> str:
    """A record's key as a column name: valid Unicode, as every cell is (a key parsed from
    a model's escaped JSON or read with surrogateescape may hold a lone surrogate)."""
    return valid_unicode(str(key))


def _records(value: list[Any] | tuple[Any, ...]) -> bool:
    return all(isinstance(v, dict) and v for v in value)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _cell(value: Any, depth: int = 0) -> str:
    """A value on one line: text as it is, anything else as compact JSON (cut short)."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, float):
        text = f"{value:,.4g}"
    elif isinstance(value, (bool, int)) or value is None:
        text = json.dumps(value)
    elif isinstance(value, dict) and depth < MAX_DEPTH:
        # A record in a list of mixed items: its fields, in a line.
        text = ", ".join(f"{k}: {_cell(v, depth + 1)}" for k, v in list(value.items())[:MAX_ITEMS])
    else:
        try:
            text = json.dumps(value, default=str, ensure_ascii=False)
        except (RecursionError, ValueError):  # nested too deep, or a cycle: its start will do
            text = reprlib.repr(value)
    # An agent's text may hold lone surrogates (bytes decoded with surrogateescape):
    # the answer must encode as UTF-8 for print(), the panel and the store.
    text = valid_unicode(" ".join(text.split()))
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"


def _pipe(text: str) -> str:
    return text.replace("|", "\\|")
