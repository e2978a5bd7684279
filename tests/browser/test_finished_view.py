"""The finished view where people read it: JupyterLab 4 light and dark (trusted and not),
Notebook 7, and nbconvert's HTML opened offline (light and dark), in headless Chromium.

One notebook is run headless (nbclient), as Run All would: a two-task run, a table of
large numbers, a 60-task run, its ``%route graph`` (graphviz) and a small run's graph
without graphviz, a run that was asked a question, redirected and stopped, and a bar
chart the analyst drew. Its saved finished views are then opened everywhere and measured from computed styles:
every piece of text (hovered table rows too) at 4.5:1 or more and 11 px or more, text
cells left-aligned and numbers right-aligned, the chart at its own size (its axis text
with it), the 60-task view under ~900 px with every task one click away, nothing
sticking out sideways at 800 and 600 px. The
figures go to ``test-artifacts/browser/finished_view.json``; screenshots beside it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import expect

from tests.browser.checks import (
    OPEN_ALL,
    assert_aligned,
    assert_hover_readable,
    assert_no_overflow,
    assert_readable,
)
from tests.browser.conftest import ARTIFACTS, JupyterProcess, left_sidebar, shot

pytestmark = pytest.mark.browser

MAX_SIXTY_PX = 900
SETUP = """\
%load_ext notebook_router
import asyncio
import pandas as pd
from notebook_router import NeedsUserInput, Router, agent
from notebook_router.planner import events as _ev

@agent(can=["numbers", "load"])
def numbers(task):
    "Loads a list of numbers."
    return [3, 1, 4, 1, 5, 9, 2, 6]

@agent(can=["sum", "total", "add"])
def total(inputs):
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))

@agent(can=["revenue", "region"])
def revenue(task):
    "Revenue and orders by region."
    return pd.DataFrame({"region": ["North", "South", "East"],
                         "revenue": [8974061.0, 120.5, 45000.25], "orders": [120345, 7, 800]})

def _worker(name, topic):
    async def run(task):
        await asyncio.sleep(0.01)
        return f"{name} did {task}"
    run.__name__ = name
    return agent(name=name, can=[topic], description=f"Does {topic} work.")(run)

loader, charter, summer = (_worker(n, t) for n, t in
                           [("loader", "load"), ("charter", "chart"), ("summer", "sum")])

@agent(can=["region", "sales"])
def region_sales(task):
    "Sales of one region; asks which one when the request does not say."
    for region in ("North", "South"):
        if region in task:
            return f"{region} sold 1200 units"
    raise NeedsUserInput("Which region, North or South?")

@agent(can=["slow", "weather", "think"])
async def slow(task):
    "Thinks about the weather for a long time."
    await asyncio.sleep(30)
    return "too late"

sales = pd.DataFrame({"region": ["North", "South", "East", "West"] * 3,
                      "revenue": [1200.0, 950.5, 780.25, 1310.0] * 3})
"""
VERBS = ("load", "chart", "sum")
SIXTY = "%%route --agents loader,charter,summer\n" + ", ".join(
    f"{VERBS[i % 3]} item {i}" for i in range(60)
)
STEERED = """\
async def _north(question):
    await asyncio.sleep(0.05)
    return "North"

async def _until(check):
    while not check():
        await asyncio.sleep(0.02)

steered = Router([region_sales, slow, numbers], on_clarify=_north, clarify="wait").start(
    "Show the sales for a region and think slowly about the weather")
