"""ToolRouter over the openai provider, against a real HTTP server on loopback."""

from __future__ import annotations

import json
from typing import Literal

from notebook_router import ToolRouter, tool
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_completion


@tool
def convert_temperature(
    value: float,
    from_scale: Literal["celsius", "fahrenheit"],
    to_scale: Literal["celsius", "fahrenheit"],
) -> float:
    """Convert a temperature between Celsius and Fahrenheit."""
    return value * 9 / 5 + 32 if from_scale == "celsius" else (value - 32) * 5 / 9


@tool
def get_weather(city: str) -> str:
    """Current weather in a city."""
    return f"sunny in {city}"


def _router(server: LoopbackServer, policy: str | None = None) -> ToolRouter:
    provider = OpenAIProvider(
        "gpt-4o-mini",
        api_key=FAKE_OPENAI_KEY,
        base_url=server.url + "/v1",
        retry=RetryPolicy(attempts=2, base_s=0.01),
    )
    return ToolRouter([convert_temperature, get_weather], model=provider, policy=policy)


def test_a_malformed_first_answer_is_repaired_and_the_tool_runs(server: LoopbackServer) -> None:
    server.reply(200, openai_completion('{"tool": "convert_temperature", "inputs": {"value": 30'))
    server.reply(
        200,
        openai_completion(
            json.dumps(
                {
                    "tool": "convert_temperature",
                    "inputs": {"value": 30, "from_scale": "celsius", "to_scale": "fahrenheit"},
                    "reason": "a temperature conversion",
                }
            ),
            prompt=400,
            output=40,
        ),
    )
    result = _router(server, policy="Prefer metric units.").run("30 C in F?")
    assert result.ok and result.output == 86.0
    assert result.decision.attempts == 2 and result.decision.usage.input_tokens == 520

    first, second = (seen.body for seen in server.requests)
    assert first["response_format"]["type"] == "json_schema"
    schema = first["response_format"]["json_schema"]
    assert schema["name"] == "ToolDecision"
    assert schema["schema"]["properties"]["tool"]["anyOf"] == [
        {"type": "string", "enum": ["convert_temperature", "get_weather"]},
        {"type": "null"},
    ]
    assert schema["schema"]["required"] == ["tool", "inputs"]
    assert first["messages"][0]["role"] == "system"
    assert first["messages"][0]["content"].endswith("Prefer metric units.\n")
    # The repair shows the model its own reply and what was wrong with it.
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "user"]
    assert second["messages"][2]["content"].startswith('{"tool": "convert_temperature"')
    assert second["messages"][3]["content"].startswith(
        "Your reply could not be used: The reply is not a complete JSON object"
    )


def test_a_null_tool_over_http_is_a_friendly_no(server: LoopbackServer) -> None:
    server.reply(
        200, openai_completion('{"tool": null, "inputs": {}, "reason": "no tool books flights"}')
    )
    result = _router(server).run("book a flight to Rome")
    assert result.status == "no_tool" and result.decision.reason == "no tool books flights"
    assert result.text.startswith("Sorry, none of my tools can do that.")
    assert len(server.requests) == 1
