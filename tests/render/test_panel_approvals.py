"""Code waiting for the user's Run or Skip, as the panel and the static view show it."""

from __future__ import annotations

import asyncio
from typing import Any

from notebook_router import Router
from notebook_router.agents.base import AgentContext
from notebook_router.agents.function import agent
from notebook_router.planner import events as ev
from notebook_router.planner.run import Run
from notebook_router.render.html import render_html
from notebook_router.render.panel_state import ApprovalRow, panel_state, trace_line
from tests.conftest import Script, router_with, task

# Code holding a key is never shown for approval (it is refused before: see
# tests/planner/test_approvals.py): the code shown is the code that runs.
CODE = "client = connect()\nif rows < 3:\n    print('<b>few</b>')"


@agent(name="coder", can=["code"])
async def coder(task: str, context: AgentContext) -> Any:
    "Writes Python code."
    decision = await context.approve_code(CODE, "count the <rows> for the report")
    return decision.note


def _router() -> Router:
    return router_with(
        [coder],
        Script(decide=[{"action": "execute", "run": [task("t1", "coder")]}]),
        code="ask",
        clarify="wait",  # as where a panel is open: someone can answer
    )


async def _waiting() -> Run:
    run = _router().start("write the code")
    async for event in run.events():
        if isinstance(event, ev.CodeApprovalRequested):
            return run
    raise AssertionError("no approval was asked for")


def _state(run: Run) -> Any:
    lines = [line for e in run.history if (line := trace_line(e)) is not None]
    return panel_state(run.state, run.limits, elapsed_s=1.0, trace=lines)


async def test_waiting_code_is_in_the_panel_with_its_purpose_as_it_will_run() -> None:
    run = await _waiting()
    shown = _state(run)
    assert shown.status == "waiting" and shown.headline == "waiting for your approval"
    assert shown.approvals == [
        ApprovalRow(
            id="t1#1",
            task_id="t1",
            agent="coder",
            purpose="count the <rows> for the report",
            code=CODE,
        )
    ]
    assert shown.trace[-1].label == "approval"
    assert shown.trace[-1].text == "t1 coder waits to run code: count the <rows> for the report"
    run.approve("skip")
    await run
    after = _state(run)
    assert after.approvals == [] and after.status == "finished"
    assert [(t.label, t.text) for t in after.trace if t.kind == "code_approval_given"] == [
        ("skip", "t1: the code was not run: you chose Skip")
    ]


async def test_the_static_view_shows_waiting_code_read_only_and_escaped() -> None:
    run = await _waiting()
    html = render_html(run.state)
    assert "t1 · coder was waiting for your approval to run this code" in html
    assert "count the &lt;rows&gt; for the report" in html
    assert "print(&#x27;&lt;b&gt;few&lt;/b&gt;&#x27;)" in html and "<b>few</b>" not in html
    assert "<button" not in html and "<textarea" not in html
    run.approve("run")
    await asyncio.wait_for(run, timeout=10)
    assert 'class="nr-approval"' not in render_html(run.state)  # decided: nothing waits
