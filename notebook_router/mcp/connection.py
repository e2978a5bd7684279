"""One live connection to an MCP server, kept by a task of the hub loop.

The SDK's :class:`mcp.Client` is entered and left by one task (its transport's
task groups are bound to it), so each connection has a *keeper* task that
enters the client, lists the server's tools, and waits until the connection is
closed or breaks. Requests (tool calls, resource reads) run as their own tasks
on the same loop and go through the keeper's client.

A connection that broke (the server's process exited, an HTTP server went down
and came back) is made again on the next request: a request that failed because
the connection was lost is sent once more on the new connection, since the server
never answered it. Tool lists are fetched again when the server says they changed:
``notifications/tools/list_changed`` on the handshake-era protocol, a
``subscriptions/listen`` stream on the 2026 one.

Everything here runs on the hub loop (:mod:`notebook_router.mcp.loop`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

import anyio
import httpx2
import mcp.types as mt
from mcp import Client, MCPError, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.client.subscriptions import ListenNotSupportedError

from notebook_router.errors import MCPConfigError, MCPConnectionError, MCPRequestError
from notebook_router.mcp.config import CONNECT_TIMEOUT_S, Resolved, ServerSpec
from notebook_router.text.secrets import redact

if TYPE_CHECKING:
    from mcp.types import CallToolResult, ReadResourceResult, Resource, Tool

log = logging.getLogger("notebook_router.mcp")

T = TypeVar("T")

MAX_PAGES = 100
"""Pages of a tool or resource listing read at most (a listing that never ends stops here)."""
STDERR_TAIL = 600
"""Characters of a stdio server's last words (its stderr) quoted when it fails to start."""
CLOSE_S = 5.0
HTTP_TIMEOUT = httpx2.Timeout(30.0, read=300.0)
"""The SDK's own defaults: a reply stream may stay open for minutes."""
_TRANSPORT_FAILURES = (
    OSError,
    anyio.ClosedResourceError,
    anyio.BrokenResourceError,
    anyio.EndOfStream,
    httpx2.TransportError,
)
"""A request that failed with one of these never reached the server, or never came back."""


