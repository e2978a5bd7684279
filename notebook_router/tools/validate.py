"""Checking a tool's inputs against its JSON schema.

A small validator for the part of JSON Schema that tool parameters use:
types (and type lists), ``required``, ``enum``/``const``, nested objects and
arrays, ``anyOf``/``oneOf``, numeric and length bounds, ``pattern`` and the
``date``/``date-time``/``email`` formats. No dependency, and messages written
for the model that has to repair its inputs (and for a person reading a log).

Lenient by default: unknown top-level inputs are pruned, and unambiguous
conversions are made (``"42"`` → 42 for an integer, ``"PNG"`` → ``"png"``
for an enum, a lone value → a one-item array). ``strict=True`` rejects both.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.tools.spec import ToolSpec

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_MISSING = object()


@dataclass
class Checked:
    """The outcome of validating one set of inputs.

    ``inputs`` are the cleaned inputs (pruned and converted), ``missing`` the
    required parameters that were not given, ``pruned`` the unknown ones that
    were dropped, ``problems`` everything else that is wrong.
    """

    inputs: dict[str, Any]
    missing: list[str] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problems and nothing missing."""
        return not self.problems and not self.missing


def check_inputs(spec: ToolSpec, inputs: Any, *, strict: bool = False) -> Checked:
    """Validate ``inputs`` for ``spec``; never raises for bad input, reports it instead."""
    if not isinstance(inputs, Mapping):
        return Checked({}, problems=[f"inputs must be a JSON object, got {_kind(inputs)}"])
    schema = spec.parameters
    props = spec.properties
    extra = schema.get("additionalProperties", None)
    out = Checked({})
    for key, value in inputs.items():
        sub: Mapping[str, Any]
        if key in props:
            sub = props[key]
        elif extra not in (None, False):
            sub = extra if isinstance(extra, Mapping) else {}
        elif strict:
            known = ", ".join(props) or "none"
            out.problems.append(f"unknown input {key!r} (the parameters are: {known})")
            continue
        else:
            out.pruned.append(key)
            continue
        if value is None and key not in spec.required and not _allows_null(sub):
            continue  # models often send null for "not given": treat it as absent
        converted = _check(sub, value, key, strict, out.problems)
        if converted is not _MISSING:
            out.inputs[key] = converted
    out.missing = [name for name in spec.required if name not in out.inputs]
    return out


def _check(
    schema: Mapping[str, Any], value: Any, where: str, strict: bool, problems: list[str]
) -> Any:
    """``value`` checked (and converted when lenient); appends to ``problems`` on failure."""
    for key in ("anyOf", "oneOf"):
        if key in schema:
            for option in schema[key]:
                trial: list[str] = []
                result = _check(option, value, where, strict, trial)
                if not trial:
                    return result
            problems.append(f"{where}: {_show(value)} matches none of the allowed forms")
            return _MISSING
    kinds = schema.get("type")
    if kinds is not None:
        allowed = kinds if isinstance(kinds, list) else [kinds]
        value, ok = _as_type(value, allowed, strict)
        if not ok:
            problems.append(f"{where}: expected {' or '.join(allowed)}, got {_show(value)}")
            return _MISSING
    if "enum" in schema or "const" in schema:
        options = schema["enum"] if "enum" in schema else [schema["const"]]
        value, ok = _in_enum(value, options, strict)
        if not ok:
            listed = ", ".join(_show(o) for o in options)
            problems.append(f"{where}: {_show(value)} is not one of {listed}")
            return _MISSING
    before = len(problems)
    _bounds(schema, value, where, problems)
    if len(problems) > before:
        return _MISSING
    if isinstance(value, list) and "items" in schema:
        sub = schema["items"]
        items = [_check(sub, v, f"{where}[{i}]", strict, problems) for i, v in enumerate(value)]
        return [v for v in items if v is not _MISSING]
    if isinstance(value, dict) and "properties" in schema:
        return _object(schema, value, where, strict, problems)
    return value


