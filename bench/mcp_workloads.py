"""Routing among 1,000 tools from three real MCP servers (stdio, the SDK's MCPServer).

``mcp_tool_routing``: three servers (tests/mcp/many_tools.py, the store and labelled
requests the tests use: a warehouse of 340 tools, files 333, a CRM 327) are connected
and listed into one tool store; then each labelled request is routed by the tool router
with the offline model, which reads all 1,000 tools (retrieval over the store picks what
a model would be shown). Reported: the time per request (median and spread over every
request of every repeat), the share of requests routed to the right tool with the right
inputs, the store's retrieval of the 64 tools a model would see, rebuilding the store
from all 1,000 tools (what a server's list change costs), and connecting the three
servers (process start, handshake, listing).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.mcp.many_tools import REQUESTS, many_tools_servers  # noqa: E402


def mcp_tool_routing(repeats: int) -> dict[str, Any]:
    """One JSON line: routing among 1,000 MCP tools (see the module docstring)."""
    from notebook_router.mcp.tools import namespace
    from notebook_router.tools import ToolRouter, ToolStore
    from notebook_router.tools.word_vectors import bundled_embedder

    started = time.perf_counter()
    servers = many_tools_servers()
    connect_s = time.perf_counter() - started
    try:
        store = servers.store
        router = ToolRouter(store, model="offline")
        router.choose(REQUESTS[0][0])  # the first call builds the catalogue and reads vectors
        per_request: list[float] = []
        right = 0
        for _ in range(repeats):
            for request, tool, inputs in REQUESTS:
                began = time.perf_counter()
                decision = router.choose(request)
                per_request.append((time.perf_counter() - began) * 1000)
                right += decision.tool == tool and decision.inputs == inputs
        retrieval = []
        for _ in range(repeats):
            for request, _, _ in REQUESTS:
                began = time.perf_counter()
                store.search(request, 64)
                retrieval.append((time.perf_counter() - began) * 1000)
        # A server's list change rebuilds the store from every server's tools.
        listed = [(namespace(s), t.tool) for s in servers.names() for t in servers.tools(s)]
        rebuilds = []
        for _ in range(max(3, repeats // 3)):
            began = time.perf_counter()
            rebuilt = ToolStore()
            for where, listed_tool in listed:
                rebuilt.add(listed_tool, where)
            rebuilt.search(REQUESTS[0][0], 64)
            rebuilds.append((time.perf_counter() - began) * 1000)
    finally:
        servers.close()
    ordered = sorted(per_request)
    return {
        "bench": "mcp_tool_routing",
        "tools": len(store),
        "servers": 3,
        "requests": len(REQUESTS),
        "word_vectors": bundled_embedder() is not None,
        "ms_per_request": round(statistics.median(per_request), 2),
        "ms_spread": {
            "median": round(statistics.median(per_request), 2),
            "p10": round(ordered[len(ordered) // 10], 2),
            "p90": round(ordered[len(ordered) * 9 // 10], 2),
            "min": round(ordered[0], 2),
            "max": round(ordered[-1], 2),
        },
        "correct": round(right / (repeats * len(REQUESTS)), 3),
        "retrieval_top64_ms": round(statistics.median(retrieval), 2),
        "store_rebuild_ms": round(statistics.median(rebuilds), 1),
        "connect_s": round(connect_s, 2),
        "repeats": repeats,
    }
