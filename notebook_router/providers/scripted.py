"""A scripted model for tests: replies come from a list you give it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from notebook_router.errors import ScriptExhaustedError
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.usage import Usage, estimate_tokens

Reply = (
    str
    | dict[str, Any]
    | BaseModel
    | Completion
    | BaseException
    | Callable[[CompletionRequest], Any]
)


class ScriptedProvider:
    """Answers each call with the next scripted reply.

    A reply may be text, a dict or pydantic model (sent as JSON), a
    :class:`Completion` (returned as it is: the way to script native tool
    calls), an exception (raised), or a function of the request returning any
    of those. Every request is kept in ``requests`` for assertions.

    >>> from notebook_router.providers.base import ToolCall
    >>> model = ScriptedProvider([{"action": "complete", "reason": "done"}])
    >>> calls = ScriptedProvider(
    ...     [Completion(text="", model="scripted:test", tool_calls=(ToolCall(id="c1", name="f"),))]
    ... )
    """

    name = "scripted"

    def __init__(
        self,
        replies: Iterable[Reply] = (),
        *,
        model: str = "test",
        usage: Usage | None = None,
        fallback: Reply | None = None,
    ) -> None:
        self.model = model
        self.replies = list(replies)
        self.requests: list[CompletionRequest] = []
        self._usage = usage
        self._fallback = fallback

    async def complete(self, request: CompletionRequest) -> Completion:
        self.requests.append(request)
        if self.replies:
            reply = self.replies.pop(0)
        elif self._fallback is not None:
            reply = self._fallback
        else:
            raise ScriptExhaustedError(
                f"The scripted model has no reply left for call {len(self.requests)} "
                f"({request.purpose}). Add more replies or a fallback."
            )
        if callable(reply) and not isinstance(reply, (BaseModel, BaseException)):
            reply = reply(request)
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, Completion):
            return reply
        text = _as_text(reply)
        usage = (
            self._usage
            if self._usage is not None
            else Usage(
                input_tokens=sum(estimate_tokens(m.content) for m in request.messages),
                output_tokens=estimate_tokens(text),
                calls=1,
            )
        )
        return Completion(text=text, model=f"scripted:{self.model}", usage=usage)


def _as_text(reply: Any) -> str:
    if isinstance(reply, str):
        return reply
    if isinstance(reply, BaseModel):
        return reply.model_dump_json()
    return json.dumps(reply)
