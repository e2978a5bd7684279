"""The live panel in a narrow JupyterLab: 800 px with the file browser open, 600 px without.

While a run goes, the panel must fit its output area: nothing sticks out sideways or
squeezes text into a sliver, the plan and the tree stack (the panel is under ~700 px
wide there), the tree's tools stay apart, and the text stays readable (contrast from
computed styles, 11 px or more). Screenshots and figures go to ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.checks import assert_no_overflow, assert_readable
from tests.browser.conftest import (
    ARTIFACTS,
    TIMEOUT_MS,
    JupyterServer,
    left_sidebar,
    scroll_to,
    shot,
)
from tests.browser.test_panel_browser import SETUP, _cell, _run_cell

pytestmark = pytest.mark.browser

ROUTE = "%%route --agents numbers,slow\nLoad the numbers and think slowly about the weather"

TOOLS_APART = """panel => {
  const tools = [...panel.querySelectorAll('.nrp-tree-tools > *')].filter(e => e.getClientRects().length);
  const boxes = tools.map(e => e.getBoundingClientRect());
  const hits = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      hits.push([tools[i].className, tools[i + 1 + j].className]);
  }));
  return hits;
}"""

KERNEL_IDLE = """() => /\\(ipykernel\\) \\| Idle/.test(
  document.querySelector('#jp-main-statusbar')?.innerText || '')"""
"""The kernel is attached and idle, as the status bar says (a narrow notebook toolbar
folds its kernel name into its "..." menu)."""

LAYOUT = """panel => {
  const plan = panel.querySelector('.nrp-plan').getBoundingClientRect();
  const tree = panel.querySelector('.nrp-graph').getBoundingClientRect();
  const desc = panel.querySelector('td.nrp-desc');
  return { panel: panel.getBoundingClientRect().width, plan: [plan.width, plan.bottom],
           tree: [tree.width, tree.top], desc: desc ? desc.getBoundingClientRect().width : null };
}"""


@pytest.mark.parametrize(("width", "files"), [(800, True), (600, False)])
def test_the_live_panel_fits_a_narrow_window(
    width: int, files: bool, jupyter_server: JupyterServer, browser: Any
) -> None:
    name = f"narrow_{width}.ipynb"
    jupyter_server.write_notebook(name, [SETUP, ROUTE])
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(jupyter_server.open_url(f"lab/workspaces/{name.replace('.', '-')}/tree/{name}"))
        _cell(page, 0).wait_for()
        page.wait_for_function(KERNEL_IDLE)
        left_sidebar(page, shown=files)
        _run_cell(page, 0)
        _run_cell(page, 1)
        panel = _cell(page, 1).locator(".nrp").first
        panel.locator('tr[data-task="t2"] .nrp-st-running').wait_for()
        panel.locator('.nrp-tree [data-node="t2"]').wait_for()
        scroll_to(panel)
        layout = panel.evaluate(LAYOUT)
        # Stacked: the tree under the plan, each the panel's whole width.
        assert layout["tree"][1] >= layout["plan"][1] - 1, layout
        assert layout["tree"][0] >= layout["panel"] * 0.8, layout
        assert layout["desc"] is None or layout["desc"] >= 80, layout  # a task's words fit
        overflow = assert_no_overflow(panel, f"live panel at {width} px")
        assert panel.evaluate(TOOLS_APART) == []
        readable = assert_readable(panel, f"live panel at {width} px")
        shot(page, f"panel-narrow-{width}", panel)
        panel.locator(".nrp-stop").click()
        _cell(page, 1).locator(".nr-run").first.wait_for()
        figures = {
            "file_browser": files,
            "panel_px": round(layout["panel"]),
            "task_column_px": round(layout["desc"] or 0),
            "min_contrast": readable["min_contrast"],
            "min_contrast_text": readable["min_contrast_text"],
            "min_font_px": readable["min_font_px"],
            "scroll_width": overflow["scrollWidth"],
            "client_width": overflow["clientWidth"],
        }
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / "panel_narrow.json"
        saved = json.loads(path.read_text()) if path.exists() else {}
        saved[str(width)] = figures
        path.write_text(json.dumps(saved, indent=2) + "\n")
        print(f"\nlive panel at {width} px: {figures}")
    finally:
        context.close()
