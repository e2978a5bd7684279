"""MCP servers connected for the life of the process, their tools in one tool store.

::

    servers = MCPServers({"units": "python units_server.py",
                          "files": "http://127.0.0.1:8765/mcp"})
    servers.store.search("convert miles to km")     # mcp/units: units.convert_length
    Router(mcp=servers)                              # one agent per server joins the run
    await servers.call("units", "convert_length", {"value": 5, ...})

Connections live on the hub loop (:mod:`notebook_router.mcp.loop`) until the
server is removed or the process exits; a connection that broke is made again
on its next use. Each server's tools are in :attr:`MCPServers.store` under
``mcp/<server>``, fetched again when the server says they changed.

Synchronous methods (``add``, ``remove``, ``load``, ``resources``, ``read``) block
the calling thread only, never the hub loop: magics, scripts and ``Router(mcp=...)``
use them. Async code uses :meth:`aadd`, :meth:`call`, :meth:`aread`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notebook_router.agents.tree import bump_generation
from notebook_router.errors import MCPConfigError, MCPConnectionError, MCPServerError
from notebook_router.mcp.config import (
    CONNECT_TIMEOUT_S,
    ServerLike,
    ServerSpec,
    read_config,
    server_spec,
    server_specs,
)
from notebook_router.mcp.loop import HubLoop, hub_loop
from notebook_router.mcp.sdk import require_sdk
from notebook_router.mcp.tools import ServerTool, Skipped, namespace, server_tools
from notebook_router.media import Media
from notebook_router.tools.store import ToolStore
from notebook_router.tools.validate import check_inputs

if TYPE_CHECKING:
    from notebook_router.mcp.agent import MCPServerAgent
    from notebook_router.mcp.connection import Connection

WAIT_MARGIN_S = 10.0
"""Synchronous callers wait this much longer than the work's own time limit."""


@dataclass(frozen=True)
class ServerInfo:
    """What ``%route mcp list`` shows of one server."""

    name: str
    described: str
    """Transport and target, env and headers by name (secrets masked)."""
    connected: bool
    tools: int
    error: str | None = None
    skipped: tuple[Skipped, ...] = field(default=())
    instructions: str = ""

    def line(self) -> str:
        """One line: name, state, tools, how it is reached."""
        state = f"{self.tools} tool{'s' if self.tools != 1 else ''}" if self.connected else "down"
        extra = f", {len(self.skipped)} skipped" if self.skipped else ""
        why = f" ({self.error})" if self.error and not self.connected else ""
        return f"{self.name}: {state}{extra}{why} · {self.described}"


