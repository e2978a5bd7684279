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
)
"""Nothing a start does needs these: graphs, arrays, frames, the panel, provider SDKs."""

DATABASE = ("sqlite3", "notebook_router.store.store", "notebook_router.store.database")
"""The session database: opened by the first run or command that stores something."""

AGENT_TEAM = (
    "notebook_router.agents.builtin.planning",
    "notebook_router.agents.builtin.summarisation",
    "notebook_router.agents.builtin.decision",
)
"""Built-in agents the start itself does not use (they are built with the first router)."""

REPORT = "import json, sys; print(json.dumps(sorted(sys.modules)))"


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    completed = subprocess.run(
        [sys.executable, "-c", f"{code}\n{REPORT}"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    loaded: list[str] = json.loads(completed.stdout.strip().splitlines()[-1])
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


def test_the_router_comes_without_graphs_arrays_widgets_sdks_or_the_database() -> None:
    modules = modules_after("from notebook_router import Router, agent, tool, ToolStore")
    assert loaded(modules, (*HEAVY, *DATABASE, *AGENT_TEAM, "IPython")) == []


def test_load_ext_leaves_the_panel_graphs_and_database_for_the_first_run() -> None:
    modules = modules_after(
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "shell.run_line_magic('load_ext', 'notebook_router')\n"
        "assert 'route' in shell.magics_manager.magics['cell']"
    )
    assert "notebook_router.notebook.magics" in modules  # the extension did load
    # IPython keeps its own history in sqlite3, so only the store's modules are checked.
    assert loaded(modules, (*HEAVY, *DATABASE[1:], "notebook_router.notebook.panel")) == []


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
    from notebook_router.agents.builtin import TEAM, builtin_agents

    assert set(TEAM) == {a.name for a in builtin_agents(data=False)}


@pytest.mark.parametrize("package", ["notebook_router.agents.builtin", "notebook_router.store"])
def test_every_lazily_exported_name_resolves(package: str) -> None:
    code = (
        f"import {package} as package\n"
        "missing = [n for n in package.__all__ if getattr(package, n, None) is None]\n"
        "assert not missing, missing"
    )
    modules_after(code)
