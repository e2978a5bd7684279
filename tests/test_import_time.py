"""Starting up loads only what the start needs.

``import notebook_router``, ``from notebook_router import Router``,
``%load_ext notebook_router`` and the CLI each run in a fresh interpreter
here, and the test reads which modules that interpreter ended up holding:
the libraries a start pays tens of milliseconds for (networkx, numpy,
pandas, the widget libraries, provider SDKs, the session database) must
wait until something uses them. Which modules, not how long: timings are
``bench/import_workloads.py``'s job.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

HEAVY = (
    "networkx",
    "numpy",
    "pandas",
    "anywidget",
    "ipywidgets",
    "openai",
    "google.genai",
    "graphviz",
    "mcp",
    "httpx2",
)
"""Nothing a start does needs these: graphs, arrays, frames, the panel, provider SDKs, the
MCP SDK (loaded when the first MCP server is connected)."""

DATABASE = ("sqlite3", "notebook_router.store.store", "notebook_router.store.database")
"""The session database: opened by the first run or command that stores something."""

AGENT_TEAM = (
    "notebook_router.agents.builtin.planning",
    "notebook_router.agents.builtin.summarisation",
    "notebook_router.agents.builtin.decision",
)
"""Built-in agents the start itself does not use (they are built with the first router)."""

REPORT = "import json, sys; print(json.dumps(sorted(sys.modules)))"


def last_line_of(code: str, **env: str) -> Any:
    """The JSON that ``code``, run in a fresh interpreter, prints last."""
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def modules_after(code: str, **env: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    loaded: list[str] = last_line_of(f"{code}\n{REPORT}", **env)
    return set(loaded)


def cli_modules(*args: str) -> set[str]:
    """The modules ``python -m notebook_router ARGS`` holds when it exits."""
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['notebook_router', *{list(args)!r}]\n"
        "try:\n"
        "    runpy.run_module('notebook_router', run_name='__main__')\n"
        "except SystemExit as exit:\n"
        "    assert exit.code in (0, None), exit.code\n"
        "sys.stdout.flush()"
    )
    return modules_after(code)


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return [name for name in names if name in modules]


def test_importing_the_package_loads_none_of_it_until_a_name_is_used() -> None:
    modules = modules_after("import notebook_router")
    assert loaded(modules, (*HEAVY, *DATABASE, "IPython", "pydantic", "asyncio")) == []
    assert "notebook_router.planner" not in modules
    assert "notebook_router.router" not in modules
    assert "notebook_router.wiring" not in modules


def test_the_router_comes_without_graphs_arrays_widgets_sdks_or_the_database() -> None:
    modules = modules_after("from notebook_router import Router, agent, tool, ToolStore")
    assert loaded(modules, (*HEAVY, *DATABASE, *AGENT_TEAM, "IPython")) == []


NO_WARM = {"NOTEBOOK_ROUTER_WARM": "off"}
"""What ``%load_ext`` itself imports, on the kernel's thread, is checked with the
background warm-up off (it imports the run machinery meanwhile; see below)."""


def test_load_ext_leaves_the_panel_graphs_and_database_for_the_first_run() -> None:
    modules = modules_after(
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "shell.run_line_magic('load_ext', 'notebook_router')\n"
        "assert 'route' in shell.magics_manager.magics['cell']\n"
        "assert shell._notebook_router_front.warming is None",
        **NO_WARM,
    )
    assert "notebook_router.notebook.magics" in modules  # the extension did load
    # IPython keeps its own history in sqlite3, so only the store's modules are checked.
    assert loaded(modules, (*HEAVY, *DATABASE[1:], "notebook_router.notebook.panel")) == []


RUN_MACHINERY = (
    "pydantic",
    "asyncio",
    "notebook_router.planner.run",
    "notebook_router.wiring",  # where the cell's run is put together
    "notebook_router.agents.base",
    "notebook_router.media",
    "notebook_router.notebook.session",
    "notebook_router.notebook.commands",
    "notebook_router.render.bundle",
)
"""What a run needs and loading the extension must not: a kernel loads it before any cell."""

LOAD_THEN_ROUTE = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
from notebook_router.notebook import load_ipython_extension
shell = InteractiveShell.instance()
load_ipython_extension(shell)
at_load = sorted(sys.modules)
# Shown through the shell's own display publisher (capture_output would replace it).
shell.run_cell(
    "from IPython.display import HTML, display\\n"
    "display(HTML('<table><tr><th>region</th><th>sales</th></tr>"
    "<tr><td>North</td><td>3</td></tr></table>'))"
)
before_route = sorted(sys.modules)
with capture_output():
    done = shell.run_cell("%%route --model offline -o run\\nSummarise that table")
assert done.error_in_exec is None, repr(done.error_in_exec)
result = shell.user_ns["run"].result()
print(json.dumps({
    "at_load": at_load,
    "before_route": before_route,
    "stop_reason": result.stop_reason,
    "answer": result.answer,
    "references": shell.user_ns["run"].state.context.get("references", []),
}))
"""


