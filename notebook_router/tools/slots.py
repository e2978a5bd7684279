"""What kind of value a tool parameter wants, read from its schema and its name.

A parameter's *slot* says which values in a request can fill it (a date
parameter takes dates, ``city`` takes names, ``tip_percent`` takes "20%"),
and its *role* says which of a pair it is (``from_unit`` / ``to_unit``,
``start_date`` / ``end_date``, ``city_a`` / ``city_b``), so that cue words
("from", "to", "into") can tell them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from notebook_router.language.lexicon import term_set, terms
from notebook_router.language.tables import table

Role = Literal["source", "target", "none"]
SlotKind = Literal[
    "enum",
    "date",
    "time",
    "email",
    "url",
    "path",
    "glob",
    "paths",
    "numbers",
    "number",
    "boolean",
    "place",
    "language",
    "code",
    "currency",
    "numeral",
    "text",
    "other",
]

_ROLES = table("tools_roles")
_SOURCE, _TARGET = frozenset(_ROLES["source"]), frozenset(_ROLES["target"])
_KINDS = {kind: term_set(words) for kind, words in table("parameters")["kinds"].items()}
_PLACE, _TEXT, _CODE, _PATHY = _KINDS["place"], _KINDS["text"], _KINDS["code"], _KINDS["path"]
_PERCENT = term_set(["rate", "pct"])


@dataclass(frozen=True)
class Slot:
    """One parameter as extraction sees it."""

    name: str
    schema: dict[str, Any]
    kind: SlotKind
    role: Role
    words: frozenset[str]  # terms of the name (cue words)
    context: frozenset[str]  # terms of the name and description
    percent: bool  # takes a percentage ("rate", "percent")
    negatable: bool  # the description says negative values go back/down


def slots_of(properties: dict[str, Any]) -> list[Slot]:
    """A slot for each parameter of a tool."""
    return [
        _slot(name, schema if isinstance(schema, dict) else {})
        for name, schema in properties.items()
    ]


def _slot(name: str, schema: dict[str, Any]) -> Slot:
    description = str(schema.get("description", ""))
    words = frozenset(terms(name))
    context = words | frozenset(terms(description))
    lowered = f"{name} {description}".lower()
    return Slot(
        name=name,
        schema=schema,
        kind=_kind(name, schema, words, lowered),
        role=_role(name.lower()),
        words=words,
        context=context,
        percent=any(w.startswith("percent") or w in _PERCENT for w in context),
        negatable="negative" in lowered,
    )


def _kind(name: str, schema: dict[str, Any], words: frozenset[str], text: str) -> SlotKind:
    types = _types(schema)
    if "enum" in schema or any("enum" in s for s in schema.get("anyOf", [])):
        return "enum"
    if "array" in types:
        items = _types(schema.get("items") or {})
        if items & {"number", "integer"}:
            return "numbers"
        return "paths" if words & _PATHY or "file" in text else "text"
    if types & {"number", "integer"}:
        return "number"
    if "boolean" in types:
        return "boolean"
    fmt = schema.get("format")
    if fmt in ("date", "date-time"):
        return "date"
    if fmt == "email" or words & _KINDS["email"]:
        return "email"
    if fmt in ("uri", "url") or words & _KINDS["url"]:
        return "url"
    if words & _KINDS["time"] or "hh:mm" in text:
        return "time"
    if "glob" in text:
        return "glob"
    if words & _PATHY:
        return "path"
    if words & _KINDS["language"]:
        return "language"
    if words & _KINDS["currency"] or "iso 4217" in text:
        return "currency"
    if words & _CODE:
        return "code"
    if words & _PLACE or "city" in text:
        return "place"
    if words & _KINDS["numeral"]:
        return "numeral"
    if words & _TEXT or not types or "string" in types:
        return "text"
    return "other"


def _types(schema: dict[str, Any]) -> set[str]:
    kinds = schema.get("type")
    found = set(kinds) if isinstance(kinds, list) else {kinds} if kinds else set()
    for sub in schema.get("anyOf", []) + schema.get("oneOf", []):
        if isinstance(sub, dict):
            found |= _types(sub)
    return found - {"null"}


def _role(name: str) -> Role:
    # whole parts of the identifier, as a parameter name is written ("from_unit", "city_b")
    parts = name.split("_")
    if any(part in _SOURCE for part in parts):
        return "source"
    if any(part in _TARGET for part in parts):
        return "target"
    return "none"


def enum_options(slot: Slot) -> list[Any]:
    """The allowed values of an enum slot."""
    if "enum" in slot.schema:
        return list(slot.schema["enum"])
    for sub in slot.schema.get("anyOf", []):
        if isinstance(sub, dict) and "enum" in sub:
            return list(sub["enum"])
    return []
