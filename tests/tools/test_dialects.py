"""Tool specs written with Python type names and dotted names are read, not refused."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.errors import ToolSpecError
from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.spec import Tool

# The shape of function-calling datasets' specs (e.g. BFCL): "dict" for the parameters
# object, "float", "tuple" and "any" for the parameters, a dotted name.
TRIANGLE: dict[str, Any] = {
    "name": "triangle_properties.get",
    "description": "Retrieve the area and perimeter of a triangle from its three sides.",
    "parameters": {
        "type": "dict",
        "properties": {
            "side1": {"type": "float", "description": "The length of the first side."},
            "side2": {"type": "float", "description": "The length of the second side."},
            "side3": {"type": "float", "description": "The length of the third side."},
            "get_area": {"type": "boolean", "description": "Whether to compute the area."},
            "vertex": {"type": "tuple", "items": {"type": "float"}, "description": "A corner."},
            "hint": {"type": "any", "description": "Anything else."},
        },
        "required": ["side1", "side2", "side3"],
    },
}
WEATHER: dict[str, Any] = {
    "name": "weather.current",
    "description": "Current weather for a city.",
    "parameters": {
        "type": "dict",
        "properties": {"city": {"type": "String", "description": "The city name."}},
        "required": ["city"],
    },
}


def test_python_type_names_are_read_as_json_schema_with_a_note_for_each() -> None:
    spec = ToolSpec.from_openai(TRIANGLE)
    params = spec.parameters
    assert params["type"] == "object"
    assert {params["properties"][s]["type"] for s in ("side1", "side2", "side3")} == {"number"}
    assert params["properties"]["vertex"] == {
        "type": "array",
        "items": {"type": "number"},
        "description": "A corner.",
    }
    assert "type" not in params["properties"]["hint"]  # any value
    assert spec.dialect_notes == (
        "parameters: 'dict' read as 'object'",
        "side1: 'float' read as 'number'",
        "side2: 'float' read as 'number'",
        "side3: 'float' read as 'number'",
        "vertex: 'tuple' read as 'array'",
        "vertex[]: 'float' read as 'number'",
        "hint: 'any' read as any type",
    )
    assert "dialect_notes" not in spec.to_openai(wrapped=False)  # models see JSON Schema only
    assert ToolSpec.from_openai(spec.to_openai()).dialect_notes == ()


def test_a_type_that_is_no_known_name_is_still_refused_with_the_choices() -> None:
    bad = {**WEATHER, "parameters": {"type": "object", "properties": {"x": {"type": "decimal"}}}}
    with pytest.raises(ToolSpecError, match="'x' has unknown type 'decimal'; use one of"):
        ToolSpec.from_openai(bad)


def test_the_router_picks_a_dotted_tool_and_says_how_its_spec_was_read() -> None:
    tools = [Tool.from_openai(TRIANGLE), Tool.from_openai(WEATHER)]
    router = ToolRouter(tools, model="offline")
    decision = router.choose("what is the area of a triangle with sides 3, 4 and 5")
    assert decision.tool == "triangle_properties.get"
    assert "parameters: 'dict' read as 'object'" in decision.notes
    weather = router.choose("current weather in Lisbon")
    assert weather.tool == "weather.current"
    assert weather.notes == [
        "parameters: 'dict' read as 'object'",
        "city: 'String' read as 'string'",
    ]
