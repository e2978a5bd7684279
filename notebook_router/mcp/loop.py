"""The one event loop, on a thread of its own, that every MCP connection lives on.

A connection to an MCP server is a set of tasks (the SDK's transport and session)
that must be entered and left by the same task, and that must outlive any one
cell, run or event loop: the kernel's loop runs cells, a script's ``asyncio.run``
ends with its coroutine, and the router's own MCP server runs on yet another. So
connections live here, for the life of the process, and everything else reaches
them through :meth:`HubLoop.call` (from async code on any loop: awaiting it does
not block that loop, and cancelling it cancels the request) or :meth:`HubLoop.wait`
(from synchronous code: a magic, ``Router(mcp=...)``).

At interpreter exit the loop closes every connection first (a stdio server's
process ends with its connection), then stops.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

CLOSE_AT_EXIT_S = 5.0
"""How long closing the connections at interpreter exit may take, in all."""


class HubLoop:
    """An asyncio loop on a daemon thread, started on first use."""

    def __init__(self, name: str = "notebook_router mcp") -> None:
        self._name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._at_exit: list[Callable[[], Awaitable[None]]] = []

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The loop (started on first use)."""
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                started = threading.Event()
                thread = threading.Thread(
                    target=self._serve, args=(loop, started), name=self._name, daemon=True
                )
                thread.start()
                started.wait()
                self._loop, self._thread = loop, thread
                atexit.register(self.close)
            return self._loop

    def on_this_thread(self) -> bool:
        """Whether the caller runs on the loop's own thread."""
        return self._thread is not None and threading.current_thread() is self._thread

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Start ``coro`` on the loop; its future (thread-safe)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    async def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """``coro``'s result, awaited from another loop; cancelling the caller cancels it."""
        if self.on_this_thread():
            return await coro
        return await asyncio.wrap_future(self.submit(coro))

    def wait(self, coro: Coroutine[Any, Any, T], timeout_s: float | None = None) -> T:
        """``coro``'s result, for synchronous code (blocks the calling thread only).

        Raises :class:`TimeoutError` after ``timeout_s`` (the work is cancelled).
        """
        if self.on_this_thread():
            coro.close()
            raise RuntimeError("HubLoop.wait() cannot be used on the loop's own thread")
        future = self.submit(coro)
        try:
            return future.result(timeout_s)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise TimeoutError(f"no answer within {timeout_s:g} s") from None

    def at_exit(self, closer: Callable[[], Awaitable[None]]) -> None:
        """Run ``closer()`` on the loop when the interpreter exits (before the loop stops)."""
        self._at_exit.append(closer)

    def close(self) -> None:
        """Run the exit closers, then stop the loop (called at interpreter exit)."""
        with self._lock:
            loop, thread = self._loop, self._thread
            self._loop = None
        if loop is None or loop.is_closed() or not loop.is_running():
            return
        closers, self._at_exit = self._at_exit, []
        if closers:

            async def close_all() -> None:
                await asyncio.gather(*(c() for c in closers), return_exceptions=True)

            future = asyncio.run_coroutine_threadsafe(close_all(), loop)
            try:
                future.result(CLOSE_AT_EXIT_S)
            except (concurrent.futures.TimeoutError, concurrent.futures.CancelledError):
                future.cancel()
        loop.call_soon_threadsafe(loop.stop)
        if thread is not None and thread is not threading.current_thread():
            thread.join(CLOSE_AT_EXIT_S)

    @staticmethod
    def _serve(loop: asyncio.AbstractEventLoop, started: threading.Event) -> None:
        asyncio.set_event_loop(loop)
        loop.call_soon(started.set)
        try:
            loop.run_forever()
        finally:
            loop.close()


_HUB = HubLoop()


def hub_loop() -> HubLoop:
    """The process's MCP loop."""
    return _HUB


__all__ = ["CLOSE_AT_EXIT_S", "HubLoop", "hub_loop"]