class Connection:
    """A server's client, its tools, and how to reconnect it.

    ``on_tools(connection)`` is called (on the hub loop) whenever the tool list
    is new: after connecting, and after each change the server announces.
    """

    def __init__(
        self,
        spec: ServerSpec,
        on_tools: Callable[[Connection], None] = lambda _: None,
        *,
        connect_timeout_s: float = CONNECT_TIMEOUT_S,
    ) -> None:
        self.spec = spec
        self.tools: tuple[Tool, ...] = ()
        self.instructions: str = ""
        self.server_title: str = ""
        self.protocol: str = ""
        self.error: str | None = None
        """Why the connection is down, when it is (None while it works)."""
        self.generation = 0
        """Counts the connections made: a request knows whether another one reconnected."""
        self._on_tools = on_tools
        self._connect_timeout_s = connect_timeout_s
        self._client: Client | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._closing: asyncio.Event | None = None
        self._reconnecting: asyncio.Lock | None = None
        self._refresh: asyncio.Task[None] | None = None
        self._stderr: TextIO | None = None
        self._resolved: Resolved | None = None

    @property
    def name(self) -> str:
        """The server's name."""
        return self.spec.name

    @property
    def connected(self) -> bool:
        """Whether the connection is up."""
        return self._client is not None and self._keeper is not None and not self._keeper.done()

    # ------------------------------------------------------------------ lifecycle

    async def open(self) -> None:
        """Connect and list the tools; raises :class:`MCPConnectionError` with the reason
        (or :class:`MCPConfigError` for a variable the spec needs that is not set)."""
        try:
            self._resolved = self.spec.resolved()
        except MCPConfigError as exc:
            self.error = str(exc)
            raise
        self._reconnecting = self._reconnecting or asyncio.Lock()
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._closing = asyncio.Event()
        self._keeper = asyncio.create_task(self._keep(ready, self._closing))
        try:
            await asyncio.wait_for(asyncio.shield(ready), self._connect_timeout_s)
        except TimeoutError:
            failed = self._failed(
                f"no answer within {self._connect_timeout_s:g} s ({self._attempted()})"
            )
            await self.close()
            raise failed from None
        except MCPConnectionError:
            await self.close()
            raise
        self.generation += 1
        self.error = None

    async def close(self) -> None:
        """Close the connection (a stdio server's process ends with it)."""
        keeper, closing = self._keeper, self._closing
        self._keeper = None
        if closing is not None:
            closing.set()
        if keeper is not None and not keeper.done():
            try:
                await asyncio.wait_for(asyncio.shield(keeper), CLOSE_S)
            except (TimeoutError, Exception):
                keeper.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(keeper, CLOSE_S)
        self._client = None
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    async def reconnect(self, seen: int) -> None:
        """Connect again, unless another request did since generation ``seen``."""
        assert self._reconnecting is not None
        async with self._reconnecting:
            if self.generation != seen and self.connected:
                return
            log.info("reconnecting to MCP server %s", self.name)
            await self.close()
            await self.open()

    # ------------------------------------------------------------------ requests

    async def call_tool(
        self, tool: str, arguments: dict[str, Any], timeout_s: float | None = None
    ) -> CallToolResult:
        """Call ``tool``; a lost connection is made again and the call sent once more."""

        async def call(client: Client) -> CallToolResult:
            limit = timeout_s or self.spec.timeout_s
            return await client.call_tool(tool, arguments, read_timeout_seconds=limit)

        return await self._request(call, f"a call of its {tool!r} tool")

    async def list_resources(self) -> list[Resource]:
        """Every resource the server lists."""

        async def listing(client: Client) -> list[Resource]:
            found: list[Resource] = []
            cursor: str | None = None
            for _ in range(MAX_PAGES):
                page = await client.list_resources(cursor=cursor, cache_mode="refresh")
                found.extend(page.resources)
                cursor = page.next_cursor
                if cursor is None:
                    break
            return found

        return await self._request(listing, "the list of its resources")

    async def read_resource(self, uri: str) -> ReadResourceResult:
        """The contents of the resource at ``uri``."""

        async def read(client: Client) -> ReadResourceResult:
            return await client.read_resource(uri, cache_mode="bypass")

        return await self._request(read, f"a read of {uri!r}")

    async def _request(self, send: Callable[[Client], Awaitable[T]], what: str) -> T:
        for attempt in (1, 2):
            seen = self.generation
            if not self.connected:
                await self.reconnect(seen)
                seen = self.generation
            client = self._client
            assert client is not None
            try:
                return await send(client)
            except MCPError as exc:
                if exc.code == mt.CONNECTION_CLOSED and attempt == 1:
                    await self.reconnect(seen)
                    continue
                if exc.code == mt.REQUEST_TIMEOUT:
                    raise MCPRequestError(self.name, what, "no answer in time") from None
                raise MCPRequestError(self.name, what, redact(exc.message)) from None
            except _TRANSPORT_FAILURES as exc:
                if attempt == 1:
                    await self.reconnect(seen)
                    continue
                raise MCPConnectionError(self.name, f"the connection failed: {exc}") from None
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ the keeper

    async def _keep(self, ready: asyncio.Future[None], closing: asyncio.Event) -> None:
        """Enter the client, list the tools, hold the connection until it closes or breaks."""
        try:
            async with contextlib.AsyncExitStack() as stack:
                client = await stack.enter_async_context(await self._client_for(stack))
                self._client = client
                self.protocol = client.protocol_version
                self.instructions = (client.instructions or "").strip()
                info = client.server_info
                self.server_title = (info.title or info.name) if info is not None else ""
                self.tools = await self._list_tools(client)
                ready.set_result(None)
                self._on_tools(self)
                watch = asyncio.create_task(self._watch(client))
                try:
                    await closing.wait()
                finally:
                    watch.cancel()
                    with contextlib.suppress(BaseException):
                        await watch
        except asyncio.CancelledError:
            failed = self._failed("the connection was closed")
            if not ready.done():
                ready.set_exception(failed)
            if not closing.is_set():
                return  # the transport's own failure cancelled it: the next request reconnects
            raise
        except BaseException as exc:
            failed = self._failed(self._reason(exc))
            if not ready.done():
                ready.set_exception(failed)
        finally:
            self._client = None

    async def _client_for(self, stack: contextlib.AsyncExitStack) -> Client:
        """The SDK client for the spec, its variables filled in now (not entered yet)."""
        resolved = self._resolved or self.spec.resolved()
        if resolved.command is not None:
            # The server's stderr, kept to quote when it fails; gone with the connection.
            self._stderr = self._stderr or cast(
                TextIO,
                tempfile.TemporaryFile("w+", encoding="utf-8"),  # noqa: SIM115
            )
            params = StdioServerParameters(
                command=resolved.command,
                args=list(resolved.args),
                env=resolved.env or None,
                cwd=resolved.cwd,
            )
            return Client(
                stdio_client(params, errlog=self._stderr), message_handler=self._on_message
            )
        assert resolved.url is not None
        # Headers (a token) go on an HTTP client of our own, as the SDK documents.
        http = await stack.enter_async_context(
            httpx2.AsyncClient(headers=resolved.headers, timeout=HTTP_TIMEOUT)
        )
        transport = streamable_http_client(resolved.url, http_client=http)
        return Client(transport, message_handler=self._on_message)

    async def _list_tools(self, client: Client) -> tuple[Tool, ...]:
        found: list[Tool] = []
        cursor: str | None = None
        for _ in range(MAX_PAGES):
            page = await client.list_tools(cursor=cursor, cache_mode="refresh")
            found.extend(page.tools)
            cursor = page.next_cursor
            if cursor is None:
                break
        return tuple(found)

    async def _watch(self, client: Client) -> None:
        """Refresh the tools on each change a 2026 server streams (older ones notify)."""
        try:
            async with client.listen(tools_list_changed=True) as changes:
                async for _ in changes:
                    self._refresh_soon(client)
        except ListenNotSupportedError:
            return  # a handshake-era server: its notifications reach _on_message
        except Exception as exc:  # a stream that ended: the notifications still arrive
            log.debug("MCP server %s: change stream ended (%s)", self.name, exc)

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, mt.ToolListChangedNotification) and self._client:
            self._refresh_soon(self._client)

    def _refresh_soon(self, client: Client) -> None:
        """Fetch the tools again (one fetch at a time; a change during one fetches again)."""
        if self._refresh is not None and not self._refresh.done():
            self._refresh.add_done_callback(lambda _: self._refresh_soon(client))
            return
        self._refresh = asyncio.create_task(self._refetch(client))

    async def _refetch(self, client: Client) -> None:
        try:
            self.tools = await self._list_tools(client)
        except Exception as exc:
            log.warning("MCP server %s: could not list its tools again: %s", self.name, exc)
            return
        self._on_tools(self)

    # ------------------------------------------------------------------ messages

    def _failed(self, reason: str) -> MCPConnectionError:
        """Note why the connection is down (with a stdio server's last words); the error."""
        self._client = None
        self.error = reason + self._last_words()
        return MCPConnectionError(self.name, self.error)

    def _reason(self, exc: BaseException) -> str:
        """What went wrong, in a line (an exception group is read for its first cause)."""
        while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        if isinstance(exc, FileNotFoundError):
            return (
                f"cannot start {self.spec.command!r}: no such program (install it, or give "
                "its full path)"
            )
        text = redact(str(exc).strip()) or type(exc).__name__
        return f"could not connect ({self._attempted()}): {text}"

    def _attempted(self) -> str:
        return "starting " + self.spec.target if self.spec.transport == "stdio" else "reaching it"

    def _last_words(self) -> str:
        """The end of a stdio server's stderr, which usually says why it stopped."""
        if self._stderr is None:
            return ""
        try:
            self._stderr.flush()
            self._stderr.seek(0)
            text = self._stderr.read().strip()
        except (OSError, ValueError):
            return ""
        if not text:
            return ""
        return f". It said: {redact(text[-STDERR_TAIL:])}"

    def __repr__(self) -> str:
        state = "connected" if self.connected else f"down ({self.error})"
        return f"<Connection {self.name!r} {self.spec.transport} {state}>"


__all__ = ["Connection"]
