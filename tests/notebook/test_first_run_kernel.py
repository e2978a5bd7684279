"""A kernel's first ``%%route``: its panel is on screen before the run exists, and
``%load_ext`` warms the run in the background without holding up the kernel.

Fresh kernels each (the first run is the point); the order of the kernel's messages is
what a front end sees. How fast is ``bench/first_run_workloads.py``'s job.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.notebook.kernel import WIDGET_VIEW, Kernel

pytestmark = pytest.mark.kernel

TABLE = """
import pandas as pd
sales = pd.DataFrame({"region": ["North", "South", "North"], "revenue": [100.0, 200.0, 80.0]})
"""
QUESTION = "%%route\nwhat was total revenue for North?"


def _kernel(tmp_path: Path, warm: str) -> Kernel:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["NOTEBOOK_ROUTER_WARM"] = warm
    return Kernel(env=env, cwd=str(tmp_path))


@pytest.fixture
def cold(tmp_path: Path) -> Iterator[Kernel]:
    """A fresh kernel whose first run imports everything itself (no warm-up)."""
    kernel = _kernel(tmp_path, "off")
    try:
        yield kernel
    finally:
        kernel.shutdown()


@pytest.fixture
def warm(tmp_path: Path) -> Iterator[Kernel]:
    kernel = _kernel(tmp_path, "on")
    try:
        yield kernel
    finally:
        kernel.shutdown()


def _messages(kernel: Kernel, code: str) -> list[dict[str, Any]]:
    """Every iopub message ``code`` caused, in the order the kernel sent them."""
    seen: list[dict[str, Any]] = []
    msg_id = kernel.kc.execute(code)
    while True:
        msg = kernel.kc.get_iopub_msg(timeout=60)
        kernel.track_widgets(msg)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return seen
        seen.append(msg)


def _plan_rows(msg: dict[str, Any]) -> list[Any]:
    content = msg["content"]
    if msg["msg_type"] == "comm_open":
        return list(content["data"].get("state", {}).get("plan") or [])
    if msg["msg_type"] == "comm_msg":
        return list(content["data"].get("state", {}).get("plan") or [])
    return []


def test_the_first_route_cell_shows_its_panel_before_the_planner_decides(cold: Kernel) -> None:
    cold.execute("%load_ext notebook_router\n" + TABLE)
    seen = _messages(cold, QUESTION)
    shown = [
        i
        for i, m in enumerate(seen)
        if m["msg_type"] in ("display_data", "update_display_data")
        and WIDGET_VIEW in m["content"]["data"]
    ]
    planned = [i for i, m in enumerate(seen) if _plan_rows(m)]
    assert shown and planned, [m["msg_type"] for m in seen]
    # The panel was on screen before any plan reached it: it was shown first, then filled.
    assert shown[0] < planned[0]
    model_id = seen[shown[0]]["content"]["data"][WIDGET_VIEW]["model_id"]
    panel = cold.widgets[model_id]
    opened = next(
        m for m in seen if m["msg_type"] == "comm_open" and m["content"]["comm_id"] == model_id
    )
    assert opened["content"]["data"]["state"]["headline"] == "starting…"
    assert opened["content"]["data"]["state"]["run_id"] == ""  # no run existed yet
    # The same panel then followed the run to its end: its plan and trace, then closed.
    assert [row["agent"] for row in panel.state["plan"]] == ["data_analyst"]
    assert panel.closed
    result = next(m for m in seen if m["msg_type"] == "execute_result")
    assert "180" in result["content"]["data"]["text/plain"]


def test_a_route_cell_that_fails_to_start_leaves_no_panel_behind(cold: Kernel) -> None:
    cold.execute("%load_ext notebook_router")
    failed = cold.execute("%%route --agents nobody_here\nwhat was total revenue for North?")
    assert failed.status == "error"
    states = failed.view_states()
    assert states and states[-1] == {}  # the starting panel's output emptied again
    panels = [
        w for w in cold.widgets.values() if w.state.get("_anywidget_id", "").endswith("Panel")
    ]
    assert panels and all(w.closed for w in panels)


def test_load_ext_returns_while_the_warm_up_goes_on_and_the_first_run_stops_it(
    warm: Kernel,
) -> None:
    warm.execute("%load_ext notebook_router\n" + TABLE)
    # The kernel answers the next cell at once, the warm-up still importing meanwhile.
    busy = warm.execute("print(get_ipython()._notebook_router_front.warming.is_alive())")
    assert busy.stdout.strip() == "True"
    answered = warm.execute(QUESTION)
    assert answered.status == "ok"
    assert "180" in (answered.result() or {}).get("text/plain", "")
    ended = warm.execute(
        "_w = get_ipython()._notebook_router_front.warming\n"
        "_w.join(30)\n"
        "from notebook_router.notebook import warm as _warm\n"
        "print(_w.is_alive(), _warm._ROUTE_STARTED.is_set())"
    )
    assert ended.stdout.strip() == "False True"


def test_the_first_answer_comes_with_its_whole_finished_view_and_is_stored(
    warm: Kernel,
) -> None:
    warm.execute("%load_ext notebook_router\n" + TABLE)
    seen = _messages(warm, QUESTION)
    kinds = [m["msg_type"] for m in seen]
    result = kinds.index("execute_result")
    # The finished view is whole: the answer, with the tree's picture.
    data = seen[result]["content"]["data"]
    assert "180" in data["text/plain"]
    assert data["image/svg+xml"].startswith("<svg")
    assert "data:image/svg+xml;base64," in data["text/html"]  # the picture, inlined
    # What a saved notebook keeps and nbval compares (display messages, not their updates):
    # the live view's output, empty, then Out[n].
    kept = [m for m in seen if m["msg_type"] in ("display_data", "execute_result")]
    assert [(m["msg_type"], m["content"]["data"] == {}) for m in kept] == [
        ("display_data", True),
        ("execute_result", False),
    ]
    # The session database was opened beside the cell's work, and holds the run.
    listed = warm.execute("%route runs")
    run_id = seen[result]["content"]["metadata"]["notebook_router"]["run_id"]
    shown = "".join(str(m["content"].get("data", "")) for m in listed.outputs)
    assert run_id in shown, shown


HEAVY = ("notebook_router.planner.run", "pydantic", "anywidget", "networkx", "graphviz", "pandas")
"""What a first run needs and loading the extension must not import on the kernel's thread."""


