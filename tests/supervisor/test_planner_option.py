"""Choosing the planner style: ``%%route --planner`` in a real IPython shell, the CLI's
``--planner``, and the refusal of the supervisor style with the offline model."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import Completion, CompletionRequest, ToolCall
from notebook_router.providers.scripted import ScriptedProvider


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", str(tmp_path))
    monkeypatch.delenv("NOTEBOOK_ROUTER_MODEL", raising=False)
    ip = InteractiveShell.instance()
    try:
        ip.run_line_magic("load_ext", "notebook_router")
        yield ip
    finally:
        ip.run_line_magic("unload_ext", "notebook_router")
        InteractiveShell.clear_instance()


def cell(shell: InteractiveShell, code: str) -> Any:
    """Run ``code`` as a cell (as the notebook does: the input transformers apply)."""
    return shell.run_cell(code)  # type: ignore[no-untyped-call]


def supervisor_model() -> ScriptedProvider:
    """Calls the cell's agent once, then finishes; writes a fixed answer."""
    replies = [
        Completion(
            text="",
            model="scripted:test",
            tool_calls=(
                ToolCall(id="c1", name="call_agent", arguments={"agent": "sky", "task": "colour"}),
            ),
        ),
        Completion(text="The sky agent answered.", model="scripted:test"),
    ]

    def reply(request: CompletionRequest) -> Any:
        if request.purpose == "router.synthesise":
            return Synthesis(answer="The sky is blue.")
        assert request.tools, "the supervisor offers its tools on every decision"
        return replies.pop(0)

    return ScriptedProvider(fallback=reply)


def test_route_planner_supervisor_runs_the_cell_with_tool_calls(shell: InteractiveShell) -> None:
    from notebook_router.notebook import session_for

    cell(
        shell,
        "from notebook_router import agent\n"
        "@agent(can=['sky', 'colour'])\n"
        "def sky(task):\n"
        "    'Knows the colour of the sky.'\n"
        "    return 'blue'\n",
    )
    session_for(shell).model = supervisor_model()
    with capture_output():
        done = cell(
            shell, "%%route --planner supervisor --agents sky -o run\nWhat colour is the sky?"
        )
    assert done.error_in_exec is None, done.error_in_exec
    run = shell.user_ns["run"]
    assert run.result().answer == "The sky is blue."
    assert [(t.agent, t.description) for t in run.result().tasks] == [("sky", "colour")]


def test_route_planner_supervisor_with_the_offline_model_says_what_to_do(
    shell: InteractiveShell,
) -> None:
    with capture_output() as shown:
        done = cell(shell, "%%route --planner supervisor\nsay hello")
    assert type(done.error_in_exec).__name__ == "UsageError"
    assert "the offline model cannot" in shown.stdout + shown.stderr
    assert "%%route -m" in str(done.error_in_exec)
    with capture_output():
        wrong = cell(shell, "%%route --planner boss\nsay hello")
    assert "invalid choice: 'boss'" in str(wrong.error_in_exec)


def test_the_cli_takes_planner_and_refuses_the_supervisor_offline(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NOTEBOOK_ROUTER_MODEL"}
    done = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", "say hello", "--planner", "supervisor"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 2
    assert "the offline model cannot" in done.stderr and "--model" in done.stderr
    decided = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", "say hello", "--planner", "decider"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
    )
    assert decided.returncode == 0, decided.stderr
