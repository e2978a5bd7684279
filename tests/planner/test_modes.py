"""Urgency and style from the words: the run's mode and answer style, and what they change."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import pytest

from notebook_router import Limits, Router, agent
from notebook_router.errors import ConfigError
from notebook_router.planner import prompts
from notebook_router.planner.modes import choose_intent, limits_for
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.render.bundle import run_bundle
from notebook_router.render.panel_state import panel_state
from tests.conftest import Script, task

SALES = pd.DataFrame(
    {
        "region": ["North", "South", "East", "West", "North", "South"],
        "revenue": [100.0, 200.0, 150.0, 120.0, 80.0, 60.0],
    }
)


def _offline() -> Router:
    return Router(model="offline", data={"sales": SALES})


async def test_a_quick_question_runs_one_task_in_quick_mode_and_answers_with_the_finding() -> None:
    run = _offline().start("quick question: what was total revenue for North? ASAP")
    result = await run
    assert result.stop_reason == "completed"
    assert [(t.agent, t.description) for t in result.tasks] == [
        ("data_analyst", "What was total revenue for North?")  # no task for "quick" or "ASAP"
    ]
    assert (run.state.mode, run.state.mode_why) == ("quick", ("quick", "ASAP"))
    assert (run.limits.max_iterations, run.limits.verify_below) == (10, 0.3)
    # The finding itself: no "Here is what I found" before it.
    assert result.answer == "The total of revenue (rows where region = North) is 180. [t1]"
    shown = panel_state(run.state, run.limits, elapsed_s=0.1)
    assert shown.intent == "quick mode, from “quick”, “ASAP”"
    html = run_bundle(run)["text/html"]
    assert '<div class="nr-meters nr-intent">quick mode, from “quick”, “ASAP”</div>' in html


async def test_a_detailed_report_is_written_as_a_report_without_style() -> None:
    run = _offline().start("write a detailed report on revenue by region")
    result = await run
    assert (run.state.style, run.state.style_why) == ("report", ("detailed report",))
    assert (run.state.mode, run.state.mode_why) == ("thorough", ("detailed",))
    assert result.answer.startswith("## Summary\n")
    assert "## Findings" in result.answer and "North: 180" in result.answer
    line = panel_state(run.state, run.limits, elapsed_s=0.1).intent
    assert line == "thorough mode, from “detailed” · report answer, from “detailed report”"


async def test_a_thorough_run_verifies_a_confident_result_too() -> None:
    words = "Take your time and be thorough: what is the mean revenue by region?"
    quick = await _offline().run("what is the mean revenue by region?")
    thorough = await _offline().run(words)
    assert [t.description for t in thorough.tasks] == ["What is the mean revenue by region?"]
    assert "Verified against the data" not in quick.answer
    assert "Verified against the data: 150 (the result's data.revenue)" in thorough.answer


async def test_options_override_the_words_and_say_so() -> None:
    run = _offline().start(
        "quick question: total revenue for North?", mode="thorough", style="structured"
    )
    await run
    assert (run.state.mode, run.state.mode_why) == ("thorough", ("option",))
    assert (run.state.style, run.state.style_why) == ("structured", ("option",))
    assert panel_state(run.state, run.limits, elapsed_s=0).intent == (
        "thorough mode, as asked · structured answer, as asked"
    )
    with pytest.raises(ConfigError, match="Unknown mode 'slow': use one of quick, normal"):
        _offline().start("total revenue", mode="slow")  # type: ignore[arg-type]


def test_a_request_with_no_such_words_keeps_the_defaults_and_the_view_says_nothing() -> None:
    chosen = choose_intent("What is the total revenue by region?")
    assert (chosen.mode, chosen.style, chosen.mode_why, chosen.style_why) == (
        "normal",
        "conversational",
        (),
        (),
    )


def test_limits_the_user_set_are_never_changed_by_the_mode() -> None:
    assert limits_for(Limits(max_iterations=7), "quick").max_iterations == 7
    assert limits_for(Limits(), "quick", given={"max_iterations"}).max_iterations == 50
    thorough = limits_for(Limits(), "thorough")
    assert (thorough.verify_below, thorough.planner_tokens) == (1.0, 6000)
    assert limits_for(Limits(), "normal") == Limits()


class _Spy(Script):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.requests: list[CompletionRequest] = []

    def __call__(self, request: CompletionRequest) -> Any:
        self.requests.append(request)
        return super().__call__(request)


@agent(can=["revenue", "sales", "report"], description="Totals revenue by region.")
def revenue(task: str) -> str:
    return "North 180, South 260, East 150, West 120."


async def _model_run(request: str) -> tuple[_Spy, Any]:
    spy = _Spy(decide=[{"action": "execute", "run": [task("t1", "revenue")]}])
    run = Router([revenue], model=ScriptedProvider(fallback=spy)).start(request)
    await run
    return spy, run


async def test_with_a_model_the_prompts_follow_the_style_and_mode_the_words_chose() -> None:
    spy, run = await _model_run("Write a thorough, detailed report on revenue by region")
    synthesis = next(r for r in spy.requests if r.purpose == "router.synthesise")
    system = synthesis.messages[0].content
    assert prompts.STYLE["report"] in system and prompts.MODE["thorough"] in system
    assert prompts.STYLE["conversational"] not in system
    decide = next(r for r in spy.requests if r.purpose == "router.decide")
    view = json.loads(str(decide.messages[-1].content).split("```json\n", 1)[1].rsplit("```", 1)[0])
    assert (view["mode"], view["style"]) == ("thorough", "report")

    spy, run = await _model_run("quick: total revenue in sales?")
    synthesis = next(r for r in spy.requests if r.purpose == "router.synthesise")
    system = synthesis.messages[0].content
    assert prompts.STYLE["conversational"] in system and prompts.MODE["quick"] in system
    assert run.limits.planner_tokens == 1500


async def test_a_run_in_the_usual_mode_keeps_the_prompts_it_always_had() -> None:
    spy, _ = await _model_run("Total revenue by region")
    decide = next(r for r in spy.requests if r.purpose == "router.decide")
    assert '"mode"' not in str(decide.messages[-1].content)
    synthesis = next(r for r in spy.requests if r.purpose == "router.synthesise")
    assert synthesis.messages[0].content == prompts.SYNTHESISE + prompts.STYLE["conversational"]