class MCPServers:
    """Named MCP servers, their connections and their tools (see the module docstring).

    ``servers``: ``{name: command line | URL | config entry}`` or
    :class:`~notebook_router.mcp.config.ServerSpec` objects, connected at once
    (in parallel); a server that cannot be reached raises
    :class:`~notebook_router.errors.MCPConnectionError` with what it said.
    """

    def __init__(
        self,
        servers: Mapping[str, ServerLike] | Iterable[ServerSpec] = (),
        *,
        connect_timeout_s: float = CONNECT_TIMEOUT_S,
        loop: HubLoop | None = None,
    ) -> None:
        require_sdk()
        self._hub = loop or hub_loop()
        self._connect_timeout_s = connect_timeout_s
        self._specs: dict[str, ServerSpec] = {}
        self._connections: dict[str, Connection] = {}
        self._tools: dict[str, tuple[tuple[ServerTool, ...], tuple[Skipped, ...]]] = {}
        self._agents: dict[str, MCPServerAgent] = {}
        self._version = 0
        self._store: tuple[int, ToolStore, dict[str, ServerTool]] | None = None
        self._lock = threading.Lock()
        self._closer_registered = False
        specs = server_specs(servers)
        if specs:
            infos = self.add_all(specs)
            failed = [i for i in infos if i.error is not None and not i.connected]
            if failed:
                self.close()
                raise MCPConnectionError(failed[0].name, failed[0].error or "not reachable")

    # -------------------------------------------------------------- servers

    def add(
        self, name: str, server: ServerLike, *, trust_read_only: bool | None = None
    ) -> ServerInfo:
        """Connect ``server`` as ``name`` (replacing a server of that name); its info.

        Raises :class:`MCPConnectionError` when it cannot be started or reached (it is
        then not added) and :class:`MCPConfigError` for a spec that cannot work.
        """
        spec = server_spec(name, server, trust_read_only=trust_read_only)
        return self._hub.wait(self.aadd(spec), self._connect_timeout_s + WAIT_MARGIN_S)

    async def aadd(
        self, name: str | ServerSpec, server: ServerLike | None = None, **options: Any
    ) -> ServerInfo:
        """:meth:`add` from async code (``name`` may be a whole spec)."""
        if isinstance(name, ServerSpec):
            spec = name
        elif server is None:
            raise MCPConfigError(f"MCP server {name!r}: give its command line, URL or entry.")
        else:
            spec = server_spec(name, server, **options)
        await self._hub.call(self._open(spec))
        return self.info(spec.name)

    def add_all(self, specs: Iterable[ServerSpec]) -> list[ServerInfo]:
        """Connect several servers at once; a server that fails is kept, down, with its
        error (its next use tries again). Their infos, in order."""
        wanted = list(specs)
        limit = self._connect_timeout_s + WAIT_MARGIN_S

        async def open_all() -> list[BaseException | None]:
            return await asyncio.gather(
                *(self._open(s, keep=True) for s in wanted), return_exceptions=True
            )

        outcomes = self._hub.wait(open_all(), limit)
        infos = []
        for spec, outcome in zip(wanted, outcomes, strict=True):
            if isinstance(outcome, BaseException) and not isinstance(outcome, MCPServerError):
                raise outcome
            infos.append(self.info(spec.name))
        return infos

    def load(self, path: str | Path | Mapping[str, Any]) -> list[ServerInfo]:
        """Connect the servers of a JSON config (``{"mcpServers": {...}}``); their infos."""
        return self.add_all(read_config(path))

    def remove(self, name: str) -> None:
        """Disconnect ``name`` (a stdio server's process ends) and drop its tools."""
        self.spec(name)
        connection = self._connections.pop(name, None)
        self._specs.pop(name)
        self._agents.pop(name, None)
        self._set_tools(name, None)
        if connection is not None:
            self._hub.wait(connection.close(), 30)

    def close(self) -> None:
        """Disconnect every server."""
        for name in list(self._specs):
            self.remove(name)

    # -------------------------------------------------------------- what they hold

    def names(self) -> list[str]:
        """The servers' names, in the order added."""
        return list(self._specs)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __len__(self) -> int:
        return len(self._specs)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._specs))

    def spec(self, name: str) -> ServerSpec:
        """The spec of server ``name``."""
        if name not in self._specs:
            known = ", ".join(self._specs) or "none yet"
            raise MCPConfigError(
                f"No MCP server named {name!r} (connected: {known}). Add one with "
                "%route mcp add NAME COMMAND|URL, or Router(mcp={NAME: ...})."
            )
        return self._specs[name]

    def info(self, name: str | None = None) -> ServerInfo:
        """What is known of server ``name`` now."""
        name = name if name is not None else self.names()[0]
        spec = self.spec(name)
        connection = self._connections.get(name)
        tools, skipped = self._tools.get(name, ((), ()))
        return ServerInfo(
            name=name,
            described=spec.describe(),
            connected=connection is not None and connection.connected,
            tools=len(tools),
            error=connection.error if connection is not None else "not connected",
            skipped=skipped,
            instructions=connection.instructions if connection is not None else "",
        )

    def infos(self) -> list[ServerInfo]:
        """:meth:`info` of every server."""
        return [self.info(n) for n in self.names()]

    def tools(self, server: str) -> tuple[ServerTool, ...]:
        """The tools of ``server`` the store holds."""
        return self._tools.get(server, ((), ()))[0]

    def instructions(self, server: str) -> str:
        """What the server says of itself (its instructions), or ``""``."""
        connection = self._connections.get(server)
        return connection.instructions if connection is not None else ""

    def error(self, server: str) -> str | None:
        """Why ``server`` is down (None when it is up)."""
        connection = self._connections.get(server)
        return (
            None
            if connection is not None and connection.connected
            else (connection.error if connection is not None else "not connected")
        )

    @property
    def store(self) -> ToolStore:
        """Every server's tools, under ``mcp/<server>`` (rebuilt when a list changed)."""
        return self._snapshot()[1]

    def find(self, store_name: str) -> ServerTool:
        """The tool the store calls ``store_name`` (``server.tool``)."""
        found = self._snapshot()[2].get(store_name)
        if found is None:
            self.store.get(store_name)  # raises ToolNotFoundError with the known names
            raise AssertionError("unreachable")
        return found

    def check(self, store_name: str, arguments: Mapping[str, Any]) -> str:
        """What is wrong with ``arguments`` for the tool, or ``""`` (the store's validation)."""
        checked = check_inputs(self.store.get(store_name).spec, dict(arguments))
        problems = [*checked.problems, *(f"{m} is missing" for m in checked.missing)]
        return "breaks the tool's inputs: " + "; ".join(problems) if problems else ""

    def agents(self) -> list[MCPServerAgent]:
        """One agent per server, in the order added (the same objects each time)."""
        from notebook_router.mcp.agent import MCPServerAgent

        for name in self._specs:
            if name not in self._agents:
                self._agents[name] = MCPServerAgent(self, name)
        return [self._agents[n] for n in self._specs]

    # -------------------------------------------------------------- requests

    async def call(
        self,
        server: str,
        tool: str,
        arguments: Mapping[str, Any],
        *,
        timeout_s: float | None = None,
    ) -> Any:
        """Call ``tool`` (the server's own name for it) on ``server``; the SDK's
        ``CallToolResult`` (``is_error`` set when the tool failed: see
        :func:`~notebook_router.mcp.results.raise_for_error`).

        An explicit call, for code that decides for itself: runs of the router call
        tools only as their tool policy allows.
        """
        connection = self._connection(server)
        return await self._hub.call(connection.call_tool(tool, dict(arguments), timeout_s))

    async def aresources(self, server: str) -> list[Any]:
        """The resources ``server`` lists (the SDK's ``Resource`` objects)."""
        return await self._hub.call(self._connection(server).list_resources())

    def resources(self, server: str) -> list[Any]:
        """:meth:`aresources`, for synchronous code."""
        return self._hub.wait(self.aresources(server), self._wait(server))

    async def aread(self, server: str, uri: str) -> list[Media]:
        """The resource at ``uri`` on ``server``, as media (one per part it has)."""
        from notebook_router.mcp.results import resource_media

        result = await self._hub.call(self._connection(server).read_resource(uri))
        return resource_media(result.contents, server)

    def read(self, server: str, uri: str) -> list[Media]:
        """:meth:`aread`, for synchronous code (a magic, a script)."""
        return self._hub.wait(self.aread(server, uri), self._wait(server))

    # -------------------------------------------------------------- inside

    async def _open(self, spec: ServerSpec, *, keep: bool = False) -> None:
        """Connect ``spec`` (on the hub loop), replacing a server of that name."""
        from notebook_router.mcp.connection import Connection

        self._close_at_exit()
        old = self._connections.get(spec.name)
        if old is not None:
            await old.close()
        connection = Connection(
            spec, self._tools_changed, connect_timeout_s=self._connect_timeout_s
        )
        try:
            await connection.open()
        except MCPServerError:
            if keep:  # listed as down; its next use tries again
                self._specs[spec.name] = spec
                self._connections[spec.name] = connection
                self._set_tools(spec.name, None)
            raise
        self._specs[spec.name] = spec
        self._connections[spec.name] = connection
        self._tools_changed(connection)

    def _connection(self, server: str) -> Connection:
        self.spec(server)
        return self._connections[server]

    def _wait(self, server: str) -> float:
        return self.spec(server).timeout_s + self._connect_timeout_s + WAIT_MARGIN_S

    def _tools_changed(self, connection: Connection) -> None:
        """A server's tool list is new (connected, or changed): the store follows."""
        if self._connections.get(connection.name, connection) is not connection:
            return  # a connection since replaced
        kept, skipped = server_tools(connection.name, connection.tools)
        self._set_tools(connection.name, (tuple(kept), tuple(skipped)))

    def _set_tools(
        self, name: str, tools: tuple[tuple[ServerTool, ...], tuple[Skipped, ...]] | None
    ) -> None:
        with self._lock:
            if tools is None:
                self._tools.pop(name, None)
            else:
                self._tools[name] = tools
            self._version += 1
        bump_generation()  # the server's agent describes itself anew

    def _snapshot(self) -> tuple[int, ToolStore, dict[str, ServerTool]]:
        with self._lock:
            cached, version = self._store, self._version
            if cached is not None and cached[0] == version:
                return cached
            tools = {name: kept for name, (kept, _) in self._tools.items()}
        store = ToolStore()
        by_name: dict[str, ServerTool] = {}
        for server, kept in tools.items():
            for item in kept:
                store.add(item.tool, namespace(server))
                by_name[item.store_name] = item
        made = (version, store, by_name)
        with self._lock:
            if self._version == version:
                self._store = made
        return made

    def _close_at_exit(self) -> None:
        if not self._closer_registered:
            self._closer_registered = True

            async def close_all() -> None:
                for connection in list(self._connections.values()):
                    await connection.close()

            self._hub.at_exit(close_all)

    def __repr__(self) -> str:
        listed = ", ".join(f"{n} ({len(self.tools(n))} tools)" for n in self._specs)
        return f"MCPServers({listed or 'none'})"


def as_servers(value: MCPServers | Mapping[str, Any]) -> MCPServers:
    """``value`` as connected servers: an :class:`MCPServers` as it is; a mapping of
    servers (``{name: command | URL | entry}``), or a whole config (``{"mcpServers":
    {...}}``), connected now."""
    if isinstance(value, MCPServers):
        return value
    if not isinstance(value, Mapping):
        raise MCPConfigError(
            f"mcp= takes {{name: command line | URL | config entry}} or MCPServers, not "
            f"{type(value).__name__}."
        )
    if isinstance(value.get("mcpServers", value.get("servers")), Mapping):
        return MCPServers(read_config(value))
    return MCPServers(value)


__all__ = ["MCPServers", "ServerInfo", "as_servers"]
