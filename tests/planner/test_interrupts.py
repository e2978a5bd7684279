"""Stop and redirect: prompt, from any thread, and nothing finished is ever lost."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

import pytest

from notebook_router import Limits, Router, Run, agent
from notebook_router.agents.base import Agent
from notebook_router.errors import RunFinishedError
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.steering import ClarifyPolicy
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
    assert result.answer.startswith(
        "The run ended early (interrupted: kernel interrupt or cancellation). "
        "Here is what was finished:\n\n- Do t1: fast done [t1]"
    )


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


async def test_redirect_clarify_asks_the_user_and_running_work_goes_on() -> None:
    script = _fast_and_slow_plan()
    script.redirect = [{"kind": "clarify", "question": "New task or a change?"}]
    run = router_with(_agents(), script).start("x")
    await _when(run, "task_finished")
    run.redirect("bananas")
    await _when(run, "clarification_requested")
    await asyncio.sleep(0.05)  # the loop has moved on from the question
    assert not run.done() and run.state.pending_question == "New task or a change?"
    assert {t.id: t.status for t in run.state.plan}["t2"] == "running"
    run.stop()
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "stopped_by_user"
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


async def test_stop_after_the_run_is_harmless_and_a_message_is_refused_out_loud() -> None:
    script = Script(decide=[{"action": "execute", "run": [task("t1", "fast")]}])
    run = router_with(_agents(), script).start("x")
    result = await run
    run.stop()
    with pytest.raises(RunFinishedError, match="your message was not delivered"):
        run.redirect("anything")
    with pytest.raises(RunFinishedError, match=r"had already finished \(the goal was met\)"):
        run.answer("North")
    assert run.result() is result
    assert result.stop_reason == "completed"
    assert kinds(run.history)[-1] == "run_finished"


class _BusyThenDone:
    """Completes after holding the loop's thread until ``sent`` (as a slow sync call would)."""

    def __init__(self) -> None:
        self.deciding = threading.Event()
        self.sent = threading.Event()

    async def decide(self, call: object) -> Decision:
        self.deciding.set()
        self.sent.wait(5)  # the loop is busy while a message is handed over to it
        return Decision(action="complete")

    async def redirect(self, call: object, message: str) -> RedirectDecision:
        return RedirectDecision(kind="status")

    async def synthesise(self, call: object) -> Synthesis:
        await asyncio.sleep(0.01)
        return Synthesis(answer="done")


async def test_a_redirect_handed_over_as_the_run_ends_is_refused_out_loud() -> None:
    planner = _BusyThenDone()
    run = Router([], planner=planner).start("x")
    sent: list[Future[None]] = []

    def panel_thread() -> None:  # a Redirect click handled on a kernel subshell thread
        planner.deciding.wait(5)
        sent.append(run.redirect("also by region"))
        planner.sent.set()

    thread = threading.Thread(target=panel_thread)
    thread.start()
    await asyncio.wait_for(run, 5)
    await asyncio.to_thread(thread.join, 5)
    [delivery] = sent  # the run was deciding, not finished, when it was sent
    with pytest.raises(RunFinishedError, match="your message was not delivered"):
        delivery.result(timeout=5)
    # Nothing was filed that no one would ever act on.
    assert "interrupt_received" not in kinds(run.history)
    assert run.result().interrupts == []


async def test_every_redirect_racing_the_end_is_either_handled_or_refused() -> None:
    run = Router([sleeper("fast", 0.01)]).start("fast")  # the rule planner answers status
    outcomes: list[str] = []

    def sender() -> None:
        for i in range(200):
            try:
                delivery = run.redirect(f"status {i}?")
                delivery.result(timeout=5)
                outcomes.append("taken")
            except RunFinishedError:
                outcomes.append("refused")
                return

    thread = threading.Thread(target=sender)
    thread.start()
    await asyncio.wait_for(run, 10)
    await asyncio.to_thread(thread.join, 10)
    taken = outcomes.count("taken")
    assert outcomes[-1] == "refused"
    # Each message the run took was handled before it ended.
    received = [e for e in run.history if e.kind == "interrupt_received"]
    handled = [e for e in run.history if e.kind == "interrupt_handled"]
    assert len(received) == len(handled) == taken
    assert kinds(run.history)[-1] == "run_finished"


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
    assert result.answer.startswith(
        "The run ended before any task finished (interrupted: kernel interrupt or cancellation)."
    )


async def test_a_planner_that_crashes_still_ends_the_run_and_says_why() -> None:
    run = Router([], planner=_ThinkingPlanner(0, RuntimeError("planner bug"))).start("x")
    with pytest.raises(RuntimeError, match="planner bug"):
        await run
    assert run.done() and run.history[-1].kind == "run_finished"
    assert run.result().stop_reason == "planner_error"
    assert run.result().stop_detail == "the run failed: RuntimeError: planner bug"


SIX = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")


def _six_gated(gate: asyncio.Event) -> list[Agent]:
    def gated(name: str) -> Agent:
        async def run(task: str) -> str:
            await gate.wait()
            return f"{name} done"

        run.__name__ = name
        return agent(name=name, can=[name])(run)

    return [gated(name) for name in SIX]


async def _finished_tasks(run: Run, count: int) -> None:
    seen = 0
    async for event in run.events():
        seen += event.kind == "task_finished"
        if seen == count:
            return


async def _six_running_then_unclear_redirect(clarify: ClarifyPolicy) -> tuple[Run, asyncio.Event]:
    gate = asyncio.Event()
    run = Router(_six_gated(gate), clarify=clarify).start(
        "Run alpha, run beta, run gamma, run delta, run epsilon and run zeta"
    )
    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t6":
            break
    run.redirect("only do alpha")  # the rule planner cannot classify it: it asks
    await asyncio.wait_for(_when(run, "clarification_requested"), 5)
    await asyncio.sleep(0.05)  # the loop has moved on from the question
    assert not run.done() and run.state.pending_question is not None
    assert [t.status for t in run.state.plan] == ["running"] * 6
    gate.set()
    return run, gate


@pytest.mark.parametrize("answer", ["keep them all", "keep all six", "Keep all 6 of them."])
async def test_a_question_waits_for_running_work_then_for_its_answer(answer: str) -> None:
    run, _ = await _six_running_then_unclear_redirect("wait")
    await asyncio.wait_for(_finished_tasks(run, 6), 5)
    await asyncio.sleep(0.05)
    # All work is done and only the question is left: the run waits for its answer.
    assert not run.done() and run.state.pending_question is not None
    run.answer(answer)  # no change: no task is added for it
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "completed"
    assert [(t.agent, t.status) for t in result.tasks] == [(n, "fulfilled") for n in SIX]
    assert "alpha done" in result.answer and "zeta done" in result.answer


async def test_with_nobody_to_answer_a_question_ends_the_run_only_once_work_is_done() -> None:
    run, _ = await _six_running_then_unclear_redirect("stop")
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "needs_clarification"
    assert result.question is not None and "only do alpha" in result.question
    assert [(t.agent, t.status) for t in result.tasks] == [(n, "fulfilled") for n in SIX]
    assert "task_cancelled" not in kinds(run.history)
