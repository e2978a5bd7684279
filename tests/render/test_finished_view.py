"""The finished view as a reader meets it: answer first, small runs folded, long ones grouped,
the live panel's outline for a tree, costs by agent and task, numbers written for people.

Built from hand-made run states and events, so the HTML is stable: three views are
kept as snapshots (``UPDATE_SNAPSHOTS=1`` rewrites them; read the diff before committing).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from notebook_router.planner import events as ev
from notebook_router.planner.state import RunState, Task
from notebook_router.render.costs import usage_breakdown
from notebook_router.render.html import render_html
from notebook_router.render.numbers import (
    decimals_for,
    money,
    number_text,
    readable_number,
    readable_numbers_in,
)
from notebook_router.render.outline import Branch, Group, outline, walk
from notebook_router.render.panel_tree import tree_nodes
from notebook_router.render.readable import readable_outcome
from notebook_router.usage import Usage

SNAPSHOTS = Path(__file__).parent / "snapshots"


def _task(i: int, agent: str, status: str = "fulfilled", **kw: object) -> Task:
    task = Task(id=f"t{i}", description=f"{agent} item {i}", agent=agent, **kw)  # type: ignore[arg-type]
    task.status = status  # type: ignore[assignment]
    if status not in ("pending", "skipped"):
        task.started_at, task.finished_at = float(i), float(i) + 0.25
    task.summary = f"{agent} did item {i}"
    return task


def _small() -> RunState:
    state = RunState(run_id="r1", query="q", goal="Load the numbers, then add them up")
    state.plan.add([_task(1, "numbers"), _task(2, "total", depends_on=("t1",))])
    state.answer = "The numbers add up to 31 [t2]."
    state.stop_reason = "completed"
    state.add_usage(Usage(input_tokens=900, output_tokens=100, cost_usd=0.0015, calls=2), "planner")
    return state


def _sixty() -> RunState:
    agents = ("loader", "charter", "summer")
    state = RunState(run_id="r60", query="q", goal="Do sixty things")
    statuses = ["fulfilled"] * 56 + ["failed", "failed", "cancelled", "unable"]
    state.plan.add([_task(i, agents[i % 3], statuses[i]) for i in range(60)])
    state.answer = "\n".join(f"- item {i} done [t{i}]" for i in range(60))
    state.stop_reason = "completed"
    return state


def _steered() -> tuple[RunState, list[ev.Event]]:
    state = RunState(run_id="r2", query="q", goal="Sales for a region, and the weather")
    state.plan.add([_task(1, "region_sales"), _task(2, "slow", "cancelled"), _task(3, "numbers")])
    state.answer = "North sold 1200 units [t1]."
    state.stop_reason = "stopped_by_user"
    events: list[ev.Event] = [
        ev.ClarificationRequested(question="Which region, North or South?", t=0.5),
        ev.ClarificationAnswered(answer="North", t=1.25),
        ev.InterruptReceived(interrupt="redirect", message="also load the numbers", t=2.0),
        ev.InterruptHandled(
            interrupt="redirect",
            handled_as="refine",
            reply="Adding to the plan: Load the numbers",
            cancelled=(),
            t=2.5,
        ),
        ev.InterruptReceived(interrupt="stop", message="", t=4.0),
        ev.TaskCancelled(task_id="t2", agent="slow", reason="stopped by user", ran_s=3.5, t=4.1),
        ev.RunFinished(
            stop_reason="stopped_by_user",
            detail="",
            answer="",
            iterations=3,
            duration_s=4.2,
            total_tokens=0,
            cost_usd=0.0,
            t=4.2,
        ),
    ]
    return state, events


def _snapshot(name: str, html: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS"):  # review the diff, then commit it
        path.parent.mkdir(exist_ok=True)
        path.write_text(html)
    assert html == path.read_text()


def test_a_small_run_shows_its_answer_first_and_its_plan_on_one_folded_line() -> None:
    html = render_html(_small(), elapsed_s=0.5, dot_installed=False)
    _snapshot("small_run.html", html)
    body = html.split("</style>")[1]
    assert body.index('class="nr-answer"') < body.index('class="nr-section nr-plan"')
    plan = re.search(r'<details class="nr-section nr-plan"><summary>(.*?)</summary>', body)
    assert plan is not None  # folded: no "open"
    line = re.sub(r"<[^>]+>", "", plan.group(1))
    assert line == "Plan · t1 numbers fulfilled 0.25 s · t2 total fulfilled 0.25 s"
    # Without graphviz the outline is the tree, and the view says how to get a picture.
    assert 'class="nr-outline"' in body and "apt-get install graphviz" in body


def test_sixty_tasks_are_grouped_with_the_ones_that_need_a_look_open() -> None:
    html = render_html(_sixty(), dot_installed=True)
    _snapshot("sixty_tasks.html", html)
    groups = re.findall(r'<details class="nr-group"( open)?><summary>(.*?)</summary>', html)
    assert [(bool(o), s) for o, s in groups] == [
        (True, "1 failed by summer"),
        (True, "1 failed by loader"),
        (True, "1 unable by summer"),
        (False, "19 fulfilled by loader"),
        (False, "19 fulfilled by charter"),
        (False, "18 fulfilled by summer"),
        (False, "1 cancelled by charter"),
    ]
    assert html.count("<tr data-task=") == 60  # every task in the view, one click away
    assert "Plan · 60 tasks: 2 failed · 1 unable · 56 fulfilled · 1 cancelled" in html
    # The answer's 60 bullets: 8 shown, the rest one click away.
    assert "<summary>52 more</summary>" in html
    # No picture of 60 tasks; the outline has them all (grouped by agent, as the panel does).
    assert "No diagram: 64 nodes read better as the outline above" in html
    assert '<summary>loader ×20 <span class="nr-muted">· 1 failed · 19 fulfilled' in html


def test_the_steering_section_says_what_the_user_did_and_what_came_of_it() -> None:
    state, events = _steered()
    html = render_html(state, events=events, dot_installed=True)
    _snapshot("steered_run.html", html)
    section = html.split('class="nr-section nr-steering"')[1].split("</details>")[0]
    lines = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", section)]
    assert lines == [
        "0.5 s ? the planner asked: “Which region, North or South?” → you answered “North”",
        "2.0 s ↪ you redirected: “also load the numbers” → refine · Adding to the plan: Load the "
        "numbers",
        "4.0 s ■ you pressed Stop: cancelled t2 (slow, after 3.5 s); finished work was kept",
    ]


def test_outline_groups_large_families_as_the_live_panel_does() -> None:
    state = _sixty()
    branches = outline(tree_nodes(state))
    [goal] = branches
    groups = goal.children
    assert all(isinstance(g, Group) for g in groups)
    assert [(g.label, g.urgent) for g in groups if isinstance(g, Group)] == [
        ("loader ×20", True),  # the groups with failed work first
        ("summer ×20", True),
        ("charter ×20", False),
    ]
    assert len(walk(branches)) == 61
    one_agent = RunState(run_id="r", query="q", goal="g")
    one_agent.plan.add([_task(i, "solo", "failed" if i == 3 else "fulfilled") for i in range(10)])
    [root] = outline(tree_nodes(one_agent))
    assert [g.label for g in root.children if isinstance(g, Group)] == [
        "failed ×1",
        "fulfilled ×9",
    ]
    few = RunState(run_id="r", query="q", goal="g")
    few.plan.add([_task(i, "solo") for i in range(8)])
    [root] = outline(tree_nodes(few))
    assert all(isinstance(b, Branch) for b in root.children)  # eight children: no groups


def test_usage_by_agent_and_task_is_shown_and_sums_to_the_run() -> None:
    state = _small()
    state.add_usage(
        Usage(input_tokens=3000, output_tokens=500, cost_usd=0.02, calls=3), "numbers", "t1"
    )
    state.add_usage(
        Usage(input_tokens=100, output_tokens=20, cost_usd=0.001, calls=1), "total", "t2"
    )
    usage = usage_breakdown(state)
    assert [(r.name, r.tokens_text, r.cost_text) for r in usage.agents] == [
        ("numbers", "3,500", "$0.0200"),
        ("planner", "1,000", "$0.0015"),
        ("total", "120", "$0.0010"),
    ]
    assert [(r.name, r.agent, r.calls) for r in usage.tasks] == [
        ("t1", "numbers", 3),
        ("t2", "total", 1),
    ]
    assert round(sum(r.share for r in usage.agents), 3) == 1.0
    html = render_html(state)
    assert (
        "Tokens and cost · 4,620 tokens, $0.0225: numbers 3,500, planner 1,000, total 120" in html
    )
    cost = html.split('class="nr-section nr-cost"')[1]
    assert '<td class="nr-num" style="text-align:right">3,000</td>' in cost


def test_numbers_read_as_numbers() -> None:
    assert readable_number("8.974061e+06") == "8,974,061"
    assert readable_number("2024") == "2024" and readable_number("20240") == "20,240"
    assert readable_number("12.5%") == "12.5%" and readable_number("North") is None
    assert number_text(0.000123) == "0.000123" and number_text(float("nan")) == "NaN"
    assert decimals_for([120.5, 99.25, 7.0]) == 2 and decimals_for([1234.5678]) == 2
    assert readable_numbers_in("worth 1.5e+07 in 2024, order 123456") == (
        "worth 15,000,000 in 2024, order 123456"  # whole numbers in prose may be ids
    )
    assert money(0.00421) == "$0.0042" and money(1234.5) == "$1,234.50"


@pytest.mark.parametrize(
    ("outcome", "shown"),
    [
        ('["image/png from the output of cell 9"]', "image/png from the output of cell 9"),
        ('[{"a": 1}, "b"]', '{"a": 1}; b'),
        ("[3, 1, 4]", "[3, 1, 4]"),
        ('["cut short…', '["cut short…'),
        ("plain words", "plain words"),
    ],
)
def test_a_plan_row_shows_what_an_agent_returned_as_words(outcome: str, shown: str) -> None:
    assert readable_outcome(outcome) == shown


def test_status_counts_follow_the_panels_order() -> None:
    from notebook_router.render.outline import counts_text

    assert counts_text(Counter({"fulfilled": 3, "failed": 1, "running": 2})) == (
        "2 running · 1 failed · 3 fulfilled"
    )


def test_the_panel_says_who_works_on_while_it_waits_for_you() -> None:
    from notebook_router.planner.rails import Limits
    from notebook_router.render.panel_state import panel_state

    state = RunState(run_id="r", query="q", goal="g")
    state.plan.add([_task(i, "worker", "running") for i in range(1, 7)])
    state.pending_question = "Which region?"
    shown = panel_state(state, Limits(), elapsed_s=1.0)
    assert shown.status == "waiting" and shown.headline == "waiting for your answer · 6 running"
    state.pending_question = None
    state.plan.tasks["t1"].status = "pending"  # the rest have ended
    for i in range(2, 7):
        state.plan.tasks[f"t{i}"].status = "fulfilled"
    state.pending_question = "Which region?"
    assert panel_state(state, Limits(), elapsed_s=1.0).headline == "waiting for your answer"


def test_the_panel_state_carries_the_breakdown_its_meters_open() -> None:
    from notebook_router.planner.rails import Limits
    from notebook_router.render.panel_state import panel_state

    state = _small()
    state.add_usage(
        Usage(input_tokens=300, output_tokens=12, cost_usd=5e-5, calls=1), "numbers", "t1"
    )
    usage = panel_state(state, Limits(), elapsed_s=1.0).usage
    assert [(a.name, a.tokens_text, a.cost_text) for a in usage.agents] == [
        ("planner", "1,000", "$0.0015"),
        ("numbers", "312", "$0.0001"),
    ]
    assert [(t.name, t.agent, t.label) for t in usage.tasks] == [
        ("t1", "numbers", "numbers item 1")
    ]


async def test_a_delegated_run_shows_its_tree_even_when_its_plan_is_one_line() -> None:
    from notebook_router import Router
    from notebook_router.examples import travel
    from notebook_router.render import run_bundle

    run = Router(travel.AGENTS).start("Plan a trip to Italy with great food")
    await run
    html = run_bundle(run)["text/html"]
    assert len(run.state.plan) == 1
    assert '<details class="nr-section nr-plan"><summary>Plan · ' in html  # one folded line
    tree = html.split('<details class="nr-section nr-tree" open><summary>Delegation tree · ')[1]
    assert 'class="nr-outline"' in tree and ">restaurants<" in tree  # the hops, in view
