"""``openai:MODEL``: OpenAI, and any OpenAI-compatible server, through the official SDK.

Chat completions with JSON-schema structured output; images, audio and PDFs
from run media as content parts; usage priced from the table in
:mod:`~notebook_router.providers.pricing`. ``base_url`` (or
``OPENAI_BASE_URL``) points it at vLLM, Ollama, llama.cpp's server or LM
Studio; those need no key.
"""

from __future__ import annotations

import base64
import os
import time
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
from notebook_router.providers.base import Completion, CompletionRequest, Message
from notebook_router.providers.pricing import price_usage
from notebook_router.providers.retry import RetryPolicy, with_retries
from notebook_router.providers.secrets import mask, redact, remember

DEFAULT_MODEL = "gpt-4o-mini"
_AUDIO = {"audio/wav": "wav", "audio/x-wav": "wav", "audio/mpeg": "mp3", "audio/mp3": "mp3"}


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
        params = self._params(request)
        started = time.perf_counter()
        response = await with_retries(
            lambda: self._create(params), self.retry, what=f"openai:{self.model}"
        )
        usage = response.usage
        priced = price_usage(
            f"openai:{self.model}",
            usage.prompt_tokens if usage else 0,
            usage.completion_tokens if usage else 0,
        )
        choice = response.choices[0] if response.choices else None
        if choice is None:
            raise ProviderResponseError("The model returned no choices.", usage=priced)
        message = choice.message
        if getattr(message, "refusal", None):
            raise ProviderResponseError(f"The model refused: {message.refusal}", usage=priced)
        text = message.content or ""
        if choice.finish_reason == "length" and request.json_schema is not None:
            raise ProviderResponseError(
                "The model ran out of output tokens before finishing its JSON; raise "
                "max_output_tokens or use a model with a longer output.",
                usage=priced,
            )
        return Completion(
            text=text,
            model=f"openai:{response.model or self.model}",
            usage=priced,
            latency_s=time.perf_counter() - started,
        )

    async def _create(self, params: dict[str, Any]) -> Any:
        try:
            return await self._client.chat.completions.create(**params)
        except Exception as exc:
            raise map_openai_error(exc) from exc

    def _params(self, request: CompletionRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.model,
            "messages": [_message(m) for m in request.messages],
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
        return params

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"OpenAIProvider(model={self.model!r}{where}, key={mask(self._key_set)})"


def _message(message: Message) -> dict[str, Any]:
    if not message.media:
        return {"role": message.role, "content": message.content}
    parts: list[dict[str, Any]] = [{"type": "text", "text": message.content}]
    parts.extend(media_part(m) for m in message.media)
    return {"role": message.role, "content": parts}


def media_part(media: Media) -> dict[str, Any]:
    """One piece of media as a chat-completions content part."""
    mime = media.mime_type
    raw = media.raw
    encoded = base64.b64encode(raw).decode()
    if mime.startswith("image/") and mime != "image/svg+xml":
        return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{encoded}"}}
    if mime in _AUDIO:
        return {"type": "input_audio", "input_audio": {"data": encoded, "format": _AUDIO[mime]}}
    if mime == "application/pdf":
        name = media.source or "document.pdf"
        return {
            "type": "file",
            "file": {"filename": name, "file_data": f"data:{mime};base64,{encoded}"},
        }
    return {"type": "text", "text": media.as_prompt_text()}


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
