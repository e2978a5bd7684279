"""Build a tool spec from a typed Python function (``@tool``).

Type hints become the JSON schema (``str``, ``int``, ``float``, ``bool``,
lists, dicts, ``Literal`` and ``Enum`` as enums, ``X | None``, dates, pydantic
models); defaults make a parameter optional; the docstring's first paragraph
is the description and its ``Args:`` section (Google style) or ``:param x:``
lines describe the parameters; ``Annotated[int, "the count"]`` does too.
"""

from __future__ import annotations

import datetime as dt
import enum
import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, overload

from pydantic import BaseModel

from notebook_router.errors import ToolSpecError
from notebook_router.tools.spec import Tool, ToolSpec

_SCALARS: dict[Any, dict[str, Any]] = {
    str: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
    dt.date: {"type": "string", "format": "date"},
    dt.datetime: {"type": "string", "format": "date-time"},
    dt.time: {"type": "string", "format": "time"},
}


@overload
def tool(fn: Callable[..., Any], /) -> Tool: ...


@overload
def tool(
    fn: None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    keywords: Sequence[str] = (),
    timeout: float | None = None,
) -> Callable[[Callable[..., Any]], Tool]: ...


def tool(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    keywords: Sequence[str] = (),
    timeout: float | None = None,
) -> Tool | Callable[[Callable[..., Any]], Tool]:
    """Make a tool from a typed function; the spec comes from its signature and docstring.

    >>> from typing import Literal
    >>> @tool
    ... def convert_temperature(value: float, to: Literal["celsius", "fahrenheit"]) -> float:
    ...     '''Convert a temperature.'''
    ...     return value
    >>> convert_temperature.spec.parameters["properties"]["to"]["enum"]
    ['celsius', 'fahrenheit']
    """

    def wrap(f: Callable[..., Any]) -> Tool:
        spec, adapt = spec_from_function(f, name=name, description=description)
        return Tool(spec, f, keywords=tuple(keywords), timeout_s=timeout, adapt=adapt)

    return wrap(fn) if fn is not None else wrap


def spec_from_function(
    fn: Callable[..., Any], *, name: str | None = None, description: str | None = None
) -> tuple[ToolSpec, Callable[[dict[str, Any]], dict[str, Any]]]:
    """The spec of ``fn`` and an adapter from JSON inputs to its Python arguments."""
    own_name = getattr(fn, "__name__", None)  # a partial or a callable object has none
    label = name or (own_name if isinstance(own_name, str) else "tool")
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception as exc:
        raise ToolSpecError(f"Tool {label!r}: cannot read its type hints ({exc}).") from None
    doc = inspect.getdoc(fn) or ""
    param_docs = _param_docs(doc)
    properties: dict[str, Any] = {}
    required: list[str] = []
    converters: dict[str, Callable[[Any], Any]] = {}
    for param in inspect.signature(fn).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.kind is param.POSITIONAL_ONLY:
            raise ToolSpecError(
                f"Tool {label!r}: parameter {param.name!r} is positional-only; tools are "
                "called with keyword arguments."
            )
        hint = hints.get(param.name, Any)
        schema, convert = schema_for(hint, f"{label}.{param.name}")
        if param.name in param_docs and "description" not in schema:
            schema["description"] = param_docs[param.name]
        if param.default is inspect.Parameter.empty:
            required.append(param.name)
        elif _jsonable(param.default):
            schema["default"] = _default(param.default)
        properties[param.name] = schema
        if convert is not None:
            converters[param.name] = convert
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    spec = ToolSpec(
        name=label,
        description=description or _first_paragraph(doc) or label.replace("_", " "),
        parameters=parameters,
    )

    def adapt(inputs: dict[str, Any]) -> dict[str, Any]:
        return {k: converters[k](v) if k in converters else v for k, v in inputs.items()}

    return spec, adapt


