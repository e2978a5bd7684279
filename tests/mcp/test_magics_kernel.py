"""%route mcp and %route tools in a real kernel: connect a server, route to it, follow
the tool policy, read a resource as data, attach one as media, remove the server."""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mcp.conftest import UNITS, calls_in
from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    k = Kernel(env={**os.environ, "NOTEBOOK_ROUTER_STORE": "off"})
    try:
        _ok(k.execute("%load_ext notebook_router\nimport sys"))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _shown(result: Execution) -> str:
    """What a person reads: printed lines and the plain text of displayed tables."""
    displayed = [
        m["content"]["data"].get("text/plain", "")
        for m in _ok(result).outputs
        if m["msg_type"] == "display_data"
    ]
    return result.stdout + "\n".join(displayed)


def test_a_server_added_by_magic_joins_runs_under_the_tool_policy(
    kernel: Kernel, tmp_path: Path
) -> None:
    calls = tmp_path / "calls.txt"
    added = _ok(kernel.execute(f"%route mcp add units {{sys.executable}} {UNITS} --calls {calls}"))
    assert "Connected units: 6 tools, as the agent mcp.units." in added.stdout
    listed = _shown(kernel.execute("%route mcp list"))
    assert (
        "mcp.units" in listed and "6 tools" in listed and "Tool policy for new runs: ask" in listed
    )
    tools = _shown(kernel.execute("%route mcp tools"))
    assert "units.convert_length" in tools and "read-only" in tools

    # The default policy is ask, and no panel can answer in this kernel: nothing is called.
    _ok(kernel.execute("%%route -o asked\nconvert 5 miles to km"))
    assert calls_in(calls) == []
    state = _ok(kernel.execute("print(asked.result().stop_reason)")).stdout.strip()
    assert state == "partly_answered"

    assert "called without asking" in _ok(kernel.execute("%route tools auto")).stdout
    _ok(kernel.execute("%%route -o done\nconvert 5 miles to km"))
    answer = _ok(kernel.execute("print(done.result().answer)")).stdout
    assert "5 miles is 8.047 km" in answer
    assert calls_in(calls) == ["convert_length"]

    # --tools never on one cell wins over the kernel's auto.
    _ok(kernel.execute("%%route --tools never -o never\ndraw a bar chart of 3, 5 and 8"))
    assert calls_in(calls) == ["convert_length"]


def test_resources_are_read_into_variables_and_attached_to_runs(kernel: Kernel) -> None:
    _ok(kernel.execute(f"%route mcp add files {{sys.executable}} {UNITS}"))  # its own server
    listed = _shown(kernel.execute("%route mcp resources files"))
    assert "data://sales.csv" in listed and "note://readme" in listed
    read = _ok(kernel.execute("%route mcp read files data://sales.csv -o monthly"))
    assert "monthly = data://sales.csv from files, as a DataFrame." in read.stdout
    shape = _ok(kernel.execute("print(list(monthly.columns), int(monthly['sales'].sum()))"))
    assert shape.stdout.strip() == "['month', 'sales'] 415"
    _ok(
        kernel.execute(
            "%%route --attach files:note://readme --tools never -o attached\nsummarise it"
        )
    )
    sources = _ok(
        kernel.execute(
            "import json\nprint(json.dumps([m.source for m in attached.state.attachments]))"
        )
    ).stdout
    assert json.loads(sources) == ["mcp:files/note://readme"]
    _ok(kernel.execute("%route mcp remove files"))


def test_a_variable_in_a_spec_stays_a_variable_though_the_kernel_has_one_of_that_name(
    kernel: Kernel,
) -> None:
    # IPython expands {NAME} on a magic line; the token must not go into the spec that way.
    _ok(
        kernel.execute(
            "import os\nos.environ['UNITS_TOKEN'] = 'env-value-1234'\n"
            "UNITS_TOKEN = 'kernel-secret-5678'"
        )
    )
    added = _ok(
        kernel.execute(
            "%route mcp add --env UNITS_TOKEN=${UNITS_TOKEN} --env PLAIN=${env:UNITS_TOKEN} "
            f"keyed {{sys.executable}} {UNITS}"
        )
    )
    assert "Connected keyed: 6 tools" in added.stdout
    listed = html.unescape(
        "".join(
            m["content"]["data"]["text/html"]
            for m in _ok(kernel.execute("%route mcp list")).outputs
            if m["msg_type"] == "display_data"
        )
    )
    assert "UNITS_TOKEN=${UNITS_TOKEN}" in listed, listed
    assert "PLAIN=${env:UNITS_TOKEN}" in listed, listed
    assert "kernel-secret-5678" not in listed and "env-value-1234" not in listed
    _ok(kernel.execute("%route mcp remove keyed"))


def test_mistakes_are_usage_errors_that_say_what_to_write(kernel: Kernel) -> None:
    for line, said in [
        ("%route mcp add", "NAME COMMAND...|URL"),
        ("%route mcp add 9lives python x.py", "cannot name an MCP server"),
        ("%route mcp remove nobody", "No MCP server named 'nobody'"),
        ("%route mcp frobnicate", "%route mcp add"),
        ("%route tools sometimes", "tools must be one of ask, auto, never"),
        ("%%route --attach nocolon\nx", "write SERVER:URI"),
    ]:
        result = kernel.execute(line)
        assert result.status == "error", line
        told = json.dumps(result.errors()) + result.stderr  # a UsageError is printed, not raised
        assert said in told, (line, told)


def test_removing_a_server_ends_it(kernel: Kernel) -> None:
    _ok(kernel.execute(f"%route mcp add gone {{sys.executable}} {UNITS}"))
    assert "mcp.gone" in _shown(kernel.execute("%route mcp list"))
    assert "Removed the MCP server gone." in _ok(kernel.execute("%route mcp remove gone")).stdout
    assert "mcp.gone" not in _shown(kernel.execute("%route mcp list"))
    again = kernel.execute("%route mcp remove gone")
    assert again.status == "error" and "gone" not in again.stdout
