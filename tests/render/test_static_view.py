"""The static view of a run (saved notebooks, nbconvert) and the panel's state, headless."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.rails import Limits
from notebook_router.planner.run import Run
from notebook_router.render import run_bundle
from notebook_router.render import svg as svg_module
from notebook_router.render.panel_state import panel_state, panel_status, trace_line


@agent(can=["numbers", "load"])
def numbers() -> list[int]:
    "Loads a list of numbers."
    return [3, 1, 4, 1, 5, 9, 2, 6]


@agent(can=["sum", "total", "add"])
def total(inputs: dict[str, list[int]]) -> int:
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))


async def _finished_run() -> Run:
    run = Router([numbers, total], limits=Limits(max_tokens=100_000)).start(
        "Load the numbers, then add them up"
    )
    await run
    return run


async def test_bundle_carries_plan_tree_picture_and_mermaid() -> None:
    run = await _finished_run()
    bundle = run_bundle(run)
    assert bundle["text/vnd.mermaid"] == to_mermaid(run_graph(run.state))
    svg = bundle["image/svg+xml"]
    assert svg.startswith("<svg") and "<!--" not in svg  # no graphviz version comment
    assert "t2 · Add them up" in svg and "numbers" in svg
    html = bundle["text/html"]
    encoded = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert encoded is not None and base64.b64decode(encoded.group(1)).decode() == svg
    assert '<tr data-task="t2">' in html and ">Add them up <span" in html


async def test_without_graphviz_the_bundle_still_has_plan_and_mermaid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = await _finished_run()
    svg_module.dot_available.cache_clear()
    monkeypatch.setattr("notebook_router.render.svg.shutil.which", lambda _name: None)
    try:
        bundle = run_bundle(run)
    finally:
        svg_module.dot_available.cache_clear()
    assert "image/svg+xml" not in bundle
    assert "data:image/svg+xml" not in bundle["text/html"]
    assert bundle["text/vnd.mermaid"].startswith("flowchart TD")


async def test_a_failed_graphviz_draw_is_said_in_the_view_and_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import graphviz

    run = await _finished_run()
    svg_module._DRAWN.clear()
    real, calls = graphviz.pipe, []

    def failing(*args: Any, **kwargs: Any) -> bytes:
        calls.append(args)
        raise graphviz.CalledProcessError(1, ["dot"], stderr=b"dot: out of memory")

    monkeypatch.setattr(graphviz, "pipe", failing)
    bundle = run_bundle(run)
    assert len(calls) == 2  # tried twice: a cold machine's dot has failed once, then drawn
    assert "image/svg+xml" not in bundle
    html = bundle["text/html"]
    assert "No diagram: graphviz could not draw it (CalledProcessError:" in html
    assert '<tr data-task="t2">' in html  # the plan and the outline are there still
    # A failure is not kept: the next view draws the picture.
    monkeypatch.setattr(graphviz, "pipe", real)
    again = run_bundle(run)
    assert again["image/svg+xml"].startswith("<svg")
    assert "could not draw" not in again["text/html"]


async def test_the_static_view_reads_right_without_its_style_sheet() -> None:
    # JupyterLab drops the <style> of a notebook it does not trust yet (a fresh
    # clone, Binder): the headline must still read as a status, then the goal.
    html = run_bundle(await _finished_run())["text/html"]
    bare = re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", html, flags=re.S))
    assert bare.startswith("the goal was met Load the numbers, then add them up")
    assert '<b class="nr-badge done">the goal was met</b>' in html  # bold where unstyled


async def test_nbconvert_html_shows_the_static_view_not_the_widget() -> None:
    # Imported here, not at the top: nbformat validates with jsonschema, whose IRI grammar
    # is built at import, and every process that collects this module would pay for it.
    import nbformat
    from nbconvert import HTMLExporter

    run = await _finished_run()
    data = {
        "application/vnd.jupyter.widget-view+json": {
            "version_major": 2,
            "version_minor": 1,
            "model_id": "0123456789abcdef",
        },
        **run_bundle(run),
    }
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("%%route\nLoad the numbers, then add them up")
    cell.outputs = [nbformat.v4.new_output("execute_result", data=data, execution_count=1)]
    nb.cells = [cell]
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert "the goal was met" in html
    assert ">Add them up <span" in html
    assert 'src="data:image/svg+xml;base64,' in html
    assert "0123456789abcdef" not in html  # no widget without saved widget state


async def test_panel_state_of_a_finished_run() -> None:
    run = await _finished_run()
    lines = [line async for e in run.events() if (line := trace_line(e)) is not None]
    state = panel_state(run.state, run.limits, elapsed_s=1.25, trace=lines)
    assert state.status == "finished" and state.headline == "the goal was met"
    assert [(r.id, r.agent, r.status, r.depends_on) for r in state.plan] == [
        ("t1", "numbers", "fulfilled", []),
        ("t2", "total", "fulfilled", ["t1"]),
    ]
    assert state.plan[1].result.startswith("31")
    meters = {m.label: m for m in state.meters}
    assert meters["iterations"].limit == 50
    assert meters["tokens"].limit == 100_000 and meters["tokens"].text.endswith("/100,000")
    assert meters["time"].limit is None and meters["time"].text == "1.2 s"
    assert state.trace[0].kind == "run_started"
    assert state.trace[-1].kind == "run_finished" and state.trace[-1].text == "the goal was met"
    assert "<li>" in state.answer_html and "31" in state.answer_html
    assert state.question == "" and state.steering == []


async def test_panel_status_names_why_a_run_ended() -> None:
    run = Router([numbers]).start("Load the numbers")
    assert panel_status(run.state) == "running"
    run.state.pending_question = "Which numbers?"
    assert panel_status(run.state) == "waiting"
    run.state.pending_question = None
    for reason, status in [
        ("completed", "finished"),
        ("stopped_by_user", "stopped"),
        ("interrupted", "interrupted"),
        ("time_budget", "limited"),
        ("stalled", "limited"),
        ("planner_error", "failed"),
        ("unanswered", "failed"),
    ]:
        run.state.stop_reason = reason  # type: ignore[assignment]
        assert panel_status(run.state) == status
    run.stop()
    await run


def test_the_committed_quickstart_converts_to_html_with_its_static_views() -> None:
    import nbformat
    from nbconvert import HTMLExporter

    path = Path(__file__).parents[2] / "notebooks" / "01_quickstart.ipynb"
    nb = nbformat.read(path, as_version=4)
    routes = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("%%route")]
    html, _ = HTMLExporter().from_notebook_node(nb)
    # One tree picture per finished %%route cell (the background one shows its first state).
    assert html.count('src="data:image/svg+xml;base64,') >= len(routes) - 1
    assert html.count('class="nr-run"') >= len(routes) - 1
    assert "application/vnd.jupyter.widget-view+json" not in html


async def test_panel_shows_the_delegation_tree_and_its_hops() -> None:
    from notebook_router.examples import travel

    run = Router(travel.AGENTS).start("Plan a trip to Italy with great food")
    await run
    lines = [line async for e in run.events() if (line := trace_line(e)) is not None]
    state = panel_state(run.state, run.limits, elapsed_s=1.0, trace=lines)
    delegated = [line.text for line in state.trace if line.label == "delegate"]
    assert any("travel → experiences → restaurants" in text for text in delegated)
    hops = {n.id: n for n in state.tree if n.kind == "subagent"}
    restaurants = next(n for n in hops.values() if n.agent == "restaurants")
    experiences = hops[str(restaurants.parent)]  # restaurants hangs under the hop that asked it
    assert experiences.agent == "experiences" and experiences.parent == "t1"  # under its task


async def test_an_ipython_shell_draws_a_run_with_the_bundle_without_the_planner_knowing() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    from notebook_router.render.display import display_runs_in

    run = await _finished_run()
    shell = InteractiveShell.instance()
    try:
        display_runs_in(shell)
        formatter = shell.display_formatter
        assert formatter is not None
        data, _ = formatter.format(run)
    finally:
        InteractiveShell.clear_instance()
    assert data["text/vnd.mermaid"] == run_bundle(run)["text/vnd.mermaid"]
    assert "Add them up" in data["text/html"]


async def test_a_run_that_ended_asking_offers_no_answer_box() -> None:
    # Nothing could take the answer any more: the question is in the answer text.
    run = Router([numbers]).start("Translate this to French")
    result = await run
    assert result.stop_reason == "needs_clarification" and result.question
    state = panel_state(run.state, run.limits, elapsed_s=0.1)
    assert state.question == ""
    assert "Which agent should do it" in state.answer_html


async def test_a_long_plan_is_grouped_by_status_and_agent_each_group_one_click_away() -> None:
    @agent(can=["count", "item"])
    def counter(task: str) -> str:
        "Counts one item."
        return f"counted {task}"

    steps = ", then ".join(f"count item {i}" for i in range(1, 21))
    run = Router([counter], builtins=False).start(steps[0].upper() + steps[1:])
    await run
    html = run_bundle(run)["text/html"]
    tasks = len(run.state.plan)
    assert tasks > 12
    assert f"Plan · {tasks} tasks: {tasks} fulfilled" in html
    group = re.search(
        r'<details class="nr-group"><summary>(\d+) fulfilled by counter</summary>', html
    )
    assert group is not None and int(group.group(1)) == tasks  # folded: nothing needs a look
    assert html.count("<tr data-task=") == tasks  # every task is in the view, one click away
    # A short plan is one table, open; a one- or two-task run says its plan on one line.
    short = run_bundle(await _finished_run())["text/html"]
    assert 'class="nr-group"' not in short
    assert re.search(
        r'<details class="nr-section nr-plan"><summary>Plan · <span class="nr-id">t1</span> '
        r'numbers <span class="nr-st nr-st-fulfilled">fulfilled</span>',
        short,
    )
