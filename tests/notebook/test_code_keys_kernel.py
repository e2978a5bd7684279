"""In a real kernel under ``--code ask``: code holding a key is never shown masked and run.

The user approves exactly the bytes that run. A scripted model (tests/notebook/code_model.py)
writes code with the kernel's key written out; it is refused before anyone is asked,
under every policy, and the answer says why.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from tests.notebook.code_model import SCRIPTED_MODEL
from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

# Not shaped like any provider's key: only knowing the variable can mask it.
KEY = "plain-secret-value-" + "0123456789"
LEAK = (
    "from IPython import get_ipython\n"
    f"get_ipython().user_ns['touched'] = 'ran with {KEY}'\n"
    "len(sales)"
)
"""Code with the key written out and a side effect the kernel can see (``touched``)."""


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel(env={**os.environ, "GEMINI_API_KEY": KEY})
    try:
        setup = "import pandas as pd\nsales = pd.DataFrame({'region': ['North', 'South']})\n"
        _ok(k.execute("%load_ext notebook_router\n" + SCRIPTED_MODEL + setup))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


@pytest.mark.parametrize("policy", ["ask", "auto"])
def test_code_holding_the_key_is_refused_before_anyone_is_asked(
    kernel: Kernel, policy: str
) -> None:
    _ok(kernel.execute(f"_use_code_model({json.dumps([LEAK])}, 'count the rows')\ntouched = None"))
    started = _ok(kernel.execute(f"%%route -b --code {policy} -o waiting\ncount the rows"))
    done = _ok(
        kernel.execute(
            "import asyncio\n"
            "finished = await asyncio.wait_for(asyncio.ensure_future(waiting), 30)\n"
            "print(touched, len(waiting.state.approvals), finished.tasks[0].status)\n"
            "print(waiting.state.results['t1'].summary)"
        )
    )
    first, summary = done.stdout.splitlines()[:2]
    assert first.split() == ["None", "0", "partial"]  # not run, nothing asked
    assert "it holds an API key written out" in summary
    widgets = [w.state for w in kernel.widgets.values()]
    shown = json.dumps([started.outputs, done.outputs, widgets], default=str)
    assert KEY not in shown
