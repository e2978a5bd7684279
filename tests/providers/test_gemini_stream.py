"""The gemini provider's streamed replies and native function calls, against a loopback server."""

from __future__ import annotations

import asyncio
import base64

import pytest
from google.genai import types

from notebook_router.errors import ProviderRequestError, ProviderResponseError
from notebook_router.providers.base import (
    CompletionRequest,
    Message,
    ModelClient,
    ToolCall,
    ToolDef,
)
from notebook_router.providers.gemini import GeminiProvider
from notebook_router.providers.retry import RetryPolicy
from notebook_router.usage import Usage
from tests.providers.conftest import FAKE_GEMINI_KEY
from tests.providers.servers import (
    LoopbackServer,
    gemini_error,
    gemini_parts_response,
    gemini_response,
    gemini_stream,
)

FAST = RetryPolicy(attempts=3, base_s=0.01, max_s=1.0)
PIECES = ["Revenue ", "fell ", "14% ", "in 2025."]
SIGNATURE = b"\x01opaque-thought\xff"
RETRIEVE = {"type": "object", "properties": {"query": {"type": "string"}}}
TOOLS = (
    ToolDef(name="retrieve_agents", description="Find agents.", parameters=RETRIEVE),
    ToolDef(name="call_agent"),
)


def _provider(server: LoopbackServer) -> GeminiProvider:
    return GeminiProvider(
        "gemini-2.5-flash", api_key=FAKE_GEMINI_KEY, base_url=server.url, retry=FAST
    )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


def _ask(**fields: object) -> CompletionRequest:
    return CompletionRequest(messages=(Message(role="user", content="summarise"),), **fields)  # type: ignore[arg-type]


async def test_pieces_arrive_in_order_with_the_usage_of_the_last_chunk(
    server: LoopbackServer,
) -> None:
    server.stream(gemini_stream(PIECES, prompt=2000, output=400))
    spent: list[Usage] = []
    client = ModelClient(_provider(server), lambda usage, _: spent.append(usage), "synthesis")
    seen: list[str] = []
    completion = await client.complete(_ask(), on_text=seen.append)
    assert seen == PIECES and completion.text == "".join(PIECES)
    assert (completion.usage.input_tokens, completion.usage.output_tokens) == (2000, 400)
    assert completion.usage.cost_usd == pytest.approx(2000 * 0.30e-6 + 400 * 2.50e-6)
    assert spent == [completion.usage]
    seen_request = server.requests[0]
    assert seen_request.path.endswith("/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert seen_request.body["contents"] == [{"role": "user", "parts": [{"text": "summarise"}]}]


async def test_a_streamed_request_with_a_schema_still_asks_for_json(
    server: LoopbackServer,
) -> None:
    server.stream(gemini_stream(['{"answer": ', '"down"}']))
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}}
    completion = await _provider(server).stream(_ask(schema=schema), lambda piece: None)
    assert completion.text == '{"answer": "down"}'
    config = server.requests[0].body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"] == schema


async def test_a_stream_refused_before_its_first_piece_is_retried(
    server: LoopbackServer,
) -> None:
    server.reply(503, gemini_error(503, "busy", "UNAVAILABLE"))
    server.stream(gemini_stream(PIECES))
    seen: list[str] = []
    completion = await _provider(server).stream(_ask(), seen.append)
    assert len(server.requests) == 2 and seen == PIECES
    assert completion.text == "".join(PIECES)


@pytest.mark.parametrize("how", ["error event", "dropped connection"])
async def test_a_stream_that_fails_mid_way_is_an_error_not_a_retry(
    server: LoopbackServer, how: str
) -> None:
    events = gemini_stream(PIECES)
    if how == "error event":
        events.insert(2, gemini_error(500, f"internal {FAKE_GEMINI_KEY}", "INTERNAL"))
        server.stream(events)
    else:
        server.stream(events, cut_after=2)
    seen: list[str] = []
    with pytest.raises(ProviderResponseError, match="broke off after 13 characters") as raised:
        await asyncio.wait_for(_provider(server).stream(_ask(), seen.append), 30)
    assert seen == PIECES[:2] and len(server.requests) == 1
    assert FAKE_GEMINI_KEY not in str(raised.value)


