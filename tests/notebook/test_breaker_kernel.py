"""The circuit breaker guards the agents a run calls directly, across a notebook's runs.

In a real kernel: a user's agent that raises every time is called by the first
runs, then skipped (and the answer says so, and until when) instead of being
called again on every run.
"""

from __future__ import annotations

import pytest

from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

BROKEN = """\
from notebook_router import agent
calls = 0

@agent(can=["exchange rates", "currency"])
def rates(task):
    "Fetches today's exchange rates."
    global calls
    calls += 1
    raise ConnectionError("rates service is down")
"""


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def test_an_agent_that_fails_every_run_is_skipped_once_its_circuit_opens(
    builtins_kernel: Kernel,
) -> None:
    kernel = builtins_kernel
    _ok(kernel.execute(BROKEN))
    for n in range(1, 6):
        _ok(kernel.execute(f"%%route -o run{n}\nGet the exchange rates for the euro"))
    out = _ok(
        kernel.execute(
            "print(calls)\n"
            "for r in (run3, run4, run5):\n"
            "    t = r.result().tasks[0]\n"
            "    print(t.agent, t.status, '|', t.error)\n"
        )
    ).stdout.splitlines()
    assert out[0] == "3"  # three failures in a row open the circuit: runs 4 and 5 skip it
    assert out[1] == "rates failed | ConnectionError: rates service is down (at rates, line 9)"
    for line in out[2:]:
        assert line.startswith(
            "rates unable | skipped: rates failed 3 times in a row (circuit open; tried again in "
        ), line
    answer = _ok(kernel.execute("print(run5.result().answer)")).stdout
    assert "circuit open" in answer
