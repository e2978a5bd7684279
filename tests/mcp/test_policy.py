"""The tool policy: nothing calls a tool the user has not allowed.

``never`` never calls; ``ask`` stops at the approval (the panel's Run / Edit / Skip,
``run.approve``) and calls only on Run, with the arguments shown or as edited; with
nobody to ask it calls nothing; read-only tools of a server the user trusts run without
asking. The server's own record of calls is the witness.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.mcp import MCPServers
from notebook_router.planner import events as ev
from tests.mcp.conftest import UNITS, calls_in, units_command


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MCPServers, Path]]:
    calls = tmp_path_factory.mktemp("policy") / "calls.txt"
    servers = MCPServers({"units": units_command(calls)})
    try:
        yield servers, calls
    finally:
        servers.close()


@pytest.fixture(autouse=True)
def _fresh_calls(units: tuple[MCPServers, Path]) -> None:
    units[1].unlink(missing_ok=True)


def _router(servers: MCPServers, **options: Any) -> Router:
    return Router(mcp=servers, builtins=False, **options)


async def _approval(run: Any) -> ev.CodeApprovalRequested:
    async for event in run.events():
        if isinstance(event, ev.CodeApprovalRequested):
            return event
    raise AssertionError("the run asked nothing")


async def test_never_never_calls_and_says_which_tool_it_would_have_called(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    result = await _router(servers, tool_policy="never").run("draw a bar chart of 3, 5 and 8")
    assert calls_in(calls) == []
    (task,) = result.tasks
    assert task.status == "partial" and result.stop_reason == "partly_answered"
    assert "Chose the draw_chart tool of MCP server units" in result.answer
    assert "the tool policy is never" in result.answer


async def test_ask_with_nobody_to_answer_calls_nothing_and_says_how_to_allow_it(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    result = await _router(servers, clarify="stop").run("draw a bar chart of 3, 5 and 8")
    assert calls_in(calls) == []
    assert "no panel is open to ask in" in result.answer
    assert "--tools auto" in result.answer


async def test_ask_stops_at_the_approval_until_run(units: tuple[MCPServers, Path]) -> None:
    servers, calls = units
    run = _router(servers, clarify="wait").start("draw a bar chart of 3, 5 and 8")
    asked = await _approval(run)
    assert asked.about == "tool"
    assert asked.purpose == "call the draw_chart tool of the MCP server units"
    assert json.loads(asked.code) == {"values": [3, 5, 8]}
    assert asked.id in run.state.approvals  # the panel shows it with Run / Edit / Skip
    await asyncio.sleep(0.3)
    assert calls_in(calls) == [] and not run.done()
    run.approve("run", approval=asked.id)
    result = await run
    assert calls_in(calls) == ["draw_chart"]
    assert result.stop_reason == "completed"
    assert run.state.results["t1"].media[0].mime_type == "image/png"
    given = [e for e in run.history if isinstance(e, ev.CodeApprovalGiven)]
    assert [g.note for g in given] == ["you approved the call"]


async def test_edit_calls_with_the_users_arguments_and_skip_calls_nothing(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    run = _router(servers, clarify="wait").start("convert 5 miles to km")
    asked = await _approval(run)
    edited = json.dumps({"value": 10, "from_unit": "miles", "to_unit": "km"})
    run.approve("run", approval=asked.id, code=edited)
    result = await run
    assert "10 miles is 16.093 km" in result.answer
    assert calls_in(calls) == ["convert_length"]

    run = _router(servers, clarify="wait").start("convert 5 miles to km")
    asked = await _approval(run)
    run.approve("skip", approval=asked.id)
    result = await run
    assert calls_in(calls) == ["convert_length"]  # no second call
    assert "you chose Skip" in result.answer


async def test_an_edit_that_breaks_the_inputs_calls_nothing(units: tuple[MCPServers, Path]) -> None:
    servers, calls = units
    run = _router(servers, clarify="wait").start("convert 5 miles to km")
    asked = await _approval(run)
    run.approve(
        "run", approval=asked.id, code='{"value": 10, "from_unit": "parsec", "to_unit": "km"}'
    )
    result = await run
    assert calls_in(calls) == []
    assert "your edit breaks the tool's inputs" in result.answer


async def test_read_only_tools_of_a_trusted_server_run_without_asking(
    tmp_path: Path,
) -> None:
    calls = tmp_path / "calls.txt"
    entry = {"command": sys.executable, "args": [str(UNITS), "--calls", str(calls)]}
    servers = MCPServers({"trusted": {**entry, "trustReadOnly": True}})
    try:
        # convert_length is marked read-only by the server: under ask, it runs at once.
        result = await _router(servers, clarify="stop").run("convert 5 miles to km")
        assert "5 miles is 8.047 km" in result.answer
        assert calls_in(calls) == ["convert_length"]
        # draw_chart is not marked: it still asks (and nobody can answer here).
        result = await _router(servers, clarify="stop").run("draw a bar chart of 3, 5 and 8")
        assert calls_in(calls) == ["convert_length"]
        assert "no panel is open" in result.answer
    finally:
        servers.close()


async def test_an_untrusted_servers_read_only_marks_do_not_skip_the_question(
    units: tuple[MCPServers, Path],
) -> None:
    servers, calls = units
    await _router(servers, clarify="stop").run("convert 5 miles to km")
    assert calls_in(calls) == []


async def test_a_run_may_override_the_routers_policy(units: tuple[MCPServers, Path]) -> None:
    servers, calls = units
    router = _router(servers, tool_policy="never")
    result = await router.start("convert 5 miles to km", tools="auto")
    assert "5 miles is 8.047 km" in result.answer
    assert calls_in(calls) == ["convert_length"]
