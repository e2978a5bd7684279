"""``gemini:MODEL``: Google Gemini through the official google-genai SDK (async).

Structured output with a JSON response schema, native function calling,
streamed replies, media as inline parts (the wire format is in
:mod:`~notebook_router.providers.gemini_wire`), usage priced from the table.
The key comes from ``GEMINI_API_KEY`` or ``GOOGLE_API_KEY``.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Any

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
from notebook_router.providers import gemini_wire as wire
from notebook_router.providers.base import Completion, CompletionRequest, TextSink, built
from notebook_router.providers.pricing import price_usage
from notebook_router.providers.retry import RetryPolicy, with_retries
from notebook_router.providers.streaming import Handover, stream_with_retries
from notebook_router.text.secrets import mask, redact, remember

DEFAULT_MODEL = "gemini-2.5-flash"


class GeminiProvider:
    """A Gemini model behind the common provider interface."""

    name = "gemini"

    def __init__(
        self,
        model: str = "",
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout_s: float = 120.0,
        retry: RetryPolicy | None = None,
    ) -> None:
        try:
            from google import genai
            from google.genai import types
        except ImportError:
            raise ProviderUnavailableError(
                "The gemini provider needs google-genai: pip install 'notebook-router[gemini]'."
            ) from None
        key = api_key or os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")
        remember(key)  # a key given in code is masked like one from the environment
        if not key:
            raise ProviderUnavailableError(
                "The gemini provider needs a key: set GEMINI_API_KEY (or GOOGLE_API_KEY)."
            )
        self.model = model or DEFAULT_MODEL
        self.base_url = base_url
        self.retry = retry or RetryPolicy()
        self._types = types
        options = types.HttpOptions(timeout=int(timeout_s * 1000), base_url=base_url)
        self._client = genai.Client(api_key=key, http_options=options)

    async def complete(self, request: CompletionRequest) -> Completion:
        contents, config = await built(request, lambda: self._request(request))
        started = time.perf_counter()
        response = await with_retries(
            lambda: self._generate(contents, config), self.retry, what=f"gemini:{self.model}"
        )
        reply = wire.Reply(turn=_turn(request))
        reply.add(response)
        return self._completion(reply, started)

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """Like :meth:`complete`, handing ``on_text`` each piece of text as it arrives.

        Failures before the first piece are retried as for :meth:`complete`;
        after it, they are raised (see :mod:`~notebook_router.providers.streaming`).
        """
        contents, config = await built(request, lambda: self._request(request))
        started = time.perf_counter()

        async def attempt(handover: Handover) -> wire.Reply:
            reply = wire.Reply(turn=_turn(request))
            async with aclosing(self._chunks(contents, config)) as chunks:
                async for chunk in chunks:
                    reply.add(chunk, handover)
            return reply

        reply = await stream_with_retries(attempt, on_text, self.retry, what=f"gemini:{self.model}")
        return self._completion(reply, started)

    def _request(self, request: CompletionRequest) -> tuple[list[Any], Any]:
        types = self._types
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        config: dict[str, Any] = {}
        if system:
            config["system_instruction"] = system
        if request.temperature is not None:
            config["temperature"] = request.temperature
        if request.max_output_tokens is not None:
            config["max_output_tokens"] = request.max_output_tokens
        if request.json_schema is not None:
            config["response_mime_type"] = "application/json"
            config["response_json_schema"] = request.json_schema
        config.update(wire.tool_config(types, request))
        contents = wire.contents(types, request.messages)
        return contents, types.GenerateContentConfig(**config)

    def _completion(self, reply: wire.Reply, started: float) -> Completion:
        meta = reply.usage
        usage = price_usage(
            f"gemini:{self.model}",
            (meta.prompt_token_count or 0) if meta else 0,
            (meta.candidates_token_count or 0) if meta else 0,
        )
        if not reply.has_text and not reply.calls:
            reason = reply.finish_reason if reply.candidates else "no candidates"
            raise ProviderResponseError(
                f"Gemini returned no text (finish reason: {reason}).", usage=usage
            )
        return Completion(
            text="".join(reply.text),
            model=f"gemini:{self.model}",
            usage=usage,
            latency_s=time.perf_counter() - started,
            tool_calls=tuple(reply.calls),
        )

    async def _generate(self, contents: list[Any], config: Any) -> Any:
        try:
            return await self._client.aio.models.generate_content(
                model=self.model, contents=contents, config=config
            )
        except Exception as exc:
            raise map_gemini_error(exc) from exc

    async def _chunks(self, contents: list[Any], config: Any) -> AsyncGenerator[Any, None]:
        # Only the SDK's failures are mapped: what the consumer of a chunk raises
        # (on_text's own errors) never comes back in here.
        try:
            stream = await self._client.aio.models.generate_content_stream(
                model=self.model, contents=contents, config=config
            )
            try:
                async for chunk in stream:
                    yield chunk
            finally:  # the SDK's generator holds the HTTP response open until closed
                await stream.aclose()  # type: ignore[attr-defined]
        except Exception as exc:
            raise map_gemini_error(exc) from exc

    def __repr__(self) -> str:
        return f"GeminiProvider(model={self.model!r}, key={mask(True)})"


def _turn(request: CompletionRequest) -> int:
    return sum(1 for m in request.messages if m.role == "assistant")


def map_gemini_error(exc: Exception) -> ProviderError:
    """The project's error for a google-genai exception (messages redacted).

    Every exception class in ``google.genai.errors`` has its branch (a test holds
    the list), and so do the HTTP client's errors, which the SDK lets through; the
    last line is for anything else.
    """
    from google.genai import errors

    timeouts, transport = _http_errors()
    # Newer than the oldest SDK we support: () matches nothing where it is missing.
    interrupted = getattr(errors, "ContinuationInterruptedError", ())
    if isinstance(exc, interrupted) and isinstance(exc.__cause__, Exception):
        return map_gemini_error(exc.__cause__)  # the SDK keeps the real failure as the cause
    message = redact(str(exc))
    if isinstance(exc, errors.APIError):
        code = getattr(exc, "code", 0) or 0
        if code == 429:
            return RateLimitedError(f"Gemini rate limit: {message}", _retry_after(exc))
        if code in (401, 403):
            return ProviderAuthError(f"Gemini rejected the key: {message} (check GEMINI_API_KEY)")
        if code == 504 or code == 408:
            return ProviderTimeoutError(f"Gemini timed out: {message}")
        if code >= 500:
            return ProviderServerError(f"Gemini server error: {message}")
        return ProviderRequestError(f"Gemini refused the request: {message}")
    if isinstance(exc, timeouts):
        return ProviderTimeoutError(f"Gemini timed out: {message}")
    if isinstance(exc, transport):
        return ProviderConnectionError(f"Could not reach Gemini: {message}")
    if isinstance(exc, errors.UnsupportedFunctionError):  # a tool the SDK cannot declare
        return ProviderRequestError(f"Gemini cannot be sent this request: {message}")
    if isinstance(exc, (errors.UnknownApiResponseError, ValueError, interrupted)):
        return ProviderResponseError(f"Gemini's reply was unusable: {message}")
    return ProviderError(f"Gemini call failed: {type(exc).__name__}: {message}")


def _http_errors() -> tuple[tuple[type[Exception], ...], tuple[type[Exception], ...]]:
    """The timeout and transport error classes of httpx and httpx2, whichever are installed.

    google-genai talks through httpx2 (a fork under its own name) when it is
    installed, and through httpx otherwise; the two share no exception classes.
    """
    timeouts: list[type[Exception]] = []
    transport: list[type[Exception]] = []
    for name in ("httpx", "httpx2"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        transport.append(module.TransportError)
    return tuple(timeouts), tuple(transport)


def _retry_after(exc: Any) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    value = headers.get("retry-after") if hasattr(headers, "get") else None
    try:
        return float(value) if value else None
    except ValueError:
        return None
