"""Tool specs: both OpenAI shapes, clear errors, and specs built from typed functions."""

from __future__ import annotations

import datetime as dt
import enum
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel

from notebook_router.errors import ConfigError, ToolSpecError
from notebook_router.tools import Tool, ToolSpec, tool
from notebook_router.tools.spec import as_tool

BARE = {
    "name": "get_weather",
    "description": "Current weather in a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}


def test_bare_and_wrapped_openai_forms_give_the_same_spec() -> None:
    wrapped = {"type": "function", "function": BARE}
    assert ToolSpec.from_openai(BARE) == ToolSpec.from_openai(wrapped)
    spec = ToolSpec.from_openai(wrapped)
    assert spec.required == ["city"] and list(spec.properties) == ["city"]
    assert spec.to_openai() == wrapped and spec.to_openai(wrapped=False) == BARE


def test_missing_parameters_mean_a_tool_without_inputs() -> None:
    spec = ToolSpec.from_openai({"name": "now", "description": "The time."})
    assert spec.parameters == {"type": "object", "properties": {}}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"description": "no name"}, 'needs a "name"'),
        ({"name": "has space"}, "is not usable"),
        ({"type": "function"}, '"function" object'),
        ({"name": "t", "parameters": {"type": "array"}}, "must be an object schema"),
        (
            {"name": "t", "parameters": {"type": "object", "properties": {}, "required": ["x"]}},
            "not in 'properties'",
        ),
        (
            {"name": "t", "parameters": {"properties": {"x": {"type": "text"}}}},
            "unknown type 'text'",
        ),
        ({"name": "t", "parameters": {"properties": {"x": {"enum": []}}}}, "non-empty list"),
    ],
)
def test_bad_specs_say_what_to_fix(data: dict[str, object], message: str) -> None:
    with pytest.raises(ToolSpecError, match=message) as info:
        ToolSpec.from_openai(data)
    assert isinstance(info.value, ConfigError)


class Units(enum.Enum):
    METRIC = "metric"
    IMPERIAL = "imperial"


class Window(BaseModel):
    start: int
    end: int


def test_typed_function_becomes_a_schema_with_descriptions_and_defaults() -> None:
    @tool(keywords=["meteo"])
    def forecast(
        city: str,
        days: Annotated[int, "How many days ahead"] = 3,
        units: Units = Units.METRIC,
        detail: Literal["short", "long"] | None = None,
        temperatures: list[float] | None = None,
        on: dt.date | None = None,
    ) -> str:
        """Weather forecast for a city.

        More text that is not the description.

        Args:
            city: The city to look up,
                by its English name.
            days: ignored because Annotated wins.
        """
        return city

    spec = forecast.spec
    assert spec.description == "Weather forecast for a city."
    props = spec.properties
    assert props["city"] == {
        "type": "string",
        "description": "The city to look up, by its English name.",
    }
    assert props["days"] == {"type": "integer", "description": "How many days ahead", "default": 3}
    assert props["units"] == {"enum": ["metric", "imperial"], "type": "string", "default": "metric"}
    assert props["detail"]["anyOf"] == [
        {"enum": ["short", "long"], "type": "string"},
        {"type": "null"},
    ]
    assert props["temperatures"]["anyOf"][0] == {"type": "array", "items": {"type": "number"}}
    assert props["on"]["anyOf"][0] == {"type": "string", "format": "date"}
    assert spec.required == ["city"]
    assert forecast.keywords == ("meteo",)
    assert forecast("Oslo") == "Oslo"  # still an ordinary function


def test_adapter_turns_json_inputs_into_the_python_types() -> None:
    seen: dict[str, object] = {}

    @tool
    def book(day: dt.date, units: Units, window: Window, tags: list[Units] | None = None) -> None:
        """Book something."""
        seen.update(day=day, units=units, window=window, tags=tags)

    assert book.adapt is not None
    args = book.adapt(
        {
            "day": "2025-03-14",
            "units": "imperial",
            "window": {"start": 1, "end": 2},
            "tags": ["metric"],
        }
    )
    book(**args)
    assert seen == {
        "day": dt.date(2025, 3, 14),
        "units": Units.IMPERIAL,
        "window": Window(start=1, end=2),
        "tags": [Units.METRIC],
    }


def test_functions_the_schema_cannot_describe_are_refused_clearly() -> None:
    def positional(x: int, /) -> int:
        return x

    with pytest.raises(ToolSpecError, match="positional-only"):
        tool(positional)

    def odd(x: complex) -> None:
        pass

    with pytest.raises(ToolSpecError, match="has no JSON-schema form"):
        tool(odd)


def test_as_tool_accepts_every_form() -> None:
    def ping() -> str:
        """Ping."""
        return "pong"

    spec = ToolSpec.from_openai(BARE)
    assert as_tool(BARE).spec == spec
    assert as_tool(spec).spec == spec
    assert as_tool(Tool(spec)).spec == spec
    assert as_tool(ping).name == "ping"
    with pytest.raises(ToolSpecError, match="Cannot make a tool"):
        as_tool(42)  # type: ignore[arg-type]
