"""The built-in analyst with a model writing code, in a real kernel: what a user gets.

A scripted model (tests/notebook/code_model.py) plays the planner and the
code writer; the code it writes really runs in the kernel, on the kernel's
``sales``. The numbers the output shows are computed again here, in this
process, with plain pandas.
"""

from __future__ import annotations

import base64
import html
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from tests.notebook.code_model import SCRIPTED_MODEL
from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

SALES = """\
import pandas as pd
sales = pd.DataFrame({
    'region': ['North', 'South', 'East', 'West'] * 150,
    'customer': [f'c{i:04d}' for i in range(600)],
    'revenue': [float((i * 37) % 101) for i in range(600)],
})
"""
DEEP = "c0417"
"""A value deep inside the data: the model is sent descriptions, never this."""

TOTALS = "sales.groupby('region')['revenue'].sum().sort_values(ascending=False)"
TOUCH = "from IPython import get_ipython\nget_ipython().user_ns['touched'] = 1\nlen(sales)"
"""Code with a side effect the kernel can see: it ran if ``touched`` is 1 (``_model`` sets None)."""


def _sales() -> pd.DataFrame:
    space: dict[str, Any] = {}
    exec(SALES, space)  # the same frame as the kernel's, built here
    frame: pd.DataFrame = space["sales"]
    return frame


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    """A kernel with the extension, the scripted model's code and ``sales``; no agents yet."""
    k = Kernel()
    try:
        _ok(k.execute("%load_ext notebook_router\n" + SCRIPTED_MODEL + SALES))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _run(kernel: Kernel, code: str) -> str:
    return _ok(kernel.execute(code)).stdout


def _model(kernel: Kernel, codes: list[str], task: str) -> None:
    """The model of the next run writes ``codes`` in turn for ``task``."""
    _run(kernel, f"_use_code_model({json.dumps(codes)}, {json.dumps(task)})\ntouched = None")


def _route(kernel: Kernel, line: str, task: str) -> tuple[Execution, str]:
    """Run a ``%%route`` cell; its execution and the HTML of its result (the final view)."""
    result = _ok(kernel.execute(f"%%route {line}".rstrip() + f"\n{task}"))
    final = result.result()
    assert final is not None, result.outputs
    return result, str(final["text/html"])


def _code_blocks(page: str) -> list[str]:
    """The code the static view shows (``<pre><code>`` under "code")."""
    return [html.unescape(c) for c in re.findall(r"<pre><code>(.*?)</code></pre>", page, re.S)]


def _table(page: str) -> dict[str, float]:
    """The first result table in ``page``, as index -> value (numbers as written, 1,234.5)."""
    found = re.search(r'<table class="nr-table">.*?</table>', page, re.S)
    assert found, "no table in the output"
    body = found.group(0).split("<tbody>")[1]
    rows = re.findall(r"<tr><th[^>]*>([^<]*)</th><td[^>]*>([^<]*)</td></tr>", body)
    return {name: float(value.replace(",", "")) for name, value in rows}


def _touched(kernel: Kernel) -> str:
    return _run(kernel, "print(touched)").strip()


def test_auto_shows_the_table_and_the_code_and_the_model_saw_descriptions(
    kernel: Kernel,
) -> None:
    _model(kernel, [TOTALS], "total revenue by region")
    _, page = _route(kernel, "--code auto", "total revenue by region")
    expected = _sales().groupby("region")["revenue"].sum()
    assert _table(page) == expected.to_dict()
    assert _code_blocks(page) == [TOTALS]
    prompt = _run(kernel, "print(_code_model.prompts[0])")
    assert "sales: pandas.DataFrame, 600 rows × 3 columns" in prompt
    assert all(name in prompt for name in ("region", "customer", "revenue"))
    assert DEEP not in prompt  # descriptions, not the data


def test_a_failing_first_code_is_repaired_and_the_working_code_is_shown(
    kernel: Kernel,
) -> None:
    broken = "sales.groupby('Region')['revenue'].sum()"
    _model(kernel, [broken, TOTALS], "total revenue by region")
    _, page = _route(kernel, "--code auto -o repaired", "total revenue by region")
    assert _code_blocks(page) == [TOTALS]
    assert _table(page) == _sales().groupby("region")["revenue"].sum().to_dict()
    summary = _run(kernel, "print(repaired.state.results['t1'].summary)")
    assert "it took 2 attempts" in summary and "KeyError" in summary
    assert "2 attempts" in html.unescape(page)
    assert _run(kernel, "print(len(_code_model.prompts))").strip() == "2"


