"""ToolRouter with native tool calling, against the OpenAI SDK over a loopback HTTP server."""

from __future__ import annotations

from typing import Literal

from notebook_router import ToolRouter, tool
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_completion, openai_tool_completion


@tool
def convert_temperature(
    value: float,
    from_scale: Literal["celsius", "fahrenheit"],
    to_scale: Literal["celsius", "fahrenheit"],
) -> float:
    """Convert a temperature between Celsius and Fahrenheit."""
    return value * 9 / 5 + 32 if from_scale == "celsius" else (value - 32) * 5 / 9


@tool(name="weather.current")
def current_weather(city: str) -> str:
    """Current weather in a city."""
    return f"sunny in {city}"


def _router(server: LoopbackServer, *, native: bool = True) -> ToolRouter:
    provider = OpenAIProvider(
        "gpt-4o-mini",
        api_key=FAKE_OPENAI_KEY,
        base_url=server.url + "/v1",
        retry=RetryPolicy(attempts=2, base_s=0.01),
    )
    return ToolRouter(
        [convert_temperature, current_weather], model=provider, retries=1, native_tools=native
    )


def test_the_tools_go_as_functions_and_the_call_comes_back_validated(
    server: LoopbackServer,
) -> None:
    server.reply(
        200,
        openai_tool_completion(
            [
                (
                    "call_1",
                    "convert_temperature",
                    '{"value": "30", "from_scale": "celsius", "to_scale": "fahrenheit"}',
                )
            ]
        ),
    )
    result = _router(server).run("30 C in F?")
    body = server.requests[0].body
    assert {t["function"]["name"] for t in body["tools"]} == {
        "convert_temperature",
        "weather_current",
    }
    assert "response_format" not in body
    assert result.ok and result.output == 86.0
    assert result.decision.inputs == {
        "value": 30.0,
        "from_scale": "celsius",
        "to_scale": "fahrenheit",
    }
    assert result.decision.attempts == 1


def test_a_dotted_name_called_natively_maps_back(server: LoopbackServer) -> None:
    server.reply(200, openai_tool_completion([("c1", "weather_current", '{"city": "Oslo"}')]))
    result = _router(server).run("weather in Oslo")
    assert result.decision.tool == "weather.current"
    assert result.output == "sunny in Oslo"


def test_a_call_that_breaks_the_schema_is_answered_with_the_problem_and_repaired(
    server: LoopbackServer,
) -> None:
    server.reply(
        200,
        openai_tool_completion(
            [
                (
                    "bad",
                    "convert_temperature",
                    '{"value": 30, "from_scale": "kelvin", "to_scale": "fahrenheit"}',
                )
            ]
        ),
    )
    server.reply(
        200,
        openai_tool_completion(
            [
                (
                    "good",
                    "convert_temperature",
                    '{"value": 30, "from_scale": "celsius", "to_scale": "fahrenheit"}',
                )
            ]
        ),
    )
    result = _router(server).run("30 degrees celsius in fahrenheit")
    assert result.ok and result.output == 86.0
    assert result.decision.attempts == 2
    second = server.requests[1].body["messages"]
    answer = [m for m in second if m["role"] == "tool"]
    assert answer and answer[0]["tool_call_id"] == "bad"
    assert "from_scale" in answer[0]["content"]


def test_a_call_that_stays_unusable_falls_back_to_a_friendly_message(
    server: LoopbackServer,
) -> None:
    server.reply(200, openai_tool_completion([("x", "launch_rocket", "{}")]))
    result = _router(server).run("launch the rocket")
    assert result.status == "failed"
    assert result.decision.tool is None
    assert result.decision.attempts == 2
    assert "launch_rocket" in (result.decision.error or "")
    assert result.text.startswith("Sorry")


def test_a_plain_answer_without_a_call_declines(server: LoopbackServer) -> None:
    server.reply(200, openai_completion("none - no tool books flights"))
    decision = _router(server).choose("book me a flight to Lisbon")
    assert decision.tool is None and decision.error is None
    assert "flights" in decision.reason


def test_native_calling_can_be_turned_off_for_the_json_decision(server: LoopbackServer) -> None:
    server.reply(200, openai_completion('{"tool": "weather.current", "inputs": {"city": "Rome"}}'))
    decision = _router(server, native=False).choose("weather in Rome")
    assert "tools" not in server.requests[0].body
    assert decision.tool == "weather.current" and decision.inputs == {"city": "Rome"}