await _until(lambda: any(isinstance(e, _ev.ClarificationAnswered) for e in steered.history))
await _until(lambda: any(t.agent == "slow" and t.status == "running" for t in steered.state.plan))
steered.redirect("also load the numbers")
await _until(lambda: any(isinstance(e, _ev.InterruptHandled) for e in steered.history))
steered.stop()
await steered
steered
"""
NO_DOT = """\
import os
import notebook_router.render.svg as _svg
os.environ["PATH"] = ""  # as on a machine without graphviz
_svg.dot_available.cache_clear()
"""
CELLS = [
    SETUP,
    "%%route -o small\nLoad the numbers, then add them up",
    "%%route --agents revenue\nShow the revenue and orders by region",
    SIXTY,
    "%route graph",
    NO_DOT,
    "%route graph {small.id}",
    STEERED,
    "%%route --code auto --agents data_analyst\nbar chart of total revenue by region in sales",
]
VIEWS = 5  # the small run, the table, the sixty tasks, the steered run, a chart
SIXTY_VIEW = 2
CHART_VIEW = 4
MIN_FIGURE_SCALE = 0.85
"""A chart drawn at 96 dpi with 10 pt labels keeps them at 11 px or more down to this scale."""

FIGURE = """view => {
  const img = view.querySelector('.nr-media img');
  const content = view.getBoundingClientRect().width;
  return img && img.complete ? { natural: img.naturalWidth, shown: img.getBoundingClientRect().width,
                                 view: content } : null;
}"""

SCROLL_THROUGH = """(n) => {
  const scroller = [...document.querySelectorAll('.jp-WindowedPanel-outer, #main-panel .jp-Notebook')]
    .find(e => e.offsetParent !== null && e.scrollHeight > e.clientHeight);
  if (scroller) scroller.scrollTop += scroller.clientHeight;
  return document.querySelectorAll('.nr-run:not(.nr-graph)').length >= n;
}"""

STYLED = """el => getComputedStyle(el).borderTopLeftRadius === '8px'"""
"""The view's own style sheet applies (it does not where JupyterLab distrusts the notebook)."""

BACKGROUND_LUMINANCE = """el => {
  const m = getComputedStyle(el).backgroundColor.match(/[\\d.]+/g).map(Number);
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return m.length > 3 && m[3] === 0 ? null : 0.2126 * lin(m[0]) + 0.7152 * lin(m[1]) + 0.0722 * lin(m[2]);
}"""


