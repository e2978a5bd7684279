"""The gemini provider against a real HTTP server on loopback."""

from __future__ import annotations

import base64
import inspect
import socket

import httpx
import httpx2
import pytest
from google.genai import errors

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
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.gemini import GeminiProvider, map_gemini_error
from notebook_router.providers.registry import default_model_spec
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_GEMINI_KEY
from tests.providers.servers import LoopbackServer, gemini_error, gemini_response

FAST = RetryPolicy(attempts=3, base_s=0.01, max_s=1.0)


def _provider(server: LoopbackServer) -> GeminiProvider:
    return GeminiProvider(
        "gemini-2.5-flash", api_key=FAKE_GEMINI_KEY, base_url=server.url, retry=FAST
    )


async def test_structured_output_system_instruction_media_and_usage(server: LoopbackServer) -> None:
    server.reply(200, gemini_response('{"action": "complete"}', prompt=2000, output=400))
    schema = {"type": "object", "properties": {"action": {"type": "string"}}}
    request = CompletionRequest(
        messages=(
            Message(role="system", content="you plan"),
            Message(
                role="user",
                content="look",
                media=(Media(mime_type="image/png", data=b"\x89PNG", source="Out[1]"),),
            ),
        ),
        schema=schema,
        temperature=0.0,
    )
    completion = await _provider(server).complete(request)
    assert completion.text == '{"action": "complete"}'
    seen = server.requests[0]
    assert seen.path.endswith("/models/gemini-2.5-flash:generateContent")
    assert seen.headers["x-goog-api-key"] == FAKE_GEMINI_KEY
    assert seen.body["systemInstruction"]["parts"][0]["text"] == "you plan"
    parts = seen.body["contents"][0]["parts"]
    assert parts[0] == {"text": "look"}
    inline = parts[1]["inlineData"]  # proto JSON accepts either spelling of mimeType
    assert inline["data"] == base64.b64encode(b"\x89PNG").decode()
    assert (inline.get("mimeType") or inline.get("mime_type")) == "image/png"
    config = seen.body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"] == schema
    assert config["temperature"] == 0.0
    # gemini-2.5-flash: $0.30 / $2.50 per million tokens.
    assert completion.usage.cost_usd == pytest.approx(2000 * 0.30e-6 + 400 * 2.50e-6)


async def test_rate_limits_and_server_errors_retry_client_errors_do_not(
    server: LoopbackServer,
) -> None:
    server.reply(429, gemini_error(429, "quota", "RESOURCE_EXHAUSTED"))
    server.reply(200, gemini_response("ok"))
    assert (await _provider(server).complete(_simple())).text == "ok"
    assert len(server.requests) == 2


@pytest.mark.parametrize(
    ("code", "status", "error", "calls"),
    [
        (400, "INVALID_ARGUMENT", ProviderRequestError, 1),
        (403, "PERMISSION_DENIED", ProviderAuthError, 1),
        (500, "INTERNAL", ProviderServerError, 3),
    ],
)
async def test_error_mapping(
    server: LoopbackServer, code: int, status: str, error: type[Exception], calls: int
) -> None:
    server.reply(code, gemini_error(code, f"bad: key {FAKE_GEMINI_KEY}", status))
    with pytest.raises(error) as raised:
        await _provider(server).complete(_simple())
    assert len(server.requests) == calls
    assert FAKE_GEMINI_KEY not in str(raised.value)


def test_keys_come_from_either_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ProviderUnavailableError, match="set GEMINI_API_KEY"):
        GeminiProvider()
    monkeypatch.setenv("GOOGLE_API_KEY", FAKE_GEMINI_KEY)
    provider = GeminiProvider()
    assert provider.model == "gemini-2.5-flash"
    assert FAKE_GEMINI_KEY not in repr(provider)
    assert default_model_spec() == "gemini:gemini-2.5-flash"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-" + "test-another-fake-key-000000")
    assert default_model_spec() == "openai:gpt-4o-mini"
    monkeypatch.setenv("NOTEBOOK_ROUTER_MODEL", "offline")
    assert default_model_spec() == "offline"


def _simple() -> CompletionRequest:
    return CompletionRequest(messages=(Message(role="user", content="hi"),))


def _api_error(cls: type[errors.APIError], code: int, status: str) -> errors.APIError:
    return cls(code, {"error": {"code": code, "message": "x", "status": status}})


