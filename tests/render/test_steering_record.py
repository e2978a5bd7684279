"""The steering record: what the user did to a run and what came of it, kept in every view."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from notebook_router import NeedsUserInput, Router, agent
from notebook_router.agents.base import AgentContext
from notebook_router.planner import events as ev
from notebook_router.planner.run import Run
from notebook_router.render import run_bundle
from notebook_router.render.steering import steering_record
from notebook_router.store import SessionStore


@agent(can=["region", "sales"])
def region_sales(task: str) -> str:
    "Sales of one region; asks which one when the request does not say."
    for region in ("North", "South"):
        if region in task:
            return f"{region} sold 1200 units"
    raise NeedsUserInput("Which region, North or South?")


@agent(can=["slow", "weather", "think"])
async def slow(task: str) -> str:
    "Thinks about the weather for a long time."
    await asyncio.sleep(30)
    return "too late"


@agent(can=["numbers", "load"])
def numbers(task: str) -> list[int]:
    "Loads the numbers."
    return [3, 1, 4]


async def _until(check: Callable[[], bool]) -> None:
    for _ in range(500):  # 10 s at most
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out waiting")


async def _answer_north(question: str) -> str:
    await asyncio.sleep(0.05)
    return "North"


async def _steered(store: SessionStore | None = None) -> Run:
    """A run asked a question (answered), redirected (taken), then stopped."""
    router = Router(
        [region_sales, slow, numbers], on_clarify=_answer_north, clarify="wait", store=store
    )
    run = router.start("Show the sales for a region and think slowly about the weather")
    await _until(lambda: any(isinstance(e, ev.ClarificationAnswered) for e in run.history))
    await _until(lambda: any(t.status == "running" and t.agent == "slow" for t in run.state.plan))
    run.redirect("also load the numbers")
    await _until(lambda: any(isinstance(e, ev.InterruptHandled) for e in run.history))
    run.stop()
    await run
    return run


async def test_a_question_a_redirect_and_a_stop_are_recorded_with_what_came_of_them() -> None:
    run = await _steered()
    items = steering_record(run.history)
    assert [i.kind for i in items] == ["question", "redirect", "stop"]
    question, redirect, stop = items
    assert question.message == "Which region, North or South?" and question.reply == "North"
    assert redirect.message == "also load the numbers"
    assert redirect.outcome == "refine" and redirect.reply  # how the planner took it
    slow_task = next(t.id for t in run.state.plan if t.agent == "slow")
    assert [(c.task_id, c.agent) for c in stop.cancelled] == [(slow_task, "slow")]
    assert stop.cancelled[0].ran_s is not None and stop.cancelled[0].ran_s > 0
    assert question.at <= redirect.at <= stop.at
    assert stop.line.endswith(
        f"■ Stop: cancelled {slow_task} (slow, after {stop.cancelled[0].ran_s:.1f} s)"
    )

    html = run_bundle(run)["text/html"]
    assert "Steering · 3: 1 question, 1 redirect, 1 Stop" in html
    assert "the planner asked: “Which region, North or South?” → you answered “North”" in html
    assert "you redirected: “also load the numbers” → <b>refine</b>" in html
    assert f"you pressed Stop: cancelled {slow_task} (slow, after" in html
    text = run_bundle(run)["text/plain"]
    assert "\nsteering:\n" in text and "? the planner asked “Which region" in text


async def test_the_kernels_interrupt_is_recorded_with_what_it_cancelled() -> None:
    run = Router([slow]).start("think slowly about the weather")
    waiting = asyncio.ensure_future(_wait(run))
    await _until(lambda: any(t.status == "running" for t in run.state.plan))
    waiting.cancel()  # what ■ does to the cell awaiting the run
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    await _until(run.done)
    [item] = steering_record(run.history)
    assert item.kind == "interrupt" and [c.task_id for c in item.cancelled] == ["t1"]
    assert (
        "the kernel was interrupted (■): cancelled t1 (slow, after" in run_bundle(run)["text/html"]
    )


async def _wait(run: Run) -> Any:
    return await run


@agent(can=["code", "write"])
async def coder(task: str, context: AgentContext) -> str:
    "Writes code and runs it if the user says so."
    decision = await context.approve_code("total = 40 + 2", "add two numbers")
    return "ran" if decision.run else decision.note


async def test_code_approvals_say_what_the_user_decided() -> None:
    run = Router([coder], clarify="wait", code="ask").start("write code to add them")
    await _until(lambda: bool(run.state.approvals))
    run.approve("run", code="total = 40 + 3")
    await run
    [item] = steering_record(run.history)
    assert (item.kind, item.task_id, item.agent) == ("approval", "t1", "coder")
    assert item.outcome == "you edited it, then ran it" and item.message == "add two numbers"
    assert (
        'code of <span class="nr-id">t1</span> · coder (add two numbers): you edited it'
        in (run_bundle(run)["text/html"])
    )


async def test_a_run_nobody_steered_has_no_steering_section() -> None:
    run = Router([numbers]).start("load the numbers")
    await run
    assert steering_record(run.history) == []
    assert "Steering" not in run_bundle(run)["text/html"]


async def test_the_export_keeps_the_steering_and_its_page_shows_it(tmp_path: Path) -> None:
    from notebook_router.store.export import write_export

    store = SessionStore(tmp_path)
    run = await _steered(store)
    store.flush()
    exported = json.loads(write_export(store, run.id, tmp_path / "run.json").read_text())
    assert [s["kind"] for s in exported["steering"]] == ["question", "redirect", "stop"]
    assert exported["steering"][0]["reply"] == "North"
    page = write_export(store, run.id, tmp_path / "run.html").read_text()
    assert "Steering · 3: 1 question, 1 redirect, 1 Stop" in page
    store.close()
