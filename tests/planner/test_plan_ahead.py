"""Plan ahead: the plan runs by itself, and the planner is asked only on a surprise.

Each test scripts a model planner's first decision (the whole plan) and
counts the planner calls that follow: none while everything goes as planned,
one for each kind of surprise.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from notebook_router import AgentResult, Limits, NeedsUserInput, Router, Unable, agent
from notebook_router.planner import events as ev
from notebook_router.planner.run import Run
from notebook_router.verification.critic import CriticVerdict
from tests.conftest import Script, router_with, task
from tests.helpers_agents import sleeper


def decisions(run: Run) -> list[ev.DecisionMade]:
    return [e for e in run.history if isinstance(e, ev.DecisionMade)]


def _chain() -> dict[str, Any]:
    """load, then chart and summary (both need the load)."""
    return {
        "action": "execute",
        "run": [task("t1", "load")],
        "later": [
            task("t2", "chart", depends_on=["t1"]),
            task("t3", "summary", depends_on=["t1"]),
        ],
    }


async def test_planned_tasks_start_when_their_inputs_finish_without_a_model_call() -> None:
    script = Script(decide=[_chain()])
    run = router_with(
        [sleeper("load", 0.05), sleeper("chart", 0.02), sleeper("summary", 0.02)], script
    ).start("load, then chart and summarise")
    result = await asyncio.wait_for(run, 10)
    assert result.stop_reason == "completed"
    assert [t.status for t in result.tasks] == ["fulfilled"] * 3
    # One plan, then the answer: no call per result, no "complete" call.
    assert script.seen == ["router.decide", "router.synthesise"]
    assert result.stop_detail == "every planned task finished as planned"
    started = {e.task_id: e.seq for e in run.history if isinstance(e, ev.TaskStarted)}
    loaded = next(e.seq for e in run.history if isinstance(e, ev.TaskFinished))
    assert started["t2"] > loaded and started["t3"] > loaded


async def test_a_task_planned_for_later_whose_inputs_are_done_starts_at_once() -> None:
    # A model may put a task in "later" although its input has already finished.
    script = Script(
        decide=[
            {"action": "execute", "run": [task("t1", "load", checkpoint=True)]},
            {
                "action": "execute",
                "run": [task("t3", "chart", "plot the costs")],
                "later": [task("t2", "chart", depends_on=["t1"])],
            },
        ]
    )
    result = await router_with([sleeper("load", 0), sleeper("chart", 0)], script).run("x")
    assert result.task("t2").status == result.task("t3").status == "fulfilled"
    assert script.seen.count("router.decide") == 2


async def test_the_planner_is_asked_only_after_a_task_fails() -> None:
    @agent(can=["load"])
    def load() -> str:
        raise RuntimeError("the database is down")

    script = Script(decide=[_chain(), {"action": "complete", "reason": "nothing to build on"}])
    run = router_with([load, sleeper("chart", 0), sleeper("summary", 0)], script).start("x")
    result = await asyncio.wait_for(run, 10)
    first, second = decisions(run)
    assert first.asked_because == ""
    assert second.asked_because.startswith("t1 (load) ended failed: RuntimeError")
    assert script.seen == ["router.decide", "router.decide", "router.synthesise"]
    assert result.task("t2").status == result.task("t3").status == "skipped"


@pytest.mark.parametrize(
    ("outcome", "because"),
    [
        (Unable("no such table"), "t1 (load) ended unable: no such table"),
        (NeedsUserInput("which region?"), "t1 (load) ended needs_user_input: which region?"),
        (AgentResult(data="rows", confidence=0.2), "t1 (load) is only 20% sure"),
        (AgentResult(data="rows", suggestions=("chart: plot it",)), "suggests 1 more task"),
    ],
    ids=["unable", "needs input", "unsure", "suggestions"],
)
async def test_each_surprising_result_asks_the_planner(outcome: Any, because: str) -> None:
    @agent(can=["load"])
    def load() -> Any:
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    script = Script(decide=[_chain(), {"action": "complete", "reason": "seen it"}])
    run = router_with([load, sleeper("chart", 0), sleeper("summary", 0)], script).start("x")
    await asyncio.wait_for(run, 10)
    asked = decisions(run)
    assert len(asked) == 2
    assert because in asked[1].asked_because


async def test_a_checkpoint_task_asks_the_planner_what_comes_next() -> None:
    script = Script(
        decide=[
            {"action": "execute", "run": [task("t1", "load", checkpoint=True)]},
            {"action": "execute", "run": [task("t2", "chart", depends_on=["t1"])]},
        ]
    )
    run = router_with([sleeper("load", 0), sleeper("chart", 0)], script).start("x")
    result = await asyncio.wait_for(run, 10)
    assert [t.status for t in result.tasks] == ["fulfilled", "fulfilled"]
    assert "t1 (load) was a decision point" in decisions(run)[1].asked_because
    # t2 was no checkpoint: once it finished the run went straight to the answer.
    assert script.seen == ["router.decide", "router.decide", "router.synthesise"]


async def test_a_critic_that_wants_more_asks_the_planner() -> None:
    class Demanding:
        async def review(self, task: str, agent: str, result: AgentResult) -> CriticVerdict:
            wants = agent == "chart"
            return CriticVerdict(verdict="needs_more" if wants else "ok", notes="no axis labels")

    script = Script(decide=[_chain(), {"action": "complete", "reason": "good enough"}])
    router = router_with(
        [sleeper("load", 0), sleeper("chart", 0), sleeper("summary", 0)],
        script,
        critic=Demanding(),
    )
    run = router.start("x")
    await asyncio.wait_for(run, 10)
    assert "the critic wants more from t2 (chart)" in decisions(run)[1].asked_because


async def test_a_redirect_asks_the_planner_and_a_status_question_does_not() -> None:
    script = Script(
        decide=[_chain(), {"action": "complete", "reason": "refined"}],
        redirect=[
            {"kind": "status", "reply": "loading"},
            {"kind": "refine", "goal": "only the North", "reply": "ok"},
        ],
    )
    gate = asyncio.Event()

    @agent(can=["load"])
    async def load() -> str:
        await gate.wait()
        return "rows"

    run = router_with([load, sleeper("chart", 0), sleeper("summary", 0)], script).start("x")
    await asyncio.sleep(0.05)
    await asyncio.wrap_future(run.redirect("how is it going?"))
    await asyncio.wrap_future(run.redirect("only the North please"))
    await asyncio.sleep(0.05)
    gate.set()
    await asyncio.wait_for(run, 10)
    asked = decisions(run)
    assert len(asked) == 2
    assert asked[1].asked_because == "the user redirected the run"


async def test_an_answer_to_the_planners_question_asks_the_planner_again() -> None:
    script = Script(
        decide=[
            {"action": "clarify", "question": "Which region?"},
            {"action": "execute", "run": [task("t1", "load", "load the North")]},
        ]
    )
    router = router_with([sleeper("load", 0)], script, clarify="wait")
    run = router.start("load the sales")
    asked = asyncio.Event()
    run.subscribe(lambda e: asked.set() if e.kind == "clarification_requested" else None)
    await asyncio.wait_for(asked.wait(), 10)
    run.answer("North")
    result = await asyncio.wait_for(run, 10)
    assert result.task("t1").status == "fulfilled"
    assert decisions(run)[1].asked_because == "the user answered the question"


async def test_a_planner_that_wants_every_result_is_asked_after_each() -> None:
    started = {"action": "parallel", "run": [{"id": "t2"}, {"id": "t3"}]}
    script = Script(decide=[_chain(), started, {"action": "wait"}])
    router = router_with(
        [sleeper("load", 0), sleeper("chart", 0.05), sleeper("summary", 0.3)], script
    )
    router.planner.consult_after_each_result = True  # type: ignore[attr-defined]
    run = router.start("x")
    await asyncio.wait_for(run, 10)
    # After the load, the chart and the summary: each result is shown to the planner.
    assert [d.asked_because for d in decisions(run)[1:]] == [
        "t1 (load) finished",
        "t2 (chart) finished",
        "t3 (summary) finished",
    ]


async def test_replan_below_sets_what_counts_as_unsure() -> None:
    @agent(can=["load"])
    def load() -> AgentResult:
        return AgentResult(data="rows", confidence=0.6)

    for floor, asked in ((0.5, 1), (0.7, 2)):
        script = Script(decide=[_chain()])
        router = router_with(
            [load, sleeper("chart", 0), sleeper("summary", 0)],
            script,
            limits=Limits(replan_below=floor, verify_below=None),
        )
        run = router.start("x")
        await asyncio.wait_for(run, 10)
        assert len(decisions(run)) == asked, floor


async def test_the_offline_rule_planner_plans_once_for_a_chain() -> None:
    from notebook_router.examples.sales import AGENTS

    run = Router(AGENTS).start(
        "Load the sales table for the North region, then plot monthly revenue, "
        "summarise the trend and forecast next quarter"
    )
    result = await asyncio.wait_for(run, 30)
    assert result.stop_reason == "completed"
    assert len(decisions(run)) == 1
    assert [t.status for t in result.tasks] == ["fulfilled"] * 4


async def test_what_builds_on_a_result_the_critic_sends_back_waits_for_its_new_answer() -> None:
    class SendBackOnce:
        sent = False

        async def review(self, task: str, agent: str, result: AgentResult) -> CriticVerdict:
            if agent != "load" or self.sent:
                return CriticVerdict(verdict="ok")
            self.sent = True
            return CriticVerdict(verdict="needs_more", retry=f"{task} (again)")

    loads = 0
    charted: list[Any] = []

    @agent(can=["load"])
    async def load() -> str:
        nonlocal loads
        loads += 1
        await asyncio.sleep(0.3 if loads > 1 else 0.01)
        return f"rows v{loads}"

    @agent(can=["chart"])
    def chart(inputs: dict[str, Any]) -> str:
        charted.append(inputs["t1"])
        return "chart"

    plan = {
        "action": "parallel",
        "run": [task("t1", "load"), task("t0", "other")],
        "later": [task("t2", "chart", depends_on=["t1"])],
    }
    router = router_with(
        [load, sleeper("other", 0.1), chart], Script(decide=[plan]), critic=SendBackOnce()
    )
    result = await asyncio.wait_for(router.run("x"), 10)
    assert result.task("t2").status == "fulfilled"
    assert charted == ["rows v2"]  # never the answer the critic sent back


async def test_an_input_the_planner_redoes_is_waited_for_by_what_builds_on_it() -> None:
    charted: list[Any] = []

    @agent(can=["load"])
    def load() -> AgentResult:
        return AgentResult(data="v1", confidence=0.2)  # unsure: the planner is asked

    @agent(can=["load2"])
    async def load2() -> AgentResult:
        await asyncio.sleep(0.2)
        return AgentResult(data="v2", confidence=0.9)

    @agent(can=["chart"])
    def chart(inputs: dict[str, Any]) -> str:
        charted.append(inputs["t1"])
        return "chart"

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "load")],
                "later": [task("t2", "chart", depends_on=["t1"])],
            },
            {"action": "parallel", "run": [{"id": "t1", "agent": "load2"}, task("t9", "other")]},
        ]
    )
    router = router_with([load, load2, chart, sleeper("other", 0.01)], script)
    result = await asyncio.wait_for(router.run("x"), 10)
    assert charted == ["v2"]
    assert (
        result.stop_detail
        == "the plan ran to its end; the planner handled what did not go as planned"
    )


async def test_a_wait_answers_a_surprise_and_the_answer_says_the_plan_changed() -> None:
    # The planner is told of a failure once (the DECIDE prompt says so): "wait" is its
    # answer, and the run does not ask it again; nor does it claim all went as planned.
    @agent(can=["load"])
    def load() -> str:
        raise RuntimeError("the database is down")

    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "load"), task("t2", "chart")]},
            {"action": "wait", "reason": "the chart can still be drawn"},
        ]
    )
    run = router_with([load, sleeper("chart", 0.2)], script).start("x")
    result = await asyncio.wait_for(run, 10)
    assert script.seen == ["router.decide", "router.decide", "router.synthesise"]
    # The load failed: the run ran to its end, but it does not say the goal was met.
    assert (result.stop_reason, result.stop_detail) == (
        "partly_answered",
        "1 of the 2 tasks fully answered (1 failed, 1 fulfilled)",
    )
