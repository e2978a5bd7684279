"""What every streaming provider shares: retries that never repeat text, and the fallback.

A streamed reply can fail before its first piece (the server refused, was
busy, could not be reached) or in the middle. Before the first piece a retry
is as safe as for a whole reply. After it, the caller has already shown part
of the text: a retry would show it a second time, so the failure is raised
as a :class:`~notebook_router.errors.ProviderResponseError` (not transient,
so nothing retries it) that says so.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from notebook_router.errors import ProviderResponseError, TransientProviderError
from notebook_router.providers.base import TextSink
from notebook_router.providers.retry import RetryPolicy, with_retries

T = TypeVar("T")


class Handover:
    """Passes pieces of text on, remembering whether any has gone out."""

    def __init__(self, on_text: TextSink) -> None:
        self._on_text = on_text
        self.sent = 0
        """Characters handed over so far."""

    def __call__(self, piece: str) -> None:
        if piece:
            self.sent += len(piece)
            self._on_text(piece)


async def stream_with_retries(
    attempt: Callable[[Handover], Awaitable[T]],
    on_text: TextSink,
    policy: RetryPolicy,
    *,
    what: str,
) -> T:
    """Run one streamed ``attempt`` per try; retry transient failures only while no text
    has reached ``on_text``."""
    handover = Handover(on_text)

    async def once() -> T:
        try:
            return await attempt(handover)
        except TransientProviderError as exc:
            if not handover.sent:
                raise
            raise ProviderResponseError(
                f"{what}: the reply broke off after {handover.sent} characters had been shown "
                f"({exc}). It was not retried, because a retry would show that text again: "
                "run the request again for a whole reply.",
                usage=exc.usage,
            ) from exc

    return await with_retries(once, policy, what=what)


def word_groups(text: str, words: int = 4) -> list[str]:
    """``text`` cut into pieces of ``words`` words each (with their spacing); joined, the
    pieces are ``text`` exactly.

    >>> word_groups("one two  three four five", 2)
    ['one two  ', 'three four ', 'five']
    """
    pieces: list[str] = []
    start = count = 0
    in_word = False
    for i, char in enumerate(text):
        if not char.isspace() and not in_word:
            if count == words:
                pieces.append(text[start:i])
                start, count = i, 0
            count += 1
        in_word = not char.isspace()
    if start < len(text):
        pieces.append(text[start:])
    return pieces