def test_load_ext_brings_no_pydantic_and_the_first_route_cell_brings_the_run() -> None:
    report = last_line_of(LOAD_THEN_ROUTE, NOTEBOOK_ROUTER_STORE="off", **NO_WARM)
    assert loaded(set(report["at_load"]), RUN_MACHINERY) == []
    # A cell that only displays something is recorded without the run machinery either.
    assert loaded(set(report["before_route"]), RUN_MACHINERY) == []
    # The table was shown before the first %%route, and the run found and read it.
    assert report["references"] == ["that table → the output of cell 1"]
    assert report["stop_reason"] == "completed"
    assert "North" in report["answer"]


WARM_THEN_ROUTE = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
shell = InteractiveShell.instance()
%s
shell.run_cell("%%load_ext notebook_router")  # the warm-up starts as the cell ends
shell._notebook_router_front.warming.join()  # the user writing the question meanwhile
warmed = sorted(sys.modules)
shell.run_cell("sales = pd.DataFrame({'region': ['North', 'South', 'North'], 'revenue': [1, 2, 3]})")
with capture_output():
    done = shell.run_cell("%%%%route -o run\\nwhat was total revenue for North?")
assert done.error_in_exec is None, repr(done.error_in_exec)
print(json.dumps({
    "warmed": warmed,
    "after_route": sorted(sys.modules),
    "answer": shell.user_ns["run"].result().answer,
}))
"""


def test_load_ext_warms_the_first_run_in_the_background() -> None:
    report = last_line_of(
        WARM_THEN_ROUTE % "import pandas as pd; shell.user_ns['pd'] = pd",
        NOTEBOOK_ROUTER_STORE="off",
        NOTEBOOK_ROUTER_MODEL="offline",
    )
    warmed, after = set(report["warmed"]), set(report["after_route"])
    first_run = tuple(m for m in RUN_MACHINERY if m != "notebook_router.notebook.commands")
    assert loaded(warmed, first_run) == list(first_run)
    # A sum of a table needs neither scipy.stats nor pyplot: neither the warm-up nor the
    # first run imported them (seconds, on a small machine).
    assert loaded(after, ("scipy.stats", "matplotlib.pyplot", "matplotlib.figure")) == []
    # The first %%route found the package ready: it imported none of it.
    assert sorted(m for m in after - warmed if m.startswith("notebook_router")) == []
    assert report["answer"].endswith("is 4. [t1]"), report["answer"]  # North: 1 + 3


def test_without_pandas_the_warm_up_leaves_the_analysis_libraries_alone() -> None:
    code = WARM_THEN_ROUTE.split("warmed = sorted", 1)[0] % "" + REPORT
    modules = set(last_line_of(code, NOTEBOOK_ROUTER_STORE="off"))
    assert "notebook_router.planner.run" in modules
    assert loaded(modules, ("pandas", "scipy", "matplotlib")) == []


def test_import_in_a_kernel_registers_run_display_without_the_renderers() -> None:
    modules = modules_after(
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import notebook_router"
    )
    assert loaded(modules, (*HEAVY, "notebook_router.planner.run")) == []


@pytest.mark.parametrize("args", [["--help"], ["run", "--help"], ["runs", "--help"]])
def test_cli_help_loads_no_planner(args: list[str]) -> None:
    modules = cli_modules(*args)
    assert loaded(modules, (*HEAVY, *DATABASE, "IPython", "asyncio")) == []
    assert "notebook_router.planner.run" not in modules


def test_an_offline_cli_run_stays_headless_and_light() -> None:
    modules = cli_modules("run", "what is 2 + 3?", "--quiet")
    assert "notebook_router.planner.run" in modules  # it really ran
    assert loaded(modules, (*HEAVY, "IPython")) == []


def test_the_team_names_are_the_built_in_agents_names() -> None:
    from notebook_router.agents.builtin import MEDIA_AGENTS, TEAM, builtin_agents

    assert set(TEAM) == {a.name for a in builtin_agents(data=False, media=False)}
    assert set(MEDIA_AGENTS) == {a.name for a in builtin_agents(data=False)} - set(TEAM)


@pytest.mark.parametrize("package", ["notebook_router.agents.builtin", "notebook_router.store"])
def test_every_lazily_exported_name_resolves(package: str) -> None:
    code = (
        f"import {package} as package\n"
        "missing = [n for n in package.__all__ if getattr(package, n, None) is None]\n"
        "assert not missing, missing"
    )
    modules_after(code)


def test_every_module_the_warm_up_names_exists() -> None:
    """A module moved or renamed must not leave the warm-up importing nothing."""
    from importlib.util import find_spec

    from notebook_router.notebook.warm import FINISHED_VIEW_MODULES, FIRST_RUN_MODULES

    named = (*FIRST_RUN_MODULES, *FINISHED_VIEW_MODULES)
    assert [m for m in named if find_spec(m) is None] == []
