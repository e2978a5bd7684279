"""The one interface every model provider implements.

A provider turns a :class:`CompletionRequest` (messages, an optional JSON
schema for structured output, media parts) into a :class:`Completion` (text,
the parsed JSON when a schema was given, usage). The planner, the built-in
agents and record/replay only ever see this interface.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

from notebook_router.errors import ProviderError, ReplayMissError
from notebook_router.media import Media
from notebook_router.text.secrets import Scanner
from notebook_router.text.unicode import valid_strings, valid_unicode
from notebook_router.usage import ZERO_USAGE, Usage

_Built = TypeVar("_Built")

Role = Literal["system", "user", "assistant", "tool"]
TextSink = Callable[[str], None]
"""Receives a streamed reply's text, one new piece per call."""
ToolChoice = Literal["auto", "required", "none"]


class ToolDef(BaseModel):
    """A function a model may call through the provider's native tool calling."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    """The arguments, as a JSON Schema object."""


class ToolCall(BaseModel):
    """One call a model asked for: which function, with which arguments."""

    model_config = ConfigDict(frozen=True)

    id: str
    """The provider's id for the call; the ``tool`` message answering it quotes it."""
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    signature: str | None = None
    """An opaque token the provider wants back with the call when the conversation goes on
    (Gemini's thought signature, base64); None for providers that send none."""

    @field_validator("arguments")
    @classmethod
    def _valid_arguments(cls, arguments: dict[str, Any]) -> dict[str, Any]:
        # Model text, decoded from JSON: an escaped lone surrogate is made valid once, here.
        fixed: dict[str, Any] = valid_strings(arguments)
        return fixed


