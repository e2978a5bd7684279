"""Routing among 1,000 tools from three real MCP servers (stdio, the SDK's MCPServer).

``mcp_tool_routing``: three servers (tests/mcp/servers/many.py: a warehouse of 340
tools, files 333, a CRM 327) are connected and listed into one tool store; then each
labelled request is routed by the tool router with the offline model, which reads all
1,000 tools (retrieval over the store picks what a model would be shown). Reported: the
time per request (median and spread over every request of every repeat), the share of
requests routed to the right tool with the right inputs, the store's retrieval of the 64
tools a model would see, rebuilding the store from all 1,000 tools (what a server's list
change costs), and connecting the three servers (process start, handshake, listing).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MANY = ROOT / "tests" / "mcp" / "servers" / "many.py"
REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("total revenue by region for 2023", "warehouse.total_revenue_by_region", {"year": 2023}),
    ("refunds per weekday in 2022", "warehouse.total_refunds_by_weekday", {"year": 2022}),
    (
        "what were the tips by salesperson in 2021?",
        "warehouse.total_tips_by_salesperson",
        {"year": 2021},
    ),
    (
        "sum of complaints for each channel, year 2024",
        "warehouse.total_complaints_by_channel",
        {"year": 2024},
    ),
    ("how many signups per city in 2020", "warehouse.total_signups_by_city", {"year": 2020}),
    ("validate report.csv", "files.validate_csv_file", {"path": "report.csv"}),
    (
        "compress the parquet file events.parquet",
        "files.compress_parquet_file",
        {"path": "events.parquet"},
    ),
    (
        "how many rows are in the sqlite file shop.sqlite?",
        "files.count_rows_in_sqlite_file",
        {"path": "shop.sqlite"},
    ),
    ("anonymise the excel file staff.xlsx", "files.anonymise_excel_file", {"path": "staff.xlsx"}),
    ("preview the pdf file manual.pdf", "files.preview_pdf_file", {"path": "manual.pdf"}),
    ('archive the invoice "INV-77"', "crm.archive_invoice", {"record_id": "INV-77"}),
    ('escalate ticket "T-1009"', "crm.escalate_ticket", {"record_id": "T-1009"}),
    ('merge the duplicate contact "C-42"', "crm.merge_contact", {"record_id": "C-42"}),
    ('approve refund "R-5"', "crm.approve_refund", {"record_id": "R-5"}),
    ('reject the quote "Q-19"', "crm.reject_quote", {"record_id": "Q-19"}),
]


def mcp_tool_routing(repeats: int) -> dict[str, Any]:
    """One JSON line: routing among 1,000 MCP tools (see the module docstring)."""
    from notebook_router.mcp import MCPServers
    from notebook_router.mcp.tools import namespace
    from notebook_router.tools import ToolRouter, ToolStore
    from notebook_router.tools.word_vectors import bundled_embedder

    started = time.perf_counter()
    servers = MCPServers(
        {domain: f"{sys.executable} {MANY} {domain}" for domain in ("warehouse", "files", "crm")}
    )
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