def test_a_kernel_that_only_loads_the_extension_keeps_its_cells_to_itself(warm: Kernel) -> None:
    # In the cell that loads it, nothing heavy: the warm-up starts as that cell ends.
    loaded = warm.execute(
        "%load_ext notebook_router\nimport sys\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    assert loaded.stdout.strip() == "[]"
    # While another cell runs, the warm-up waits (after the step it was in): the cell has
    # the interpreter to itself, and imports nothing it did not ask for.
    during = warm.execute(
        "import sys, time\n"
        "from notebook_router.notebook import warm as _warm\n"
        "assert _warm._PAUSED.wait(60), 'the warm-up went on during a cell'\n"
        "_before = set(sys.modules)\n"
        "time.sleep(1.0)\n"
        "print(sorted(set(sys.modules) - _before))\n"
        "print(get_ipython()._notebook_router_front.warming.is_alive())",
        timeout=90,
    )
    assert during.status == "ok", during.errors()
    assert during.stdout.split("\n")[:2] == ["[]", "True"]
    # Between cells it goes on, and ends having warmed the first run.
    deadline = time.monotonic() + 120
    while (
        "True"
        in warm.execute("print(get_ipython()._notebook_router_front.warming.is_alive())").stdout
    ):
        assert time.monotonic() < deadline, "the warm-up never ended"
        time.sleep(0.5)
    after = warm.execute(f"import sys\nprint(all(m in sys.modules for m in {HEAVY[:-1]!r}))")
    assert after.stdout.strip() == "True"


SESSION = "notebook_router.notebook.session"
"""The warm-up's longest step (a third of it): the session's module and what it imports."""

IMPORTING_SESSION = (
    f"getattr(getattr(__import__('sys').modules.get({SESSION!r}), '__spec__', None),"
    " '_initializing', None)"
)
"""Where the warm-up is with :data:`SESSION`: ``None`` before it, ``True`` inside it (the
import system marks a module's spec ``_initializing`` while its body runs), ``False`` past it."""

BACK_TO_BACK = (
    # what the warm-up is importing meanwhile; the cell first notes whether it still is
    f"_inside_the_step = {IMPORTING_SESSION} is True\nimport {SESSION}",
    "%route agents",
    "total = sum(range(1000))",
    QUESTION,
    "print(total)",
)
"""Cells a Run All sends at once, right after the one that loads the extension."""

ATTEMPTS = 3
"""Fresh kernels tried for the cells to come inside the warm-up's longest step."""


def _silently(kernel: Kernel, expression: str) -> str:
    """``expression``'s value, read by a silent request: no cell runs (the warm-up does not
    pause for it), as a front end's inspector asks."""
    msg_id = kernel.kc.execute("", silent=True, user_expressions={"value": expression})
    while True:
        reply = kernel.kc.get_shell_msg(timeout=30)
        if reply["parent_header"].get("msg_id") == msg_id:
            return str(reply["content"]["user_expressions"]["value"]["data"]["text/plain"])


def _inside_the_longest_step(kernel: Kernel) -> bool:
    """Wait for the warm-up to be importing :data:`SESSION`: False when it got past that
    step before a poll saw it inside."""
    deadline = time.monotonic() + 60
    while (where := _silently(kernel, IMPORTING_SESSION)) == "None":
        assert time.monotonic() < deadline, "the warm-up never reached the session"
        time.sleep(0.005)
    return where == "True"


def _queue_back_to_back(kernel: Kernel) -> None:
    """Send :data:`BACK_TO_BACK` at once and check that every cell finished as it should."""
    # As JupyterLab's Run All does: every request sent before the first has run, while the
    # warm-up is importing, pausing between its steps and going on.
    started = time.monotonic()
    sent = [kernel.kc.execute(code) for code in BACK_TO_BACK]
    done = []
    for code, msg_id in zip(BACK_TO_BACK, sent, strict=True):
        try:
            done.append(kernel.collect(msg_id, timeout=120 - (time.monotonic() - started)))
        except queue.Empty:
            pytest.fail(f"the cells queued during the warm-up were still running at {code!r}")
    assert [d.status for d in done] == ["ok"] * len(BACK_TO_BACK), [d.errors() for d in done]
    assert "180" in (done[3].result() or {}).get("text/plain", "")
    assert done[4].stdout.strip() == "499500"


def test_cells_queued_back_to_back_as_the_loading_cell_ends_all_finish(warm: Kernel) -> None:
    warm.execute("%load_ext notebook_router\n" + TABLE)
    _queue_back_to_back(warm)


def test_cells_queued_back_to_back_inside_the_warm_ups_longest_step_all_finish(
    tmp_path: Path,
) -> None:
    # The warm-up is importing the session's module when the cells come: the first of them
    # needs what it holds. Whether a poll catches it there is a matter of timing, so a
    # kernel whose warm-up got past it first is replaced by a fresh one, a few times.
    for attempt in range(ATTEMPTS):
        home = tmp_path / str(attempt)
        home.mkdir()
        kernel = _kernel(home, "on")
        try:
            kernel.execute("%load_ext notebook_router\n" + TABLE)
            if not _inside_the_longest_step(kernel):
                continue
            _queue_back_to_back(kernel)
            # The first cell began while the warm-up was still importing the session: the
            # cells were all queued inside that step.
            if _silently(kernel, "_inside_the_step") == "True":
                return
        finally:
            kernel.shutdown()
    # A machine fast enough to finish that import before a poll sees it, every time, cannot
    # show this race: said as a skip, never passed as if it had been run.
    pytest.skip(
        f"warm-up finished the session's import before the cells were queued, {ATTEMPTS} times"
    )
