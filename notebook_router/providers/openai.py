"""``openai:MODEL``: OpenAI, and any OpenAI-compatible server, through the official SDK.

Chat completions with JSON-schema structured output, native tool calling and
streamed replies; images, audio, video (as frames) and PDFs from run media as
content parts (the wire format is in :mod:`~notebook_router.providers.openai_wire`);
speech (:meth:`OpenAIProvider.speak`) and transcription
(:meth:`OpenAIProvider.transcribe`) through the audio endpoints; usage
priced from the table in :mod:`~notebook_router.providers.pricing`.
``base_url`` (or ``OPENAI_BASE_URL``) points it at vLLM, Ollama, llama.cpp's
server or LM Studio; those need no key.
"""

from __future__ import annotations

import os
import time
from collections.abc import AsyncGenerator
from contextlib import aclosing
from dataclasses import dataclass, field
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
from notebook_router.media import Media
from notebook_router.providers.base import Completion, CompletionRequest, TextSink, built
from notebook_router.providers.openai_wire import (
    ToolNames,
    media_part,
    tool_call,
    wire_message,
    wire_tools,
)
from notebook_router.providers.pricing import price_usage
from notebook_router.providers.retry import RetryPolicy, with_retries
from notebook_router.providers.streaming import Handover, stream_with_retries
from notebook_router.readers.audio import WAV_TYPES, to_wav
from notebook_router.text.secrets import mask, redact, remember

__all__ = ["DEFAULT_MODEL", "OpenAIProvider", "map_openai_error", "media_part"]

DEFAULT_MODEL = "gpt-4o-mini"
SPEECH_MODEL = "gpt-4o-mini-tts"
"""The speech endpoint's model for :meth:`OpenAIProvider.speak`."""
TRANSCRIPTION_MODEL = "gpt-4o-mini-transcribe"
"""The transcription endpoint's model for :meth:`OpenAIProvider.transcribe`."""
_AUDIO_SUFFIX = {"audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/ogg": "ogg", "audio/flac": "flac"}


@dataclass
class _Reply:
    """One reply's parts, read from a whole response or gathered from a stream's chunks."""

    model: str = ""
    choices: bool = False
    text: list[str] = field(default_factory=list)
    refusal: str = ""
    finish_reason: str | None = None
    calls: dict[int, list[str]] = field(default_factory=dict)
    """Tool calls by index: [id, wire name, arguments as JSON text]."""
    prompt_tokens: int = 0
    output_tokens: int = 0

    def add_chunk(self, chunk: Any, handover: Handover) -> None:
        self.model = chunk.model or self.model
        if chunk.usage:  # the last chunk, with stream_options={"include_usage": True}
            self.prompt_tokens = chunk.usage.prompt_tokens
            self.output_tokens = chunk.usage.completion_tokens
        for choice in chunk.choices:
            if choice.index != 0:
                continue
            self.choices = True
            delta = choice.delta
            if delta.content:
                self.text.append(delta.content)
                handover(delta.content)
            self.refusal += delta.refusal or ""
            for part in delta.tool_calls or ():
                # The id and name come in a call's first delta, its arguments in pieces.
                call = self.calls.setdefault(part.index, ["", "", ""])
                call[0] = call[0] or part.id or ""
                if part.function is not None:
                    call[1] = call[1] or part.function.name or ""
                    call[2] += part.function.arguments or ""
            self.finish_reason = choice.finish_reason or self.finish_reason


