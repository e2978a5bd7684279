"""Running a chosen tool: sync or async, plain or streaming, with bounded retries.

A tool's function may return a value, be a coroutine, or produce chunks (a
sync or async generator, or a function returning one). Sync code runs in a
worker thread so a slow tool never blocks the event loop, one chunk at a time
for generators.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.errors import ToolExecutionError, ToolSpecError
from notebook_router.threads import in_thread
from notebook_router.tools.spec import Tool

Sleep = Callable[[float], Awaitable[None]]
_DONE = object()


class Retries(BaseModel):
    """How often routing and tool execution are retried, and how long to wait between.

    ``route``: extra model calls after an unusable reply (each one shows the
    model what was wrong) or a failed call; ``tool``: extra runs of a tool
    that raised. Waits grow exponentially from ``backoff_s`` up to
    ``max_backoff_s`` (a model asked to repair its reply goes again at once).
    """

    model_config = ConfigDict(frozen=True)

    route: int = Field(default=2, ge=0)
    tool: int = Field(default=1, ge=0)
    backoff_s: float = Field(default=0.5, ge=0.0)
    max_backoff_s: float = Field(default=8.0, ge=0.0)

    def delay(self, retry: int) -> float:
        """Seconds to wait before retry number ``retry`` (1-based)."""
        return float(min(self.max_backoff_s, self.backoff_s * 2 ** (retry - 1)))


@dataclass(frozen=True)
class Ran:
    """A finished tool call: its output and how many attempts it took."""

    output: Any
    attempts: int


async def call_tool(tool: Tool, inputs: dict[str, Any], retries: Retries, sleep: Sleep) -> Ran:
    """Run ``tool`` to the end (collecting streamed chunks); retry per ``retries``.

    Raises the tool's last exception once the retries are used up.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            output = await _start(tool, inputs)
            if isinstance(output, _Stream):
                chunks = [chunk async for chunk in output.chunks]
                output = "".join(chunks) if all(isinstance(c, str) for c in chunks) else chunks
            return Ran(output, attempt)
        except Exception:
            if attempt > retries.tool:
                raise
            await sleep(retries.delay(attempt))


async def stream_tool(
    tool: Tool, inputs: dict[str, Any], retries: Retries, sleep: Sleep
) -> AsyncIterator[Any]:
    """Yield the tool's chunks (a plain result is one chunk).

    A failure before the first chunk is retried; after it, nothing can be
    taken back, so it raises :class:`ToolExecutionError`.
    """
    attempt = 0
    while True:
        attempt += 1
        sent = False
        try:
            output = await _start(tool, inputs)
            if not isinstance(output, _Stream):
                yield output
                return
            async for chunk in output.chunks:
                sent = True
                yield chunk
            return
        except Exception as exc:
            if sent:
                raise ToolExecutionError(
                    f"Tool {tool.name!r} failed part-way through its output: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
            if attempt > retries.tool:
                raise
            await sleep(retries.delay(attempt))


@dataclass(frozen=True)
class _Stream:
    chunks: AsyncIterator[Any]


async def _start(tool: Tool, inputs: dict[str, Any]) -> Any:
    """Call the tool; a value, or a :class:`_Stream` of its chunks."""
    fn = tool.fn
    if fn is None:
        raise ToolSpecError(
            f"Tool {tool.name!r} has no function to run. Build it with @tool, or "
            f"Tool.from_openai(spec, fn=...); choose() routes without running."
        )
    args = tool.adapt(inputs) if tool.adapt else dict(inputs)
    if inspect.isasyncgenfunction(fn):
        return _Stream(_timed(fn(**args), tool.timeout_s))
    if inspect.isgeneratorfunction(fn):
        return _Stream(_timed(_from_thread(fn(**args)), tool.timeout_s))
    if inspect.iscoroutinefunction(fn):
        result = await asyncio.wait_for(fn(**args), tool.timeout_s)
    else:
        result = await asyncio.wait_for(in_thread(fn, **args), tool.timeout_s)
    if inspect.isawaitable(result):
        result = await asyncio.wait_for(result, tool.timeout_s)
    if isinstance(result, AsyncIterator):
        return _Stream(_timed(result, tool.timeout_s))
    if isinstance(result, Iterator):
        return _Stream(_timed(_from_thread(result), tool.timeout_s))
    return result


async def _from_thread(chunks: Iterator[Any]) -> AsyncIterator[Any]:
    """A sync iterator's items, each produced in a worker thread."""
    while True:
        chunk = await in_thread(next, chunks, _DONE)
        if chunk is _DONE:
            return
        yield chunk


async def _timed(chunks: AsyncIterator[Any], timeout_s: float | None) -> AsyncIterator[Any]:
    """``chunks``, failing if any one takes longer than ``timeout_s``."""
    iterator = aiter(chunks)
    while True:
        try:
            chunk = await asyncio.wait_for(anext(iterator), timeout_s)
        except StopAsyncIteration:
            return
        yield chunk