def schema_for(hint: Any, where: str) -> tuple[dict[str, Any], Callable[[Any], Any] | None]:
    """JSON schema for a type hint, and a converter from JSON to that type (or None)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        schema, convert = schema_for(args[0], where)
        notes = [a for a in args[1:] if isinstance(a, str)]
        if notes:
            schema["description"] = " ".join(notes)
        return schema, convert
    if hint is Any or hint is inspect.Parameter.empty:
        return {}, None
    if hint in _SCALARS:
        return dict(_SCALARS[hint]), _DATE_PARSERS.get(hint)
    if origin is Literal:
        return _enum_schema(list(args)), None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_schema([m.value for m in hint]), hint
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return hint.model_json_schema(), hint.model_validate
    if origin in (typing.Union, types.UnionType):
        return _union(args, where)
    if origin in (list, tuple, set, frozenset, Sequence, typing.Sequence):
        item = args[0] if args else Any
        items, convert = schema_for(item, f"{where}[]")
        schema = {"type": "array", "items": items} if items else {"type": "array"}
        return schema, (lambda v: [convert(x) for x in v]) if convert else None
    if origin in (dict, Mapping, typing.Mapping):
        value = args[1] if len(args) == 2 else Any
        values, _ = schema_for(value, f"{where}{{}}")
        return {"type": "object", "additionalProperties": values or True}, None
    if hint in (list, tuple, set):
        return {"type": "array"}, None
    if hint is dict:
        return {"type": "object"}, None
    raise ToolSpecError(
        f"Tool parameter {where!r}: the type {hint!r} has no JSON-schema form. Use str, int, "
        "float, bool, list[...], dict[str, ...], Literal[...], an Enum, a date or a "
        "pydantic model."
    )


def _union(args: tuple[Any, ...], where: str) -> tuple[dict[str, Any], Any]:
    options = [a for a in args if a is not type(None)]
    nullable = len(options) < len(args)
    schemas = [schema_for(a, where) for a in options]
    if len(schemas) == 1:
        schema, convert = schemas[0]
        if not nullable:
            return schema, convert
        return {"anyOf": [schema, {"type": "null"}]}, (
            (lambda v: None if v is None else convert(v)) if convert else None
        )
    members = [s for s, _ in schemas] + ([{"type": "null"}] if nullable else [])
    return {"anyOf": members}, None


def _enum_schema(values: list[Any]) -> dict[str, Any]:
    kinds = {type(v) for v in values}
    schema: dict[str, Any] = {"enum": values}
    if kinds == {str}:
        schema["type"] = "string"
    elif kinds <= {int} and bool not in kinds:
        schema["type"] = "integer"
    return schema


def _parse_date(value: Any) -> Any:
    return dt.date.fromisoformat(value) if isinstance(value, str) else value


def _parse_datetime(value: Any) -> Any:
    return dt.datetime.fromisoformat(value) if isinstance(value, str) else value


def _parse_time(value: Any) -> Any:
    return dt.time.fromisoformat(value) if isinstance(value, str) else value


_DATE_PARSERS: dict[Any, Callable[[Any], Any]] = {
    dt.date: _parse_date,
    dt.datetime: _parse_datetime,
    dt.time: _parse_time,
}


def _jsonable(value: Any) -> bool:
    if isinstance(value, enum.Enum):
        return _jsonable(value.value)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return True
    if isinstance(value, (list, tuple)):
        return all(_jsonable(v) for v in value)
    return False


def _default(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    return list(value) if isinstance(value, tuple) else value


def _first_paragraph(doc: str) -> str:
    return doc.strip().split("\n\n", 1)[0].replace("\n", " ").strip() if doc else ""


_SECTION = re.compile(r"^\s*(Args|Arguments|Parameters|Params)\s*:?\s*$", re.IGNORECASE)
_GOOGLE_ITEM = re.compile(r"^\s+(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s*(.+)$")
_REST_ITEM = re.compile(r"^\s*:param\s+(?:[\w\[\], |]+\s+)?(\w+)\s*:\s*(.+)$")


def _param_docs(doc: str) -> dict[str, str]:
    """Parameter descriptions from a Google-style ``Args:`` section or ``:param x:`` lines."""
    found: dict[str, str] = {}
    in_section = False
    current: str | None = None
    for line in doc.splitlines():
        rest = _REST_ITEM.match(line)
        if rest:
            found[rest.group(1)] = rest.group(2).strip()
            continue
        if _SECTION.match(line):
            in_section, current = True, None
            continue
        if not in_section:
            continue
        if line.strip() and not line.startswith((" ", "\t")):
            in_section = False  # the next section (Returns:, Raises:) begins
            continue
        item = _GOOGLE_ITEM.match(line)
        if item and len(line) - len(line.lstrip()) <= 4:
            current = item.group(1).lstrip("*")
            found[current] = item.group(2).strip()
        elif current and line.strip():
            found[current] += " " + line.strip()
    return found
