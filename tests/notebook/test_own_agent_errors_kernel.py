"""A user's own agent that fails keeps its task: its error, not a built-in's reply, is the
answer. In a real kernel, with data in it (so the built-in coder and analyst are there,
ready to take a task over)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

SETUP = """\
%load_ext notebook_router
import pandas as pd
from notebook_router import agent
invoices_df = pd.DataFrame({"invoice": [1, 2, 3], "total": [10.0, 20.5, 7.25]})
"""
RAISING = """\
@agent(can=["invoice totals", "python code"])
def invoices(task):
    "Adds up the invoices."
    raise ValueError("invoice 17 has no date")
"""
SHOW = "r = NAME.result()\nprint(*(f'{t.agent}:{t.status}' for t in r.tasks))\nprint(r.answer)"


@pytest.fixture
def kernel() -> Iterator[Kernel]:
    """A kernel of its own per test: the user's agents there are the test's alone."""
    k = Kernel()
    try:
        _ok(k.execute(SETUP))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _routed(kernel: Kernel, name: str, request: str) -> tuple[str, str]:
    """Run ``request`` in a ``%%route`` cell; the tasks' (agent, status) and the answer."""
    _ok(kernel.execute(f"%%route -o {name}\n{request}", timeout=120))
    tasks, answer = _ok(kernel.execute(SHOW.replace("NAME", name))).stdout.split("\n", 1)
    return tasks, answer


def test_a_decorated_agent_that_raises_keeps_its_task_and_its_error_is_the_answer(
    kernel: Kernel,
) -> None:
    _ok(kernel.execute(RAISING))
    tasks, answer = _routed(kernel, "raised", "Write python code for the invoice totals")
    assert tasks == "invoices:failed"  # no built-in took it over
    assert "ValueError: invoice 17 has no date (at invoices, line 4)" in answer
    assert "coder" not in answer and "Without a model" not in answer


def test_a_cell_agent_past_its_timeout_keeps_its_task_and_says_so(kernel: Kernel) -> None:
    _ok(
        kernel.execute(
            '%%agent forecaster --can "weather forecast, python code" --timeout 0.5\n'
            "import time\ntime.sleep(1.5)\n'sunny'"
        )
    )
    tasks, answer = _routed(kernel, "late", "Write python code for the weather forecast")
    assert tasks == "forecaster:failed"
    assert "forecaster was failed (took " in answer and "over its 0.5 s time limit" in answer
    assert "Without a model" not in answer
