"""The openai provider against a real HTTP server on loopback."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from typing import Any

import httpx2
import openai
import pytest
from openai import _exceptions as openai_exceptions
from openai._exceptions import SubjectTokenProviderError
from openai.types.chat import ChatCompletion

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
from tests.providers.servers import (
    LoopbackServer,
    openai_completion,
    openai_error,
    openai_stream,
)

FAST = RetryPolicy(attempts=3, base_s=0.01, max_s=1.0)


def _provider(server: LoopbackServer) -> OpenAIProvider:
    return OpenAIProvider(
        "gpt-4o-mini", api_key=FAKE_OPENAI_KEY, base_url=server.url + "/v1", retry=FAST
    )


def _request(
    *,
    schema: dict[str, Any] | None = None,
    schema_name: str = "output",
    temperature: float | None = None,
) -> CompletionRequest:
    return CompletionRequest(
        messages=(Message(role="system", content="be brief"), Message(role="user", content="hi")),
        schema=schema,
        schema_name=schema_name,
        temperature=temperature,
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


def _sdk_error_classes() -> set[type[BaseException]]:
    """The SDK's public exception classes: exported by ``openai`` or kept in its errors module."""
    return {
        cls
        for module in (openai, openai_exceptions)
        for name, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, BaseException)
        and not issubclass(cls, Warning)
        and not name.startswith("_")
        and cls.__module__.startswith("openai")
    }


def _sdk_error_cases() -> list[tuple[Exception, type[ProviderError]]]:
    """An instance of every SDK error class, built as the SDK builds it, and what it must become.

    The expectations come from what each class means (its docstring, its HTTP status),
    not from reading map_openai_error: a status error becomes its status's error, a
    reply the SDK cannot use a response error, a client set up wrong a config error.
    """
    request = httpx2.Request("POST", "http://127.0.0.1/v1/chat/completions")  # the SDK's httpx

    def status(code: int) -> httpx2.Response:
        return httpx2.Response(code, request=request)

    completion = ChatCompletion.model_validate(openai_completion("cut off"))
    return [
        (openai.OpenAIError("The api_key client option must be set"), ProviderUnavailableError),
        (SubjectTokenProviderError("The token file is empty."), ProviderAuthError),
        (openai.APIError("stream error event", request, body=None), ProviderResponseError),
        (openai.APIStatusError("teapot", response=status(418), body=None), ProviderRequestError),
        (openai.APIStatusError("gateway", response=status(502), body=None), ProviderServerError),
        (openai.APIConnectionError(request=request), ProviderConnectionError),
        (openai.APITimeoutError(request), ProviderTimeoutError),
        (openai.APIResponseValidationError(status(200), None), ProviderResponseError),
        (openai.BadRequestError("bad", response=status(400), body=None), ProviderRequestError),
        (openai.AuthenticationError("key", response=status(401), body=None), ProviderAuthError),
        (openai.OAuthError(response=status(401), body=None), ProviderAuthError),
        (openai.PermissionDeniedError("no", response=status(403), body=None), ProviderAuthError),
        (openai.NotFoundError("gone", response=status(404), body=None), ProviderRequestError),
        (openai.ConflictError("clash", response=status(409), body=None), ProviderRequestError),
        (
            openai.UnprocessableEntityError("no", response=status(422), body=None),
            ProviderRequestError,
        ),
        (openai.RateLimitError("slow", response=status(429), body=None), RateLimitedError),
        (openai.InternalServerError("oops", response=status(500), body=None), ProviderServerError),
        (openai.LengthFinishReasonError(completion=completion), ProviderResponseError),
        (openai.ContentFilterFinishReasonError(), ProviderResponseError),
        (openai.InvalidWebhookSignatureError("bad signature"), ProviderAuthError),
        (
            openai.WebSocketConnectionClosedError("closed", unsent_messages=[]),
            ProviderConnectionError,
        ),
        (openai.WebSocketQueueFullError("queue full"), ProviderConnectionError),
    ]


def test_the_mapping_table_covers_every_sdk_error_class() -> None:
    # A class the SDK adds fails here until it is given its project error above.
    assert {type(exc) for exc, _ in _sdk_error_cases()} == _sdk_error_classes()


@pytest.mark.parametrize(
    ("exc", "expected"), _sdk_error_cases(), ids=lambda v: getattr(v, "__name__", type(v).__name__)
)
def test_every_sdk_error_becomes_its_own_project_error(
    exc: Exception, expected: type[ProviderError]
) -> None:
    mapped = map_openai_error(exc)
    assert type(mapped) is expected  # exact: the catch-all's plain ProviderError fails it


def test_only_errors_the_sdk_does_not_define_reach_the_catch_all() -> None:
    class Unknown(openai.OpenAIError):
        pass

    assert type(map_openai_error(Unknown("new in a later SDK"))) is ProviderError
    assert type(map_openai_error(RuntimeError("not the SDK's"))) is ProviderError


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
    # The plan finishes as planned: no "complete" call, straight to the answer (streamed).
    server.stream(openai_stream(['{"answer": ', '"It is sunny', ' [t1]."}']))
    provider = resolve_model("openai:gpt-4o-mini", base_url=server.url + "/v1", retry=FAST)
    with caplog.at_level(logging.DEBUG):
        run = Router([weather], model=provider).start("What's the weather?")
        result = await asyncio.wait_for(run, 10)
    assert result.answer == "It is sunny [t1]."
    assert result.usage_by_source["planner"].calls == 2
    everything = [repr(provider), caplog.text, result.model_dump_json(), run.mermaid()]
    everything += [json.dumps(ev.event_to_dict(e)) for e in run.history]
    assert all(FAKE_OPENAI_KEY not in text for text in everything)
    assert "[redacted]" in caplog.text  # the echoed key in the 429 was scrubbed before logging