def test_never_shows_the_code_without_running_it_and_says_how_to_run_it(
    kernel: Kernel,
) -> None:
    _model(kernel, [TOUCH], "count the sales rows")
    _, page = _route(kernel, "--code never", "count the sales rows")
    assert _touched(kernel) == "None"
    assert _code_blocks(page) == [TOUCH]
    text = html.unescape(page)
    assert "the code was not run: the code policy is never" in text
    assert "%route code auto" in text  # how to have it run, in the notebook's own words


def test_ask_with_no_front_end_behaves_as_never_and_says_no_panel_is_open(
    kernel: Kernel,
) -> None:
    assert "Agent-written code: ask" in _run(kernel, "%route code")  # the session's default
    _model(kernel, [TOUCH], "count the sales rows")
    _, page = _route(kernel, "", "count the sales rows")
    assert _touched(kernel) == "None"
    assert _code_blocks(page) == [TOUCH]
    assert "no panel is open" in html.unescape(page)


def test_the_session_policy_is_set_shown_and_checked(kernel: Kernel) -> None:
    try:
        assert "Agent-written code for new runs: auto" in _run(kernel, "%route code auto")
        assert "Agent-written code: auto (runs without asking)" in _run(kernel, "%route code")
        _model(kernel, [TOUCH], "count the sales rows")
        _route(kernel, "-o plain", "count the sales rows")  # no --code: the session's
        assert _touched(kernel) == "1"
        assert _run(kernel, "print(plain.state.results['t1'].data)").strip() == "600"
        bad = kernel.execute("%route code sometimes")
        assert bad.status == "error"
        assert "UsageError" in bad.stderr and "must be one of ask, auto, never" in bad.stderr
        assert "Agent-written code: auto" in _run(kernel, "%route code")  # unchanged
    finally:
        _run(kernel, "%route code ask")


def test_a_background_run_waits_for_route_answer_run_from_the_next_cell(
    kernel: Kernel,
) -> None:
    _model(kernel, [TOUCH], "count the sales rows")
    _ok(kernel.execute("%%route -b --code ask -o waiting\ncount the sales rows"))
    _wait_for_approval(kernel, "waiting")
    assert _touched(kernel) == "None"  # it waits for the user
    out = _run(kernel, "%route answer run")
    assert "Running the code data_analyst wrote for t1" in out
    out = _run(kernel, "finished = await waiting\nprint(finished.tasks[0].status, touched)")
    assert out.split() == ["fulfilled", "1"]


NAPPER = """\
import asyncio
from notebook_router import agent

@agent(can=["nap"])
async def napper(task):
    "Naps (a run that stays busy without any code to approve)."
    await asyncio.sleep(30)
    return "rested"
"""


def _wait_for_approval(kernel: Kernel, run: str) -> None:
    deadline = time.monotonic() + 30
    while _run(kernel, f"print(len({run}.state.approvals))").strip() != "1":
        assert time.monotonic() < deadline, "the run never asked for approval"
        time.sleep(0.1)


def _napping(kernel: Kernel) -> None:
    """A background run ``napping`` that stays busy (30 s) with no code to approve."""
    _run(kernel, NAPPER + "_use_code_model([], 'take a nap', agent='napper')")
    _ok(kernel.execute("%%route -b -o napping\ntake a nap"))


def _stop_napping(kernel: Kernel) -> None:
    kernel.execute("napping.stop()\ntry:\n    await napping\nexcept Exception:\n    pass")


def test_route_answer_run_goes_to_the_code_waiting_not_to_a_newer_run(kernel: Kernel) -> None:
    _model(kernel, [TOUCH], "count the sales rows")
    _ok(kernel.execute("%%route -b --code ask -o waiting\ncount the sales rows"))
    _wait_for_approval(kernel, "waiting")
    _napping(kernel)
    try:
        # The newest run has no code waiting: the user's Run is for the older one.
        out = _run(kernel, "%route answer run")
        assert "Running the code data_analyst wrote for t1" in out
        out = _run(kernel, "finished = await waiting\nprint(finished.tasks[0].status, touched)")
        assert out.split() == ["fulfilled", "1"]
    finally:
        _stop_napping(kernel)


def test_route_answer_run_with_no_code_waiting_is_refused_not_sent_to_the_planner(
    kernel: Kernel,
) -> None:
    _napping(kernel)
    try:
        early = kernel.execute("%route answer run")
        assert early.status == "error"
        assert "UsageError" in early.stderr and "no code is waiting to run" in early.stderr
        interrupts = _run(kernel, "print(napping.state.interrupts, napping.done())")
        assert interrupts.split() == ["[]", "False"]  # nothing reached its planner
    finally:
        _stop_napping(kernel)