async def test_functions_are_declared_and_calls_come_back_as_tool_calls(
    server: LoopbackServer,
) -> None:
    server.reply(
        200,
        gemini_parts_response(
            [
                types.Part(
                    function_call=types.FunctionCall(
                        id="fc-7", name="retrieve_agents", args={"query": "plot"}
                    ),
                    thought_signature=SIGNATURE,
                ),
                types.Part(function_call=types.FunctionCall(name="call_agent", args={})),
            ]
        ),
    )
    completion = await _provider(server).complete(_ask(tools=TOOLS, tool_choice="required"))
    assert completion.text == ""
    assert completion.tool_calls == (
        ToolCall(
            id="fc-7",
            name="retrieve_agents",
            arguments={"query": "plot"},
            signature=base64.b64encode(SIGNATURE).decode(),
        ),
        # Gemini gave this call no id: it gets one that is the same on every run.
        ToolCall(id="gemini-call-0-1", name="call_agent"),
    )
    body = server.requests[0].body
    [tool] = body["tools"]
    # Proto JSON takes either spelling of a field, and the SDK sends this one as written.
    declared = [
        {_camel(key): value for key, value in declaration.items()}
        for declaration in tool["functionDeclarations"]
    ]
    assert declared == [
        {
            "name": "retrieve_agents",
            "description": "Find agents.",
            "parametersJsonSchema": RETRIEVE,
        },
        {"name": "call_agent", "parametersJsonSchema": {"type": "object"}},
    ]
    assert body["toolConfig"] == {"functionCallingConfig": {"mode": "ANY"}}
    assert "automaticFunctionCalling" not in body  # the SDK's own switch, never sent


@pytest.mark.parametrize(("choice", "mode"), [("auto", "AUTO"), ("none", "NONE")])
async def test_tool_choice_becomes_the_calling_mode(
    server: LoopbackServer, choice: str, mode: str
) -> None:
    server.reply(200, gemini_response("no call"))
    await _provider(server).complete(_ask(tools=TOOLS, tool_choice=choice))
    assert server.requests[0].body["toolConfig"]["functionCallingConfig"]["mode"] == mode


async def test_calls_and_their_results_go_back_as_function_parts(
    server: LoopbackServer,
) -> None:
    server.stream(gemini_stream(["Plotted."]))
    calls = (
        ToolCall(
            id="fc-7",
            name="retrieve_agents",
            arguments={"query": "plot"},
            signature=base64.b64encode(SIGNATURE).decode(),
        ),
        ToolCall(id="gemini-call-0-1", name="call_agent", arguments={"agent": "plotter"}),
    )
    request = CompletionRequest(
        messages=(
            Message(role="system", content="you supervise"),
            Message(role="user", content="plot it"),
            Message(role="assistant", content="", tool_calls=calls),
            Message(role="tool", content="plotter", tool_call_id="fc-7"),
            Message(role="tool", content="done", tool_call_id="gemini-call-0-1"),
        ),
        tools=TOOLS,
    )
    seen: list[str] = []
    completion = await _provider(server).stream(request, seen.append)
    assert completion.text == "Plotted." and seen == ["Plotted."]
    contents = server.requests[0].body["contents"]
    assert contents[1] == {
        "role": "model",
        "parts": [
            {
                "functionCall": {
                    "id": "fc-7",
                    "name": "retrieve_agents",
                    "args": {"query": "plot"},
                },
                "thoughtSignature": base64.urlsafe_b64encode(SIGNATURE).decode(),
            },
            # An id we made up is not sent: Gemini never gave it.
            {"functionCall": {"name": "call_agent", "args": {"agent": "plotter"}}},
        ],
    }
    # Both results in one turn, each naming its function.
    assert contents[2] == {
        "role": "user",
        "parts": [
            {
                "functionResponse": {
                    "id": "fc-7",
                    "name": "retrieve_agents",
                    "response": {"output": "plotter"},
                }
            },
            {"functionResponse": {"name": "call_agent", "response": {"output": "done"}}},
        ],
    }
    assert len(contents) == 3


async def test_a_result_for_a_call_never_made_says_what_is_missing(
    server: LoopbackServer,
) -> None:
    request = CompletionRequest(
        messages=(
            Message(role="user", content="plot it"),
            Message(role="tool", content="done", tool_call_id="lost"),
        )
    )
    with pytest.raises(ProviderRequestError, match="no earlier assistant message made"):
        await _provider(server).complete(request)
    assert server.requests == []
