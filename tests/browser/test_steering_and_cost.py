"""In JupyterLab, as a person steers and pays: the finished view keeps both.

A run is asked a question (answered in the panel), redirected (from the panel) and
stopped (the panel's ■ Stop): its finished view has a steering section saying each,
and ``%route export`` keeps it. A run against an OpenAI-compatible server on loopback
shows tokens and cost per agent and per task, in the live panel's meter breakdown and
in the finished view. Screenshots go to ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.checks import assert_readable
from tests.browser.conftest import ARTIFACTS, JupyterServer, shot
from tests.browser.test_panel_browser import ASKS, _cell, _open, _run_all, _static_view
from tests.providers.servers import LoopbackServer, openai_completion, openai_stream

pytestmark = pytest.mark.browser

STEERED = """\
@agent(can=["slow", "think", "weather"])
async def slow(task):
    "Thinks about the weather for a long time."
    await asyncio.sleep(30)
    return "too late"

@agent(can=["numbers", "load"])
def numbers(task):
    "Loads the numbers."
    return [3, 1, 4]
"""
ROUTE = (
    "%%route -o steered --agents region_sales,slow,numbers\n"
    "Show the sales for a region and think slowly about the weather"
)


def test_a_question_a_redirect_and_a_stop_stay_in_the_finished_view(
    jupyter_server: JupyterServer, page: Any
) -> None:
    jupyter_server.write_notebook(
        "steered.ipynb",
        [
            "import asyncio\n" + ASKS + STEERED,
            ROUTE,
            "%route export {steered.id} --to steered.json",
        ],
    )
    _open(page, jupyter_server, "steered.ipynb")
    _run_all(page, 3)
    panel = _cell(page, 1).locator(".nrp").first
    # The planner asks; the answer is typed in the panel.
    question = panel.locator(".nrp-question")
    question.wait_for()
    panel.get_by_label("Answer to the planner's question").fill("North")
    question.get_by_role("button", name="Answer").click()
    slow = panel.locator("tr.nrp-row-running", has_text="slow")
    slow.wait_for()
    # A redirect from the panel, taken by the planner.
    panel.get_by_role("button", name="↪ Redirect").click()
    panel.get_by_label("Redirect message").fill("also load the numbers")
    panel.get_by_role("button", name="Send").click()
    panel.locator(".nrp-steering").get_by_text("refine").wait_for()
    shot(page, "steering-live-panel", panel)
    panel.locator(".nrp-stop").click()

    view = _static_view(page, 1, "stopped by user")
    steering = view.locator("details.nr-steering")
    assert steering.get_attribute("open") is not None  # short: it shows without a click
    assert (
        "Steering · 3: 1 question, 1 redirect, 1 Stop" in steering.locator("summary").inner_text()
    )
    lines = steering.locator("li").all_inner_texts()
    assert "the planner asked: “Which region, North or South?” → you answered “North”" in lines[0]
    assert "you redirected: “also load the numbers” → refine" in lines[1]
    slow_id = view.locator("tr[data-task]", has_text="Think slowly").get_attribute("data-task")
    assert f"you pressed Stop: cancelled {slow_id} (slow, after" in lines[2]
    assert_readable(steering, "steering section")
    steering.scroll_into_view_if_needed()
    shot(page, "steering-finished-view", view)

    # The export keeps it too (written by the third cell once the run had ended).
    exported = jupyter_server.root / "steered.json"
    _cell(page, 2).locator(".jp-OutputArea-output").first.wait_for()
    kinds = [s["kind"] for s in json.loads(exported.read_text())["steering"]]
    assert kinds == ["question", "redirect", "stop"]


FORECAST = """\
%load_ext notebook_router
import asyncio, os
os.environ["OPENAI_API_KEY"] = "sk-loopback"
os.environ["OPENAI_BASE_URL"] = "{url}/v1"
from notebook_router import agent

@agent(can=["weather", "forecast"])
async def forecaster(task, context):
    "Asks the model for the forecast, then checks it for a while."
    forecast = await context.model.ask(f"Forecast: {{task}}")
    await asyncio.sleep(6)  # the live panel shows what was spent meanwhile
    return forecast
"""
MODEL_ROUTE = (
    "%%route --model openai:gpt-4o-mini --agents forecaster\nWhat is the weather tomorrow?"
)
PLAN = {
    "action": "execute",
    "reason": "the forecaster knows",
    "run": [
        {"id": "t1", "agent": "forecaster", "description": "forecast tomorrow", "depends_on": []}
    ],
}


@pytest.fixture
def openai_server() -> Iterator[LoopbackServer]:
    server = LoopbackServer()
    # What the run asks, in order: the plan, the forecaster's call, the answer (streamed).
    server.reply(200, openai_completion(json.dumps(PLAN), prompt=1200, output=60))
    server.reply(200, openai_completion("Sunny, 24 °C.", prompt=300, output=12))
    server.stream(openai_stream(['{"answer": "Sunny, ', '24 °C [t1]."}'], prompt=900, output=40))
    try:
        yield server
    finally:
        server.close()


def test_tokens_and_cost_per_agent_and_task_for_a_model_run(
    jupyter_server: JupyterServer, page: Any, openai_server: LoopbackServer
) -> None:
    jupyter_server.write_notebook(
        "cost.ipynb", [FORECAST.format(url=openai_server.url), MODEL_ROUTE]
    )
    _open(page, jupyter_server, "cost.ipynb")
    _run_all(page, 2)
    panel = _cell(page, 1).locator(".nrp").first
    panel.locator('tr[data-task="t1"] .nrp-st-running').wait_for()
    button = panel.get_by_role("button", name="by agent ▸")
    button.wait_for()
    button.click()
    breakdown = panel.locator(".nrp-usage")
    breakdown.locator(".nrp-usage-tasks").wait_for()
    agents = {
        cells[0]: cells[1:]
        for cells in breakdown.locator(".nrp-usage-agents tbody tr").evaluate_all(
            "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
        )
    }
    # gpt-4o-mini's prices: planner 1,260 tokens so far, the forecaster's one call 312.
    assert agents["planner"][:2] == ["1", "1,260"], agents
    assert agents["forecaster"][:2] == ["1", "312"], agents
    assert all(v[2].startswith("$0.0") for v in agents.values()), agents
    tasks = breakdown.locator(".nrp-usage-tasks tbody tr td").all_inner_texts()
    assert tasks[:3] == ["t1 · forecaster", "1", "312"], tasks
    assert_readable(breakdown, "meter breakdown")
    shot(page, "cost-live-breakdown", panel)

    view = _static_view(page, 1, "the goal was met")
    cost = view.locator("details.nr-cost")
    summary = cost.locator("summary").inner_text()
    assert summary.startswith(
        "Tokens and cost · 2,512 tokens, $0.0004: planner 2,200, forecaster 312"
    )
    cost.locator("summary").click()
    rows = (
        cost.locator("table")
        .first.locator("tbody tr")
        .evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    )
    assert [r[0] for r in rows] == ["planner", "forecaster"]
    assert rows[1][1:4] == ["1", "300", "12"]
    task_rows = cost.locator("table").nth(1).locator("tbody tr td").all_inner_texts()
    assert task_rows[0].startswith("t1") and task_rows[1] == "forecaster"
    assert_readable(cost, "cost section")
    shot(page, "cost-finished-view", view)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "cost_per_agent.json").write_text(
        json.dumps({"live_agents": agents, "finished_rows": rows}, indent=2) + "\n"
    )