def test_insert_puts_the_code_that_ran_into_the_next_cell(kernel: Kernel) -> None:
    _model(kernel, [TOTALS], "total revenue by region")
    result, _ = _route(kernel, "--code auto --insert", "total revenue by region")
    payloads = result.reply["content"]["payload"]
    nexts = [p for p in payloads if p["source"] == "set_next_input"]
    assert [p["text"] for p in nexts] == [
        f"# t1 · data_analyst: total revenue by region\n{TOTALS}\n"
    ]
    assert nexts[0]["replace"] is False  # a new cell below, this one kept
    refused = kernel.execute("%%route --insert -b\ntotal revenue by region")
    assert refused.status == "error"
    assert "UsageError" in refused.stderr and "drop -b/--background" in refused.stderr


PLOT = """\
import matplotlib.pyplot as plt
totals = sales.groupby('region')['revenue'].sum()
fig, ax = plt.subplots()
ax.bar(totals.index, totals.values)
ax.set_title('Revenue by region')
totals"""


def _pngs(result: Execution) -> list[bytes]:
    """Every PNG the cell's outputs carry: image/png entries and data: URLs in HTML."""
    found: list[bytes] = []
    for m in result.outputs:
        data = m["content"].get("data", {})
        if "image/png" in data:
            found.append(base64.b64decode(data["image/png"]))
        for url in re.findall(
            r"data:image/png;base64,([A-Za-z0-9+/=]+)", data.get("text/html", "")
        ):
            found.append(base64.b64decode(url))
    return found


@pytest.mark.parametrize("show", [False, True], ids=["no-show", "plt.show"])
def test_a_figure_from_model_code_shows_once_under_the_inline_backend(
    kernel: Kernel, show: bool
) -> None:
    backend = _run(kernel, "%matplotlib inline\nimport matplotlib\nprint(matplotlib.get_backend())")
    assert "inline" in backend
    body, last = PLOT.rsplit("\n", 1)
    code = f"{body}\nplt.show()\n{last}" if show else PLOT
    _model(kernel, [code], "plot revenue by region")
    result, _ = _route(kernel, "--code auto", "plot revenue by region")
    pngs = _pngs(result)
    assert len(pngs) == 1, f"{len(pngs)} PNGs in the cell's output"
    assert pngs[0][:4] == b"\x89PNG"
    # Nothing left open for the inline backend to show under a later cell.
    assert _run(kernel, "import matplotlib.pyplot as plt\nprint(plt.get_fignums())").strip() == "[]"
    assert _pngs(_ok(kernel.execute("1 + 1"))) == []


MESS = """\
sales['double'] = sales['revenue'] * 2
sales.loc[0, 'revenue'] = -1
sales.drop(columns=['customer'], inplace=True)
sales = None
1"""


def test_the_users_sales_survive_code_that_changes_and_rebinds_it(kernel: Kernel) -> None:
    _run(kernel, "_before, _id = sales.copy(), id(sales)")
    _model(kernel, [MESS], "mess with sales")
    _route(kernel, "--code auto", "mess with sales")
    out = _run(kernel, "print(id(sales) == _id, sales.equals(_before), list(sales.columns))")
    assert out.strip() == "True True ['region', 'customer', 'revenue']"


def test_a_variable_the_task_asks_for_exists_in_the_kernel_afterwards(kernel: Kernel) -> None:
    ask = "create a dataframe called top3 with the three regions with the highest total revenue"
    code = (
        "by_region = sales.groupby('region')['revenue'].sum()\n"
        "top3 = by_region.nlargest(3).to_frame()\ntop3"
    )
    _model(kernel, [code], ask)
    _, page = _route(kernel, "--code auto", ask)
    expected = _sales().groupby("region")["revenue"].sum().nlargest(3)
    out = _run(kernel, "print(type(top3).__name__, list(top3.index), top3['revenue'].tolist())")
    assert out.split(maxsplit=1)[0] == "DataFrame"
    assert out.split(maxsplit=1)[1].strip() == f"{list(expected.index)} {expected.tolist()}"
    assert "Created `top3`" in html.unescape(page)
    # Only what the task asked for: the code's other names stay in its scratch space.
    assert _run(kernel, "print('by_region' in dir())").strip() == "False"
