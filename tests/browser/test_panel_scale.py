"""The live panel at 60 tasks, in JupyterLab 4 and Notebook 7: readable, responsive, stoppable.

Two runs per front end, both driven by agents defined in the notebook that
sleep a little, so updates stream for several seconds (a few sleep until stopped, so a
slow machine cannot finish the run before the test has looked at it): (a) 60 independent
tasks over three agents, (b) one agent delegating to 60 sub-agents. While
they run the test checks what a person sees (tree text never below 11 px, the
tree and plan boxes capped and scrolling, groups opening and closing on click)
and what they feel: a PerformanceObserver installed before the run records
every long task (main thread busy over 50 ms) while updates arrive, and the
panel notes how long each of its own draws took (performance.now()). A run
whose long tasks were mostly not the panel's (the machine was busy) is measured
once more and judged on the second run. Stop is then clicked mid-run and timed
in the page.

How long draws and the stop took is judged only while the machine is not crowded
(:data:`CROWDED_LOAD`); what the panel did is counted and judged always: the tree redrawn
as updates came, and its draws refilling rows rather than making them again.

Measured figures are printed (pytest -s) and written to
``test-artifacts/browser/panel_scale.json``; screenshots go next to it.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, JupyterServer, shot
from tests.browser.test_panel_browser import _cell, _open, _run_cell, _wait_for_kernel

pytestmark = pytest.mark.browser

MIN_FONT_PX = 11.0
TREE_CAP_PX = 362  # .nrp-tree max-height 360 px, plus its border
PLAN_CAP_PX = 362
LONG_TASK_MS = 50.0
"""A task longer than this is a long task (the browser's own threshold), on an idle machine.
Above one process ready to run per core, the browser gets about 1/load of a core, and
every task it runs takes that much longer with the panel unchanged: the budget grows with
the load (at 1.76 per core a 26 ms draw became part of a 58 ms task)."""
MADE_SHARE = 0.25
"""At most this share of the tree box's elements made new per draw, on average (measured:
0 of 641 in 36 draws for the flat run, 186 of 285 in 42 for the tree, at load 8.5)."""
CROWDED_LOAD = 4.0
"""Processes ready to run per core (1-minute load average over the core count) over which
how long a draw or a stop took says more of the machine than of the panel: a frame waits
its turn behind the other processes (at 8.5 per core, Notebook 7's tree run had a 66.7 ms
frame and a 400 ms long task, with the panel unchanged; at 4.2, 4.7 ms at most)."""

AGENTS = """\
%load_ext notebook_router
import asyncio, re
from notebook_router import agent
from notebook_router.agents.delegation import Delegate

def _pause(i):
    # 1 to 12.8 s, spread so tasks end one by one; every twelfth never ends by itself,
    # so the run is still going when Stop is clicked, however slow the machine.
    return 3600 if i % 12 == 11 else 1 + (i * 7 % 60) / 5

def _worker(name, topic):
    async def run(task):
        await asyncio.sleep(_pause(int(re.search(r"\\d+", task).group())))
        return f"{name} did {task}"
    run.__name__ = name
    return agent(name=name, can=[topic], description=f"Does {topic} work (takes a moment).")(run)

for _name, _topic in [("loader", "load"), ("charter", "chart"), ("summer", "sum")]:
    globals()[_name] = _worker(_name, _topic)

@agent(name="hub", can=["survey", "poll"], description="Asks each of its sixty workers.")
def hub(task):
    return Delegate(*[(f"w{i:02d}", f"{task}: part {i}") for i in range(60)])

def _sub(i):
    async def run(task):
        await asyncio.sleep(_pause(i))
        return f"part {i} done"
    run.__name__ = f"w{i:02d}"
    return agent(name=f"w{i:02d}", can=[f"part{i}"], parent=hub, description=f"Worker {i}.")(run)

for _i in range(60):
    globals()[f"w{_i:02d}"] = _sub(_i)
