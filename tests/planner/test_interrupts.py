"""Stop and redirect: prompt, from any thread, and nothing finished is ever lost."""

from __future__ import annotations

import asyncio
import threading

import pytest

from notebook_router import Limits, Router, Run, agent
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from tests.conftest import Script, kinds, router_with, task
from tests.helpers_agents import sleeper


def _fast_and_slow_plan() -> Script:
    return Script(
        decide=[
            {
                "action": "parallel",
                "run": [task("t1", "fast"), task("t2", "slow"), task("t3", "slow", "other")],
                "later": [task("t4", "fast", depends_on=["t2"])],
            },
        ]
        + [{"action": "wait"}] * 5
    )


def _agents() -> list[object]:
    return [sleeper("fast", 0.01), sleeper("slow", 30)]


async def _when(run: Run, kind: str) -> None:
    async for event in run.events():
        if event.kind == kind:
            return


async def test_stop_during_parallel_work_keeps_finished_results() -> None:
    run = router_with(_agents(), _fast_and_slow_plan()).start("x")
    await _when(run, "task_finished")  # t1 is done, t2 and t3 are sleeping
    run.stop()
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "stopped_by_user"
    statuses = {t.id: t.status for t in result.tasks}
    assert statuses == {"t1": "fulfilled", "t2": "cancelled", "t3": "cancelled", "t4": "skipped"}
    assert result.data("t1") == "fast done"
    assert "stopped by user" in result.answer and "fast done" in result.answer
    cancelled = [e for e in run.history if e.kind == "task_cancelled"]
    assert {e.task_id for e in cancelled} == {"t2", "t3"}
    assert all(e.reason == "stopped by user" for e in cancelled)
    assert kinds(run.history)[-1] == "run_finished"


async def test_stop_from_another_thread_reaches_the_loop() -> None:
    run = router_with(_agents(), _fast_and_slow_plan()).start("x")
    await _when(run, "task_finished")
    thread = threading.Thread(target=run.stop)
    thread.start()
    result = await asyncio.wait_for(run, 5)
    thread.join()
    assert result.stop_reason == "stopped_by_user"
    assert result.task("t2").status == "cancelled"


async def test_stop_while_the_loop_is_blocked_elsewhere_is_not_lost() -> None:
    # The loop thread is idle in an await; a stop from a thread must wake it
    # (a bare Task.cancel() from another thread would not).
    script = Script(decide=[{"action": "execute", "run": [task("t1", "slow")]}])
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_started")
    threading.Timer(0.05, run.stop).start()
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "stopped_by_user"


async def test_external_cancellation_is_a_graceful_interrupt_then_reraises() -> None:
    run = router_with(_agents(), _fast_and_slow_plan()).start("x")
    await _when(run, "task_finished")

    async def awaiting_cell() -> None:
        await run

    cell = asyncio.ensure_future(awaiting_cell())
    await asyncio.sleep(0.01)
    cell.cancel()  # what a kernel interrupt does to an awaiting cell
    with pytest.raises(asyncio.CancelledError):
        await cell
    result = run.result()
    assert result.stop_reason == "interrupted"
    assert result.task("t1").status == "fulfilled"
    assert result.task("t2").status == "cancelled"
    assert "interrupted" in result.answer


async def test_redirect_restart_cancels_and_records_work_then_replans() -> None:
    script = _fast_and_slow_plan()
    script.redirect = [{"kind": "restart", "goal": "new goal", "reply": "starting over"}]
    script.decide = [
        script.decide[0],
        {"action": "wait"},  # after t1 finishes, before the redirect lands
        {"action": "execute", "run": [task("t5", "fast", "new")]},
    ]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    run.redirect("do something else instead")
    result = await asyncio.wait_for(run, 5)
    statuses = {t.id: t.status for t in result.tasks}
    assert statuses == {
        "t1": "fulfilled",
        "t2": "cancelled",
        "t3": "cancelled",
        "t4": "skipped",
        "t5": "fulfilled",
    }
    assert result.goal == "new goal"
    handled = next(e for e in run.history if e.kind == "interrupt_handled")
    assert handled.handled_as == "restart"
    assert sorted(handled.cancelled) == ["t2", "t3", "t4"]
    assert result.interrupts[0].handled_as == "restart"
    assert "superseded" in (result.task("t2").note or "")


async def test_redirect_refine_keeps_work_and_cancels_only_what_is_unwanted() -> None:
    script = _fast_and_slow_plan()
    script.redirect = [{"kind": "refine", "goal": "x, but skip other", "cancel": ["t3"]}]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    run.redirect("skip the other one")
    await _when(run, "interrupt_handled")
    run.stop()
    result = await asyncio.wait_for(run, 5)
    assert result.goal == "x, but skip other"
    assert result.task("t3").status == "cancelled"
    assert result.task("t3").note == "no longer wanted after the user's redirect"
    # t2 was not touched by the refinement; it was cancelled by the later stop.
    assert result.task("t2").note == "stopped by user"


async def test_redirect_status_answers_without_changing_anything() -> None:
    script = _fast_and_slow_plan()
    script.redirect = [{"kind": "status"}]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    run.redirect("how is it going?")
    await _when(run, "interrupt_handled")
    handled = next(e for e in run.history if e.kind == "interrupt_handled")
    assert handled.handled_as == "status"
    assert "1 of 4 tasks done" in handled.reply and "t2" in handled.reply
    assert run.state.plan.tasks["t2"].status == "running"
    run.stop()
    await asyncio.wait_for(run, 5)


async def test_redirect_clarify_asks_the_user() -> None:
    script = _fast_and_slow_plan()
    script.redirect = [{"kind": "clarify", "question": "New task or a change?"}]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    run.redirect("bananas")
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "needs_clarification"
    assert result.question == "New task or a change?"
    assert result.task("t1").status == "fulfilled"


