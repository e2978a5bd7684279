"""1,000 tools across three real MCP servers: the tool router picks the one a request
means, among all of them (time per request: ``bench/run.py``'s ``mcp_tool_routing``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from notebook_router import Router
from notebook_router.mcp import MCPServers
from notebook_router.tools import ToolRouter
from tests.mcp.conftest import MANY

REQUESTS = [
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
    ('archive the invoice "INV-77"', "crm.archive_invoice", {"record_id": "INV-77"}),
    ('escalate ticket "T-1009"', "crm.escalate_ticket", {"record_id": "T-1009"}),
    ('merge the duplicate contact "C-42"', "crm.merge_contact", {"record_id": "C-42"}),
    ('approve refund "R-5"', "crm.approve_refund", {"record_id": "R-5"}),
]


@pytest.fixture(scope="module")
def many() -> Iterator[MCPServers]:
    servers = MCPServers(
        {domain: f"{sys.executable} {MANY} {domain}" for domain in ("warehouse", "files", "crm")}
    )
    try:
        yield servers
    finally:
        servers.close()


def test_a_thousand_tools_across_three_servers_are_in_the_store(many: MCPServers) -> None:
    assert len(many.store) == 1000
    assert many.store.namespaces() == ["mcp/crm", "mcp/files", "mcp/warehouse"]
    assert [len(many.tools(s)) for s in ("warehouse", "files", "crm")] == [340, 333, 327]


@pytest.mark.parametrize(("request_", "tool", "inputs"), REQUESTS)
def test_the_tool_router_picks_the_one_tool_among_all_of_them(
    many: MCPServers, request_: str, tool: str, inputs: dict[str, object]
) -> None:
    decision = ToolRouter(many.store, model="offline").choose(request_)
    assert (decision.tool, decision.inputs) == (tool, inputs)


def test_retrieval_shows_a_model_only_the_relevant_few(many: MCPServers) -> None:
    router = ToolRouter(many.store, model="offline", max_candidates=16)
    shown = [t.name for t in router.candidates("total revenue by region for 2023")]
    assert len(shown) == 16 and shown[0] == "warehouse.total_revenue_by_region"
    assert all(name.startswith("warehouse.") for name in shown)


async def test_a_run_reaches_the_right_server_and_tool(many: MCPServers) -> None:
    result = await Router(mcp=many, tool_policy="auto", builtins=False).run(
        'escalate ticket "T-1009"'
    )
    (task,) = result.tasks
    assert task.agent == "mcp.crm"
    assert result.results[task.id].data == "escalate_ticket(record_id=T-1009)"