"""
VERBS = ("load", "chart", "sum")
FLAT = "%%route --agents loader,charter,summer\n" + ", ".join(
    f"{VERBS[i % 3]} item {i}" for i in range(60)
)
TREE = "%%route --agents hub\nSurvey the sixty workers"

WATCH = """() => {
  window.__nrLong = [];
  window.__nrLoaf = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__nrLong.push({
      start: e.startTime, duration: e.duration, name: e.name,
      attribution: e.attribution.map(a => `${a.name}/${a.containerType}/${a.containerName || a.containerSrc || ''}`),
    });
  }).observe({type: 'longtask'});
  // Long animation frames name the scripts that ran in them (Chromium 123+).
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__nrLoaf.push({
        start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
        scripts: e.scripts.map(s => ({invoker: s.invoker, src: (s.sourceURL || '').slice(0, 120),
          fn: s.sourceFunctionName, ms: s.duration})),
      });
    }).observe({type: 'long-animation-frame'});
  } catch (err) {}
  // Elements the tree box gains that were never in the page before: what a draw made,
  // as against moved or refilled (a count of work, whatever the machine's speed).
  window.__nrMade = [];
  const seen = new WeakSet();
  new MutationObserver((records) => {
    let made = 0;
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.closest('.nrp-tree')) continue;
      for (const e of [n, ...n.querySelectorAll('*')]) if (!seen.has(e)) { seen.add(e); made++; }
    }
    if (made) window.__nrMade.push({at: performance.now(), made});
  }).observe(document.body, {subtree: true, childList: true});
}"""

FONTS = """box => {
  const sizes = [];
  for (const node of box.querySelectorAll('.nrp-tn *')) {
    if (!node.offsetParent || !node.childNodes.length) continue;
    const own = [...node.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());
    if (own) sizes.push(parseFloat(getComputedStyle(node).fontSize));
  }
  return sizes;
}"""

BOX = """box => ({height: box.getBoundingClientRect().height, client: box.clientHeight,
  scroll: box.scrollHeight, width: box.clientWidth, scrollWidth: box.scrollWidth})"""

RUNNING_IN_VIEW = """box => {
  const rows = [...box.querySelectorAll('.nrp-tn[data-status="running"]')];
  if (!rows.length) return null;
  return rows.some(r => r.offsetTop >= box.scrollTop
    && r.offsetTop + r.offsetHeight <= box.scrollTop + box.clientHeight);
}"""

STOP_TIMER = """cell => {
  // The cell's output may be redrawn when the run ends (a new view of the same
  // panel): watch the whole cell, not one element.
  window.__nrStoppedAt = undefined;
  const ended = () => [...cell.querySelectorAll('.nrp')]
    .some(p => !['running', 'waiting'].includes(p.dataset.status));
  cell.querySelector('.nrp-stop').addEventListener('click', () => {
    window.__nrClickAt = performance.now();
  }, {capture: true, once: true});
  new MutationObserver((_, obs) => {
    if (ended()) { window.__nrStoppedAt = performance.now(); obs.disconnect(); }
  }).observe(cell, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-status']});
}"""


MEASURED = """windows => {
  const inside = (t) => windows.some(([a, b]) => t >= a && t <= b);
  const draws = globalThis.__notebook_router_panels__.draws;
  // The panel's own work inside each long task: how much of it was ours. Draws nest (a
  // frame's entry spans the parts it drew, and the tree's draw inside it), so the time
  // covered by their union is counted, never a sum that counts a part twice.
  const ours = (e) => {
    const end = e.start + e.duration;
    const spans = draws
      .map(d => [Math.max(d.at, e.start), Math.min(d.at + d.ms, end)])
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    let covered = 0, reach = -Infinity;
    for (const [a, b] of spans) {
      if (b <= reach) continue;
      covered += b - Math.max(a, reach);
      reach = b;
    }
    return covered;
  };
  const scripts = (e) => window.__nrLoaf
    .filter(f => f.start <= e.start + e.duration && f.start + f.duration >= e.start)
    .flatMap(f => f.scripts);
  const described = (e) => ({...e, panel_ms: Math.round(ours(e) * 10) / 10, scripts: scripts(e)});
  return {
    long: window.__nrLong.filter(e => inside(e.start)).map(described),
    loaf: window.__nrLoaf.filter(e => inside(e.start)),
    draws: draws.filter(d => inside(d.at)),
    made: window.__nrMade.filter(e => inside(e.at)).reduce((sum, e) => sum + e.made, 0),
    elsewhere: window.__nrLong.filter(e => !inside(e.start)).map(described),
  };
}"""


def _quiet_window(page: Any, ms: int) -> list[float]:
    """Wait ``ms`` doing nothing while updates stream; the window's bounds (performance.now())."""
    start = page.evaluate("() => performance.now()")
    page.wait_for_timeout(ms)
    return [start, page.evaluate("() => performance.now()")]


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    return {
        "count": len(values),
        "median_ms": round(statistics.median(values), 2),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
        "max_ms": round(ordered[-1], 2),
    }


def _fonts_ok(box: Any) -> float:
    sizes: list[float] = box.evaluate(FONTS)
    assert sizes, "no tree text is visible"
    smallest = min(sizes)
    assert smallest >= MIN_FONT_PX, f"tree text at {smallest} px"
    return smallest


def _scenario(page: Any, cell: int, name: str, ui: str) -> dict[str, Any]:
    """Run the route in ``cell``, check the panel while it streams, Stop it; the figures."""
    figures: dict[str, Any] = {}
    loads = [_load()]
    page.evaluate("() => { (globalThis.__notebook_router_panels__ ??= {}).draws = []; }")
    _run_cell(page, cell)
    panel = _cell(page, cell).locator(".nrp").first
    box = panel.locator(".nrp-tree")
    box.locator(".nrp-tn-task").first.wait_for()
    # Updates from here on: the panel's first mount (module import, first
    # layout of the output area) is not an update. The test only waits in the
    # measured windows: its own clicks, drags and screenshots (Chromium stops
    # the page to capture one) would be counted as the panel's otherwise.
    windows = [_quiet_window(page, 3000)]
    shot(page, f"scale-{ui}-{name}-running", panel)

    # The tree box keeps its size and scrolls; its text keeps a readable size.
    figures["min_font_px"] = _fonts_ok(box)
    size = box.evaluate(BOX)
    figures["tree_box"] = size
    assert size["height"] <= TREE_CAP_PX, size
    assert size["scroll"] > size["client"], f"nothing to scroll: {size}"
    figures["running_in_view"] = box.evaluate(RUNNING_IN_VIEW)
    assert figures["running_in_view"] is not False, "no running node is in view"

    # The plan: capped, scrolling, counts by status in its header.
    plan = panel.locator(".nrp-plan-box")
    plan_size = plan.evaluate(BOX)
    head = panel.locator(".nrp-plan h4").inner_text()
    figures["plan_box"], figures["plan_header"] = plan_size, head
    assert plan_size["height"] <= PLAN_CAP_PX, plan_size
    if name == "flat":
        assert plan_size["scroll"] > plan_size["client"]
        assert head.startswith("Plan · 60 tasks: ") and "running" in head, head

    # Groups close and open on click, keyboard-reachable buttons saying so.
    toggle = box.locator('.nrp-tg-toggle[aria-expanded="true"]').first
    key = toggle.get_attribute("data-group")
    rows_open = box.locator(".nrp-tn").count()
    toggle.click()
    same = box.locator(f'.nrp-tg-toggle[data-group="{key}"]')
    assert same.get_attribute("aria-expanded") == "false"
    rows_closed = box.locator(".nrp-tn").count()
    assert rows_closed < rows_open, (rows_open, rows_closed)
    shot(page, f"scale-{ui}-{name}-group-closed", panel)
    same.focus()
    page.keyboard.press("Enter")
    assert same.get_attribute("aria-expanded") == "true"
    figures["group_rows"] = {"open": rows_open, "closed": rows_closed, "group": key}

    # Pan by dragging and zoom by ctrl+wheel: the box moves, never the page; text stays >= 11 px.
    before = box.evaluate(
        "b => { b.scrollTop = 0; return [0, document.scrollingElement.scrollTop]; }"
    )
    rect = box.bounding_box()
    assert rect is not None
    x = rect["x"] + rect["width"] - 30  # right of the rows' text: no button there
    page.mouse.move(x, rect["y"] + rect["height"] - 20)
    page.mouse.down()
    page.mouse.move(x, rect["y"] + 40, steps=6)
    page.mouse.up()
    after = box.evaluate("b => [b.scrollTop, document.scrollingElement.scrollTop]")
    assert after[0] > before[0] and after[1] == before[1], (before, after)
    page.keyboard.down("Control")
    for _ in range(6):
        page.mouse.wheel(0, 200)
    page.keyboard.up("Control")
    figures["zoomed_out_min_font_px"] = _fonts_ok(box)
    panel.get_by_role("button", name="Zoom in").click()
    panel.get_by_role("button", name="Reset zoom and position").click()

    page.wait_for_timeout(300)  # the interactions' own frames settle
    windows.append(_quiet_window(page, 2000))
    shot(page, f"scale-{ui}-{name}-later", panel)

    # Stop mid-run, timed inside the page from the click handler to the badge.
    assert panel.get_attribute("data-status") == "running"
    figures["tree_nodes_at_stop"] = box.locator(".nrp-tn").count()
    figures["tree_elements_at_stop"] = box.evaluate("b => b.querySelectorAll('*').length")
    _cell(page, cell).evaluate(STOP_TIMER)
    panel.locator(".nrp-stop").click()
    page.wait_for_function("() => window.__nrStoppedAt !== undefined", polling="raf")
    stop_ms = page.evaluate("() => window.__nrStoppedAt - window.__nrClickAt")
    figures["stop_ms"] = round(stop_ms, 1)
    # Then the panel makes way for the run's static view, which says it was stopped.
    view = _cell(page, cell).locator(".nr-run").first
    view.wait_for(timeout=30_000)
    assert "stopped by user" in view.locator(".nr-badge").inner_text()
    assert _cell(page, cell).locator(".nrp").count() == 0
    shot(page, f"scale-{ui}-{name}-stopped", view)

    loads.append(_load())
    figures["load"] = max(loads)
    measured = page.evaluate(MEASURED, windows)
    figures["windows_s"] = [round((b - a) / 1000, 2) for a, b in windows]
    figures["window_s"] = round(sum(figures["windows_s"]), 2)
    figures["tree_draws"] = _stats([d["ms"] for d in measured["draws"] if d["what"] == "tree"])
    figures["frame_draws"] = _stats([d["ms"] for d in measured["draws"] if d["what"] == "frame"])
    figures["tree_elements_made"] = measured["made"]
    figures["handler_draws"] = _stats(
        [d["ms"] for d in measured["draws"] if d["what"] not in ("tree", "frame")]
    )
    figures["long_tasks"] = measured["long"]
    figures["long_animation_frames"] = measured["loaf"]
    # Outside the quiet windows (mount, the test's clicks and screenshots): reported, not judged.
    figures["long_tasks_elsewhere"] = measured["elsewhere"]
    return figures


def _record(ui: str, results: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "panel_scale.json"
    saved = json.loads(path.read_text()) if path.exists() else {}
    saved[ui] = results
    path.write_text(json.dumps(saved, indent=2) + "\n")
    for name, f in results.items():
        long = [(round(e["duration"]), e["panel_ms"]) for e in f["long_tasks"]]
        print(
            f"\n{ui} {name}: whole update (one frame) {f['frame_draws']}, "
            f"of which tree {f['tree_draws']}, "
            f"long tasks (ms, of which panel ms) in {f['window_s']} s of updates: {long}, "
            f"{len(f['long_tasks_elsewhere'])} outside the quiet windows, "
            f"stop {f['stop_ms']} ms, min font {f['min_font_px']} px, "
            f"tree elements made {f['tree_elements_made']} in {f['tree_draws']['count']} draws "
            f"(the box holds {f['tree_elements_at_stop']}), load {f['load']}, "
            f"tree box {f['tree_box']['client']}/{f['tree_box']['scroll']} px, "
            f"plan box {f['plan_box']['client']}/{f['plan_box']['scroll']} px"
        )


def _load() -> float:
    """Processes ready to run per core (the 1-minute load average over the core count)."""
    return round(os.getloadavg()[0] / (os.cpu_count() or 1), 2)


def _check(results: dict[str, Any]) -> None:
    for name, f in results.items():
        # What the panel did, counted: the same on any machine, however busy.
        assert f["tree_draws"]["count"] > 5, f"{name}: the tree was hardly redrawn"
        made = f["tree_elements_made"] / f["tree_draws"]["count"]
        # A draw refills the rows it has (keyed.js); one that rebuilt them would make about
        # as many elements as the box holds, every time.
        assert made <= f["tree_elements_at_stop"] * MADE_SHARE, (
            f"{name}: each tree draw made {made:.0f} new elements, the box holds "
            f"{f['tree_elements_at_stop']}"
        )
        if f["load"] > CROWDED_LOAD:
            # The times below are the machine's then, not the panel's: reported, not judged.
            print(f"\n{name}: load {f['load']} per core, the draw and stop times not judged")
            continue
        assert f["stop_ms"] < 1000, f"{name}: the panel showed the stop {f['stop_ms']} ms after"
        # The panel's own share of a long task is what is judged, here and below: the rest
        # is the machine's or JupyterLab's (at load 1.98 a 106 ms task held 61.8 ms of the
        # panel's draws, within the 99 ms budget, and the whole task was counted as the
        # panel's because its draws were over half of it).
        budget = _long_task_ms(f["load"])
        over = [e for e in f["long_tasks"] if e["panel_ms"] > budget]
        assert not over, (
            f"{name}: long tasks (over {budget:.0f} ms at load {f['load']}) "
            f"the panel caused while updates streamed: {over}"
        )
        assert f["frame_draws"]["max_ms"] <= budget, f"{name}: {f['frame_draws']}"


def _both_runs(page: Any, ui: str) -> None:
    page.evaluate(WATCH)
    _run_cell(page, 0)
    expect(_cell(page, 0).locator(".jp-InputPrompt")).to_have_text(
        re.compile(r"^\[\d+\]:$"), use_inner_text=True, timeout=60_000
    )
    results: dict[str, Any] = {}
    for cell, name in ((1, "flat"), (2, "tree")):
        figures = _scenario(page, cell, name, ui)
        _wait_for_kernel(page)
        if _crowded_out(figures):
            # Measured again, once, and judged on that run alone; both are recorded.
            again = _scenario(page, cell, name, ui)
            _wait_for_kernel(page)
            figures = {**again, "first_run": figures}
        results[name] = figures
    _record(ui, results)
    _check(results)


def _long_task_ms(load: float) -> float:
    """The long-task budget at ``load`` processes ready to run per core."""
    return LONG_TASK_MS * max(1.0, load)


def _crowded_out(figures: dict[str, Any]) -> bool:
    """Long tasks came, and the panel's own draws were a small part of each.

    On this shared 2-core machine another process can take the CPU while the
    browser lays out JupyterLab; such a window says nothing of the panel. One
    with a long task that is mostly the panel's is judged as it is.
    """
    budget = _long_task_ms(figures["load"])
    over = [e for e in figures["long_tasks"] if e["duration"] > budget]
    return bool(over) and all(e["panel_ms"] < e["duration"] / 2 for e in over)


def test_sixty_tasks_and_sixty_sub_agents_in_jupyterlab(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook("scale_lab.ipynb", [AGENTS, FLAT, TREE])
    _open(page, jupyter_server, "scale_lab.ipynb")
    started = time.monotonic()
    _both_runs(page, "jupyterlab")
    print(f"\nJupyterLab scale test: {time.monotonic() - started:.0f} s")


def test_sixty_tasks_and_sixty_sub_agents_in_notebook_7(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook("scale_nb7.ipynb", [AGENTS, FLAT, TREE])
    page.goto(jupyter_server.open_url("notebooks/scale_nb7.ipynb"))
    _cell(page, 0).wait_for()
    _wait_for_kernel(page)
    _both_runs(page, "notebook7")
