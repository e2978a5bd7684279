"""Agent output as a reader wants it in a plan row: words, not the JSON they came in.

A task's outcome is a preview of what its agent returned; a list of strings
previews as ``["image/png from the output of cell 9"]``. A plan row shows the
items themselves.

>>> readable_outcome('["image/png from the output of cell 9", "a red chart"]')
'image/png from the output of cell 9; a red chart'
>>> readable_outcome('{"total": 1200, "months": 12}')
'total: 1200; months: 12'
"""

from __future__ import annotations

import json
from typing import Any


def readable_outcome(text: str) -> str:
    """``text``, or the items of the JSON list or object it is, joined by ``; ``."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{" or stripped[-1] not in "]}":
        return text
    try:
        value = json.loads(stripped)
    except ValueError:
        return text  # a preview cut short ("…") is not JSON: shown as it is
    if isinstance(value, list) and value and all(isinstance(v, str | dict) for v in value):
        return "; ".join(_item(v) for v in value)  # [3, 1, 4] reads well as it is
    if isinstance(value, dict) and value:
        return "; ".join(f"{k}: {_item(v)}" for k, v in value.items())
    return text


def _item(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)
