"""The run panel in a real browser: JupyterLab 4 and Notebook 7, real kernel, real clicks.

Each step saves a screenshot under ``test-artifacts/browser/``.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import JupyterServer, scroll_to, shot
from tests.notebook.code_model import SCRIPTED_MODEL

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

SETUP = """\
%load_ext notebook_router
import asyncio
from notebook_router import agent

@agent(can=["numbers", "load", "data"])
async def numbers(task):
    "Loads a list of numbers (takes a moment)."
    await asyncio.sleep(3)
    return [3, 1, 4, 1, 5, 9, 2, 6]

@agent(can=["sum", "total", "add"])
def total(inputs):
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))

@agent(can=["slow", "wait", "think", "weather"])
async def slow(task):
    "Thinks about the weather for a long time."
    await asyncio.sleep(30)
    return "too late"
"""

STOP_WATCH = """() => {
  const seen = () => [...document.querySelectorAll('.jp-Cell .nrp')]
    .some(p => p.dataset.status === 'stopped');
  document.addEventListener('click', (e) => {
    if (e.target.closest('.nrp-stop')) window.__nrClickAt = performance.now();
  }, {capture: true});
  new MutationObserver((_, obs) => {
    if (seen()) { window.__nrStoppedAt = performance.now(); obs.disconnect(); }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-status']});
}"""


def _cell(page: Any, index: int) -> Any:
    # The notebook in the visible tab only.
    return page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell").nth(index)


def _run_cell(page: Any, index: int) -> None:
    """Click into a cell and press Shift+Enter, as a person would (later cells queue)."""
    prompt = _cell(page, index).locator(".jp-InputPrompt")
    # A cell run before already shows "[n]:": it has started once its prompt changes.
    before = prompt.inner_text().strip()
    for _ in range(3):  # a keypress can land while JupyterLab is still moving focus
        _cell(page, index).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        try:
            expect(prompt).not_to_have_text(before, use_inner_text=True, timeout=5_000)
            return
        except AssertionError:
            continue
    raise AssertionError(f"cell {index} did not start")


def _run_all(page: Any, cells: int) -> None:
    for index in range(cells):
        _run_cell(page, index)


KERNEL_READY = """() => {
  const visible = (sel) => [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  const name = visible('.jp-Toolbar-kernelName');
  const status = visible('.jp-Notebook-ExecutionIndicator');
  return !!name && !!status && !['', 'No Kernel'].includes(name.getAttribute('aria-label') || '')
    && status.dataset.status === 'idle';
}"""
"""The notebook's kernel is attached and idle. The execution indicator alone says
"idle" before any kernel is attached, and a cell run then opens JupyterLab's
Select Kernel dialog over the notebook (the test then times out clicking a cell)."""


def _wait_for_kernel(page: Any) -> None:
    page.wait_for_function(KERNEL_READY)


def _open(page: Any, server: JupyterServer, path: str) -> None:
    """Open a notebook in JupyterLab in a workspace of its own (no tabs from earlier tests)."""
    page.goto(server.open_url(f"lab/workspaces/{path.replace('.', '-')}/tree/{path}"))
    _cell(page, 0).wait_for()
    _wait_for_kernel(page)


def _static_view(page: Any, cell: int, badge: str, timeout_ms: float = 30_000) -> Any:
    """The run's static view, once the run has ended: its output, with the live panel gone."""
    view = _cell(page, cell).locator(".nr-run").first
    view.wait_for(timeout=timeout_ms)
    assert badge in view.locator(".nr-badge").inner_text()
    # The widget was closed: no panel is left under the cell (nor a widget error).
    expect(_cell(page, cell).locator(".nrp")).to_have_count(0, timeout=5_000)
    expect(_cell(page, cell)).not_to_contain_text(
        "Error displaying widget", use_inner_text=True, timeout=5_000
    )
    return view


def _plan_rows(view: Any) -> list[list[str]]:
    """The static view's plan: each row's task, description, agent and status (folded or not)."""
    rows: list[list[str]] = view.locator("table.nr-plan-table tr[data-task]").evaluate_all(
        "rows => rows.map(r => [...r.cells].slice(0, 4).map(c => c.textContent))"
    )
    return rows


def _open_diagram(view: Any) -> Any:
    """Open the view's plan and its diagram (a small run folds both), as a reader clicks;
    the picture, once drawn."""
    for fold in ("details.nr-plan", "details.nr-diagram"):
        details = view.locator(fold).first
        if details.get_attribute("open") is None:
            details.locator(":scope > summary").click()
    picture = view.locator(".nr-diagram img")
    _expect_loaded(picture)
    return picture


def _expect_loaded(img: Any, timeout: float = 30_000) -> None:
    """Wait until the picture ``img`` (a locator, found again at each look) has loaded."""
    expect(img).to_have_js_property("complete", True, timeout=timeout)
    expect(img).not_to_have_js_property("naturalWidth", 0, timeout=timeout)


def test_panel_in_jupyterlab_stop_and_redirect(jupyter_server: JupyterServer, page: Any) -> None:
    jupyter_server.write_notebook(
        "panel_demo.ipynb",
        [
            SETUP,
            "%%route\nLoad the numbers and think slowly about the weather",
            'print("next cell ran")',
            "%%route --agents numbers,slow\nThink slowly about the weather",
        ],
    )
    _open(page, jupyter_server, "panel_demo.ipynb")
    _run_all(page, 4)

    # The live panel appears under the running cell; plan and tree update.
    panel = _cell(page, 1).locator(".nrp").first
    panel.wait_for()
    panel.locator('tr[data-task="t1"]').wait_for()
    panel.locator('.nrp-tree [data-node="t1"]').wait_for()
    shot(page, "01-lab-running", panel)
    panel.locator('tr[data-task="t1"] .nrp-st-fulfilled').wait_for()
    panel.locator('tr[data-task="t2"] .nrp-st-running').wait_for()
    # The tree: goal, then each task with its agent and status, drawn as rows.
    panel.locator('.nrp-tree [data-node="t2"][data-status="running"]').wait_for()
    assert panel.locator('.nrp-tree [data-node="t1"] .nrp-tn-agent').inner_text() == "numbers"
    assert panel.locator('.nrp-tree [data-node="t1"]').get_attribute("data-status") == "fulfilled"
    shot(page, "02-lab-first-task-done", panel)

    # Stop while the cell still awaits the run.
    assert _cell(page, 1).locator(".jp-InputPrompt").inner_text().strip() == "[*]:"
    # Timed inside the page: from the click handler to the DOM showing "stopped"
    # (Playwright's own actionability checks are not part of what a person sees).
    page.evaluate(STOP_WATCH)
    clicked = time.monotonic()
    panel.locator(".nrp-stop").click()
    page.wait_for_function("() => window.__nrStoppedAt !== undefined", polling="raf")
    wall_ms = (time.monotonic() - clicked) * 1000
    stop_ms = page.evaluate("() => window.__nrStoppedAt - window.__nrClickAt")
    shot(page, "03-lab-stopped", _cell(page, 1))  # the panel, or already the static view
    assert stop_ms < 1000, f"the panel showed the stop {stop_ms:.0f} ms after the click"
    print(
        f"\nStop click → panel shows stopped: {stop_ms:.0f} ms in the page, {wall_ms:.0f} ms wall"
    )

    # The cell then finished normally and the next cell ran; the live panel made
    # way for the run's static view, which says it was stopped.
    _cell(page, 2).locator(".jp-OutputArea-output").get_by_text("next cell ran").wait_for()
    stopped = _cell(page, 1)
    assert stopped.locator(".jp-OutputArea-output[data-mime-type*='stderr']").count() == 0
    view = _static_view(page, 1, "stopped by user")
    assert "[3, 1, 4, 1, 5, 9, 2, 6]" in view.locator(".nr-answer").inner_text()
    plan = _plan_rows(view)
    assert [(r[0], r[2], r[3]) for r in plan] == [
        ("t1", "numbers", "fulfilled"),
        ("t2", "slow", "cancelled"),
    ]
    shot(page, "03b-lab-stopped-static-view", view)

    # Redirect the next run from its panel: the plan changes.
    second = _cell(page, 3).locator(".nrp").first
    second.locator('tr[data-task="t1"] .nrp-st-running').wait_for()  # slow: 30 s
    second.get_by_role("button", name="↪ Redirect").click()
    second.get_by_label("Redirect message").fill("also load the numbers")
    shot(page, "04-lab-redirect-typed", second)
    second.get_by_role("button", name="Send").click()
    second.locator('tr[data-task="t2"]').wait_for()
    assert "numbers" in second.locator('tr[data-task="t2"]').inner_text()
    second.locator(".nrp-steering").get_by_text("refine").wait_for()
    # Once the steering line shows the redirect handled, "Redirect received" goes.
    expect(second.locator(".nrp-notice")).not_to_contain_text("Redirect received", timeout=3_000)
    second.locator('tr[data-task="t2"] .nrp-st-fulfilled').wait_for()
    shot(page, "05-lab-redirected", second)
    # Drawing the second tree left the first run's view alone.
    assert view.locator(".nr-diagram img").count() == 1
    second.locator(".nrp-stop").click()
    second_view = _static_view(page, 3, "stopped by user")
    assert [(r[0], r[2], r[3]) for r in _plan_rows(second_view)] == [
        ("t1", "slow", "cancelled"),
        ("t2", "numbers", "fulfilled"),
    ]
    shot(page, "06-lab-second-stopped", second_view)


def test_panel_smoke_in_notebook_7(jupyter_server: JupyterServer, page: Any) -> None:
    jupyter_server.write_notebook(
        "smoke.ipynb", [SETUP, "%%route\nLoad the numbers, then add them up"]
    )
    page.goto(jupyter_server.open_url("notebooks/smoke.ipynb"))
    _cell(page, 1).wait_for()
    _wait_for_kernel(page)
    _run_all(page, 2)
    # While t1 loads (3 s), the live panel shows the plan and the tree.
    # Each check looks again at the panel as it is then, in one step in the page: a panel
    # found earlier may have been re-rendered (the starting panel's output updated to
    # the run's) or have given way to the static view.
    panel = _cell(page, 1).locator('.nrp[data-status="running"]').first
    # t2 needs t1's numbers: it hangs under t1 (goal, t1, t2: the third level).
    expect(panel.locator('.nrp-tree [data-node="t2"]')).to_have_attribute("aria-level", "3")
    expect(panel.locator("tr[data-task]")).to_have_count(2)
    shot(page, "07-notebook7-running", _cell(page, 1))  # the panel, or already the static view
    view = _static_view(page, 1, "the goal was met")
    assert "31" in view.locator(".nr-answer").inner_text()
    assert [(r[0], r[2], r[3]) for r in _plan_rows(view)] == [
        ("t1", "numbers", "fulfilled"),
        ("t2", "total", "fulfilled"),
    ]
    picture = _open_diagram(view)
    assert picture.bounding_box()["width"] > 100
    shot(page, "07-notebook7-finished", view)


def test_the_panel_and_the_view_say_which_mode_the_words_chose(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "quick.ipynb", [SETUP, "%%route\nquick question: load the numbers"]
    )
    _open(page, jupyter_server, "quick.ipynb")
    _run_all(page, 2)
    # While t1 loads (3 s), the line under the goal names the mode and the words: looked
    # for in the panel as it is at each look (see the Notebook 7 smoke test), and the
    # screenshot scrolled to the cell, which holds the panel or already the static view.
    panel = _cell(page, 1).locator('.nrp[data-status="running"]').first
    expect(panel.locator(".nrp-intent")).to_have_text("quick mode, from “quick”")
    shot(page, "08-quick-mode-running", _cell(page, 1))
    view = _static_view(page, 1, "the goal was met")
    assert view.locator(".nr-intent").inner_text() == "quick mode, from “quick”"


def test_busy_kernel_points_to_the_interrupt_then_stops(
    jupyter_server: JupyterServer, page: Any
) -> None:
    # A cell that blocks the kernel's thread (plain time.sleep) makes it queue
    # widget messages, as older kernels do while any cell is busy.
    jupyter_server.write_notebook(
        "busy.ipynb",
        [
            SETUP,
            "%%route --background\nThink slowly about the weather",
            "import time\ntime.sleep(4)",
        ],
    )
    _open(page, jupyter_server, "busy.ipynb")
    _run_all(page, 2)
    panel = _cell(page, 1).locator(".nrp").first
    panel.locator('tr[data-task="t1"] .nrp-st-running').wait_for()
    _run_cell(page, 2)
    page.wait_for_timeout(300)  # the sleep has surely started
    panel.locator(".nrp-stop").click()
    notice = panel.locator(".nrp-notice-warn")
    notice.wait_for(timeout=2_000)
    assert "interrupt" in notice.inner_text() and "■" in notice.inner_text()
    shot(page, "08-lab-busy-kernel-notice", panel)
    # Once the kernel is free it handles the queued click: the run stops, and the
    # background cell's output becomes its static view.
    view = _static_view(page, 1, "stopped by user", timeout_ms=20_000)
    assert [(r[0], r[3]) for r in _plan_rows(view)] == [("t1", "cancelled")]
    shot(page, "09-lab-busy-kernel-stopped", view)


def test_a_committed_notebook_opened_in_jupyterlab_shows_its_static_views(
    jupyter_server: JupyterServer, page: Any
) -> None:
    # What someone sees on Binder before running anything: the notebook is not
    # trusted yet, there is no widget state, and each run's output must show its
    # plan, tree and answer (not a widget error).
    shutil.copy(NOTEBOOKS / "01_quickstart.ipynb", jupyter_server.root / "quickstart.ipynb")
    _open(page, jupyter_server, "quickstart.ipynb")
    run = page.locator(".jp-NotebookPanel:visible .jp-OutputArea-output").filter(
        has_text="Load the sales table for the North region"
    )
    run.first.wait_for()
    text = run.first.inner_text()
    assert text.startswith("the goal was met Load the sales table")  # badge set apart
    assert "Forecast next quarter" in text and "Plan · " in text
    outputs = page.locator(".jp-NotebookPanel:visible .jp-OutputArea").all_inner_texts()
    assert not any("Error displaying widget" in t for t in outputs)
    shot(page, "10-lab-committed-quickstart", run.first)


TABLES = """\
%load_ext notebook_router
import asyncio
import pandas as pd
from notebook_router import agent

@agent(can=["slow", "think", "weather"])
async def slow(task):
    "Thinks about the weather for a long time (the panel stays live meanwhile)."
    await asyncio.sleep(30)
    return "too late"

@agent(can=["sales", "revenue", "month"])
def sales(task):
    "Loads the monthly revenue table."
    return pd.DataFrame({"month": ["2024-01", "2024-02", "<b>bold</b>"], "revenue": [120.5, 99.25, 7.0]})

@agent(can=["rows", "many", "long"])
def rows(task):
    "Loads a long table."
    return pd.DataFrame({"n": range(50)})
"""


def test_result_tables_show_as_tables_in_the_panel(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "tables.ipynb",
        [
            TABLES,
            "%%route\nLoad the monthly revenue, then load many rows, "
            "then think slowly about the weather",
        ],
    )
    _open(page, jupyter_server, "tables.ipynb")
    _run_all(page, 2)
    # The tables show in the live panel as soon as their tasks are done.
    panel = _cell(page, 1).locator(".nrp").first
    panel.locator('tr[data-task="t3"] .nrp-st-running').wait_for()
    sales = panel.locator('.nrp-result[data-task="t1"]')
    sales.wait_for()
    assert sales.locator("figcaption").inner_text() == "t1 · sales · table, 3 × 2"
    cells = sales.locator("table.nrp-data tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert cells == [  # one precision per column, as in the finished view
        ["0", "2024-01", "120.50"],
        ["1", "2024-02", "99.25"],
        ["2", "<b>bold</b>", "7.00"],
    ]
    aligned = sales.locator("table.nrp-data tbody tr").first.evaluate(
        "r => [...r.cells].map(c => getComputedStyle(c).textAlign)"
    )
    assert aligned[0] == aligned[2] == "right" and aligned[1] in ("left", "start")
    assert sales.locator("table.nrp-data b").count() == 0  # markup in data shows as text
    assert sales.locator("thead th").all_inner_texts()[1:] == ["month", "revenue"]
    long = panel.locator('.nrp-result[data-task="t2"]')
    assert long.locator("tbody tr").count() == 20
    assert long.locator(".nrp-more").inner_text() == "… 30 more rows"
    # The plan row points to its table.
    panel.locator('tr[data-task="t1"]').get_by_role("button", name="▦ table").click()
    shot(page, "11-lab-result-tables", sales)
    # Stopped, the run's static view keeps the tables (markup in data still as text).
    panel.locator(".nrp-stop").click()
    view = _static_view(page, 1, "stopped by user")
    static = view.locator(".nr-evidence").first.locator("table tbody tr")
    cells = static.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert cells == [
        ["0", "2024-01", "120.50"],
        ["1", "2024-02", "99.25"],
        ["2", "<b>bold</b>", "7.00"],
    ]
    assert view.locator(".nr-evidence table b").count() == 0
    assert view.locator(".nr-evidence").count() == 2
    shot(page, "11b-lab-result-tables-static", view)


CODER = """\
%load_ext notebook_router
from notebook_router import agent

@agent(can=["code", "write"])
async def coder(task, context):
    "Writes Python code and runs it if the user says so."
    decision = await context.approve_code("total = 40 + 2", "add two numbers")
    if not decision.run:
        return decision.note
    space = {}
    exec(decision.code, space)  # the test's own agent: the user approved this code
    return f"total is {space['total']}"
"""

CLICK_AND_READ = """box => {
  const run = [...box.querySelectorAll('button')].find(b => b.textContent.includes('Run'));
  run.click();
  return [...box.querySelectorAll('button')].map(b => b.disabled);
}"""


def test_code_approval_edit_run_and_skip_in_jupyterlab(
    jupyter_server: JupyterServer, page: Any
) -> None:
    route = "%%route --agents coder\nWrite code to add them"
    jupyter_server.write_notebook("approve.ipynb", [CODER, route, route])
    _open(page, jupyter_server, "approve.ipynb")
    _run_all(page, 2)
    panel = _cell(page, 1).locator(".nrp").first
    box = panel.locator('.nrp-approval[data-approval="t1#1"]')
    box.wait_for(timeout=90_000)  # the kernel's first run: imports on a busy machine
    assert panel.get_attribute("data-status") == "waiting"
    assert "coder waits to run code: add two numbers" in box.inner_text()
    assert box.locator("pre.nrp-code").inner_text() == "total = 40 + 2"
    shot(page, "12-lab-approval-waiting", box)
    box.get_by_role("button", name="Edit").click()
    editor = box.get_by_label("Edit the code of t1 · coder before running it")
    assert editor.input_value() == "total = 40 + 2"
    editor.fill("total = 40 + 3")
    shot(page, "13-lab-approval-edited", box)
    disabled = box.evaluate(CLICK_AND_READ)
    assert disabled == [True, True, True]  # until the kernel acknowledges the click
    # The edited code ran: the panel made way for the static view, which says so.
    view = _static_view(page, 1, "the goal was met")
    assert "total is 43" in view.locator(".nr-answer").inner_text()
    assert view.locator(".nr-approval").count() == 0  # nothing waits any more
    shot(page, "14-lab-approval-ran", view)

    # The second run is skipped from the keyboard.
    _run_cell(page, 2)
    second = _cell(page, 2).locator(".nrp").first
    skip = second.locator(".nrp-approval").get_by_role("button", name="Skip")
    skip.focus()
    page.keyboard.press("Enter")
    view = _static_view(page, 2, "the goal was met")
    assert "you chose Skip" in view.locator(".nr-answer").inner_text()
    shot(page, "15-lab-approval-skipped", view)


ANALYST_SALES = """\
import pandas as pd
sales = pd.DataFrame({
    "region": ["North", "South", "East", "West"] * 5,
    "revenue": [float((i * 37) % 101) for i in range(20)],
})
"""
ANALYST_TOTALS = "sales.groupby('region')['revenue'].sum().sort_values(ascending=False)"


def _analyst_model(code: str) -> str:
    """A cell that makes the scripted model write ``code`` for the next %%route."""
    return f"_use_code_model([{code!r}], 'total revenue by region')"


def test_the_built_in_analysts_code_waits_for_run_or_skip_in_jupyterlab(
    jupyter_server: JupyterServer, page: Any
) -> None:
    route = "%%route --code ask\ntotal revenue by region"
    jupyter_server.write_notebook(
        "analyst_approve.ipynb",
        [
            "%load_ext notebook_router\n" + ANALYST_SALES + SCRIPTED_MODEL,
            _analyst_model(ANALYST_TOTALS),
            route,
            _analyst_model(ANALYST_TOTALS),
            route,
        ],
    )
    _open(page, jupyter_server, "analyst_approve.ipynb")
    _run_all(page, 3)
    panel = _cell(page, 2).locator(".nrp").first
    box = panel.locator('.nrp-approval[data-approval="t1#1"]')
    box.wait_for(timeout=90_000)  # the kernel's first run: imports on a busy machine
    assert panel.get_attribute("data-status") == "waiting"
    assert "data_analyst waits to run code: total revenue by region" in box.inner_text()
    assert box.locator("pre.nrp-code").inner_text() == ANALYST_TOTALS  # the model's code
    shot(page, "16-lab-analyst-code-waiting", box)
    box.get_by_role("button", name="Run").click()
    view = _static_view(page, 2, "the goal was met")
    assert view.locator(".nr-approval").count() == 0
    table = view.locator(".nr-evidence table tbody tr")
    rows = table.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    space: dict[str, Any] = {}
    exec(ANALYST_SALES, space)  # the kernel's sales, built again here
    frame = space["sales"]
    expected = frame.groupby("region")["revenue"].sum().sort_values(ascending=False)
    assert [(r[-2], float(r[-1])) for r in rows] == list(expected.items())
    # The table, then its code (folded): no stray "null" where a note would go.
    words = view.locator(".nr-evidence").inner_text().split()
    assert "null" not in words and words[-1] == "code"
    assert view.locator(".nr-evidence summary").inner_text() == "code"
    shot(page, "17-lab-analyst-code-ran", view)

    # The second run's code is skipped: the panel says it did not run.
    _run_cell(page, 3)
    _run_cell(page, 4)
    second = _cell(page, 4).locator(".nrp").first
    second.locator(".nrp-approval").get_by_role("button", name="Skip").click()
    # code that never ran answered nothing: the headline does not say the goal was met
    view = _static_view(page, 4, "not every part succeeded")
    assert [(r[0], r[3]) for r in _plan_rows(view)] == [("t1", "partial")]
    assert "you chose Skip" in (view.locator("table.nr-plan-table").first.text_content() or "")
    skipped = view.locator(".nr-evidence")
    assert skipped.locator("table").count() == 0  # no table: nothing ran
    assert skipped.locator("summary").inner_text() == "code (not run)"  # the code, marked
    shot(page, "18-lab-analyst-code-skipped", view)


def test_code_the_policy_never_runs_is_shown_in_the_jupyterlab_panel(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "analyst_never.ipynb",
        [
            "%load_ext notebook_router\n" + ANALYST_SALES + SCRIPTED_MODEL,
            _analyst_model(ANALYST_TOTALS),
            "%%route --code never\ntotal revenue by region",
        ],
    )
    _open(page, jupyter_server, "analyst_never.ipynb")
    _run_all(page, 3)
    view = _static_view(page, 2, "not every part succeeded")  # the code shown, not run
    shot(page, "19-lab-analyst-code-never", view)
    assert "the code policy is never" in (view.text_content() or "")
    code = view.locator(".nr-evidence details")
    assert code.locator("summary").inner_text() == "code (not run)"
    assert ANALYST_TOTALS in (code.locator("pre").text_content() or "")


ASKS = """\
%load_ext notebook_router
from notebook_router import NeedsUserInput, agent

@agent(can=["sales", "region"])
def region_sales(task):
    "Sales of one region; asks which one when the request does not say."
    for region in ("North", "South"):
        if region in task:
            return f"{region} sold 1200 units"
    raise NeedsUserInput("Which region, North or South?")
"""


def test_a_waiting_route_asks_in_the_panel_and_goes_on_with_the_answer(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "clarify.ipynb",
        [
            ASKS,
            "%%route --agents region_sales\nShow the sales for a region",
            'print("ran after the answer")',
        ],
    )
    _open(page, jupyter_server, "clarify.ipynb")
    _run_all(page, 3)
    panel = _cell(page, 1).locator(".nrp").first
    question = panel.locator(".nrp-question")
    question.wait_for()  # shown (not hidden) once the planner asks
    assert "The planner asks: Which region, North or South?" in question.inner_text()
    assert panel.get_attribute("data-status") == "waiting"
    # The cell still waits for its run (the question cancelled nothing, ended nothing).
    assert _cell(page, 1).locator(".jp-InputPrompt").inner_text().strip() == "[*]:"
    panel.get_by_label("Answer to the planner's question").fill("North")
    shot(page, "16-lab-question-answered", panel)
    question.get_by_role("button", name="Answer").click()
    done = _static_view(page, 1, "the goal was met")
    assert "North sold 1200 units" in done.locator(".nr-answer").inner_text()
    _cell(page, 2).locator(".jp-OutputArea-output").get_by_text("ran after the answer").wait_for()
    shot(page, "17-lab-question-run-finished", done)


PICTURE = """\
%load_ext notebook_router
import asyncio, io
from PIL import Image
from IPython.display import Image as Shown, display
from notebook_router import agent

@agent(can=["describe", "chart", "picture"])
async def describer(media):
    "Describes the chart above (takes a moment)."
    await asyncio.sleep(15)  # the test looks, clicks and enlarges while it runs
    return "a red chart"
"""
CHART = """\
buf = io.BytesIO()
Image.new("RGB", (640, 400), "red").save(buf, format="PNG")
display(Shown(buf.getvalue()))
"""

THUMB = """fig => {
  const img = fig.querySelector('img');
  return img && img.complete && img.naturalWidth > 0 && !fig.classList.contains('nrp-mi-wait')
    ? [img.naturalWidth, img.naturalHeight, img.getAttribute('src').slice(0, 22)] : null;
}"""


def test_a_run_with_an_image_shows_its_thumbnail_while_running(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "picture.ipynb",
        [PICTURE, CHART, "%%route --agents describer\nDescribe the chart above"],
    )
    _open(page, jupyter_server, "picture.ipynb")
    _run_all(page, 3)
    panel = _cell(page, 2).locator('.nrp[data-status="running"]').first
    figure = panel.locator(".nrp-media .nrp-mi-image").first
    figure.wait_for()
    # Looked at, as a user would: JupyterLab may detach or skip drawing cells
    # scrolled out of view (its notebook windowing), which no panel can change.
    scroll_to(figure)
    # The figure as it is at each look (the panel may have been re-rendered since).
    expect(figure).not_to_have_class(re.compile(r"\bnrp-mi-wait\b"), timeout=10_000)
    _expect_loaded(figure.locator("img").first, timeout=10_000)
    width, height, head = figure.evaluate(THUMB)
    assert (width, height) == (160, 100) and head == "data:image/png;base64,", (width, height, head)
    assert figure.locator("figcaption").inner_text().strip()  # says what it is
    shot(page, "20-lab-media-thumbnail", panel)
    # Clicked, it grows in place: a larger picture, asked for once.
    figure.locator(".nrp-thumb").click()
    expect(figure).to_have_class(re.compile(r"\bnrp-mi-big\b"), timeout=10_000)
    expect(figure.locator("img").first).to_have_js_property("naturalWidth", 640, timeout=10_000)
    assert figure.locator(".nrp-thumb").get_attribute("aria-expanded") == "true"
    shot(page, "21-lab-media-enlarged", panel)
    view = _static_view(page, 2, "the goal was met")
    assert 'src="data:image/png' in view.inner_html()  # the static view shows it too
