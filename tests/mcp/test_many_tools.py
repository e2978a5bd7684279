"""1,000 tools across three real MCP servers: the tool router picks the one a request
means, among all of them (time per request: ``bench/run.py``'s ``mcp_tool_routing``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from notebook_router import Router
from notebook_router.mcp import MCPServers
from notebook_router.tools import ToolRouter
from tests.mcp.many_tools import REQUESTS, TOOLS_PER_DOMAIN, many_tools_servers


@pytest.fixture(scope="module")
def many() -> Iterator[MCPServers]:
    servers = many_tools_servers()
    try:
        yield servers
    finally:
        servers.close()


def test_a_thousand_tools_across_three_servers_are_in_the_store(many: MCPServers) -> None:
    assert len(many.store) == 1000
    assert many.store.namespaces() == ["mcp/crm", "mcp/files", "mcp/warehouse"]
    assert {s: len(many.tools(s)) for s in many.names()} == TOOLS_PER_DOMAIN


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