async def test_redirect_from_a_thread_and_unclassifiable_messages_are_kept() -> None:
    script = _fast_and_slow_plan()
    script.redirect = ["garbage", "more garbage", "still garbage"]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    threading.Thread(target=run.redirect, args=("focus on the north",)).start()
    await _when(run, "interrupt_handled")
    run.stop()
    result = await asyncio.wait_for(run, 5)
    # The planner could not classify it: it becomes a refinement, never dropped.
    assert result.interrupts[0].handled_as == "refine"
    assert "focus on the north" in result.goal


async def test_stop_and_redirect_after_the_run_are_harmless() -> None:
    script = Script(decide=[{"action": "execute", "run": [task("t1", "fast")]}])
    run = router_with(_agents(), script).start("x")
    result = await run
    run.stop()
    run.redirect("anything")
    assert run.result() is result
    assert result.stop_reason == "completed"


class _ThinkingPlanner:
    """A planner whose decisions take as long as a slow model call (or fail)."""

    def __init__(self, seconds: float = 30, error: Exception | None = None) -> None:
        self.seconds, self.error = seconds, error

    async def decide(self, call: object) -> Decision:
        await asyncio.sleep(self.seconds)
        if self.error is not None:
            raise self.error
        return Decision(action="complete")

    async def redirect(self, call: object, message: str) -> RedirectDecision:
        return RedirectDecision(kind="status")

    async def synthesise(self, call: object) -> Synthesis:
        return Synthesis(answer="done")


async def test_stop_does_not_wait_for_a_planner_call_in_flight() -> None:
    run = Router([], planner=_ThinkingPlanner(30)).start("x")
    await _when(run, "run_started")
    await asyncio.sleep(0.05)  # the planner is now "thinking"
    run.stop()
    result = await asyncio.wait_for(run, 2)  # not the planner's 30 s
    assert result.stop_reason == "stopped_by_user"


class _SlowModelPlanner:
    """A planner that starts one task, then whose ``slow`` call never answers.

    For ``synthesise`` the task is quick and the planner then completes; for
    ``redirect`` it is slow, so the run is busy when the redirect comes.
    """

    def __init__(self, slow: str) -> None:
        self.slow = slow
        self.decisions = 0

    async def _maybe_hang(self, name: str) -> None:
        if name == self.slow:
            await asyncio.sleep(30)

    async def decide(self, call: object) -> Decision:
        self.decisions += 1
        if self.decisions > 1:
            return Decision(action="complete" if self.slow == "synthesise" else "wait")
        agent = "fast" if self.slow == "synthesise" else "slow"
        return Decision.model_validate({"action": "execute", "run": [task("t1", agent)]})

    async def redirect(self, call: object, message: str) -> RedirectDecision:
        await self._maybe_hang("redirect")
        return RedirectDecision(kind="status")

    async def synthesise(self, call: object) -> Synthesis:
        await self._maybe_hang("synthesise")
        return Synthesis(answer="done")


@pytest.mark.parametrize("slow", ["synthesise", "redirect"])
async def test_stop_does_not_wait_for_a_redirect_or_an_answer_the_model_is_writing(
    slow: str,
) -> None:
    agents = [sleeper("fast", 0), sleeper("slow", 30)]
    run = Router(agents, planner=_SlowModelPlanner(slow)).start("x")
    await _when(run, "task_finished" if slow == "synthesise" else "task_started")
    if slow == "redirect":
        run.redirect("also the south")
    await asyncio.sleep(0.05)  # the planner is now "thinking" about it
    run.stop()
    result = await asyncio.wait_for(run, 5)  # not the model's 30 s
    assert result.stop_reason == "stopped_by_user" and "stopped by user" in result.answer
    assert run.history[-1].kind == "run_finished"


async def test_the_time_budget_cuts_short_an_answer_the_model_never_writes() -> None:
    router = Router(
        [sleeper("fast", 0)], planner=_SlowModelPlanner("synthesise"), limits=Limits(timeout_s=0.1)
    )
    result = await asyncio.wait_for(router.run("x"), 5)
    assert result.stop_reason == "time_budget" and result.stop_detail == "no answer within 0.1 s"


async def test_a_second_interrupt_while_winding_down_still_ends_the_run() -> None:
    cleaned: list[str] = []

    @agent(can=["careful"])
    async def careful() -> str:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            await asyncio.sleep(0.3)  # tidies up before it stops
            cleaned.append("careful")
            raise
        return "never"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "careful")]}])
    run = router_with([careful], script).start("x")
    await _when(run, "task_started")

    async def awaiting_cell() -> None:
        await run

    cell = asyncio.ensure_future(awaiting_cell())
    await asyncio.sleep(0.01)
    cell.cancel()  # the kernel interrupt...
    await asyncio.sleep(0.1)
    cell.cancel()  # ...pressed again while the agent tidies up
    with pytest.raises(asyncio.CancelledError):
        await cell
    assert run.done() and cleaned == ["careful"]
    result = run.result()
    assert result.stop_reason == "interrupted" and result.task("t1").status == "cancelled"
    assert run.history[-1].kind == "run_finished"


async def test_a_planner_that_crashes_still_ends_the_run_and_says_why() -> None:
    run = Router([], planner=_ThinkingPlanner(0, RuntimeError("planner bug"))).start("x")
    with pytest.raises(RuntimeError, match="planner bug"):
        await run
    assert run.done() and run.history[-1].kind == "run_finished"
    assert run.result().stop_reason == "planner_error"
    assert run.result().stop_detail == "the run failed: RuntimeError: planner bug"