class OpenAIProvider:
    """A chat-completions model behind the common provider interface."""

    name = "openai"

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
            import openai
        except ImportError:
            raise ProviderUnavailableError(
                "The openai provider needs the OpenAI SDK: pip install 'notebook-router[openai]'."
            ) from None
        self.model = model or DEFAULT_MODEL
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
        key = api_key or os.environ.get("OPENAI_API_KEY")
        remember(key)  # a key given in code is masked like one from the environment
        if not key and self.base_url is None:
            raise ProviderUnavailableError(
                "The openai provider needs a key: set OPENAI_API_KEY (or pass base_url for an "
                "OpenAI-compatible server such as vLLM, Ollama or llama.cpp, which need none)."
            )
        self._key_set = bool(key)
        self.retry = retry or RetryPolicy()
        # The SDK's own retries are off: ours honour retry-after the same way
        # for every provider and show up in the log.
        self._client = openai.AsyncOpenAI(
            api_key=key or "unused", base_url=self.base_url, timeout=timeout_s, max_retries=0
        )

    async def complete(self, request: CompletionRequest) -> Completion:
        names = ToolNames(request.tools)
        params = await built(request, lambda: self._params(request, names))
        started = time.perf_counter()
        response = await with_retries(
            lambda: self._create(params), self.retry, what=f"openai:{self.model}"
        )
        reply = _Reply(model=response.model or "", choices=bool(response.choices))
        if response.usage:
            reply.prompt_tokens = response.usage.prompt_tokens
            reply.output_tokens = response.usage.completion_tokens
        if response.choices:
            choice = response.choices[0]
            message = choice.message
            reply.text.append(message.content or "")
            reply.refusal = getattr(message, "refusal", None) or ""
            reply.finish_reason = choice.finish_reason
            for index, call in enumerate(message.tool_calls or ()):
                if call.type == "function":  # we declare no other kind
                    reply.calls[index] = [call.id, call.function.name, call.function.arguments]
        return self._completion(request, names, reply, started)

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """Like :meth:`complete`, handing ``on_text`` each piece of text as it arrives.

        Failures before the first piece are retried as for :meth:`complete`;
        after it, they are raised (see :mod:`~notebook_router.providers.streaming`).
        """
        names = ToolNames(request.tools)
        params = await built(request, lambda: self._params(request, names))
        params["stream"] = True
        params["stream_options"] = {"include_usage": True}
        started = time.perf_counter()

        async def attempt(handover: Handover) -> _Reply:
            reply = _Reply()
            try:
                async with aclosing(self._chunks(params)) as chunks:
                    async for chunk in chunks:
                        reply.add_chunk(chunk, handover)
            except ProviderRequestError as exc:
                # Some OpenAI-compatible servers stream but refuse stream_options: ask
                # again without it (nothing was shown yet), and go without usage.
                if (
                    handover.sent
                    or "stream_options" not in str(exc)
                    or "stream_options" not in params
                ):
                    raise
                del params["stream_options"]
                return await attempt(handover)
            return reply

        reply = await stream_with_retries(attempt, on_text, self.retry, what=f"openai:{self.model}")
        return self._completion(request, names, reply, started)

    def _completion(
        self, request: CompletionRequest, names: ToolNames, reply: _Reply, started: float
    ) -> Completion:
        priced = price_usage(f"openai:{self.model}", reply.prompt_tokens, reply.output_tokens)
        if not reply.choices:
            raise ProviderResponseError("The model returned no choices.", usage=priced)
        if reply.refusal:
            raise ProviderResponseError(f"The model refused: {reply.refusal}", usage=priced)
        if reply.finish_reason == "length" and (request.json_schema is not None or reply.calls):
            what = "its JSON" if request.json_schema is not None else "its tool call"
            raise ProviderResponseError(
                f"The model ran out of output tokens before finishing {what}; raise "
                "max_output_tokens or use a model with a longer output.",
                usage=priced,
            )
        calls = tuple(
            tool_call(call_id, name, arguments, names, priced)
            for call_id, name, arguments in (reply.calls[i] for i in sorted(reply.calls))
        )
        return Completion(
            text="".join(reply.text),
            model=f"openai:{reply.model or self.model}",
            usage=priced,
            latency_s=time.perf_counter() - started,
            tool_calls=calls,
        )

    async def _create(self, params: dict[str, Any]) -> Any:
        try:
            return await self._client.chat.completions.create(**params)
        except Exception as exc:
            raise map_openai_error(exc) from exc

    async def _chunks(self, params: dict[str, Any]) -> AsyncGenerator[Any, None]:
        # Only the SDK's failures are mapped: what the consumer of a chunk raises
        # (on_text's own errors) never comes back in here.
        try:
            stream = await self._client.chat.completions.create(**params)
            async with stream:
                async for chunk in stream:
                    yield chunk
        except Exception as exc:
            raise map_openai_error(exc) from exc

    async def speak(self, text: str, *, voice: str = "alloy", model: str = SPEECH_MODEL) -> bytes:
        """``text`` read aloud by OpenAI's speech endpoint, as WAV bytes."""

        async def call() -> bytes:
            try:
                response = await self._client.audio.speech.create(
                    model=model, voice=voice, input=text, response_format="wav"
                )
                return bytes(response.content)
            except Exception as exc:
                raise map_openai_error(exc) from exc

        return await with_retries(call, self.retry, what=f"openai:{model} speech")

    async def transcribe(self, media: Media, *, model: str = TRANSCRIPTION_MODEL) -> str:
        """What is said in ``media`` (audio), by OpenAI's transcription endpoint."""
        suffix = _AUDIO_SUFFIX.get(media.mime_type, "wav")
        data = media.raw
        if suffix == "wav" and media.mime_type not in WAV_TYPES:
            data = to_wav(media)  # a format the endpoint may not take: WAV it is
        upload = (f"audio.{suffix}", data, f"audio/{suffix}")

        async def call() -> str:
            try:
                result = await self._client.audio.transcriptions.create(model=model, file=upload)
                return str(result.text)
            except Exception as exc:
                raise map_openai_error(exc) from exc

        return await with_retries(call, self.retry, what=f"openai:{model} transcription")

    def _params(self, request: CompletionRequest, names: ToolNames) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.model,
            "messages": [wire_message(m, names) for m in request.messages],
        }
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.max_output_tokens is not None:
            params["max_tokens"] = request.max_output_tokens
        if request.json_schema is not None:
            params["response_format"] = {
                "type": "json_schema",
                # Not "strict": pydantic schemas use optional fields and
                # defaults, which strict mode rejects; we validate replies.
                "json_schema": {"name": request.schema_name, "schema": request.json_schema},
            }
        if request.tools:
            params["tools"] = wire_tools(request.tools, names)
            params["tool_choice"] = request.tool_choice  # our three words are OpenAI's
        return params

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"OpenAIProvider(model={self.model!r}{where}, key={mask(self._key_set)})"


