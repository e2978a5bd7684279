"""Memory across runs in real kernels: facts and the arc survive a restart; forget and --fresh."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

# The knowledge agent is named here until the built-in list includes it.
SETUP = """
%load_ext notebook_router
from notebook_router.agents.builtin.knowledge import Knowledge
from notebook_router.examples.sales import AGENTS as SALES_AGENTS
knowledge = Knowledge()
sales_data, chart = SALES_AGENTS[0], SALES_AGENTS[1]
"""


@pytest.fixture
def kernels() -> Iterator[list[Kernel]]:
    started: list[Kernel] = []
    yield started
    for kernel in started:
        kernel.shutdown()


def _kernel(folder: Path, kernels: list[Kernel]) -> Kernel:
    folder.mkdir(exist_ok=True)
    env = {**os.environ}
    env.pop("NOTEBOOK_ROUTER_STORE", None)  # the default: next to the notebook
    # As JupyterLab starts it: the kernel knows its notebook, so its memory outlives it.
    env["JPY_SESSION_NAME"] = str(folder / "analysis.ipynb")
    kernel = Kernel(env=env, cwd=str(folder))
    kernels.append(kernel)
    _ok(kernel.execute(SETUP))
    return kernel


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _answer(kernel: Kernel, cell: str) -> str:
    _ok(kernel.execute(f"%%route -o last\n{cell}"))
    return _ok(kernel.execute("print(last.result().answer)")).stdout


def test_facts_and_the_arc_survive_a_restart(tmp_path: Path, kernels: list[Kernel]) -> None:
    folder = tmp_path / "notebook"
    first = _kernel(folder, kernels)
    kept = _answer(first, "Remember that the fiscal year starts in April")
    assert "Remembered fact" in kept
    north = _answer(first, "Load the sales table for the North region, then plot monthly revenue")
    assert "12 monthly rows for North" in north
    north_id = _ok(first.execute("print(last.id)")).stdout.strip()
    first.shutdown()
    kernels.remove(first)

    second = _kernel(folder, kernels)
    recalled = _answer(second, "When does the fiscal year start?")
    assert "the fiscal year starts in April" in recalled
    listing = _ok(second.execute("%route facts")).outputs
    assert any(
        "the fiscal year starts in April" in m["content"].get("data", {}).get("text/plain", "")
        for m in listing
        if m["msg_type"] == "display_data"
    )
    south = _answer(second, "now do the same for South")
    assert "12 monthly rows for South" in south and f"Follows run {north_id}" in south


def test_fresh_runs_without_the_arc_and_forget_clears_it(
    tmp_path: Path, kernels: list[Kernel]
) -> None:
    kernel = _kernel(tmp_path / "notebook", kernels)
    _answer(kernel, "Load the sales table for the North region, then plot monthly revenue")
    _ok(kernel.execute("%%route --fresh -o last\nnow do the same for South"))
    fresh = _ok(kernel.execute("print(last.state.arc, '|', last.result().answer)")).stdout
    assert fresh.startswith("None |") and "Follows run" not in fresh

    forgot = _ok(kernel.execute("%route forget")).stdout
    assert "Forgot the arc of 2 earlier runs" in forgot
    _ok(kernel.execute("%%route -o last\nnow do the same for South"))
    after = _ok(kernel.execute("print(last.state.arc, '|', last.result().answer)")).stdout
    assert "Follows run" not in after and "12 monthly rows for South" not in after

    _ok(kernel.execute("%%route -o last\nRemember that the fiscal year starts in April"))
    assert "Forgot all 1 facts." in _ok(kernel.execute("%route facts forget all")).stdout
    assert "No facts yet" in _ok(kernel.execute("%route facts")).stdout
