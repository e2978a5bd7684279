"""Real MCP servers over stdio and Streamable HTTP: tools into the store, routed, called,
results with media back; errors, reconnection and tool-list changes."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.errors import MCPConnectionError, MCPToolError
from notebook_router.mcp import MCPServers
from notebook_router.mcp.results import raise_for_error
from notebook_router.tools import ToolRouter
from tests.mcp.conftest import UNITS, HttpServer, calls_in, kill_children_running, units_command

TOKEN = "units-token-0123456789abcdef"


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MCPServers, Path]]:
    """The units server over stdio, connected once for the module; and its calls file."""
    calls = tmp_path_factory.mktemp("units") / "calls.txt"
    servers = MCPServers({"units": units_command(calls)})
    try:
        yield servers, calls
    finally:
        servers.close()


def test_the_tools_enter_the_store_under_the_servers_namespace_with_their_schemas(
    units: tuple[MCPServers, Path],
) -> None:
    servers, _ = units
    store = servers.store
    assert store.namespaces() == ["mcp/units"]
    names = {t.name for t in store}
    assert {"units.convert_length", "units.draw_chart", "units.parse_date"} <= names
    convert = store.get("units.convert_length").spec
    assert convert.required == ["value", "from_unit", "to_unit"]
    assert convert.properties["from_unit"]["enum"] == ["km", "miles", "m", "feet"]
    assert servers.find("units.convert_length").read_only
    assert not servers.find("units.draw_chart").read_only
    agent = servers.agents()[0]
    assert agent.name == "mcp.units"
    assert "Converts lengths" in agent.description
    assert "convert length" in [c.topic for c in agent.capabilities]


def test_the_tool_router_routes_to_exactly_one_tool_and_checks_its_inputs(
    units: tuple[MCPServers, Path],
) -> None:
    router = ToolRouter(units[0].store, model="offline")
    decision = router.choose("how many km is 5 miles?")
    assert decision.tool == "units.convert_length"
    assert decision.inputs == {"value": 5, "from_unit": "miles", "to_unit": "km"}
    assert router.choose("draw a bar chart of 3, 5 and 8").inputs == {"values": [3, 5, 8]}
    assert router.choose("what's the weather in Oslo?").tool is None
    # An input the schema's enum does not allow is refused, not sent.
    problem = units[0].check(
        "units.convert_length", {"value": 1, "from_unit": "parsec", "to_unit": "km"}
    )
    assert "from_unit" in problem


async def test_a_run_calls_the_tool_and_cites_the_server_and_tool(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    result = await Router(mcp=servers, tool_policy="auto", builtins=False).run(
        "convert 5 miles to km"
    )
    assert result.stop_reason == "completed"
    assert "8.047 km" in result.answer
    (task,) = result.tasks
    assert task.agent == "mcp.units" and task.status == "fulfilled"
    cited = [c.source for c in result.results[task.id].citations]
    assert cited == ["MCP server units, tool convert_length"]
    assert '"from_unit": "miles"' in result.results[task.id].citations[0].text
    assert "convert_length" in calls_in(calls)


async def test_an_image_comes_back_as_media(units: tuple[MCPServers, Path]) -> None:
    run = Router(mcp=units[0], tool_policy="auto", builtins=False).start(
        "draw a bar chart of 3, 5 and 8"
    )
    result = await run
    assert result.stop_reason == "completed"
    (media,) = run.state.results["t1"].media
    assert media.mime_type == "image/png" and media.raw.startswith(b"\x89PNG")
    assert media.source == "mcp:units/draw_chart"
    # What the answer says of it, in words a reader knows (not the store's dotted name).
    assert media.description == "image from the draw_chart tool of MCP server units"
    assert "image from the draw_chart tool of MCP server units" in result.answer
    assert media.digest in {m.digest for m in run.state.media}  # the run keeps it


async def test_a_tool_that_raises_gives_a_clear_error_with_the_servers_words(
    units: tuple[MCPServers, Path],
) -> None:
    servers, _ = units
    result = await Router(mcp=servers, tool_policy="auto", builtins=False).run(
        "parse the date 'next tuesday'"
    )
    (task,) = result.tasks
    assert task.status == "failed"
    assert result.results[task.id].error == (
        "the parse_date tool of MCP server units failed: Error executing tool parse_date: "
        "cannot read 'next tuesday' as a date: write it as YYYY-MM-DD"
    )
    assert result.stop_reason == "unanswered"
    assert "cannot read 'next tuesday' as a date" in result.answer
    # Called directly, the same failure is an MCPToolError (in the project's error tree).
    raw = await servers.call("units", "crash", {"reason": "disk on fire"})
    with pytest.raises(
        MCPToolError, match="'crash' tool of MCP server 'units' failed: Error executing tool crash"
    ):
        raise_for_error("units", "crash", raw)
    unknown = await servers.call("units", "no_such_tool", {})
    with pytest.raises(MCPToolError, match="Unknown tool: no_such_tool"):
        raise_for_error("units", "no_such_tool", unknown)


async def test_resources_are_listed_and_read_as_media(units: tuple[MCPServers, Path]) -> None:
    servers, _ = units
    uris = {r.uri for r in await servers.aresources("units")}
    assert {"data://sales.csv", "note://readme"} <= uris
    (table,) = await servers.aread("units", "data://sales.csv")
    assert (
        table.mime_type == "text/csv" and table.data == "month,sales\nJan,120\nFeb,135\nMar,160\n"
    )
    assert table.source == "mcp:units/data://sales.csv"


async def test_the_store_follows_a_tool_list_change_the_server_announces(tmp_path: Path) -> None:
    servers = MCPServers({"grow": units_command(tmp_path / "calls.txt")})
    try:
        assert "grow.greet_me" not in servers.store
        await servers.call("grow", "add_tool", {"name": "greet_me"})
        for _ in range(400):  # the server announces the change; the list is fetched again
            if "grow.greet_me" in servers.store:
                break
            await asyncio.sleep(0.05)
        assert "grow.greet_me" in servers.store
        assert servers.store.namespace_of("grow.greet_me") == "mcp/grow"
    finally:
        servers.close()


async def test_a_stdio_server_that_died_is_started_again_on_next_use(tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    servers = MCPServers({"phoenix": units_command(calls)})
    try:
        assert kill_children_running(UNITS) >= 1
        await asyncio.sleep(0.3)
        result = await servers.call(
            "phoenix", "convert_length", {"value": 2, "from_unit": "km", "to_unit": "m"}
        )
        assert result.content[0].text == "2 km is 2000.000 m"
        assert servers.info("phoenix").connected
    finally:
        servers.close()


async def test_over_http_with_a_header_from_a_variable_and_a_restart_midway(
    http_units: HttpServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNITS_TOKEN", TOKEN)
    servers = MCPServers(
        {"remote": {"url": http_units.url, "headers": {"Authorization": "Bearer ${UNITS_TOKEN}"}}}
    )
    try:
        assert "remote.convert_length" in servers.store
        who = await servers.call("remote", "whoami", {})
        expected = hashlib.sha256(f"Bearer {TOKEN}".encode()).hexdigest()[:12]
        assert who.content[0].text == f"token {expected}"
        assert TOKEN not in servers.info("remote").line()
        result = await Router(mcp=servers, tool_policy="auto", builtins=False).run(
            "how many feet is 3 km?"
        )
        assert "3 km is 9842.520 feet" in result.answer
        # The server goes away and comes back on the same port: the next call reconnects.
        http_units.stop()
        http_units.start()
        again = await servers.call(
            "remote", "convert_length", {"value": 1, "from_unit": "miles", "to_unit": "km"}
        )
        assert again.content[0].text == "1 miles is 1.609 km"
        assert calls_in(http_units.calls).count("convert_length") == 2
    finally:
        servers.close()


def test_a_server_that_cannot_start_says_why(tmp_path: Path) -> None:
    with pytest.raises(MCPConnectionError, match="no such program"):
        MCPServers({"ghost": "no-such-mcp-server-program --flag"}, connect_timeout_s=20)
    script = tmp_path / "bad.py"
    script.write_text(
        "import sys\nprint('cannot open the database: locked', file=sys.stderr)\nsys.exit(3)\n"
    )
    with pytest.raises(MCPConnectionError, match="It said: cannot open the database: locked"):
        MCPServers({"bad": f"{__import__('sys').executable} {script}"}, connect_timeout_s=20)
