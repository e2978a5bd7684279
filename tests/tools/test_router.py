"""ToolRouter with the offline model (rules) and the scripted model: choose, run, stream, recover."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from typing import Literal

import pytest

from notebook_router import ToolRouter, tool
from notebook_router.errors import (
    ConfigError,
    EmptyTaskError,
    ProviderServerError,
    SyncInLoopError,
    ToolExecutionError,
    ToolSpecError,
)
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.tools import Retries, ToolDecision, ToolStore, rules
from notebook_router.tools.decision import route_schema
from notebook_router.usage import ZERO_USAGE


@tool
def convert_length(
    value: float,
    from_unit: Literal["meter", "kilometer", "mile", "foot"],
    to_unit: Literal["meter", "kilometer", "mile", "foot"],
) -> str:
    """Convert a length or distance from one unit to another."""
    factor = {"meter": 1.0, "kilometer": 1000.0, "mile": 1609.344, "foot": 0.3048}
    return f"{value * factor[from_unit] / factor[to_unit]:.2f} {to_unit}"


@tool
def get_weather(city: str) -> str:
    """Current weather conditions (temperature, wind) in a city."""
    return f"sunny in {city}"


@tool
def send_email(to: str, subject: str) -> str:
    """Send an email message to someone."""
    return f"sent {subject!r} to {to}"


TOOLS = [convert_length, get_weather, send_email]


class Sleeps:
    """Records the back-off delays instead of sleeping."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def test_offline_chooses_one_tool_and_fills_inputs_without_running_it() -> None:
    calls: list[str] = []

    @tool
    def is_prime(n: int) -> bool:
        """Check whether a whole number is a prime number."""
        calls.append("ran")
        return n > 1

    router = ToolRouter([*TOOLS, is_prime], model="offline")
    decision = router.choose("how many feet is 3 kilometers?")
    assert decision.tool == "convert_length" and decision.ready
    assert decision.inputs == {"value": 3, "from_unit": "kilometer", "to_unit": "foot"}
    assert router.choose("is 97 prime?").inputs == {"n": 97}
    assert calls == []  # choose never runs a tool
    assert decision.attempts == 0 and decision.usage == ZERO_USAGE  # rules: no model call


def test_offline_routing_is_rules_with_no_model_call() -> None:
    seen: list[str] = []

    class Spy(OfflineProvider):
        async def complete(self, request: CompletionRequest) -> Completion:
            seen.append(request.purpose)
            return await super().complete(request)

    router = ToolRouter(TOOLS, model=Spy())
    decision = router.choose("convert 5 kilometers to miles")
    assert decision == rules_decision(decision.query)
    assert router.choose("order a pizza").tool is None
    assert seen == [] and router.usage == ZERO_USAGE


def rules_decision(query: str) -> ToolDecision:
    """What the offline rules give for ``query`` over TOOLS, as the router reports it."""
    reply = rules.route(query, [t.spec for t in TOOLS])
    return ToolDecision(
        query=query,
        tool=reply.tool,
        inputs=reply.inputs,
        reason=reply.reason,
        candidates=[t.name for t in TOOLS],
    )


def test_offline_run_executes_the_chosen_tool() -> None:
    result = ToolRouter(TOOLS, model="offline").run("convert 5 kilometers to miles")
    assert result.ok and result.output == "3.11 mile" and result.text == "3.11 mile"
    assert result.decision.tool == "convert_length" and result.tool_attempts == 1


def test_a_request_no_tool_fits_is_declined_with_a_friendly_message() -> None:
    ran: list[str] = []
    router = ToolRouter([*TOOLS], model="offline")
    decision = router.choose("order a large pepperoni pizza")
    assert decision.tool is None and decision.error is None
    assert decision.message == (
        "Sorry, none of my tools can do that. I can help with: convert length, get weather, "
        "send email."
    )
    result = router.run("convert my garage into a home office")
    assert result.status == "no_tool" and result.output is None and ran == []
    assert result.text.startswith("Sorry, none of my tools can do that.")


def test_missing_required_inputs_are_asked_for_not_invented() -> None:
    result = ToolRouter(TOOLS, model="offline").run("what's the weather like today?")
    assert result.status == "needs_input"
    assert result.decision.tool == "get_weather" and result.decision.missing == ["city"]
    assert result.text == "To use get_weather I also need city: city."


def test_a_custom_fallback_message() -> None:
    router = ToolRouter(TOOLS, model="offline", fallback_message=lambda q, d: f"No tool for {q!r}")
    assert router.run("play some jazz").text == "No tool for 'play some jazz'"


def test_empty_requests_are_refused() -> None:
    with pytest.raises(EmptyTaskError):
        ToolRouter(TOOLS, model="offline").choose("   ")


