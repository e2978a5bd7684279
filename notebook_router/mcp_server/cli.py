"""``notebook-router mcp``: serve the router over MCP (stdio, or Streamable HTTP on loopback).

    notebook-router mcp [--http PORT] [--data PATH ...] [--model MODEL] [--agents MODULE]
                        [--mcp CONFIG.json] [--tools never|auto] [--code never|auto]
                        [--store PATH|off]

Nobody is at a served router's side to approve anything, so the code and tool
policies default to ``never`` (``ask`` behaves as ``never`` here: there is no panel).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import TYPE_CHECKING

from notebook_router.agents.approval import CODE_POLICIES, TOOL_POLICIES

if TYPE_CHECKING:
    from notebook_router.agents.base import Agent
    from notebook_router.store import SessionStore

HOST = "127.0.0.1"
"""Streamable HTTP listens on loopback only: serving beyond this machine needs a proxy
with authentication in front, which is the operator's to set up."""


def add_serve_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``mcp`` subcommand's options (kept light: ``--help`` loads no SDK)."""
    serve = sub.add_parser(
        "mcp",
        help="serve the router over MCP to other agents (stdio; --http PORT for HTTP)",
        description="Serve route(task), run_status, stop_run, list_dataframes and describe "
        "over the Model Context Protocol.",
    )
    serve.add_argument(
        "--http",
        type=int,
        default=None,
        metavar="PORT",
        help=f"serve Streamable HTTP on {HOST}:PORT (path /mcp) instead of stdio",
    )
    serve.add_argument(
        "--data",
        action="append",
        default=[],
        metavar="PATH",
        help="a data file the served runs analyse, as a DataFrame; repeatable",
    )
    serve.add_argument("--model", default=None, help="provider:model (default: offline)")
    serve.add_argument(
        "--agents",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="module (pkg.mod) or .py file defining more agents; repeatable",
    )
    serve.add_argument(
        "--mcp",
        default=None,
        metavar="CONFIG",
        help='MCP servers whose tools the served runs may use ({"mcpServers": {...}})',
    )
    serve.add_argument(
        "--tools",
        choices=TOOL_POLICIES,
        default="never",
        help="whether those servers' tools are called (default never; ask is never here)",
    )
    serve.add_argument(
        "--code",
        choices=CODE_POLICIES,
        default="never",
        help="whether agent-written code runs (default never; ask is never here)",
    )
    serve.add_argument(
        "--store",
        default=None,
        metavar="PATH",
        help="the session database the runs are recorded in (default: .notebook_router/ "
        "here; off: none)",
    )


def serve(args: argparse.Namespace, agents: list[Agent]) -> int:
    """Wire the runs and serve them until the client (stdio) or a signal (HTTP) ends it."""
    from notebook_router.mcp.sdk import require_sdk

    require_sdk()
    from notebook_router.mcp_server.app import build_server
    from notebook_router.mcp_server.data import load_served_data
    from notebook_router.mcp_server.runs import ServedRuns
    from notebook_router.wiring import wire

    frames = load_served_data(args.data)
    servers = None
    if args.mcp:
        from notebook_router.mcp.config import read_config
        from notebook_router.mcp.servers import MCPServers

        servers = MCPServers(read_config(args.mcp))
    setup = wire(
        agents,
        model=args.model,
        data=frames or None,
        store=_store(args.store),
        code=args.code,
        tool_policy=args.tools,
        mcp=servers,
        clarify="stop",
    )
    server = build_server(ServedRuns(setup), frames)
    import asyncio  # here, not at the top: `notebook-router --help` never needs it

    if args.http is None:
        # The protocol owns stdout: the transport claims the real one (the CLI's own
        # printing wraps it), and sends anything else printed there to stderr.
        with contextlib.redirect_stdout(sys.__stdout__):
            asyncio.run(server.run_stdio_async())
    else:
        print(f"serving MCP on http://{HOST}:{args.http}/mcp", file=sys.stderr, flush=True)
        asyncio.run(server.run_streamable_http_async(host=HOST, port=args.http))
    return 0


def _store(location: str | None) -> SessionStore | None:
    if location is not None and location.strip().lower() == "off":
        return None
    from notebook_router.store import SessionStore

    return SessionStore(location)


__all__ = ["HOST", "add_serve_parser", "serve"]