def _interrupted(cause: Exception | None) -> Exception:
    exc = errors.ContinuationInterruptedError("the second hop failed")
    exc.__cause__ = cause
    return exc


def _sdk_error_cases() -> list[tuple[Exception, type[ProviderError]]]:
    """An instance of every google.genai.errors class, and what it must become.

    The expectations come from what each class and status code means, not from
    reading map_gemini_error. The httpx errors the SDK lets through are here too.
    """
    return [
        (_api_error(errors.APIError, 302, "FOUND"), ProviderRequestError),
        (_api_error(errors.ClientError, 400, "INVALID_ARGUMENT"), ProviderRequestError),
        (_api_error(errors.ClientError, 401, "UNAUTHENTICATED"), ProviderAuthError),
        (_api_error(errors.ClientError, 403, "PERMISSION_DENIED"), ProviderAuthError),
        (_api_error(errors.ClientError, 404, "NOT_FOUND"), ProviderRequestError),
        (_api_error(errors.ClientError, 408, "DEADLINE_EXCEEDED"), ProviderTimeoutError),
        (_api_error(errors.ClientError, 429, "RESOURCE_EXHAUSTED"), RateLimitedError),
        (_api_error(errors.ServerError, 500, "INTERNAL"), ProviderServerError),
        (_api_error(errors.ServerError, 503, "UNAVAILABLE"), ProviderServerError),
        (_api_error(errors.ServerError, 504, "DEADLINE_EXCEEDED"), ProviderTimeoutError),
        (errors.UnknownFunctionCallArgumentError("x"), ProviderResponseError),
        (errors.UnsupportedFunctionError("x"), ProviderRequestError),
        (errors.FunctionInvocationError("x"), ProviderResponseError),
        (errors.UnknownApiResponseError("x"), ProviderResponseError),
        (_interrupted(None), ProviderResponseError),
        (_interrupted(_api_error(errors.ServerError, 503, "UNAVAILABLE")), ProviderServerError),
        (httpx.ConnectTimeout("slow"), ProviderTimeoutError),
        (httpx.ConnectError("refused"), ProviderConnectionError),
        # The SDK's default client when httpx2 (a fork under its own name) is installed.
        (httpx2.ConnectTimeout("slow"), ProviderTimeoutError),
        (httpx2.ConnectError("refused"), ProviderConnectionError),
    ]


def test_the_mapping_table_covers_every_genai_error_class() -> None:
    # A class the SDK adds fails here until it is given its project error above.
    sdk = {
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, Exception) and cls.__module__ == errors.__name__
    }
    cases = _sdk_error_cases()
    assert {type(exc) for exc, _ in cases if type(exc).__module__ == errors.__name__} == sdk


@pytest.mark.parametrize(
    ("exc", "expected"), _sdk_error_cases(), ids=lambda v: getattr(v, "__name__", type(v).__name__)
)
def test_every_genai_error_becomes_its_own_project_error(
    exc: Exception, expected: type[ProviderError]
) -> None:
    assert type(map_gemini_error(exc)) is expected  # exact: the catch-all's plain one fails it


async def test_a_server_that_is_not_there_is_a_connection_error() -> None:
    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    provider = GeminiProvider(
        api_key=FAKE_GEMINI_KEY, base_url=f"http://127.0.0.1:{port}", retry=FAST
    )
    with pytest.raises(ProviderConnectionError, match="Could not reach Gemini"):
        await provider.complete(_simple())


def test_only_errors_the_sdk_does_not_define_reach_the_catch_all() -> None:
    assert type(map_gemini_error(RuntimeError("not the SDK's"))) is ProviderError


def test_prices_aliases_and_overrides() -> None:
    from notebook_router.providers.pricing import price_usage, set_price
    from notebook_router.providers.registry import canonical

    assert canonical("gemini") == "gemini:gemini-2.5-flash"
    assert canonical("gpt-4o") == "openai:gpt-4o"
    assert canonical("openai:my-finetune") == "openai:my-finetune"
    dated = price_usage("openai:gpt-4o-mini-2024-07-18", 1_000_000, 0)
    assert dated.cost_usd == 0.15  # priced like gpt-4o-mini
    assert price_usage("openai:unknown-model", 1000, 1000).cost_usd == 0.0
    set_price("openai:my-finetune", 3.0, 12.0)
    assert price_usage("openai:my-finetune", 1_000_000, 1_000_000).cost_usd == 15.0