async def test_async_forms_and_sync_forms_inside_a_running_loop() -> None:
    router = ToolRouter(TOOLS, model="offline")
    assert (await router.achoose("weather in Oslo")).inputs == {"city": "Oslo"}
    assert (await router.arun("weather in Oslo")).output == "sunny in Oslo"
    assert [c async for c in router.astream("weather in Oslo")] == ["sunny in Oslo"]
    for call in (router.choose, router.run):
        with pytest.raises(SyncInLoopError, match=r"await router\.a") as info:
            call("weather in Oslo")
        assert isinstance(info.value, ConfigError)
    with pytest.raises(SyncInLoopError, match="async for"):
        next(router.stream("weather in Oslo"))


def test_streaming_tools_stream_sync_and_async() -> None:
    @tool
    def summarize_text(text: str) -> Iterator[str]:
        """Summarize a long piece of text in a few sentences."""
        yield from ("One. ", "Two. ", text)

    @tool
    async def translate_text(text: str, target_language: str) -> AsyncIterator[str]:
        """Translate text into another language."""
        for word in text.split():
            await asyncio.sleep(0)
            yield f"[{target_language}:{word}]"

    router = ToolRouter([summarize_text, translate_text], model="offline")
    assert list(router.stream("summarize 'Three.'")) == ["One. ", "Two. ", "Three."]
    assert list(router.stream("translate 'good day' into French")) == [
        "[French:good]",
        "[French:day]",
    ]
    collected = router.run("summarize 'Three.'")
    assert collected.output == "One. Two. Three."
    assert next(iter(router.stream("order a pizza"))).startswith("Sorry, none of my tools")


def test_tool_failures_are_retried_with_backoff_then_reported() -> None:
    attempts: list[int] = []

    @tool
    def get_weather(city: str) -> str:
        """Current weather in a city."""
        attempts.append(1)
        if len(attempts) < 3:
            raise TimeoutError("upstream timed out")
        return "rain"

    sleeps = Sleeps()
    router = ToolRouter(
        [get_weather], model="offline", retries=Retries(tool=2, backoff_s=0.25), sleep=sleeps
    )
    result = router.run("weather in Bergen")
    assert result.ok and result.output == "rain" and result.tool_attempts == 3
    assert sleeps.delays == [0.25, 0.5]

    attempts.clear()
    sleeps = Sleeps()
    router = ToolRouter([get_weather], model="offline", retries=Retries(tool=1), sleep=sleeps)
    result = router.run("weather in Bergen")
    assert result.status == "failed" and result.tool_attempts == 2 and len(sleeps.delays) == 1
    assert result.error == "TimeoutError: upstream timed out"
    assert result.text == (
        "Sorry, I could not complete that: the get_weather tool failed "
        "(TimeoutError: upstream timed out)."
    )


def test_a_stream_failing_before_its_first_chunk_is_retried_but_not_after() -> None:
    runs: list[int] = []

    @tool
    def summarize_text(text: str) -> Iterator[str]:
        """Summarize a long piece of text."""
        runs.append(1)
        if len(runs) == 1:
            raise ConnectionError("first try fails")
        yield "partial "
        raise ValueError("broke mid-way")

    router = ToolRouter([summarize_text], model="offline", retries=1, sleep=Sleeps())
    chunks = router.stream("summarize 'x'")
    assert next(chunks) == "partial "
    with pytest.raises(ToolExecutionError, match="part-way through its output"):
        next(chunks)
    assert len(runs) == 2


def test_policy_is_appended_to_the_routing_prompt_and_schema_lists_tools() -> None:
    model = ScriptedProvider([{"tool": "get_weather", "inputs": {"city": "Oslo"}}])
    router = ToolRouter(TOOLS, model=model, policy="Never send email without asking first.")
    assert router.choose("weather in Oslo").tool == "get_weather"
    request = model.requests[0]
    system = request.messages[0].content
    assert system.endswith(
        "Policy (follow it when choosing):\nNever send email without asking first.\n"
    )
    assert request.purpose == "tools.route" and request.temperature == 0.0
    assert request.json_schema == route_schema(("convert_length", "get_weather", "send_email"))
    assert request.json_schema["properties"]["tool"]["anyOf"] == [
        {"type": "string", "enum": ["convert_length", "get_weather", "send_email"]},
        {"type": "null"},
    ]
    catalog = json.loads(request.messages[1].content.split("```json")[1].split("```")[0])
    assert catalog["request"] == "weather in Oslo"
    assert [t["name"] for t in catalog["tools"]] == ["convert_length", "get_weather", "send_email"]


def _repairs(request: CompletionRequest) -> list[str]:
    return [m.content for m in request.messages if m.role == "user"][1:]


