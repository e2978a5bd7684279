"""Keys never reach a notebook's outputs, in a real kernel: display data, printed lines, panel state."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

# Not shaped like any provider's key: only knowing the variable can mask it.
KEY = "plain-secret-value-" + "0123456789"

AGENTS = """
%load_ext notebook_router
%route model offline
import asyncio, os
from notebook_router import agent
key = os.environ["GEMINI_API_KEY"]

@agent(can=["slow", "wait"])
async def slow(task):
    "Waits a little."
    await asyncio.sleep(2)
    return "waited"

@agent(can=["fetch", "download"])
def leaky(task):
    "Fetches the data."
    raise RuntimeError(f"the server refused key {key}")

@agent(can=["echo", "report"])
def echo(task):
    "Reports."
    return f"the key is {key}"
"""


@pytest.fixture
def kernel() -> Iterator[Kernel]:
    k = Kernel(env={**os.environ, "GEMINI_API_KEY": KEY})
    try:
        assert k.execute(AGENTS).status == "ok"
        yield k
    finally:
        k.shutdown()


def _everything(kernel: Kernel, executions: list[Execution]) -> str:
    """All a front end received: outputs, printed lines, errors, every widget state."""
    widgets = [(w.state, w.updates) for w in kernel.widgets.values()]
    return json.dumps([[e.outputs for e in executions], widgets], default=str)


def test_a_key_in_a_redirect_an_agent_error_or_a_result_is_masked_everywhere(
    kernel: Kernel,
) -> None:
    done = [kernel.execute("%%route --background -o run\nWait. Fetch the data. Echo a report.")]
    # IPython expands {key} before the magic sees it; the rule planner asks
    # back with the message in its question.
    done.append(kernel.execute('%route redirect "use {key} from now on"'))
    done.append(kernel.execute('%route answer "carry on"'))
    done.append(kernel.execute("await run"))
    done.append(kernel.execute("run"))
    done.append(kernel.execute("%route status"))
    shown = _everything(kernel, done)
    for seen in ("use [redacted] from now on", "refused key [redacted]", "key is [redacted]"):
        assert seen in shown
    assert KEY not in shown
    # Masking is for what is shown: the run's own data keeps what the agents returned.
    check = kernel.execute(
        "print(key in run.result().answer, key in run.state.interrupts[0].message)"
    )
    assert check.stdout.split() == ["True", "True"]
