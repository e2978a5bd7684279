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
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

from notebook_router.errors import ProviderError
from notebook_router.media import Media
from notebook_router.text.unicode import valid_unicode
from notebook_router.usage import ZERO_USAGE, Usage

Role = Literal["system", "user", "assistant"]


class Message(BaseModel):
    """One chat message; ``media`` travels as proper media parts, not pasted text."""

    model_config = ConfigDict(frozen=True)

    role: Role
    content: str
    media: tuple[Media, ...] = ()

    @field_validator("content")
    @classmethod
    def _encodable(cls, content: str) -> str:
        # An agent's text may carry lone surrogates (bytes it read with
        # errors="surrogateescape"): no API, recording or log can encode them.
        return valid_unicode(content)


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


class Completion(BaseModel):
    """A model's reply."""

    model_config = ConfigDict(frozen=True)

    text: str
    model: str
    usage: Usage = ZERO_USAGE
    latency_s: float = 0.0


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


UsageSink = Callable[[Usage, str], None]


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
    ) -> None:
        self.provider = provider
        self._on_usage = on_usage
        self.source = source
        # Shared by every client of a run: caps its model calls in flight.
        self._slots = slots

    @property
    def spec(self) -> str:
        """The model string, e.g. ``offline`` or ``openai:gpt-4o-mini``."""
        return f"{self.provider.name}:{self.provider.model}"

    async def complete(self, request: CompletionRequest) -> Completion:
        """Call the model and account for what it cost."""
        started = time.perf_counter()
        try:
            if self._slots is None:
                completion = await self.provider.complete(request)
            else:
                async with self._slots:
                    completion = await self.provider.complete(request)
        except ProviderError as exc:
            if exc.usage:  # a failed call spent time and tokens too
                self._on_usage(exc.usage, self.source)
            raise
        if not completion.latency_s:
            completion = completion.model_copy(update={"latency_s": time.perf_counter() - started})
        self._on_usage(completion.usage, self.source)
        return completion

    async def ask(
        self,
        prompt: str,
        *,
        system: str | None = None,
        purpose: str = "chat",
        media: Sequence[Media] = (),
    ) -> str:
        """A one-shot question; returns the reply text.

        ``media`` (figures, tables, audio, PDFs) travels with the question as
        media parts, which a multimodal model sees as such.
        """
        messages = [Message(role="system", content=system)] if system else []
        messages.append(Message(role="user", content=prompt, media=tuple(media)))
        completion = await self.complete(
            CompletionRequest(messages=tuple(messages), purpose=purpose)
        )
        return completion.text

    def bound_to(self, source: str) -> ModelClient:
        """The same provider, with usage accounted to another source."""
        return ModelClient(self.provider, self._on_usage, source, self._slots)
