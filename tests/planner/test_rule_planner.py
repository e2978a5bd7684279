"""The rule planner (the offline default) end to end: plans, routing, pre-router, redirects,
determinism, and no model call for any of it."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.agents.card import AgentCard
from notebook_router.agents.matcher import AgentMatcher
from notebook_router.examples.sales import AGENTS
from notebook_router.offline.planner import RulePlanner
from notebook_router.planner import events as ev
from notebook_router.planner.planner import ModelPlanner
from notebook_router.planner.state import Task
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.scripted import ScriptedProvider

DEMO = (
    "Load the sales table for the North region, then plot monthly revenue, "
    "summarise the trend and forecast next quarter"
)


async def test_demo_task_plans_a_load_then_three_parallel_tasks() -> None:
    run = Router(AGENTS).start(DEMO)
    result = await run
    plan = [(t.id, t.agent, t.depends_on, t.status) for t in result.tasks]
    assert plan == [
        ("t1", "sales_data", (), "fulfilled"),
        ("t2", "chart", ("t1",), "fulfilled"),
        ("t3", "trend_writer", ("t1",), "fulfilled"),
        ("t4", "forecaster", ("t1",), "fulfilled"),
    ]
    # One decision plans it all; the three start by themselves once the table is loaded.
    [decision] = [e for e in run.history if e.kind == "decision"]
    assert (decision.action, decision.tasks) == ("execute", ("t1",))
    assert [t.id for t in decision.added] == ["t1", "t2", "t3", "t4"]
    steps = [
        (e.kind, getattr(e, "task_id", None))
        for e in run.history
        if e.kind in ("task_started", "task_finished")
    ]
    assert steps[:5] == [
        ("task_started", "t1"),
        ("task_finished", "t1"),
        ("task_started", "t2"),
        ("task_started", "t3"),
        ("task_started", "t4"),
    ]
    assert result.stop_reason == "completed"
    # The answer cites each task and carries real numbers from the table.
    for tid in ("t1", "t2", "t3", "t4"):
        assert f"[{tid}]" in result.answer
    assert "12 monthly rows for North" in result.answer
    assert "Revenue grew 36.2%" in result.answer
    assert [a.task_id for a in result.attributions] == ["t1", "t2", "t3", "t4"]
    assert result.results["t2"].media[0].mime_type == "image/svg+xml"


def _untimed(task: Task) -> dict[str, Any]:
    fields = dataclasses.asdict(task)
    for name in ("created_at", "started_at", "finished_at"):
        del fields[name]
    return fields


async def test_offline_runs_are_deterministic() -> None:
    first = await Router(AGENTS).run(DEMO)
    second = await Router(AGENTS).run(DEMO)
    assert first.answer == second.answer
    assert [_untimed(t) for t in first.tasks] == [_untimed(t) for t in second.tasks]
    # Rules, not a model: planning and the answer cost nothing.
    assert (first.usage.total_tokens, first.usage.calls, first.usage.cost_usd) == (0, 0, 0)
    assert first.usage_by_source == {} == second.usage_by_source


class _Spy(OfflineProvider):
    """The offline model, noting the purpose of every call it gets."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    async def complete(self, request: CompletionRequest) -> Completion:
        self.calls.append(request.purpose)
        return await super().complete(request)


async def test_an_offline_run_plans_with_rules_and_makes_no_model_call() -> None:
    model = _Spy()
    router = Router(AGENTS, model=model)
    assert isinstance(router.planner, RulePlanner)
    result = await router.run(DEMO)
    assert result.stop_reason == "completed" and len(result.tasks) == 4
    assert model.calls == []


def test_the_planner_follows_the_model_unless_one_is_given() -> None:
    assert isinstance(Router(AGENTS).planner, RulePlanner)  # offline is the default
    assert isinstance(Router(AGENTS, model="offline:tiny").planner, RulePlanner)
    assert isinstance(Router(AGENTS, model=ScriptedProvider()).planner, ModelPlanner)
    chosen = ModelPlanner()
    assert Router(AGENTS, planner=chosen).planner is chosen


async def test_a_model_planner_on_the_offline_model_stops_saying_to_use_a_real_model() -> None:
    result = await Router(AGENTS, planner=ModelPlanner()).run(DEMO)
    assert result.stop_reason == "planner_error"
    assert "cannot produce structured output" in result.stop_detail
    assert "Use a real model" in result.stop_detail