class Message(BaseModel):
    """One chat message; ``media`` travels as proper media parts, not pasted text.

    An ``assistant`` message that called tools carries them in ``tool_calls``;
    a ``tool`` message is one call's result (``content``), naming the call it
    answers in ``tool_call_id``. Keys in its text and in its text media are masked
    as it is made, so no key reaches a model whatever the prompt quotes.
    """

    model_config = ConfigDict(frozen=True)

    role: Role
    content: str
    media: tuple[Media, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None

    @field_validator("content")
    @classmethod
    def _encodable(cls, content: str) -> str:
        # An agent's text may carry lone surrogates (bytes it read with
        # errors="surrogateescape"): no API, recording or log can encode them.
        # Keys are masked here, where every text bound for a model passes: a prompt
        # quotes files, outputs and results that may hold one.
        return Scanner().clean(valid_unicode(content)) or ""

    @field_validator("media")
    @classmethod
    def _masked(cls, media: tuple[Media, ...]) -> tuple[Media, ...]:
        # Text media (a .txt, HTML, JSON) travel as text parts: masked the same way.
        scanner = Scanner()
        return tuple(_masked_text(m, scanner) if m.is_text else m for m in media)


def _masked_text(media: Media, scanner: Scanner) -> Media:
    """Text media with any key in it (or in its name) masked; the same object when none."""
    text = media.data if isinstance(media.data, str) else media.raw.decode(errors="replace")
    fields = {"data": text, "source": media.source, "description": media.description}
    update = {
        key: clean for key, value in fields.items() if (clean := scanner.clean(value)) != value
    }
    return media.model_copy(update=update) if update else media


class CompletionRequest(BaseModel):
    """A request for one model completion.

    ``purpose`` names what the call is for (``router.decide``,
    ``router.synthesise``, ``agent.<name>``...). Models ignore it; errors
    and recordings use it to say which call they are about.
    """

    # Built as ``schema=`` (the alias) everywhere; the field has another name only because
    # ``schema`` would shadow a BaseModel method. No populate_by_name: with it, pydantic's
    # mypy plugin types the constructor with the field name, and every ``schema=`` fails.
    model_config = ConfigDict(frozen=True)

    messages: tuple[Message, ...]
    json_schema: dict[str, Any] | None = Field(default=None, alias="schema")
    schema_name: str = "output"
    purpose: str = "chat"
    temperature: float | None = None
    max_output_tokens: int | None = None
    tools: tuple[ToolDef, ...] = ()
    """Functions the model may call (native tool calling); none means plain text/JSON."""
    tool_choice: ToolChoice = "auto"


class Completion(BaseModel):
    """A model's reply: text, tool calls, or both.

    Its text is valid Unicode whatever the model sent: a lone surrogate (half an
    emoji, a byte a provider decoded with ``surrogateescape``) becomes U+FFFD here,
    where every reply enters, so no answer, decision, event or database row built
    from it fails to encode later.
    """

    model_config = ConfigDict(frozen=True)

    text: str
    model: str
    usage: Usage = ZERO_USAGE
    latency_s: float = 0.0
    tool_calls: tuple[ToolCall, ...] = ()

    @field_validator("text")
    @classmethod
    def _valid_text(cls, text: str) -> str:
        return valid_unicode(text)


@runtime_checkable
class Provider(Protocol):
    """A model behind the common interface.

    ``name`` is the provider part of the model string (``offline``,
    ``openai``), ``model`` the rest. Implementations must be safe to call
    concurrently from one event loop.
    """

    name: str
    model: str

    async def complete(self, request: CompletionRequest) -> Completion:
        """Return one completion for ``request``."""
        ...


@runtime_checkable
class StreamingProvider(Provider, Protocol):
    """A provider that can hand over its reply's text as the model writes it."""

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """Call ``on_text`` with each new piece of the reply's text, in order, then
        return the whole completion (whose ``text`` is the pieces joined)."""
        ...


async def stream_or_complete(
    provider: Provider, request: CompletionRequest, on_text: TextSink
) -> Completion:
    """``provider.stream`` when it has one; else the whole reply, handed to ``on_text`` once."""
    stream = getattr(provider, "stream", None)
    if stream is not None:
        completion: Completion = await stream(request, on_text)
        return completion
    completion = await provider.complete(request)
    if completion.text:
        on_text(completion.text)
    return completion


UsageSink = Callable[[Usage, str], None]
MissSink = Callable[[ReplayMissError], None]
"""Told of a replayed call that was never recorded (the run ends, naming the call)."""


class ModelClient:
    """A provider bound to one run: every call's usage is accounted to ``source``.

    Agents get one as ``context.model``; the planner uses one too. Budgets
    therefore see every token, whoever spent it.
    """

    def __init__(
        self,
        provider: Provider,
        on_usage: UsageSink,
        source: str,
        slots: asyncio.Semaphore | None = None,
        on_miss: MissSink | None = None,
    ) -> None:
        self.provider = provider
        self._on_usage = on_usage
        self.source = source
        # Shared by every client of a run: caps its model calls in flight.
        self._slots = slots
        # Told of a replay miss even when an agent catches the error: a replay that
        # missed reproduces nothing, so the run must say so, not go on without the call.
        self._on_miss = on_miss

    @property
    def spec(self) -> str:
        """The model string, e.g. ``offline`` or ``openai:gpt-4o-mini``."""
        return f"{self.provider.name}:{self.provider.model}"

    async def complete(
        self, request: CompletionRequest, *, on_text: TextSink | None = None
    ) -> Completion:
        """Call the model and account for what it cost.

        With ``on_text``, the reply's text is handed over as it arrives from a
        provider that streams (:class:`StreamingProvider`), or whole, once, from
        one that does not: either way ``on_text`` sees all of it.
        """
        started = time.perf_counter()
        try:
            if self._slots is None:
                completion = await self._call(request, on_text)
            else:
                async with self._slots:
                    completion = await self._call(request, on_text)
        except ProviderError as exc:
            if exc.usage:  # a failed call spent time and tokens too
                self._on_usage(exc.usage, self.source)
            if isinstance(exc, ReplayMissError) and self._on_miss is not None:
                self._on_miss(exc)
            raise
        if not completion.latency_s:
            completion = completion.model_copy(update={"latency_s": time.perf_counter() - started})
        self._on_usage(completion.usage, self.source)
        return completion

    async def _call(self, request: CompletionRequest, on_text: TextSink | None) -> Completion:
        if on_text is None:
            return await self.provider.complete(request)
        # The pieces of a streamed reply are model text too: valid before anyone shows them.
        return await stream_or_complete(
            self.provider, request, lambda piece: on_text(valid_unicode(piece))
        )

    async def ask(
        self,
        prompt: str,
        *,
        system: str | None = None,
        purpose: str = "chat",
        media: Sequence[Media] = (),
        on_text: TextSink | None = None,
    ) -> str:
        """A one-shot question; returns the reply text.

        ``media`` (figures, tables, audio, PDFs) travels with the question as
        media parts, which a multimodal model sees as such. ``on_text`` gets
        the reply as it is written (see :meth:`complete`).
        """
        messages = [Message(role="system", content=system)] if system else []
        messages.append(Message(role="user", content=prompt, media=tuple(media)))
        completion = await self.complete(
            CompletionRequest(messages=tuple(messages), purpose=purpose), on_text=on_text
        )
        return completion.text

    def bound_to(self, source: str, on_usage: UsageSink | None = None) -> ModelClient:
        """The same provider (and call slots), with usage accounted to another ``source``
        (and handed to ``on_usage`` instead, when given: a task's client names its task)."""
        return ModelClient(
            self.provider, on_usage or self._on_usage, source, self._slots, self._on_miss
        )


async def built(request: CompletionRequest, build: Callable[[], _Built]) -> _Built:
    """``build()`` (a provider's wire request for ``request``), on a worker thread when
    the request carries video: its frames are decoded to travel as images, which can
    take seconds that the kernel's loop (the panel, Stop) must not wait. Otherwise here,
    since building a request is cheap."""
    if any(m.mime_type.startswith("video/") for msg in request.messages for m in msg.media):
        from notebook_router.threads import in_thread

        return await in_thread(build)
    return build()
