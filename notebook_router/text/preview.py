"""Short, human-readable previews of arbitrary agent data (for prompts, events, answers)."""

from __future__ import annotations

import json
from typing import Any

from notebook_router.text.unicode import valid_unicode

_MAX_ITEMS = 20
REPEATED = 500
"""Characters of a long text (a task, a goal) shown where it is repeated rather than kept."""


def preview(value: Any, limit: int = 200) -> str:
    """A one-line preview of ``value``, at most ``limit`` characters.

    Cheap on purpose: big containers are cut before they are serialised, and
    table-like objects (anything with ``shape`` and ``columns``) are described
    rather than printed.

    >>> preview({"total": 1200, "months": 12})
    '{"total": 1200, "months": 12}'
    """
    if type(value) in (int, bool):  # the cheap common cases, on the loop's hot path
        return str(value)
    if type(value) is str and len(value) <= limit and value.isprintable() and "  " not in value:
        return value.strip()
    try:
        text = _render(value)
    except Exception:  # nested thousands deep, a broken __repr__...: never break the run
        text = f"({type(value).__name__} that cannot be previewed)"
    text = " ".join(text.split())
    if not text.isprintable():
        # Lone surrogates (bytes read with errors="surrogateescape") cannot be
        # encoded for a model, an event or the store: show them as U+FFFD.
        text = valid_unicode(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str, limit: int = REPEATED) -> str:
    """``text`` itself when it is short, else its one-line :func:`preview`.

    For the places that repeat a text kept in full elsewhere (a 1 MB task is
    stored once, with its run; its plan row, the answer's opening, the panel
    and the trace show the start of it).

    >>> clip("Sum the numbers")
    'Sum the numbers'
    >>> len(clip("word " * 1000))
    500
    """
    return text if len(text) <= limit else preview(text, limit)


def _render(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value[:4000]
    if isinstance(value, (bool, int)):
        return str(value)
    if isinstance(value, float):
        return f"{value:,.4g}"
    if hasattr(value, "shape") and hasattr(value, "columns"):
        return _describe_table(value)
    if isinstance(value, (list, tuple)) and _is_records(value):
        fields = ", ".join(str(k) for k in value[0])
        first = json.dumps(value[0], default=str, ensure_ascii=False)
        return f"a list of {len(value)} records (keys {fields}); first: {first}"
    if isinstance(value, (list, tuple)):
        items = [_jsonable(v) for v in value[:_MAX_ITEMS]]
        more = f" … ({len(value)} items)" if len(value) > _MAX_ITEMS else ""
        return json.dumps(items, default=str, ensure_ascii=False) + more
    if isinstance(value, dict):
        items = list(value.items())[:_MAX_ITEMS]
        head = {str(k): _jsonable(v) for k, v in items}
        more = f" … ({len(value)} keys)" if len(value) > _MAX_ITEMS else ""
        return json.dumps(head, default=str, ensure_ascii=False) + more
    summary = getattr(value, "summary", None)
    if isinstance(summary, str) and summary:
        return summary
    return repr(value)[:4000]


def _is_records(value: list[Any] | tuple[Any, ...]) -> bool:
    """A list of at least four dicts with the same keys: a table in disguise."""
    if len(value) < 4 or not isinstance(value[0], dict):
        return False
    keys = value[0].keys()
    return all(isinstance(v, dict) and v.keys() == keys for v in value[:_MAX_ITEMS])


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple, dict)):
        return (
            json.loads(json.dumps(value, default=str)[:4000]) if _small(value) else _render(value)
        )
    return _render(value)


def _small(value: list[Any] | tuple[Any, ...] | dict[Any, Any]) -> bool:
    return len(value) <= _MAX_ITEMS


def _describe_table(table: Any) -> str:
    try:
        rows, cols = table.shape
        names = ", ".join(str(c) for c in list(table.columns)[:8])
        return f"{type(table).__name__} {rows}×{cols} ({names})"
    except Exception:  # a table-like object with odd attributes: fall back to repr
        return repr(table)[:4000]