def _object(
    schema: Mapping[str, Any], value: dict[str, Any], where: str, strict: bool, problems: list[str]
) -> dict[str, Any]:
    props = schema["properties"]
    out: dict[str, Any] = {}
    for key, sub_value in value.items():
        if key in props:
            checked = _check(props[key], sub_value, f"{where}.{key}", strict, problems)
            if checked is not _MISSING:
                out[key] = checked
        elif schema.get("additionalProperties", not strict) is not False:
            out[key] = sub_value
        else:
            problems.append(f"{where}: unknown field {key!r}")
    for name in schema.get("required", []):
        if name not in value:
            problems.append(f"{where}: missing required field {name!r}")
    return out


def _as_type(value: Any, allowed: list[str], strict: bool) -> tuple[Any, bool]:
    for kind in allowed:
        if _is(value, kind):
            return value, True
    if strict:
        return value, False
    for kind in allowed:
        converted = _convert(value, kind)
        if converted is not _MISSING:
            return converted, True
    return value, False


def _is(value: Any, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    return value is None if kind == "null" else False


def _convert(value: Any, kind: str) -> Any:
    """The unambiguous conversions a lenient check makes, or _MISSING."""
    if kind in ("integer", "number") and isinstance(value, str):
        try:
            number = float(value.strip().replace(",", ""))
        except ValueError:
            return _MISSING
        value = number
    if kind == "integer" and isinstance(value, float) and value.is_integer():
        return int(value)
    if kind == "number" and isinstance(value, float) and math.isfinite(value):
        return int(value) if value.is_integer() else value
    if kind == "boolean" and isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if kind == "string" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if kind == "array" and isinstance(value, tuple):
        return list(value)
    if kind == "array" and not isinstance(value, (list, dict)) and value is not None:
        return [value]
    return _MISSING


def _in_enum(value: Any, options: list[Any], strict: bool) -> tuple[Any, bool]:
    if value in options and not (isinstance(value, bool) and True not in options):
        return value, True
    if not strict and isinstance(value, str):
        folded = value.strip().lower().replace(" ", "_")
        for option in options:
            if isinstance(option, str) and option.lower().replace(" ", "_") == folded:
                return option, True
    return value, False


def _bounds(schema: Mapping[str, Any], value: Any, where: str, problems: list[str]) -> None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and value < low:
            problems.append(f"{where}: {value} is below the minimum {low}")
        if high is not None and value > high:
            problems.append(f"{where}: {value} is above the maximum {high}")
        x_low, x_high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
        if x_low is not None and value <= x_low:
            problems.append(f"{where}: {value} must be greater than {x_low}")
        if x_high is not None and value >= x_high:
            problems.append(f"{where}: {value} must be less than {x_high}")
    if isinstance(value, (str, list)):
        noun = "characters" if isinstance(value, str) else "items"
        low, high = _length_bounds(schema, isinstance(value, str))
        if low is not None and len(value) < low:
            problems.append(f"{where}: needs at least {low} {noun}, got {len(value)}")
        if high is not None and len(value) > high:
            problems.append(f"{where}: allows at most {high} {noun}, got {len(value)}")
    if isinstance(value, str):
        _string_format(schema, value, where, problems)


def _length_bounds(schema: Mapping[str, Any], text: bool) -> tuple[Any, Any]:
    if text:
        return schema.get("minLength"), schema.get("maxLength")
    return schema.get("minItems"), schema.get("maxItems")


def _string_format(schema: Mapping[str, Any], value: str, where: str, problems: list[str]) -> None:
    pattern = schema.get("pattern")
    if pattern and not re.search(pattern, value):
        problems.append(f"{where}: {_show(value)} does not match the pattern {pattern!r}")
    fmt = schema.get("format")
    parsers = {"date": dt.date.fromisoformat, "date-time": dt.datetime.fromisoformat}
    if fmt in parsers:
        try:
            parsers[fmt](value)
        except ValueError:
            example = "2025-03-14" if fmt == "date" else "2025-03-14T09:30:00"
            problems.append(f"{where}: {_show(value)} is not an ISO {fmt} such as {example}")
    elif fmt == "email" and not _EMAIL.match(value):
        problems.append(f"{where}: {_show(value)} is not an email address")


def _allows_null(schema: Mapping[str, Any]) -> bool:
    kinds = schema.get("type")
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
        return True
    return any(_allows_null(s) for s in schema.get("anyOf", []) + schema.get("oneOf", []))


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