@pytest.mark.parametrize(
    ("task", "agent_name"),
    [
        ("Plot monthly revenue", "chart"),
        ("Draw a graph of sales", "chart"),
        ("Load the sales table", "sales_data"),
        ("Summarise the trend", "trend_writer"),
        ("Predict next quarter's revenue", "forecaster"),
        ("Which region is best?", "region_compare"),
        ("Translate to French", None),
    ],
)
def test_routing_picks_the_agent_whose_description_fits(task: str, agent_name: str | None) -> None:
    from notebook_router.agents.card import agent_card

    matcher = AgentMatcher([agent_card(a) for a in AGENTS])
    assert matcher.best(task) == agent_name


@pytest.mark.parametrize(
    "message",
    ["hello", "Hi there!", "thanks a lot", "good morning", "ok thanks", "Okay, thank you!"],
)
async def test_pre_router_answers_small_talk_without_planning(message: str) -> None:
    model = _Spy()
    run = Router(AGENTS, model=model).start(message)
    result = await run
    assert result.tasks == []
    assert result.stop_reason == "completed"
    decisions = [e for e in run.history if e.kind == "decision"]
    assert [d.reason for d in decisions] == ["instant reply: no model call needed"]
    assert model.calls == []  # no model call at all
    assert result.answer


async def test_help_lists_the_agents() -> None:
    result = await Router(AGENTS).run("what can you do?")
    for a in AGENTS:
        assert a.name in result.answer


@pytest.mark.parametrize(
    "request_text",
    [
        "quick question: what was total revenue for North? ASAP",
        "Please, what was total revenue for North? Thank you!",
        "Urgent: what was total revenue for North, if possible",
    ],
)
async def test_words_about_urgency_or_tone_do_not_become_tasks(request_text: str) -> None:
    result = await Router(AGENTS).run(request_text)
    assert result.stop_reason == "completed"
    assert [(t.description.rstrip("?"), t.agent) for t in result.tasks] == [
        ("What was total revenue for North", "region_compare")
    ]
    assert "North 691,213" in result.answer


async def test_unroutable_request_asks_which_agent_and_uses_the_answer() -> None:
    @agent(can=["greeting"])
    def greeter(task: str) -> str:
        return "bonjour"

    async def answer(question: str) -> str:
        assert "Translate this to French" in question
        return "use greeter"

    result = await Router([greeter], on_clarify=answer).run("Translate this to French")
    assert result.stop_reason == "completed"
    assert result.task("t1").agent == "greeter"
    assert "bonjour" in result.answer


async def test_unroutable_request_without_anyone_to_ask_stops_with_the_question() -> None:
    result = await Router(AGENTS).run("Translate this to French")
    assert result.stop_reason == "needs_clarification"
    assert "Which agent should do it" in result.answer


async def test_failed_task_is_rerouted_once_to_the_next_best_agent() -> None:
    @agent(can=["weather", "forecast"])
    def weather_api() -> str:
        raise ConnectionError("service down")

    @agent(can=["weather"], description="Looks up the weather from a cached table.")
    def weather_cache() -> str:
        return "sunny, 24°C"

    result = await Router([weather_api, weather_cache]).run("Get the weather forecast for Rome")
    t1 = result.task("t1")
    assert (t1.status, t1.agent, t1.attempts) == ("fulfilled", "weather_cache", 2)
    assert (t1.note or "").startswith(
        "re-routed from weather_api after: ConnectionError: service down"
    )


async def test_dependents_of_a_task_that_failed_for_good_are_skipped() -> None:
    @agent(can=["load", "data"])
    def loader() -> None:
        raise FileNotFoundError("sales.csv")

    @agent(can=["plot"])
    def plotter(inputs: Any) -> str:
        return "plot"

    result = await Router([loader, plotter]).run("Load the data, then plot it")
    assert [t.status for t in result.tasks] == ["failed", "skipped"]
    assert "FileNotFoundError" in result.answer
    # Nothing produced a result, so the run does not say the goal was met.
    assert (result.stop_reason, result.stop_detail) == (
        "unanswered",
        "no result from the 1 task tried (1 failed)",
    )