def _record(name: str, figures: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "finished_view.json"
    saved = json.loads(path.read_text()) if path.exists() else {}
    saved[name] = figures
    path.write_text(json.dumps(saved, indent=2) + "\n")
    print(f"\n{name}: {json.dumps(figures)}")


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The notebook, run headless as Run All runs it (its outputs are the finished views)."""
    from nbclient import NotebookClient

    folder = tmp_path_factory.mktemp("views")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    NotebookClient(
        nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    ).execute()
    path = folder / "views.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def dark_jupyter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterProcess]:
    """JupyterLab (and Notebook 7) in the JupyterLab Dark theme."""
    process = JupyterProcess(
        tmp_path_factory.mktemp("dark-notebooks"),
        tmp_path_factory.mktemp("dark-jupyter"),
        theme="JupyterLab Dark",
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def light_jupyter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterProcess]:
    process = JupyterProcess(
        tmp_path_factory.mktemp("light-notebooks"), tmp_path_factory.mktemp("light-jupyter")
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def _copies(process: JupyterProcess, executed: Path) -> tuple[str, str]:
    """A trusted copy (signed, as its author's own) and an untrusted one (a fresh clone)."""
    trusted = process.root / "views.ipynb"
    shutil.copy(executed, trusted)
    process.trust(trusted)
    # Trust is kept by content, not by name: the clone differs, as a fresh clone would.
    clone = nbformat.read(executed, as_version=4)
    clone.metadata["title"] = "a fresh clone"
    nbformat.write(clone, process.root / "untrusted.ipynb")
    return "views.ipynb", "untrusted.ipynb"


def _open(page: Any, process: JupyterProcess, name: str, ui: str) -> list[Any]:
    """Open ``name`` in ``ui`` (lab or notebook7); the finished views, all drawn."""
    server = process.server
    assert server is not None
    if ui == "lab":
        page.goto(server.open_url(f"lab/workspaces/{name.replace('.', '-')}/tree/{name}"))
    else:
        page.goto(server.open_url(f"notebooks/{name}"))
    page.locator(".jp-Cell").first.wait_for()
    # JupyterLab draws cells as they scroll into view: scroll through first.
    page.wait_for_function(SCROLL_THROUGH, arg=VIEWS, timeout=30_000, polling=300)
    views = page.locator(".jp-OutputArea-output .nr-run:not(.nr-graph)")
    assert views.count() == VIEWS
    return [views.nth(i) for i in range(VIEWS)]


def _check_views(page: Any, views: list[Any], where: str, *, styled: bool) -> dict[str, Any]:
    """Readable, hover included, and aligned: every view, folded and then opened up."""
    figures: dict[str, Any] = {"views": len(views)}
    worst, hover, cells = 99.0, 99.0, 0
    for i, view in enumerate(views):
        view.scroll_into_view_if_needed()
        assert view.evaluate(STYLED) == styled, f"{where}: style sheet applied: {not styled}"
        worst = min(worst, assert_readable(view, f"{where} view {i}")["min_contrast"])
        hover = min(hover, assert_hover_readable(page, view, f"{where} view {i}"))
        cells += assert_aligned(view, f"{where} view {i}")
        shot(page, f"finished-{where}-view{i}", view)
        view.evaluate(OPEN_ALL)  # what folds hide must read as well
        worst = min(worst, assert_readable(view, f"{where} view {i} opened")["min_contrast"])
        cells += assert_aligned(view, f"{where} view {i} opened")
    figures.update(min_contrast=worst, min_contrast_hovered=hover, cells_checked=cells)
    return figures


def _figure_size(page: Any, view: Any, where: str) -> dict[str, float]:
    """The chart is shown at its own size, or as wide as the view allows: never a small box."""
    view.scroll_into_view_if_needed()
    # The chart as it is at each look, not an element held from an earlier one.
    expect(view.locator(".nr-media img").first).to_have_js_property("complete", True)
    size: dict[str, float] = view.evaluate(FIGURE)
    scale = size["shown"] / size["natural"]
    fits = size["natural"] <= size["view"] - 30  # the view's padding and border
    assert scale >= MIN_FIGURE_SCALE if not fits else scale > 0.99, f"{where}: {size}"
    return {**size, "scale": round(scale, 3)}


def _steering_shown(view: Any) -> list[str]:
    lines: list[str] = view.locator(".nr-steering li").all_inner_texts()
    return lines


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_finished_views_read_well_in_jupyterlab_and_notebook_7(
    theme: str,
    light_jupyter: JupyterProcess,
    dark_jupyter: JupyterProcess,
    executed: Path,
    page: Any,
) -> None:
    process = dark_jupyter if theme == "dark" else light_jupyter
    trusted, untrusted = _copies(process, executed)
    results: dict[str, Any] = {}
    for ui, name, styled in [
        ("lab", trusted, True),
        ("lab", untrusted, False),
        ("notebook7", trusted, True),
    ]:
        where = f"{ui}-{theme}-{'trusted' if styled else 'untrusted'}"
        views = _open(page, process, name, ui)
        figures = _check_views(page, views, where, styled=styled)
        card = views[0].evaluate(BACKGROUND_LUMINANCE)
        figures["card_luminance"] = card
        if theme == "dark":  # no white card: the view sits on the theme's own background
            assert card is None or card < 0.05, f"{where}: a light card in a dark theme ({card})"
        steering = _steering_shown(views[3])
        assert [line.split(" ", 3)[2] for line in steering] == ["?", "↪", "■"], steering
        figures["chart"] = _figure_size(page, views[CHART_VIEW], where)
        results[where] = figures
    _record(f"jupyter-{theme}", results)


def test_the_sixty_task_view_is_short_and_every_task_is_one_click_away(
    light_jupyter: JupyterProcess, executed: Path, page: Any
) -> None:
    trusted, _ = _copies(light_jupyter, executed)
    views = _open(page, light_jupyter, trusted, "lab")
    view = views[SIXTY_VIEW]
    view.scroll_into_view_if_needed()
    height = view.bounding_box()["height"]
    shot(page, "finished-sixty-tasks-folded", view)
    assert height < MAX_SIXTY_PX, f"the 60-task view is {height:.0f} px tall"
    readable = assert_readable(view, "sixty tasks folded")
    # Every task is reachable: each fold of the plan opens on a click.
    plan = view.locator("details.nr-plan")
    folded = plan.locator("details.nr-group:not([open]) > summary")
    clicks = 0
    while folded.count():
        folded.first.click()
        clicks += 1
    rows = plan.locator("tr[data-task]")
    assert rows.count() == 60
    assert all(rows.nth(i).is_visible() for i in range(60))
    assert {rows.nth(i).get_attribute("data-task") for i in range(60)} == {
        f"t{i}" for i in range(1, 61)
    }
    opened = assert_readable(view, "sixty tasks opened")
    shot(page, "finished-sixty-tasks-plan-open", view)
    # The tree too: its groups open on click, every task under them.
    tree = view.locator("details.nr-tree")
    if tree.get_attribute("open") is None:
        tree.locator(":scope > summary").click()
    while tree.locator("details:not([open]) > summary").count():
        tree.locator("details:not([open]) > summary").first.click()
    assert tree.locator(".nr-tn[data-node^='t']").count() == 60
    _record(
        "sixty-tasks-lab-light",
        {
            "height_px": round(height),
            "min_font_px": min(readable["min_font_px"], opened["min_font_px"]),
            "min_contrast": min(readable["min_contrast"], opened["min_contrast"]),
            "plan_groups_opened_by_click": clicks,
        },
    )


@pytest.mark.parametrize(("width", "files"), [(800, True), (600, False)])
def test_finished_views_fit_a_narrow_window(
    width: int, files: bool, light_jupyter: JupyterProcess, executed: Path, browser: Any
) -> None:
    # 800 px with the file browser open, 600 px with the side bar closed.
    trusted, _ = _copies(light_jupyter, executed)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        views = _open(page, light_jupyter, trusted, "lab")
        left_sidebar(page, shown=files)
        sizes = []
        for i, view in enumerate(views):
            view.scroll_into_view_if_needed()
            view.evaluate(OPEN_ALL)
            found = assert_no_overflow(view, f"view {i} at {width} px")
            sizes.append(round(found["width"]))
        shot(page, f"finished-narrow-{width}", views[3])
        shot(page, f"finished-narrow-{width}-sixty", views[SIXTY_VIEW])
        _record(f"narrow-{width}", {"file_browser": files, "view_widths_px": sizes})
    finally:
        context.close()


def _nbconvert(executed: Path, out: Path, theme: str) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            f"--HTMLExporter.theme={theme}",
            str(executed),
            "--output-dir",
            str(out),
            "--output",
            f"views-{theme}",
        ],
        check=True,
        capture_output=True,
    )
    return out / f"views-{theme}.html"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_nbconvert_html_offline_shows_readable_views_and_route_graph(
    theme: str, executed: Path, page: Any, tmp_path: Path
) -> None:
    html = _nbconvert(executed, tmp_path, theme)
    blocked: list[str] = []

    def only_the_file(route: Any) -> None:
        if route.request.url == html.as_uri():
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_file)
    page.goto(html.as_uri())
    views = page.locator(".nr-run:not(.nr-graph)")
    assert views.count() == VIEWS
    figures = _check_views(
        page, [views.nth(i) for i in range(VIEWS)], f"nbconvert-{theme}", styled=True
    )
    figures["chart"] = _figure_size(page, views.nth(CHART_VIEW), f"nbconvert-{theme}")
    # %route graph: graphviz's picture of the 60 tasks; without graphviz, the outline.
    picture = page.locator(".nr-graph img")
    assert picture.count() == 1
    picture.scroll_into_view_if_needed()
    expect(picture).to_have_js_property("complete", True)
    expect(picture).not_to_have_js_property("naturalWidth", 0)
    box = picture.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50, box
    shot(page, f"route-graph-nbconvert-{theme}-graphviz", page.locator(".nr-graph").first)
    outline = page.locator(".nr-graph .nr-outline")
    assert outline.count() == 1 and outline.is_visible()
    outline.scroll_into_view_if_needed()
    assert outline.locator('[data-node="t2"]').inner_text().startswith("✓ t2 Add them up")
    assert "graphviz's dot draws it as a diagram" in page.locator(".nr-graph").nth(1).inner_text()
    assert_readable(page.locator(".nr-graph").nth(1), f"route graph outline {theme}")
    shot(page, f"route-graph-nbconvert-{theme}-outline", page.locator(".nr-graph").nth(1))
    shown = [[round(box["width"]), round(box["height"])]]
    figures["route_graph_px"] = shown
    figures["blocked_requests"] = len(blocked)
    _record(f"nbconvert-{theme}", figures)
