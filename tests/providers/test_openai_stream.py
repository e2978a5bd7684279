"""The openai provider's streamed replies and native tool calls, against a loopback server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from notebook_router.errors import ProviderRequestError, ProviderResponseError
from notebook_router.providers.base import (
    CompletionRequest,
    Message,
    ModelClient,
    ToolCall,
    ToolDef,
)
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from notebook_router.usage import Usage
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import (
    LoopbackServer,
    openai_chunk,
    openai_completion,
    openai_error,
    openai_stream,
    openai_tool_completion,
)

FAST = RetryPolicy(attempts=3, base_s=0.01, max_s=1.0)
PIECES = ["The trend ", "is down ", "14% ", "over the year", "."]
TOOLS = (
    ToolDef(
        name="agents.retrieve",
        description="Find agents for a task.",
        parameters={"type": "object", "properties": {"query": {"type": "string"}}},
    ),
    ToolDef(name="call_agent", parameters={"type": "object"}),
)


def _provider(server: LoopbackServer) -> OpenAIProvider:
    return OpenAIProvider(
        "gpt-4o-mini", api_key=FAKE_OPENAI_KEY, base_url=server.url + "/v1", retry=FAST
    )


def _client(server: LoopbackServer) -> tuple[ModelClient, list[Usage]]:
    spent: list[Usage] = []
    return ModelClient(_provider(server), lambda usage, _: spent.append(usage), "planner"), spent


def _ask(**fields: Any) -> CompletionRequest:
    return CompletionRequest(messages=(Message(role="user", content="summarise"),), **fields)


async def test_pieces_arrive_in_order_and_make_the_whole_text(server: LoopbackServer) -> None:
    server.stream(openai_stream(PIECES, prompt=1000, output=500))
    client, spent = _client(server)
    seen: list[str] = []
    completion = await client.complete(_ask(), on_text=seen.append)
    assert seen == PIECES
    assert completion.text == "".join(PIECES)
    assert completion.model == "openai:gpt-4o-mini"
    # The usage chunk at the end is counted, and priced like a whole reply's.
    assert (completion.usage.input_tokens, completion.usage.output_tokens) == (1000, 500)
    assert completion.usage.cost_usd == pytest.approx(0.00015 + 0.0003)
    assert spent == [completion.usage]
    body = server.requests[0].body
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert "response_format" not in body and "tools" not in body


async def test_a_streamed_request_with_a_schema_still_asks_for_json(
    server: LoopbackServer,
) -> None:
    server.stream(openai_stream(['{"answer": ', '"down"}']))
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}}
    seen: list[str] = []
    completion = await _provider(server).stream(
        _ask(schema=schema, schema_name="Synthesis"), seen.append
    )
    assert json.loads(completion.text) == {"answer": "down"}
    assert server.requests[0].body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "Synthesis", "schema": schema},
    }


async def test_a_stream_refused_before_its_first_piece_is_retried(
    server: LoopbackServer,
) -> None:
    server.reply(503, openai_error("busy", "server_error"))
    server.stream(openai_stream(PIECES))
    seen: list[str] = []
    completion = await _provider(server).stream(_ask(), seen.append)
    assert len(server.requests) == 2
    assert seen == PIECES and completion.text == "".join(PIECES)


async def test_a_stream_cut_off_mid_way_is_an_error_and_no_text_is_shown_twice(
    server: LoopbackServer,
) -> None:
    server.stream(openai_stream(PIECES), cut_after=2)
    seen: list[str] = []
    with pytest.raises(ProviderResponseError, match="broke off after 18 characters") as raised:
        await asyncio.wait_for(_provider(server).stream(_ask(), seen.append), 30)
    assert seen == PIECES[:2]
    assert len(server.requests) == 1  # a retry would have shown the first pieces again
    assert "run the request again" in str(raised.value)


async def test_an_error_event_mid_stream_is_a_provider_error(server: LoopbackServer) -> None:
    events = openai_stream(PIECES)
    events.insert(2, openai_error(f"overloaded {FAKE_OPENAI_KEY}", "server_error"))
    server.stream(events)
    seen: list[str] = []
    with pytest.raises(ProviderResponseError, match="unusable: overloaded") as raised:
        await asyncio.wait_for(_provider(server).stream(_ask(), seen.append), 30)
    assert seen == PIECES[:2] and len(server.requests) == 1
    assert FAKE_OPENAI_KEY not in str(raised.value)


async def test_a_failing_text_sink_is_not_mistaken_for_the_provider(
    server: LoopbackServer,
) -> None:
    server.stream(openai_stream(PIECES))

    def broken(piece: str) -> None:
        raise KeyError("the panel is gone")

    with pytest.raises(KeyError, match="the panel is gone"):
        await _provider(server).stream(_ask(), broken)
    assert len(server.requests) == 1


async def test_tools_are_offered_and_calls_come_back_with_our_names(
    server: LoopbackServer,
) -> None:
    server.reply(
        200,
        openai_tool_completion(
            [
                ("call_1", "agents_retrieve", '{"query": "forecast"}'),
                ("call_2", "call_agent", ""),
            ]
        ),
    )
    request = _ask(tools=TOOLS, tool_choice="required")
    completion = await _provider(server).complete(request)
    assert completion.tool_calls == (
        ToolCall(id="call_1", name="agents.retrieve", arguments={"query": "forecast"}),
        ToolCall(id="call_2", name="call_agent", arguments={}),
    )
    assert completion.text == ""
    body = server.requests[0].body
    assert body["tool_choice"] == "required"
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "agents_retrieve",  # OpenAI allows no dots in a tool's name
                "description": "Find agents for a task.",
                "parameters": {"type": "object", "properties": {"query": {"type": "string"}}},
            },
        },
        {"type": "function", "function": {"name": "call_agent", "parameters": {"type": "object"}}},
    ]


async def test_calls_and_their_results_go_back_in_the_wire_format(
    server: LoopbackServer,
) -> None:
    server.reply(200, openai_completion("Forecast: flat."))
    calls = (
        ToolCall(id="call_1", name="agents.retrieve", arguments={"query": "forecast"}),
        ToolCall(id="call_2", name="call_agent", arguments={"agent": "forecaster"}),
    )
    request = CompletionRequest(
        messages=(
            Message(role="user", content="forecast it"),
            Message(role="assistant", content="", tool_calls=calls),
            Message(role="tool", content="forecaster", tool_call_id="call_1"),
            Message(role="tool", content="flat", tool_call_id="call_2"),
        ),
        tools=TOOLS,
    )
    completion = await _provider(server).complete(request)
    assert completion.text == "Forecast: flat." and completion.tool_calls == ()
    body = server.requests[0].body
    assert body["tool_choice"] == "auto"
    assert body["messages"][1:] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "agents_retrieve", "arguments": '{"query": "forecast"}'},
                },
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "call_agent", "arguments": '{"agent": "forecaster"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "forecaster"},
        {"role": "tool", "tool_call_id": "call_2", "content": "flat"},
    ]


async def test_streamed_tool_calls_are_assembled_from_their_pieces(
    server: LoopbackServer,
) -> None:
    first = {"index": 0, "id": "call_9", "type": "function"}
    server.stream(
        [
            openai_chunk(
                tool_calls=[{**first, "function": {"name": "agents_retrieve", "arguments": ""}}]
            ),
            openai_chunk(tool_calls=[{"index": 0, "function": {"arguments": '{"que'}}]),
            openai_chunk(tool_calls=[{"index": 0, "function": {"arguments": 'ry": "plot"}'}}]),
            openai_chunk(finish_reason="tool_calls"),
            openai_chunk(usage=(40, 12)),
            "[DONE]",
        ]
    )
    seen: list[str] = []
    completion = await _provider(server).stream(_ask(tools=TOOLS), seen.append)
    assert completion.tool_calls == (
        ToolCall(id="call_9", name="agents.retrieve", arguments={"query": "plot"}),
    )
    assert seen == [] and completion.text == ""
    assert completion.usage.output_tokens == 12


@pytest.mark.parametrize(
    ("arguments", "said"),
    [('{"query": "plo', "arguments that are not JSON"), ('["plot"]', "a JSON list for arguments")],
)
async def test_malformed_tool_arguments_are_a_response_error(
    server: LoopbackServer, arguments: str, said: str
) -> None:
    server.reply(200, openai_tool_completion([("call_1", "agents_retrieve", arguments)]))
    with pytest.raises(ProviderResponseError, match=said) as raised:
        await _provider(server).complete(_ask(tools=TOOLS))
    assert "'agents.retrieve'" in str(raised.value)
    assert raised.value.usage is not None and raised.value.usage.calls == 1  # it was paid for


async def test_a_tool_result_must_name_its_call(server: LoopbackServer) -> None:
    request = CompletionRequest(messages=(Message(role="tool", content="flat"),))
    with pytest.raises(ProviderRequestError, match="tool_call_id"):
        await _provider(server).complete(request)
    assert server.requests == []


async def test_a_server_that_refuses_stream_options_is_asked_again_without_them(
    server: LoopbackServer,
) -> None:
    # Some OpenAI-compatible servers stream but reject the usage option with a 400.
    server.reply(
        400, openai_error("Unrecognized request argument: stream_options", "invalid_request_error")
    )
    server.stream(openai_stream(PIECES))
    pieces: list[str] = []
    client = ModelClient(_provider(server), lambda usage, source: None, "test")
    request = CompletionRequest(messages=(Message(role="user", content="how is it going?"),))
    completion = await client.complete(request, on_text=pieces.append)
    assert pieces == PIECES and completion.text == "".join(PIECES)
    first, second = (seen.body for seen in server.requests)
    assert first["stream_options"] == {"include_usage": True}
    assert "stream_options" not in second and second["stream"] is True
