"""Tool specs written in other dialects, read as JSON Schema.

Users bring tool specs from many ecosystems. Several write parameter types
with Python's names (``"dict"``, ``"float"``, ``"tuple"``, ``"any"``), as
function-calling datasets and some agent libraries do. A model, and our own
input checks, need JSON Schema; the meaning is not in doubt, so the spec is
read as JSON Schema, and a note says what was read as what (the router puts
it in its decision, so nothing is changed silently).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PYTHON_TYPES: dict[str, str | None] = {
    "dict": "object",
    "mapping": "object",
    "float": "number",
    "double": "number",
    "int": "integer",
    "long": "integer",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "set": "array",
    "none": "null",
    "nonetype": "null",
    "any": None,  # any value: the type is dropped
}
"""Python type names (lower case) and the JSON Schema type each means (None: no type)."""

_JSON_TYPES = frozenset(["string", "integer", "number", "boolean", "array", "object", "null"])


def normalise_parameters(schema: Any) -> tuple[Any, tuple[str, ...]]:
    """``schema`` with Python type names read as JSON Schema types, and a note for each.

    Anything that is not a mapping is returned as it is (the spec's checks
    then say what is wrong with it).

    >>> fixed, notes = normalise_parameters(
    ...     {"type": "dict", "properties": {"side": {"type": "float"}}})
    >>> fixed["type"], fixed["properties"]["side"]["type"], notes
    ('object', 'number', ("parameters: 'dict' read as 'object'", "side: 'float' read as 'number'"))
    """
    if not isinstance(schema, Mapping):
        return schema, ()
    notes: list[str] = []
    return _normalise(schema, "parameters", notes), tuple(notes)


def _normalise(schema: Mapping[str, Any], where: str, notes: list[str]) -> dict[str, Any]:
    out = dict(schema)
    kind = out.get("type")
    if isinstance(kind, str):
        _retype(out, kind, where, notes)
    elif isinstance(kind, list):
        mapped = [_json_type(k) if isinstance(k, str) else k for k in kind]
        if mapped != kind:
            notes.append(f"{where}: {kind!r} read as {[m for m in mapped if m]!r}")
            out["type"] = [m for m in mapped if m] or None
            if out["type"] is None:
                del out["type"]
    props = out.get("properties")
    if isinstance(props, Mapping):
        out["properties"] = {
            name: _normalise(sub, str(name), notes) if isinstance(sub, Mapping) else sub
            for name, sub in props.items()
        }
    items = out.get("items")
    if isinstance(items, Mapping):
        out["items"] = _normalise(items, f"{where}[]", notes)
    for key in ("anyOf", "oneOf", "allOf"):
        subs = out.get(key)
        if isinstance(subs, list):
            out[key] = [
                _normalise(s, f"{where}.{key}[{i}]", notes) if isinstance(s, Mapping) else s
                for i, s in enumerate(subs)
            ]
    return out


def _retype(out: dict[str, Any], kind: str, where: str, notes: list[str]) -> None:
    if kind in _JSON_TYPES:
        return
    folded = kind.strip().lower()
    if folded in _JSON_TYPES:  # "String", "Object": the right word, another case
        out["type"] = folded
        notes.append(f"{where}: {kind!r} read as {folded!r}")
        return
    if folded not in PYTHON_TYPES:
        return  # unknown: left for the spec's checks to report
    mapped = PYTHON_TYPES[folded]
    if mapped is None:
        del out["type"]
        notes.append(f"{where}: {kind!r} read as any type")
    else:
        out["type"] = mapped
        notes.append(f"{where}: {kind!r} read as {mapped!r}")


def _json_type(kind: str) -> str | None:
    folded = kind.strip().lower()
    if folded in _JSON_TYPES:
        return folded
    return PYTHON_TYPES.get(folded, kind)
