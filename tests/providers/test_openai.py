"""The openai provider against a real HTTP server on loopback."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging

import httpx
import openai
import pytest

from notebook_router import Router, agent
from notebook_router.errors import (
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRequestError,
    ProviderResponseError,
    ProviderServerError,
    ProviderTimeoutError,
    ProviderUnavailableError,
    RateLimitedError,
)
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.openai import OpenAIProvider, map_openai_error
from notebook_router.providers.registry import resolve_model
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_completion, openai_error

FAST = RetryPolicy(attempts=3, base_s=0.01, max_s=1.0)


def _provider(server: LoopbackServer, **kwargs: object) -> OpenAIProvider:
    return OpenAIProvider(
        "gpt-4o-mini", api_key=FAKE_OPENAI_KEY, base_url=server.url + "/v1", retry=FAST, **kwargs
    )  # type: ignore[arg-type]


def _request(**kwargs: object) -> CompletionRequest:
    return CompletionRequest(
        messages=(Message(role="system", content="be brief"), Message(role="user", content="hi")),
        **kwargs,  # type: ignore[arg-type]
    )


async def test_structured_output_request_and_priced_usage(server: LoopbackServer) -> None:
    server.reply(200, openai_completion('{"action": "complete"}', prompt=1000, output=500))
    schema = {"type": "object", "properties": {"action": {"type": "string"}}}
    completion = await _provider(server).complete(
        _request(schema=schema, schema_name="Decision", temperature=0.0)
    )
    assert completion.text == '{"action": "complete"}'
    seen = server.requests[0]
    assert seen.path == "/v1/chat/completions"
    assert seen.headers["authorization"] == f"Bearer {FAKE_OPENAI_KEY}"
    assert seen.body["model"] == "gpt-4o-mini" and seen.body["temperature"] == 0.0
    assert seen.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "Decision", "schema": schema},
    }
    assert seen.body["messages"] == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hi"},
    ]
    # gpt-4o-mini: $0.15 / $0.60 per million tokens.
    assert completion.usage.input_tokens == 1000 and completion.usage.output_tokens == 500
    assert completion.usage.cost_usd == pytest.approx(0.00015 + 0.0003)


async def test_media_travel_as_content_parts(server: LoopbackServer) -> None:
    server.reply(200, openai_completion("a chart"))
    media = (
        Media(mime_type="image/png", data=b"\x89PNG", source="Out[3]"),
        Media(mime_type="application/pdf", data=b"%PDF-1.4", source="report.pdf"),
        Media(mime_type="audio/wav", data=b"RIFF", source="clip"),
        Media(
            mime_type="text/html", data="<table></table>", source="Out[4]", description="a table"
        ),
    )
    request = CompletionRequest(messages=(Message(role="user", content="describe", media=media),))
    await _provider(server).complete(request)
    parts = server.requests[0].body["messages"][0]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url", "file", "input_audio", "text"]
    assert parts[1]["image_url"]["url"] == "data:image/png;base64,iVBORw=="
    assert parts[2]["file"]["file_data"].startswith("data:application/pdf;base64,")
    assert parts[3]["input_audio"] == {"data": "UklGRg==", "format": "wav"}
    assert parts[4]["text"] == "[text/html from Out[4]: a table]\n<table></table>"


async def test_rate_limit_honours_retry_after(server: LoopbackServer) -> None:
    server.reply(429, openai_error("slow down"), retry_after="0.3")
    server.reply(200, openai_completion("ok"))
    completion = await _provider(server).complete(_request())
    assert completion.text == "ok"
    first, second = server.requests
    assert second.at - first.at >= 0.25  # waited as told, not the 10 ms base delay


async def test_server_errors_are_retried_then_raised(server: LoopbackServer) -> None:
    server.reply(500, openai_error("boom", "server_error"))
    with pytest.raises(ProviderServerError, match="OpenAI server error"):
        await _provider(server).complete(_request())
    assert len(server.requests) == FAST.attempts


@pytest.mark.parametrize(
    ("status", "error"),
    [
        (400, ProviderRequestError),
        (404, ProviderRequestError),
        (401, ProviderAuthError),
        (403, ProviderAuthError),
    ],
)
async def test_client_errors_are_not_retried(
    server: LoopbackServer, status: int, error: type[Exception]
) -> None:
    server.reply(
        status,
        openai_error(f"Incorrect API key provided: {FAKE_OPENAI_KEY}", "invalid_request_error"),
    )
    with pytest.raises(error) as raised:
        await _provider(server).complete(_request())
    assert len(server.requests) == 1
    assert FAKE_OPENAI_KEY not in str(raised.value)  # the server echoed it; we do not


async def test_refusals_and_truncated_json_are_response_errors(server: LoopbackServer) -> None:
    refusal = openai_completion("")
    refusal["choices"][0]["message"]["refusal"] = "I can't help with that"
    truncated = openai_completion('{"action": "comp')
    truncated["choices"][0]["finish_reason"] = "length"
    server.reply(200, refusal)
    server.reply(200, truncated)
    with pytest.raises(ProviderResponseError, match="refused"):
        await _provider(server).complete(_request())
    with pytest.raises(ProviderResponseError, match="ran out of output tokens"):
        await _provider(server).complete(_request(schema={"type": "object"}))


def _instances() -> list[Exception]:
    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    out: list[Exception] = []
    statuses = {
        "RateLimitError": 429,
        "InternalServerError": 500,
        "AuthenticationError": 401,
        "OAuthError": 401,
        "PermissionDeniedError": 403,
        "NotFoundError": 404,
        "ConflictError": 409,
        "UnprocessableEntityError": 422,
        "BadRequestError": 400,
    }
    for name, cls in inspect.getmembers(openai, inspect.isclass):
        if not issubclass(cls, openai.OpenAIError):
            continue
        response = httpx.Response(statuses.get(name, 418), request=request)
        attempts = (
            lambda cls=cls, response=response: cls("x", response=response, body=None),
            lambda cls=cls, response=response: cls(response=response, body=None),
            lambda cls=cls, response=response: cls(request=request),
            lambda cls=cls, response=response: cls("x", request, body=None),
            lambda cls=cls, response=response: cls(),
            lambda cls=cls, response=response: cls("x"),
        )
        for make in attempts:
            try:
                out.append(make())
                break
            except TypeError:
                continue
        else:
            out.append(cls.__new__(cls))
    return out


def test_every_sdk_error_class_is_mapped() -> None:
    expected = {
        "RateLimitError": RateLimitedError,
        "APITimeoutError": ProviderTimeoutError,
        "APIConnectionError": ProviderConnectionError,
        "InternalServerError": ProviderServerError,
        "AuthenticationError": ProviderAuthError,
        "PermissionDeniedError": ProviderAuthError,
        "BadRequestError": ProviderRequestError,
        "NotFoundError": ProviderRequestError,
        "ConflictError": ProviderRequestError,
        "UnprocessableEntityError": ProviderRequestError,
        "APIResponseValidationError": ProviderResponseError,
        "LengthFinishReasonError": ProviderResponseError,
        "ContentFilterFinishReasonError": ProviderResponseError,
    }
    instances = _instances()
    assert len(instances) >= len(expected)
    for exc in instances:
        mapped = map_openai_error(exc)
        assert isinstance(mapped, ProviderError), type(exc)
        name = type(exc).__name__
        if name in expected:
            assert isinstance(mapped, expected[name]), (name, type(mapped))


def test_missing_key_and_missing_extra_say_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ProviderUnavailableError, match="set OPENAI_API_KEY"):
        OpenAIProvider("gpt-4o-mini")
    monkeypatch.setitem(__import__("sys").modules, "openai", None)
    with pytest.raises(ProviderUnavailableError, match=r"pip install 'notebook-router\[openai\]'"):
        OpenAIProvider("gpt-4o-mini", api_key="k")


def test_compatible_servers_need_no_key(
    monkeypatch: pytest.MonkeyPatch, server: LoopbackServer
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    provider = resolve_model("openai:llama3")
    assert provider.model == "llama3"
    assert (
        repr(provider) == f"OpenAIProvider(model='llama3', base_url='{server.url}/v1', key=unset)"
    )


async def test_a_whole_run_through_the_provider_keeps_the_key_out_of_everything(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_OPENAI_KEY)

    @agent(can=["weather"])
    def weather(task: str) -> str:
        return "sunny"

    decision = {
        "action": "execute",
        "reason": "weather first",
        "run": [{"id": "t1", "description": "get the weather", "agent": "weather"}],
    }
    server.reply(429, openai_error(f"slow down {FAKE_OPENAI_KEY}"), retry_after="0")
    server.reply(200, openai_completion(json.dumps(decision)))
    server.reply(200, openai_completion('{"action": "complete", "reason": "done"}'))
    server.reply(200, openai_completion('{"answer": "It is sunny [t1]."}'))
    provider = resolve_model("openai:gpt-4o-mini", base_url=server.url + "/v1", retry=FAST)
    with caplog.at_level(logging.DEBUG):
        run = Router([weather], model=provider).start("What's the weather?")
        result = await asyncio.wait_for(run, 10)
    assert result.answer == "It is sunny [t1]."
    assert result.usage_by_source["planner"].calls == 3
    everything = [repr(provider), caplog.text, result.model_dump_json(), run.mermaid()]
    everything += [json.dumps(ev.event_to_dict(e)) for e in run.history]
    assert all(FAKE_OPENAI_KEY not in text for text in everything)
    assert "[redacted]" in caplog.text  # the echoed key in the 429 was scrubbed before logging
