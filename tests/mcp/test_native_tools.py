"""With a model, an MCP server's tools reach the provider as native function declarations
(the OpenAI SDK against a loopback server), only that server's, and the model's call comes
back validated and is made on the real MCP server. A model whose wire format has no function
declarations is asked for the JSON decision over the same tools instead."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from notebook_router.agents.approval import CodeApproval, ToolCall
from notebook_router.agents.base import NO_INPUTS, AgentContext, TaskRequest
from notebook_router.context.shared import SharedContext
from notebook_router.mcp import MCPServers
from notebook_router.providers.base import ModelClient, Provider
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.mcp.conftest import calls_in, units_command
from tests.providers.conftest import FAKE_OPENAI_KEY, no_real_keys, server
from tests.providers.servers import LoopbackServer, openai_tool_completion

__all__ = ["no_real_keys", "server"]


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MCPServers, Path]]:
    calls = tmp_path_factory.mktemp("native") / "calls.txt"
    servers = MCPServers({"units": units_command(calls)})
    try:
        yield servers, calls
    finally:
        servers.close()


def _openai(server: LoopbackServer) -> OpenAIProvider:
    return OpenAIProvider(
        "gpt-4o-mini",
        api_key=FAKE_OPENAI_KEY,
        base_url=server.url + "/v1",
        retry=RetryPolicy(attempts=1, base_s=0.01),
    )


def _context(provider: Provider, asked: list[ToolCall], spent: list[Usage]) -> AgentContext:
    async def approve(code: str, purpose: str, *, tool: ToolCall | None = None) -> CodeApproval:
        assert tool is not None
        asked.append(tool)
        return CodeApproval(run=True, code=code, note="approved in the test")

    task = TaskRequest(id="t1", description="how far is 5 miles in km?", goal="", agent="mcp.units")
    return AgentContext(
        run_id="r1",
        goal=task.description,
        task=task,
        inputs=NO_INPUTS,
        shared=SharedContext({}),
        model=ModelClient(provider, lambda usage, source: spent.append(usage), "mcp.units"),
        _approve=approve,
    )


async def test_the_servers_tools_go_to_the_model_as_functions_and_its_call_is_made(
    units: tuple[MCPServers, Path], server: LoopbackServer
) -> None:
    servers, calls = units
    server.reply(
        200,
        openai_tool_completion(
            [("c1", "units_convert_length", '{"value": 5, "from_unit": "miles", "to_unit": "km"}')]
        ),
    )
    asked: list[ToolCall] = []
    spent: list[Usage] = []
    context = _context(_openai(server), asked, spent)
    result = await servers.agents()[0].run(context.task, context)
    body = server.requests[0].body
    sent = {t["function"]["name"] for t in body["tools"]}
    assert sent == {f"units_{t.name}" for t in servers.tools("units")}  # dots mapped away
    convert = next(t for t in body["tools"] if t["function"]["name"] == "units_convert_length")
    assert convert["function"]["parameters"]["properties"]["to_unit"]["enum"] == [
        "km",
        "miles",
        "m",
        "feet",
    ]
    assert [(a.server, a.tool, dict(a.arguments), a.read_only) for a in asked] == [
        ("units", "convert_length", {"value": 5, "from_unit": "miles", "to_unit": "km"}, True)
    ]
    assert result.status == "fulfilled" and result.data == "5 miles is 8.047 km"
    assert calls_in(calls) == ["convert_length"]
    assert spent, "the routing call is accounted to the agent"


async def test_a_model_without_function_declarations_is_asked_for_a_json_decision(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    before = len(calls_in(calls))
    decision = {
        "tool": "units.convert_length",
        "inputs": {"value": 5, "from_unit": "miles", "to_unit": "km"},
        "reason": "a length in other units",
    }
    model = ScriptedProvider([decision])
    asked: list[ToolCall] = []
    spent: list[Usage] = []
    context = _context(model, asked, spent)
    result = await servers.agents()[0].run(context.task, context)
    [request] = model.requests
    assert request.tools == (), "no function declarations go to a model that has none"
    assert request.json_schema is not None
    offered = request.json_schema["properties"]["tool"]["anyOf"][0]["enum"]
    assert set(offered) == {f"units.{t.name}" for t in servers.tools("units")}
    assert [(a.tool, dict(a.arguments)) for a in asked] == [
        ("convert_length", {"value": 5, "from_unit": "miles", "to_unit": "km"})
    ]
    assert result.status == "fulfilled" and result.data == "5 miles is 8.047 km"
    assert calls_in(calls)[before:] == ["convert_length"]