def test_unusable_replies_are_shown_to_the_model_to_repair() -> None:
    model = ScriptedProvider(
        [
            "Sure! I would use the weather tool.",
            {"tool": "weather", "inputs": {"city": "Oslo"}},
            {
                "tool": "convert_length",
                "inputs": {"value": "far", "from_unit": "mile", "to_unit": "meter"},
            },
            {
                "tool": "convert_length",
                "inputs": {"value": 2, "from_unit": "mile", "to_unit": "meter"},
            },
        ]
    )
    router = ToolRouter(TOOLS, model=model, retries=Retries(route=3))
    decision = router.choose("2 miles in meters")
    assert decision.tool == "convert_length" and decision.attempts == 4
    last = model.requests[-1]
    repairs = _repairs(last)
    assert repairs[0].startswith("Your reply could not be used: The reply contains no JSON object")
    assert (
        "'weather' is not one of the tools; use one of convert_length, get_weather, send_email"
        in repairs[1]
    )
    assert (
        "the inputs for convert_length are not valid: value: expected number, got 'far'"
        in repairs[2]
    )
    assert [m.role for m in last.messages] == ["system", "user", "assistant", "user"] + [
        "assistant",
        "user",
    ] * 2
    assert router.usage.calls == 4


def test_when_repairs_run_out_the_user_gets_a_friendly_message() -> None:
    model = ScriptedProvider(fallback="not json at all")
    router = ToolRouter(TOOLS, model=model, retries=Retries(route=2))
    result = router.run("weather in Oslo")
    assert result.status == "failed" and len(model.requests) == 3
    assert result.text == (
        "Sorry, I could not work out how to handle that request just now. "
        "Please try again, or rephrase it."
    )
    assert result.error == "after 3 model replies: The reply contains no JSON object"


def test_strict_mode_sends_unknown_inputs_back_and_lenient_mode_prunes_them() -> None:
    reply = {"tool": "get_weather", "inputs": {"city": "Oslo", "units": "metric"}}
    lenient = ToolRouter(TOOLS, model=ScriptedProvider([reply]))
    decision = lenient.choose("weather in Oslo")
    assert decision.inputs == {"city": "Oslo"} and decision.pruned == ["units"]
    model = ScriptedProvider([reply, {"tool": "get_weather", "inputs": {"city": "Oslo"}}])
    strict = ToolRouter(TOOLS, model=model, strict=True)
    assert strict.choose("weather in Oslo").attempts == 2
    assert "unknown input 'units' (the parameters are: city)" in _repairs(model.requests[1])[0]


def test_a_null_decision_is_taken_rather_than_forcing_a_tool() -> None:
    model = ScriptedProvider([{"tool": None, "inputs": {}, "reason": "nothing fits"}])
    result = ToolRouter(TOOLS, model=model).run("book me a flight")
    assert result.status == "no_tool" and result.decision.reason == "nothing fits"
    assert len(model.requests) == 1


def test_transient_provider_errors_are_retried_with_backoff() -> None:
    model = ScriptedProvider(
        [ProviderServerError("503"), {"tool": "get_weather", "inputs": {"city": "Oslo"}}]
    )
    sleeps = Sleeps()
    router = ToolRouter(TOOLS, model=model, retries=Retries(route=1, backoff_s=0.1), sleep=sleeps)
    assert router.choose("weather in Oslo").tool == "get_weather"
    assert sleeps.delays == [0.1]


def test_large_stores_show_the_model_only_relevant_candidates() -> None:
    store = ToolStore()
    for i in range(200):
        store.add(
            {"name": f"report_{i}", "description": f"Quarterly report number {i}."}, "tools/reports"
        )
    store.add(get_weather, "tools/weather")
    model = ScriptedProvider([{"tool": "get_weather", "inputs": {"city": "Oslo"}}])
    router = ToolRouter(store, model=model, max_candidates=5)
    assert router.choose("weather in Oslo").candidates == ["get_weather"]
    scoped = ToolRouter(store.scope(primary="tools/reports/*"), model="offline", max_candidates=5)
    assert scoped.choose("weather in Oslo").tool is None  # not in this worker's namespaces


def test_tools_given_as_openai_specs_can_be_chosen_but_not_run() -> None:
    spec = {
        "type": "function",
        "function": {
            "name": "get_stock_price",
            "description": "Latest share price of a stock, by ticker symbol.",
            "parameters": {
                "type": "object",
                "properties": {"ticker": {"type": "string"}},
                "required": ["ticker"],
            },
        },
    }
    router = ToolRouter([spec], model="offline")
    assert router.choose("share price of MSFT").inputs == {"ticker": "MSFT"}
    with pytest.raises(ToolSpecError, match="has no function to run"):
        router.run("share price of MSFT")