async def test_offline_redirect_refine_adds_to_the_plan() -> None:
    gate = asyncio.Event()

    @agent(can=["load", "sales"])
    async def loader() -> list[int]:
        await gate.wait()
        return [1, 2, 3]

    @agent(can=["plot", "chart"])
    def plotter(inputs: Any) -> str:
        return "a chart"

    @agent(can=["summarise"])
    def summariser(inputs: Any) -> str:
        return "a summary"

    run = Router([loader, plotter, summariser]).start("Load the sales")
    async for event in run.events():
        if event.kind == "task_started":
            break
    run.redirect("also plot it")
    async for event in run.events():
        if event.kind == "interrupt_handled":
            assert event.handled_as == "refine"
            break
    gate.set()
    result = await asyncio.wait_for(run, 5)
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("loader", "fulfilled"),
        ("plotter", "fulfilled"),
    ]
    assert result.task("t2").depends_on == ("t1",)


async def test_a_task_the_user_dropped_stays_dropped_until_they_ask_for_it_again() -> None:
    gate = asyncio.Event()

    def gated(name: str) -> Any:
        async def run(task: str) -> str:
            await gate.wait()
            return f"{name} done"

        run.__name__ = name
        return agent(name=name, can=[name])(run)

    run = Router([gated(n) for n in ("alpha", "beta", "gamma")]).start(
        "Run alpha, run beta and run gamma"
    )

    async def handled() -> ev.InterruptHandled:
        async for event in run.events():
            if isinstance(event, ev.InterruptHandled) and event.seq > seen:
                return event
        raise AssertionError("the run ended first")

    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t3":
            break
    seen = run.last_seq
    run.redirect("skip beta")
    dropping = await asyncio.wait_for(handled(), 5)
    assert dropping.reply == "Dropping t2 (Run beta)."
    gate.set()
    # The next decisions (after alpha and gamma finish) leave beta out.
    await asyncio.wait_for(_when_tasks_end(run, 2), 5)
    assert [(t.agent, t.status) for t in run.state.plan] == [
        ("alpha", "fulfilled"),
        ("beta", "cancelled"),
        ("gamma", "fulfilled"),
    ]
    result = await asyncio.wait_for(run, 5)
    assert [t.agent for t in result.tasks] == ["alpha", "beta", "gamma"]
    assert result.stop_reason == "completed" and "beta done" not in result.answer
    assert run.state.dropped == ["t2"]  # what the planners read


async def test_a_dropped_task_asked_for_again_comes_back_once() -> None:
    gate = asyncio.Event()

    def gated(name: str) -> Any:
        async def run(task: str) -> str:
            await gate.wait()
            return f"{name} done"

        run.__name__ = name
        return agent(name=name, can=[name])(run)

    run = Router([gated(n) for n in ("alpha", "beta")]).start("Run alpha and run beta")
    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t2":
            break
    run.redirect("skip beta")
    run.redirect("also run beta")
    handled = 0
    async for event in run.events():
        handled += event.kind == "interrupt_handled"
        if handled == 2:
            break
    assert run.state.goal == "Run alpha and run beta"  # nothing appended twice
    gate.set()
    result = await asyncio.wait_for(run, 5)
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("alpha", "fulfilled"),
        ("beta", "cancelled"),
        ("beta", "fulfilled"),
    ]


async def _when_tasks_end(run: Any, count: int) -> None:
    seen = 0
    async for event in run.events():
        seen += event.kind == "task_finished"
        if seen == count:
            return


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("how is it going?", "status"),
        ("what's the progress", "status"),
        ("forget that, compare the regions instead", "restart"),
        ("also forecast next quarter", "refine"),
        ("don't plot anything", "refine"),
        ("bananas", "clarify"),
    ],
)
async def test_offline_redirect_classification(message: str, kind: str) -> None:
    from notebook_router.offline.planner.redirect import redirect
    from notebook_router.planner.planner_view import PlannerView, TaskView

    view = PlannerView(
        goal="Load the sales, then plot revenue",
        query="Load the sales, then plot revenue",
        tasks=[
            TaskView(id="t1", description="Load the sales", agent="loader", status="fulfilled"),
            TaskView(id="t2", description="Plot revenue", agent="plotter", status="running"),
        ],
        message=message,
    )
    decision = redirect(view)
    assert decision.kind == kind
    if message.startswith("don't"):
        assert decision.cancel == ["t2"]


def test_agent_cards_are_hashable_for_caching() -> None:
    card = AgentCard(name="a", description="d", capabilities=(("x", 1.0),))
    assert hash(card) == hash(AgentCard(name="a", description="d", capabilities=(("x", 1.0),)))