def map_openai_error(exc: Exception) -> ProviderError:
    """The project's error for an OpenAI SDK exception (messages redacted).

    Every public SDK exception class has its own branch (a test holds the list);
    the last two lines are for what the SDK has yet to invent.
    """
    import openai
    import openai._exceptions as sdk

    # Classes newer than the oldest SDK we support: () matches nothing where they are missing.
    websocket = (
        getattr(openai, "WebSocketConnectionClosedError", ()),
        getattr(openai, "WebSocketQueueFullError", ()),
    )
    webhook = getattr(openai, "InvalidWebhookSignatureError", ())
    subject_token = getattr(sdk, "SubjectTokenProviderError", ())
    message = redact(str(exc))
    if isinstance(exc, openai.RateLimitError):
        return RateLimitedError(f"OpenAI rate limit: {message}", _retry_after(exc))
    if isinstance(exc, openai.APITimeoutError):
        return ProviderTimeoutError(f"OpenAI timed out: {message}")
    if isinstance(exc, (openai.APIConnectionError, websocket)):
        return ProviderConnectionError(f"Could not reach OpenAI: {message}")
    if isinstance(exc, openai.InternalServerError):
        return ProviderServerError(f"OpenAI server error: {message}")
    if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
        return ProviderAuthError(f"OpenAI rejected the key: {message} (check OPENAI_API_KEY)")
    if isinstance(exc, subject_token):
        return ProviderAuthError(
            f"OpenAI could not get a workload identity token: {message} (check the token "
            "file or metadata server the client was set up with)"
        )
    if isinstance(exc, webhook):
        return ProviderAuthError(
            f"OpenAI webhook signature did not verify: {message} (check OPENAI_WEBHOOK_SECRET)"
        )
    if isinstance(exc, openai.APIStatusError):
        if getattr(exc, "status_code", 0) >= 500:
            return ProviderServerError(f"OpenAI server error: {message}")
        return ProviderRequestError(f"OpenAI refused the request: {message}")
    if isinstance(
        exc,
        (
            openai.APIResponseValidationError,
            openai.LengthFinishReasonError,
            openai.ContentFilterFinishReasonError,
        ),
    ):
        return ProviderResponseError(f"OpenAI's reply was unusable: {message}")
    if type(exc) is openai.APIError:  # raised bare for an error event inside a streamed reply
        return ProviderResponseError(f"OpenAI's reply was unusable: {message}")
    if type(exc) is openai.OpenAIError:  # raised bare when the client is set up wrong
        return ProviderUnavailableError(f"The OpenAI client cannot be used as set up: {message}")
    if isinstance(exc, openai.OpenAIError):
        return ProviderError(f"OpenAI error: {message}")
    return ProviderError(f"OpenAI call failed: {type(exc).__name__}: {message}")


def _retry_after(exc: Any) -> float | None:
    headers = getattr(getattr(exc, "response", None), "headers", None) or {}
    value = headers.get("retry-after-ms")
    if value:
        try:
            return float(value) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    try:
        return float(value) if value else None
    except ValueError:
        return None
