"""Brace-safe ``{name}`` interpolation of kernel variables into task text.

``str.format_map`` breaks on any brace that is not a field (JSON, code, set
literals). Here a ``{name}`` (or ``{name.attr}``) is replaced only when
``name`` exists in the namespace; everything else, and anything inside
backtick code spans or fenced blocks, is left exactly as written. ``{{`` is
an escaped brace (``{{region}}`` gives ``{region}``); a lone ``}}`` is left as
is, since it usually closes nested JSON.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from notebook_router.text.preview import preview
from notebook_router.text.secrets import redact

_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
# An escaped field ({{x}} -> {x}), a lone escaped brace ({{ -> {), or a field.
# A lone "}}" is left alone: it usually closes nested JSON or code.
_FIELD = re.compile(r"\{\{([^{}]*)\}\}|\{\{|\{([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\}")
_SCALARS = (str, int, float, bool)
_INLINE_LIMIT = 200


@dataclass(frozen=True, slots=True)
class VariableRef:
    """A kernel variable that fed a run."""

    name: str
    type: str
    preview: str
    inlined: bool
    """True when its text went into the task; False when it travels as a reference."""


@dataclass(frozen=True, slots=True)
class Interpolated:
    """The task text after interpolation, and what went into it."""

    text: str
    variables: tuple[VariableRef, ...]
    values: dict[str, Any]
    """Non-scalar values referenced, to seed the run's shared context."""


def interpolate(text: str, namespace: Mapping[str, Any]) -> Interpolated:
    """Replace ``{name}`` fields that name existing variables; leave the rest alone.

    >>> interpolate("Sales for {region}; keep {json: 1} and `{region}`", {"region": "North"}).text
    'Sales for North; keep {json: 1} and `{region}`'
    """
    variables: dict[str, VariableRef] = {}
    values: dict[str, Any] = {}
    out: list[str] = []
    last = 0
    for code in _CODE.finditer(text):
        out.append(_fields(text[last : code.start()], namespace, variables, values))
        out.append(code.group(0))
        last = code.end()
    out.append(_fields(text[last:], namespace, variables, values))
    return Interpolated("".join(out), tuple(variables.values()), values)


def _fields(
    text: str,
    namespace: Mapping[str, Any],
    variables: dict[str, VariableRef],
    values: dict[str, Any],
) -> str:
    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if match.group(1) is not None:
            return "{" + match.group(1) + "}"
        if token == "{{":
            return "{"
        path = match.group(2)
        found, value = _lookup(namespace, path)
        if not found:
            return token
        inline = isinstance(value, _SCALARS) and len(str(value)) <= _INLINE_LIMIT
        # The text becomes the run's goal: it is sent to the model and shown in
        # the panel and the saved notebook, so a key in a variable is masked
        # there (agents still get the value itself through ``values``).
        shown = redact(preview(value, 120))
        variables[path] = VariableRef(path, type(value).__name__, shown, inline)
        if inline:
            return redact(str(value))
        values[path] = value
        return f"{path} ({redact(preview(value, 80))})"

    return _FIELD.sub(replace, text)


def _lookup(namespace: Mapping[str, Any], path: str) -> tuple[bool, Any]:
    root, *attrs = path.split(".")
    if root not in namespace or root.startswith("_"):
        return False, None
    value = namespace[root]
    for attr in attrs:
        if attr.startswith("_") or not hasattr(value, attr):
            return False, None
        value = getattr(value, attr)
    return True, value
