"""Every safety rail ends the run with its own stop reason, and agent trouble never crashes it."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from typing import Any

import pytest

from notebook_router import AgentResult, Limits, Router, Unable, Usage, agent
from notebook_router.examples.sales import AGENTS as SALES_AGENTS
from tests.conftest import Script, router_with, task
from tests.helpers_agents import sleeper


def _forever(agent_name: str = "a") -> list[dict[str, Any]]:
    """A planner that re-runs t1 again and again (after creating it as a decision point)."""
    first = {"action": "execute", "run": [task("t1", agent_name, checkpoint=True)]}
    return [first] + [{"action": "execute", "run": [{"id": "t1"}]} for _ in range(50)]


async def test_max_iterations() -> None:
    counter = iter(range(1000))

    @agent(can=["count"])
    def count() -> int:
        return next(counter)  # a new value each time, so it is not a stall

    script = Script(decide=_forever("count"))
    result = await router_with([count], script, limits=Limits(max_iterations=4)).run("x")
    assert result.stop_reason == "max_iterations"
    assert result.iterations == 4
    assert "iteration limit" in result.answer


async def test_stall_detection_when_nothing_changes() -> None:
    script = Script(decide=_forever())
    result = await router_with([sleeper("a", 0, value="same")], script).run("x")
    assert result.stop_reason == "stalled"
    # t1 ran once (new), then twice more with identical results: two unchanged decisions.
    assert result.task("t1").attempts == 3
    assert result.task("t1").status == "fulfilled"


async def test_token_budget() -> None:
    @agent(can=["big"])
    def big() -> AgentResult:
        return AgentResult(data="x", usage=Usage(input_tokens=600, output_tokens=600, calls=1))

    script = Script(decide=[{"action": "execute", "run": [task("t1", "big")]}])
    result = await router_with([big], script, limits=Limits(max_tokens=1000)).run("x")
    assert result.stop_reason == "token_budget"
    assert "budget 1,000" in result.stop_detail
    assert result.usage_by_source["big"].total_tokens == 1200


async def test_cost_budget_counts_agent_spend() -> None:
    @agent(can=["pricey"])
    def pricey() -> AgentResult:
        return AgentResult(data="x", usage=Usage(cost_usd=0.75, calls=1))

    script = Script(decide=_forever("pricey"))
    result = await router_with([pricey], script, limits=Limits(max_cost_usd=1.0)).run("x")
    assert result.stop_reason == "cost_budget"
    assert result.usage.cost_usd == 1.5


async def test_budget_trips_mid_parallel_work_and_cancels_the_rest() -> None:
    @agent(can=["spend"])
    async def spend() -> AgentResult:
        return AgentResult(data="x", usage=Usage(input_tokens=5000, calls=1))

    script = Script(
        decide=[{"action": "parallel", "run": [task("t1", "spend"), task("t2", "slow")]}]
    )
    router = router_with([spend, sleeper("slow", 30)], script, limits=Limits(max_tokens=100))
    result = await asyncio.wait_for(router.run("x"), 5)
    assert result.stop_reason == "token_budget"
    assert result.task("t1").status == "fulfilled"
    assert result.task("t2").status == "cancelled"


async def test_wall_clock_budget() -> None:
    script = Script(decide=[{"action": "execute", "run": [task("t1", "slow")]}])
    router = router_with([sleeper("slow", 30)], script, limits=Limits(timeout_s=0.2))
    result = await asyncio.wait_for(router.run("x"), 5)
    assert result.stop_reason == "time_budget"
    assert result.task("t1").status == "cancelled"
    assert "0.2 s" in result.stop_detail


async def test_per_agent_timeout_is_a_failed_result_and_the_run_goes_on() -> None:
    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "slow"), task("t2", "quick")]},
            {"action": "wait"},
        ]
    )
    agents = [sleeper("slow", 30, timeout=0.1), sleeper("quick", 0.01)]
    result = await asyncio.wait_for(router_with(agents, script).run("x"), 5)
    assert result.stop_reason == "partly_answered"  # a task failed: not the goal met
    assert result.task("t1").status == "failed"
    assert result.task("t1").error == "timed out after 0.1 s"
    assert result.task("t2").status == "fulfilled"


async def test_default_agent_timeout_comes_from_limits() -> None:
    script = Script(decide=[{"action": "execute", "run": [task("t1", "slow")]}])
    router = router_with([sleeper("slow", 30)], script, limits=Limits(agent_timeout_s=0.05))
    result = await asyncio.wait_for(router.run("x"), 5)
    assert result.task("t1").error == "timed out after 0.05 s"


async def test_agent_exception_becomes_a_failed_result_with_the_reason() -> None:
    @agent(can=["broken"])
    def broken() -> None:
        raise KeyError("region")

    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "broken"), task("t2", "a")]},
            {"action": "wait"},
        ]
    )
    result = await router_with([broken, sleeper("a", 0.01)], script).run("x")
    t1 = result.task("t1")
    assert t1.status == "failed"
    assert t1.error is not None and t1.error.startswith("KeyError: 'region' (at broken, line")
    assert result.task("t2").status == "fulfilled"
    assert result.stop_reason == "partly_answered"  # a task failed: not the goal met


async def test_unable_is_reported_as_unable() -> None:
    @agent(can=["picky"])
    def picky() -> None:
        raise Unable("I only do flights")

    script = Script(decide=[{"action": "execute", "run": [task("t1", "picky")]}])
    result = await router_with([picky], script).run("x")
    assert (result.task("t1").status, result.task("t1").error) == ("unable", "I only do flights")
    # Nothing produced a result: the run does not claim the goal was met.
    assert (result.stop_reason, result.completed) == ("unanswered", False)
    assert result.stop_detail == "no result from the 1 task tried (1 unable)"


async def test_a_run_with_one_task_done_and_one_not_says_it_is_partly_answered() -> None:
    @agent(can=["picky"])
    def picky() -> None:
        raise Unable("I only do flights")

    # "wait": the planner does not complete before the thread running picky reports.
    script = Script(
        decide=[
            {"action": "execute", "run": [task("t1", "picky"), task("t2", "a")]},
            {"action": "wait"},
        ]
    )
    result = await router_with([picky, sleeper("a", 0)], script).run("x")
    assert [t.status for t in result.tasks] == ["unable", "fulfilled"]
    # Never "the goal was met" over a hole: the headline says part is missing, and why.
    assert (result.stop_reason, result.completed) == ("partly_answered", False)
    assert result.stop_detail == "1 of the 2 tasks fully answered (1 fulfilled, 1 unable)"
    assert "the goal was met" not in result.answer


async def test_a_planner_that_completes_without_running_anything_says_so_and_why() -> None:
    # A model planner that answers "complete" at once, though agents fit the request.
    script = Script()
    result = await router_with(SALES_AGENTS, script).run("Load the sales table for North")
    detail = (
        "nothing was run: the planner decided the run was complete without starting any "
        "agent (its reason: “script finished”); the agent that could have done it: "
        "sales_data"
    )
    assert (result.stop_reason, result.completed, result.stop_detail) == (
        "unanswered",
        False,
        detail,
    )
    assert result.answer == f"For “Load the sales table for North”, {detail}."
    assert result.summary_dict()["stop_text"] == "no agent produced a result"
    assert script.seen == ["router.decide"]  # nothing to write up: no model call for it


async def test_a_report_on_a_run_that_ran_nothing_ends_its_sentence_once() -> None:
    result = await router_with(SALES_AGENTS, Script(), style="report").run("Forecast revenue")
    summary = result.answer.split("\n")[2]
    assert summary.startswith("For “Forecast revenue”, nothing was run: ")
    assert summary.endswith("agents that could have done it: forecaster, chart, sales_data.")


async def test_a_request_with_no_work_in_it_says_nothing_was_run() -> None:
    result = await Router(SALES_AGENTS).run("Thanks so much, ASAP!")
    assert result.stop_reason == "unanswered" and result.tasks == []
    assert "nothing was run" in result.answer
    assert "its reason: “the request names no work to do”" in result.answer


async def test_an_instant_reply_needs_no_agent_and_is_complete() -> None:
    result = await router_with(SALES_AGENTS, Script()).run("hello")
    assert (result.stop_reason, result.tasks) == ("completed", [])
    assert result.answer.startswith("Hello!")


@pytest.mark.parametrize("grace", [0.1, 0.0])  # 0: do not wait at all (never "for ever")
async def test_agent_that_ignores_cancellation_does_not_hang_the_stop(grace: float) -> None:
    gate = asyncio.Event()

    @agent(can=["stubborn"])
    async def stubborn() -> str:
        while True:
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                if gate.is_set():
                    return "late"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "stubborn")]}])
    router = router_with([stubborn], script, limits=Limits(cancel_grace_s=grace, timeout_s=0.1))
    result = await asyncio.wait_for(router.run("x"), 5)
    assert result.stop_reason == "time_budget"
    assert result.task("t1").status == "cancelled"
    assert f"did not stop within {grace:g} s" in (result.task("t1").note or "")
    gate.set()


async def test_agent_that_ignores_its_timeout_is_failed_after_the_grace_and_the_run_goes_on() -> (
    None
):
    gate = asyncio.Event()

    @agent(can=["stubborn"], timeout=0.1)
    async def stubborn() -> str:
        while True:
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                if gate.is_set():
                    return "late"

    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "stubborn"), task("t2", "quick")]},
            {"action": "wait"},
        ]
    )
    agents = [stubborn, sleeper("quick", 0.01)]
    router = router_with(agents, script, limits=Limits(cancel_grace_s=0.1))
    try:
        result = await asyncio.wait_for(router.run("x"), 5)
    finally:
        gate.set()  # the test loop's own clean-up can end it
    assert result.stop_reason == "partly_answered"  # a task failed: not the goal met
    assert result.task("t1").status == "failed"
    assert result.task("t1").error == (
        "timed out after 0.1 s, then did not stop when cancelled: abandoned after 0.1 s more"
    )
    assert result.task("t2").status == "fulfilled"


async def test_a_result_that_comes_back_after_its_deadline_is_over_its_limit() -> None:
    # It blocks the loop (as a notebook cell agent does), so the timeout
    # cannot fire before it returns: the result is late, and says so.
    @agent(can=["blocker"], timeout=0.05, thread=False)
    def blocker() -> str:
        time.sleep(0.3)
        return "late value"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "blocker")]}])
    result = await asyncio.wait_for(router_with([blocker], script).run("x"), 5)
    t1 = result.task("t1")
    assert t1.status == "failed"
    assert t1.error is not None
    assert re.fullmatch(
        r"took \d+\.\d s, over its 0.05 s time limit \(its late result was not used\)", t1.error
    )
    assert result.data("t1") == "late value"  # kept for the user to look at


async def test_an_agent_that_returns_after_swallowing_its_timeout_is_over_its_limit() -> None:
    @agent(can=["stubborn"], timeout=0.05)
    async def stubborn() -> str:
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(30)
        return "anyway"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "stubborn")]}])
    result = await asyncio.wait_for(router_with([stubborn], script).run("x"), 5)
    assert result.task("t1").status == "failed"
    assert "over its 0.05 s time limit" in (result.task("t1").error or "")
