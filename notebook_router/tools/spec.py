"""Tool specs in the OpenAI function-calling format, and the Tool that pairs one with code.

A spec is what a model sees: a name, a description and a JSON schema for the
parameters (Python type names such as ``"dict"`` or ``"float"`` are read as
JSON Schema, with a note: see :mod:`notebook_router.tools.dialects`). Names
may hold dots (``triangle_properties.get``); providers that forbid them get a
mapped name and the decision names the tool as written. Both shapes OpenAI
uses are accepted::

    {"name": ..., "description": ..., "parameters": {...}}
    {"type": "function", "function": {"name": ..., "description": ..., "parameters": {...}}}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from notebook_router.errors import ToolSpecError
from notebook_router.tools.dialects import normalise_parameters

_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")
JSON_TYPES = frozenset(["string", "integer", "number", "boolean", "array", "object", "null"])


class ToolSpec(BaseModel):
    """A tool as a model sees it: name, description, JSON-schema parameters.

    >>> ToolSpec.from_openai({"name": "is_prime", "description": "Primality test",
    ...     "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}}}).name
    'is_prime'
    """

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    dialect_notes: tuple[str, ...] = Field(default=(), exclude=True)
    """What was read as what when the spec came in another dialect (Python type names:
    ``"dict"`` as ``"object"``, ``"float"`` as ``"number"``); empty for JSON Schema."""

    @model_validator(mode="before")
    @classmethod
    def _read_dialect(cls, data: Any) -> Any:
        # Python type names are read as JSON Schema, with a note (see tools/dialects.py).
        if isinstance(data, Mapping) and isinstance(data.get("parameters"), Mapping):
            parameters, notes = normalise_parameters(data["parameters"])
            if notes:
                data = {
                    **data,
                    "parameters": parameters,
                    "dialect_notes": (*data.get("dialect_notes", ()), *notes),
                }
        return data

    def model_post_init(self, __context: Any) -> None:
        if not _NAME.match(self.name):
            raise ToolSpecError(
                f"Tool name {self.name!r} is not usable: use 1-64 letters, digits, '_', '-' "
                "or '.' (the OpenAI function-calling rule), e.g. 'convert_length'."
            )
        check_parameters(self.name, self.parameters)

    @classmethod
    def from_openai(cls, data: Mapping[str, Any]) -> ToolSpec:
        """A spec from either OpenAI function shape (bare, or wrapped in ``"function"``)."""
        if not isinstance(data, Mapping):
            raise ToolSpecError(
                f"A tool spec must be a mapping in the OpenAI function format, got "
                f"{type(data).__name__}."
            )
        body: Any = data
        if data.get("type") == "function" or "function" in data:
            body = data.get("function")
            if not isinstance(body, Mapping):
                raise ToolSpecError(
                    'A {"type": "function"} tool spec needs a "function" object holding '
                    '"name", "description" and "parameters".'
                )
        if "name" not in body:
            raise ToolSpecError(
                f'A tool spec needs a "name"; got the keys {sorted(body)}. Expected '
                '{"name": ..., "description": ..., "parameters": {...}}.'
            )
        parameters = body.get("parameters") or {"type": "object", "properties": {}}
        try:
            return cls(
                name=body["name"],
                description=body.get("description") or "",
                parameters=dict(parameters),
            )
        except ValidationError as exc:
            raise ToolSpecError(f"Tool spec {body.get('name')!r} is not valid: {exc}") from None

    def to_openai(self, *, wrapped: bool = True) -> dict[str, Any]:
        """This spec in the OpenAI format (``wrapped``: inside ``{"type": "function"}``)."""
        bare = {"name": self.name, "description": self.description, "parameters": self.parameters}
        return {"type": "function", "function": bare} if wrapped else bare

    @property
    def properties(self) -> dict[str, dict[str, Any]]:
        """The parameter schemas by name."""
        props: dict[str, dict[str, Any]] = self.parameters.get("properties", {})
        return props

    @property
    def required(self) -> list[str]:
        """Names of the required parameters."""
        return list(self.parameters.get("required", []))


def check_parameters(tool: str, schema: Mapping[str, Any]) -> None:
    """Reject parameter schemas a model could not follow, saying what to fix."""
    if not isinstance(schema, Mapping):
        raise ToolSpecError(f"Tool {tool!r}: parameters must be a JSON schema object.")
    if schema.get("type", "object") != "object":
        raise ToolSpecError(
            f"Tool {tool!r}: parameters must be an object schema "
            f'({{"type": "object", "properties": {{...}}}}), not {schema.get("type")!r}.'
        )
    props = schema.get("properties", {})
    if not isinstance(props, Mapping):
        raise ToolSpecError(f"Tool {tool!r}: 'properties' must map parameter names to schemas.")
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        raise ToolSpecError(f"Tool {tool!r}: 'required' must be a list of parameter names.")
    unknown = [r for r in required if r not in props]
    if unknown:
        raise ToolSpecError(
            f"Tool {tool!r}: required parameter(s) {', '.join(unknown)} are not in "
            "'properties'. Add a schema for each, or drop them from 'required'."
        )
    for name, sub in props.items():
        _check_schema(tool, name, sub)


def _check_schema(tool: str, where: str, schema: Any) -> None:
    if not isinstance(schema, Mapping):
        raise ToolSpecError(f"Tool {tool!r}: the schema of {where!r} must be an object.")
    kinds = schema.get("type")
    for kind in kinds if isinstance(kinds, list) else [kinds] if kinds else []:
        if kind not in JSON_TYPES:
            raise ToolSpecError(
                f"Tool {tool!r}: {where!r} has unknown type {kind!r}; use one of "
                f"{', '.join(sorted(JSON_TYPES))}."
            )
    if "enum" in schema and (not isinstance(schema["enum"], list) or not schema["enum"]):
        raise ToolSpecError(f"Tool {tool!r}: the enum of {where!r} must be a non-empty list.")
    if "items" in schema:
        _check_schema(tool, f"{where}[]", schema["items"])
    for name, sub in (schema.get("properties") or {}).items():
        _check_schema(tool, f"{where}.{name}", sub)
    for key in ("anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key) or []):
            _check_schema(tool, f"{where}.{key}[{i}]", sub)


InputAdapter = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Tool:
    """A spec and, optionally, the code that runs it.

    ``fn`` is called with the validated inputs as keyword arguments; it may be
    sync or async, and may return (or be) a sync or async generator to stream.
    ``keywords`` add retrieval terms that are not in the description (they are
    not shown to the model). ``adapt`` turns validated JSON inputs into the
    Python values ``fn`` expects (dates, enums, models); :func:`tool` sets it.
    Calling the tool calls ``fn``, so a decorated function stays a function.
    """

    spec: ToolSpec
    fn: Callable[..., Any] | None = None
    keywords: tuple[str, ...] = ()
    timeout_s: float | None = None
    adapt: InputAdapter | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """The tool's name."""
        return self.spec.name

    @property
    def description(self) -> str:
        """The tool's description."""
        return self.spec.description

    @classmethod
    def from_openai(
        cls, data: Mapping[str, Any], fn: Callable[..., Any] | None = None, **options: Any
    ) -> Tool:
        """A tool from an OpenAI-format spec and (optionally) the function that runs it."""
        return cls(ToolSpec.from_openai(data), fn, **options)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.fn is None:
            raise ToolSpecError(f"Tool {self.name!r} has no function to call.")
        return self.fn(*args, **kwargs)


ToolLike = Tool | ToolSpec | Mapping[str, Any] | Callable[..., Any]


def as_tool(obj: ToolLike) -> Tool:
    """A :class:`Tool` from a tool, a spec, an OpenAI-format dict or a typed function."""
    if isinstance(obj, Tool):
        return obj
    if isinstance(obj, ToolSpec):
        return Tool(obj)
    if isinstance(obj, Mapping):
        return Tool.from_openai(obj)
    if callable(obj):
        from notebook_router.tools.function import tool

        return tool(obj)
    raise ToolSpecError(
        f"Cannot make a tool from {type(obj).__name__}: pass a Tool, a ToolSpec, an "
        "OpenAI-format dict, or a typed Python function."
    )
