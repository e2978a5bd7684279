"""The offline default end to end: plans, routing, pre-router, redirects, determinism."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.errors import ProviderError
from notebook_router.examples.sales import AGENTS
from notebook_router.planner.state import Task
from notebook_router.planner.view import AgentCard
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.offline.routing import AgentMatcher
from notebook_router.providers.registry import resolve_model

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
    decisions = [e for e in run.history if e.kind == "decision"]
    assert (decisions[0].action, decisions[0].tasks) == ("execute", ("t1",))
    assert (decisions[1].action, decisions[1].tasks) == ("parallel", ("t2", "t3", "t4"))
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
    # How many planner calls a run makes depends on how results of parallel
    # tasks batch up in time; what it costs is counted either way.
    assert first.usage.total_tokens > 0 and first.usage.calls >= 4
    assert first.usage.cost_usd == 0


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
    from notebook_router.planner.view import agent_card

    matcher = AgentMatcher([agent_card(a) for a in AGENTS])
    assert matcher.best(task) == agent_name


@pytest.mark.parametrize("message", ["hello", "Hi there!", "thanks a lot", "good morning"])
async def test_pre_router_answers_small_talk_without_planning(message: str) -> None:
    model = OfflineProvider()
    calls: list[str] = []
    original = model.complete

    async def spy(request: CompletionRequest) -> Any:
        calls.append(request.purpose)
        return await original(request)

    model.complete = spy  # type: ignore[method-assign]
    result = await Router(AGENTS, model=model).run(message)
    assert result.tasks == []
    assert result.stop_reason == "completed"
    assert calls == []  # no model call at all
    assert result.answer


async def test_help_lists_the_agents() -> None:
    result = await Router(AGENTS).run("what can you do?")
    for a in AGENTS:
        assert a.name in result.answer


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
    from notebook_router.planner.view import PlannerView, TaskView
    from notebook_router.providers.offline import rules

    view = PlannerView(
        goal="Load the sales, then plot revenue",
        query="Load the sales, then plot revenue",
        tasks=[
            TaskView(id="t1", description="Load the sales", agent="loader", status="fulfilled"),
            TaskView(id="t2", description="Plot revenue", agent="plotter", status="running"),
        ],
        message=message,
    )
    decision = rules.redirect(view)
    assert decision.kind == kind
    if message.startswith("don't"):
        assert decision.cancel == ["t2"]


async def test_offline_chat_is_extractive_and_honest() -> None:
    model = OfflineProvider()
    text = "Revenue rose in March. Costs were flat. The team hired two people. Revenue fell in May."
    reply = await model.complete(
        CompletionRequest(
            messages=(Message(role="user", content=f"What happened to revenue?\n{text}"),)
        )
    )
    assert reply.text == "Revenue rose in March. Costs were flat. Revenue fell in May."
    empty = await model.complete(
        CompletionRequest(messages=(Message(role="user", content="Tell me a joke"),))
    )
    assert "can only work from text it is given" in empty.text


async def test_offline_refuses_structured_output_it_cannot_produce() -> None:
    with pytest.raises(ProviderError, match="cannot produce structured output"):
        await OfflineProvider().complete(
            CompletionRequest(
                messages=(Message(role="user", content="x"),), schema={"type": "object"}
            )
        )


def test_model_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_model(None).name == "offline"
    monkeypatch.setenv("NOTEBOOK_ROUTER_MODEL", "offline:tiny")
    assert resolve_model(None).model == "tiny"
    assert resolve_model("offline").model == "default"
    with pytest.raises(ValueError, match=r"Unknown model 'ofline'\. Did you mean 'offline'\?"):
        resolve_model("ofline")


def test_agent_cards_are_hashable_for_caching() -> None:
    card = AgentCard(name="a", description="d", capabilities=(("x", 1.0),))
    assert hash(card) == hash(AgentCard(name="a", description="d", capabilities=(("x", 1.0),)))


async def test_offline_says_plainly_what_it_can_tell_about_media_it_cannot_see() -> None:
    import struct

    from notebook_router.media import Media
    from notebook_router.providers.base import ModelClient

    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 640, 280)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><text x="1">Revenue &amp; cost</text>'
        '<text x="2">2025-01</text></svg>'
    )
    media = [
        Media(
            mime_type="image/png", data=png + b"rest", source="Out[2]", description="figure: Sales"
        ),
        Media(mime_type="image/svg+xml", data=svg, source="agent:chart"),
        Media(mime_type="audio/wav", data=b"RIFF....", source="In[4]"),
    ]
    spent = []
    client = ModelClient(OfflineProvider(), lambda usage, source: spent.append(source), "agent.x")
    reply = await client.ask("What does the chart show?", media=media)
    lines = reply.splitlines()
    assert lines[0].startswith("Offline model: I cannot see images or hear audio")
    assert lines[1] == "1. image/png from Out[2]; 640×280 px; figure: Sales"
    assert (
        lines[2] == "2. image/svg+xml from agent:chart; text in the image: Revenue & cost, 2025-01"
    )
    assert lines[3] == "3. audio/wav from In[4]"
    assert spent == ["agent.x"]
    # Text given alongside still gets the usual extractive answer after the note.
    both = await client.ask("Which month?\nMarch was best. April was flat.", media=media[:1])
    assert both.endswith("\n\nMarch was best. April was flat.")


def test_offline_reads_html_media_as_a_reader_would() -> None:
    from notebook_router.media import Media
    from notebook_router.providers.offline.media import describe_media

    html = (
        "<div><style scoped>.dataframe td {color: red}</style><table>"
        "<tr><th>region</th><th>units</th></tr><tr><td>North &amp; East</td><td>12</td></tr>"
        "</table></div>"
    )
    table = Media(mime_type="text/html", data=html, source="Out[3]")
    assert describe_media(table) == "text/html from Out[3]; text: region units North & East 12"
    code = Media(mime_type="text/x-python", data="x = 1\n\ny = 2\n", source="In[1]")
    assert describe_media(code) == "text/x-python from In[1]; 2 lines, starting: x = 1 y = 2"
