"""Tools from MCP servers: connect servers, route requests to their tools, read resources.

>>> from notebook_router.mcp import MCPServers, read_config

An MCP server (the Model Context Protocol's: a database, a warehouse, a file
store, an internal API) is connected by the command that starts it (stdio) or by
its Streamable HTTP URL, with the official ``mcp`` SDK (the ``mcp`` extra). Its
tools join a tool store under ``mcp/<server>``, and the server joins runs as one
agent, ``mcp.<server>``, that routes a task to exactly one of its tools and calls
it as the run's tool policy allows (``ask``, ``auto`` or ``never``)::

    router = Router(mcp={"units": "python units_server.py"}, tool_policy="auto")

The router can also *be* an MCP server for other agents: see
:mod:`notebook_router.mcp_server` (``notebook-router mcp``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.mcp.agent import MCPServerAgent
    from notebook_router.mcp.config import ServerSpec, read_config, server_spec
    from notebook_router.mcp.servers import MCPServers, ServerInfo

__all__ = ["MCPServerAgent", "MCPServers", "ServerInfo", "ServerSpec", "read_config", "server_spec"]

if not TYPE_CHECKING:
    __getattr__ = lazy_exports(
        __name__,
        {
            "MCPServerAgent": "notebook_router.mcp.agent",
            "MCPServers": "notebook_router.mcp.servers",
            "ServerInfo": "notebook_router.mcp.servers",
            "ServerSpec": "notebook_router.mcp.config",
            "read_config": "notebook_router.mcp.config",
            "server_spec": "notebook_router.mcp.config",
        },
    )
