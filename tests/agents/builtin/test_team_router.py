"""The team in a Router's runs: always on, overridable, routed to when nothing else fits."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router import Router, agent
from notebook_router.agents.builtin import MEDIA_AGENTS, TEAM, Research
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.prompts import VIEW_MARKER
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage

GOAL = "Summarise the causes of the French revolution"


def test_the_team_is_on_without_data_and_off_with_builtins_false() -> None:
    assert Router().agents.names() == [*TEAM, *MEDIA_AGENTS]
    assert Router(data={"x": 1}).agents.names() == ["data_analyst", "coder", *TEAM, *MEDIA_AGENTS]
    assert Router(builtins=False).agents.names() == []


def test_a_user_agent_with_a_team_name_takes_its_place() -> None:
    mine = agent(name="research", can=["papers"])(lambda task: "my research")
    router = Router([mine])
    assert router.agents.get("research") is mine and len(router.agents) == len(TEAM) + len(
        MEDIA_AGENTS
    )


class Planner:
    """A model planner that gives the goal to the summariser if the view offers one."""

    def __init__(self) -> None:
        self.planned = False
        self.purposes: list[str] = []

    def __call__(self, request: CompletionRequest) -> Any:
        self.purposes.append(request.purpose)
        text = "\n".join(m.content for m in request.messages)
        if request.purpose == "router.decide":
            view = text.split(VIEW_MARKER, 1)[1]
            if self.planned:
                return {"action": "complete", "reason": "summarised"}
            if '"name": "summarisation"' not in view:
                return {"action": "clarify", "reason": "no agent", "question": "No agent fits."}
            self.planned = True
            task = {"id": "t1", "agent": "summarisation", "description": GOAL}
            return {"action": "execute", "run": [task]}
        if request.purpose == "agent.summarisation":
            return {"summary": "Debt, dear bread and Enlightenment ideas.", "confidence": 0.8}
        if request.purpose == "router.synthesise":
            return Synthesis(answer="Debt, dear bread and Enlightenment ideas [t1].")
        raise AssertionError(f"unexpected call {request.purpose}")


async def test_with_a_model_a_topic_no_user_agent_covers_is_answered_by_the_team() -> None:
    planner = Planner()
    router = Router(model=ScriptedProvider(fallback=planner, usage=Usage()))
    result = await router.run(GOAL)
    assert result.stop_reason == "completed", result.answer
    assert [(t.agent, t.status) for t in result.tasks] == [("summarisation", "fulfilled")]
    assert "No agent fits" not in result.answer and "Enlightenment" in result.answer
    assert "agent.summarisation" in planner.purposes


def test_the_model_planner_is_told_to_use_the_team_rather_than_ask() -> None:
    from notebook_router.planner.prompts import DECIDE

    assert '"reasoning"' in DECIDE and 'never to "clarify"' in DECIDE


async def test_offline_a_general_question_gets_what_is_needed_not_which_agent() -> None:
    result = await Router().run("What is the capital of France?")
    assert [(t.agent, t.status) for t in result.tasks] == [("research", "unable")]
    assert "No agent fits" not in result.answer and "Which agent" not in result.answer
    assert "no general knowledge" in result.answer and "set a model" in result.answer


async def test_offline_with_agents_of_ones_own_an_unmatched_request_is_still_asked_about() -> None:
    numbers = agent(name="numbers", can=["numbers", "load"])(lambda task: [1, 2])
    result = await Router([numbers]).run("Translate this to French")
    assert result.stop_reason == "needs_clarification" and "No agent fits" in (
        result.question or ""
    )


async def test_offline_questions_about_the_data_still_go_to_the_data_analyst() -> None:
    sales = pd.DataFrame({"region": ["N", "S", "N"], "revenue": [1.0, 2.0, 3.0]})
    result = await Router(data={"sales": sales}).run("summarise revenue by region")
    assert [t.agent for t in result.tasks] == ["data_analyst"]


async def test_offline_with_data_a_topic_question_says_what_is_needed_not_what_pandas_cannot() -> (
    None
):
    # The notebook has a table, and "summarise" is also a statistics word: the topic
    # is still not about the data, so the answer is the team's, saying what it needs.
    sales = pd.DataFrame({"region": ["N", "S"], "revenue": [1.0, 2.0]})
    result = await Router(data={"sales": sales}).run(GOAL)
    assert [t.agent for t in result.tasks] == ["summarisation"]
    assert "set a model" in result.answer and "pandas" not in result.answer


async def test_inline_material_is_summarised_even_when_it_names_the_datas_columns() -> None:
    sales = pd.DataFrame(
        {"region": ["N", "S"] * 90, "units": range(180), "revenue": [25.0 * i for i in range(180)]}
    )
    text = (
        "summarise: Revenue grew 36% in 2024. The weather was mild all year.\n"
        "The North region led every quarter. Lunch was served at noon. in 1 sentence"
    )
    result = await Router(data={"sales": sales}).run(text)
    assert [(t.agent, t.status) for t in result.tasks] == [("summarisation", "fulfilled")]
    summary = result.tasks[0].summary or ""
    assert "36%" in summary and "Lunch" not in summary and "sentence" not in summary
    assert "Column" not in summary  # the text given, not the notebook's table, is summarised


async def test_offline_the_team_scores_a_decision_and_summarises_given_text() -> None:
    router = Router()
    decided = await router.run(
        "Choose between Rome and Oslo on price: Rome price 90, Oslo price 150"
    )
    assert [(t.agent, t.status) for t in decided.tasks] == [("decision", "fulfilled")]
    assert "Choose Rome" in decided.answer


@pytest.mark.parametrize("where", ["router", "agent"])
async def test_a_search_function_plugged_into_the_router_is_used_by_research(where: str) -> None:
    def search(query: str) -> list[dict[str, str]]:
        return [{"title": "Almanac", "text": "The Bastille fell on 14 July 1789."}]

    agents = [Research()] if where == "agent" else []
    router = Router(agents, search=search, builtins=where == "router")
    run = router.start("Research when the Bastille fell")
    result = await run
    assert [(t.agent, t.status) for t in result.tasks] == [("research", "fulfilled")]
    assert "14 July 1789" in result.answer
    assert [c.source for c in run.state.results["t1"].citations] == ["Almanac"]


def test_route_agents_lists_the_team_and_route_search_plugs_a_function() -> None:
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    from notebook_router.notebook import session_for

    shell = InteractiveShell.instance()
    try:
        shell.run_line_magic("load_ext", "notebook_router")
        with capture_output() as listed:
            shell.run_line_magic("route", "agents")
        shell.user_ns["almanac"] = lambda query: ["The Bastille fell in 1789."]
        with capture_output() as plugged:
            shell.run_line_magic("route", "search almanac")
        session = session_for(shell)
        assert session.search is shell.user_ns["almanac"]
        with pytest.raises(Exception, match="not a function"):
            shell.run_line_magic("route", "search nothing_here")
        shell.run_line_magic("route", "search off")
        assert session.search is None
    finally:
        shell.run_line_magic("unload_ext", "notebook_router")
        InteractiveShell.clear_instance()
    table = "".join(str(o.data.get("text/plain", "")) for o in listed.outputs)
    assert all(name in table for name in TEAM)
    assert "almanac()" in plugged.stdout
