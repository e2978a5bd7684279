"""Each decision kind, dependencies and the plan as the loop carries it out."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from notebook_router import AgentResult, Router, agent
from notebook_router.planner import events as ev
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.conftest import Script, kinds, router_with, task
from tests.helpers_agents import sleeper


async def test_execute_runs_one_task_and_synthesises() -> None:
    @agent(can=["echo"])
    def echo(task: str) -> str:
        return task.upper()

    script = Script(decide=[{"action": "execute", "run": [task("t1", "echo", "say hi")]}])
    result = await router_with(
        [echo],
        script,
    ).run("say hi")
    assert result.stop_reason == "completed"
    assert result.answer == "scripted answer"
    assert result.task("t1").status == "fulfilled"
    assert result.data("t1") == "SAY HI"
    # The plan finished as planned: straight to the answer, no "complete" decision.
    assert script.seen == ["router.decide", "router.synthesise"]


async def test_parallel_tasks_overlap() -> None:
    agents = [sleeper(n, 0.2) for n in ("a", "b", "c")]
    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "a"), task("t2", "b"), task("t3", "c")]},
            {"action": "wait"},
            {"action": "wait"},
        ]
    )
    run = router_with(agents, script).start("three things")
    result = await run
    events = run.history
    started = [e.seq for e in events if e.kind == "task_started"]
    finished = [e.seq for e in events if e.kind == "task_finished"]
    assert len(started) == len(finished) == 3
    # Every task started before any finished: they ran at the same time.
    assert max(started) < min(finished)
    assert [t.status for t in result.tasks] == ["fulfilled"] * 3


async def test_dependent_task_waits_and_receives_inputs() -> None:
    @agent(can=["numbers"])
    async def numbers() -> list[int]:
        await asyncio.sleep(0.05)
        return [1, 2, 3]

    @agent(can=["sum"])
    def total(inputs: Any) -> int:
        return sum(inputs["numbers"])

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "numbers")],
                "later": [task("t2", "total", depends_on=["t1"])],
            },
            {"action": "execute", "run": [{"id": "t2"}]},
        ]
    )
    run = router_with([numbers, total], script).start("add numbers")
    result = await run
    assert result.data("t2") == 6
    order = [
        (e.kind, getattr(e, "task_id", None)) for e in run.history if e.kind.startswith("task_")
    ]
    assert order == [
        ("task_started", "t1"),
        ("task_finished", "t1"),
        ("task_started", "t2"),
        ("task_finished", "t2"),
    ]
    assert result.task("t2").depends_on == ("t1",)


async def test_clarify_stops_with_the_question_when_nobody_can_answer() -> None:
    script = Script(decide=[{"action": "clarify", "question": "Which region?"}])
    result = await router_with([sleeper("a", 0)], script).run("sales")
    assert result.stop_reason == "needs_clarification"
    assert result.question == "Which region?"
    assert "Which region?" in result.answer


async def test_clarify_handler_answer_reaches_the_planner() -> None:
    asked: list[str] = []

    async def answer(question: str) -> str:
        asked.append(question)
        return "North"

    script = Script(
        decide=[
            {"action": "clarify", "question": "Which region?"},
            {"action": "execute", "run": [task("t1", "a")]},
        ]
    )
    run = router_with([sleeper("a", 0)], script, on_clarify=answer).start("sales")
    result = await run
    assert asked == ["Which region?"]
    assert result.stop_reason == "completed"
    assert "clarification_answered" in kinds(run.history)
    assert [h.content for h in run.state.history if h.role == "user"] == ["sales", "North"]


async def test_a_handler_answer_with_undecodable_bytes_reaches_the_planner_as_text() -> None:
    async def answer(question: str) -> str:
        return "Nord-\udce9st"  # input() under the C locale keeps a byte it cannot decode so

    script = Script(
        decide=[
            {"action": "clarify", "question": "Which region?"},
            {"action": "execute", "run": [task("t1", "a")]},
        ]
    )
    run = router_with([sleeper("a", 0)], script, on_clarify=answer).start("sales")
    result = await run
    assert result.stop_reason == "completed"  # the next decision's prompt could be encoded
    assert [h.content for h in run.state.history if h.role == "user"] == ["sales", "Nord-\ufffdst"]


async def test_clarify_wait_policy_takes_answer_from_run_answer() -> None:
    script = Script(
        decide=[
            {"action": "clarify", "question": "Which region?"},
            {"action": "execute", "run": [task("t1", "a")]},
        ]
    )
    run = router_with([sleeper("a", 0)], script, clarify="wait").start("sales")

    def answer_in_the_panel(event: ev.Event) -> None:
        if event.kind == "clarification_requested":
            run.answer("South")

    run.subscribe(answer_in_the_panel)
    result = await asyncio.wait_for(run, 5)
    assert result.stop_reason == "completed"
    assert run.state.interrupts[-1].message == "South"


async def test_complete_while_tasks_run_cancels_them_and_says_why() -> None:
    script = Script(
        decide=[
            {
                "action": "parallel",
                "run": [task("t1", "fast", checkpoint=True), task("t2", "slow")],
            },
            {"action": "complete", "reason": "fast answer is enough"},
        ]
    )
    result = await asyncio.wait_for(
        router_with([sleeper("fast", 0.01), sleeper("slow", 30)], script).run("x"), 5
    )
    assert result.task("t1").status == "fulfilled"
    assert result.task("t2").status == "cancelled"
    assert "not needed" in (result.task("t2").note or "")


async def test_drop_skips_pending_tasks() -> None:
    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "a", checkpoint=True)],
                "later": [task("t2", "a", depends_on=["t1"])],
            },
            {"action": "complete", "drop": ["t2"]},
        ]
    )
    result = await router_with([sleeper("a", 0)], script).run("x")
    assert result.task("t2").status == "skipped"
    assert result.task("t2").note == "dropped by the planner"


async def test_pending_tasks_are_skipped_when_the_run_ends() -> None:
    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "a", checkpoint=True)],
                "later": [task("t2", "a", depends_on=["t1"])],
            },
            {"action": "complete"},
        ]
    )
    result = await router_with([sleeper("a", 0)], script).run("x")
    assert result.task("t2").status == "skipped"
    assert "the run ended" in (result.task("t2").note or "")


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"action": "execute", "run": [task("t1", "nobody")]}, "There is no agent 'nobody'"),
        ({"action": "execute", "run": []}, "needs at least one task"),
        ({"action": "wait"}, "nothing is running"),
        ({"action": "clarify"}, "needs a 'question'"),
        ({"action": "complete", "run": [task("t1", "a")]}, "cannot start tasks"),
        (
            {
                "action": "execute",
                "run": [task("t1", "a")],
                "later": [task("t2", "a", depends_on=["t3"]), task("t3", "a", depends_on=["t2"])],
            },
            "dependency cycle",
        ),
        ({"action": "execute", "run": [task("t1", "a", depends_on=["t9"])]}, "unknown task 't9'"),
        ({"action": "execute", "run": [{"id": "t7", "agent": "a"}]}, "needs both a 'description'"),
    ],
)
async def test_invalid_decisions_are_rejected_with_a_reason_and_retried(
    bad: dict[str, Any], message: str
) -> None:
    script = Script(decide=[bad, {"action": "execute", "run": [task("t1", "a")]}])
    run = router_with([sleeper("a", 0)], script).start("x")
    result = await run
    failures = [e for e in run.history if e.kind == "decision_failed"]
    assert len(failures) == 1
    assert message in failures[0].error
    assert failures[0].will_retry
    # The retry saw the reason, and the run went on normally.
    assert result.stop_reason == "completed"
    assert result.task("t1").status == "fulfilled"


async def test_malformed_model_output_is_a_failed_decision_then_a_retry() -> None:
    script = Script(
        decide=[
            "Sure! I think we should run the agent.",
            '{"action": "teleport"}',
            {"action": "execute", "run": [task("t1", "a")]},
        ]
    )
    run = router_with([sleeper("a", 0)], script).start("x")
    result = await run
    errors = [e.error for e in run.history if e.kind == "decision_failed"]
    assert "contains no JSON object" in errors[0]
    assert "does not match Decision" in errors[1] and "action" in errors[1]
    assert result.stop_reason == "completed"
    # The model was told what was wrong on the retry.
    assert result.task("t1").status == "fulfilled"


async def test_persistently_malformed_output_ends_with_planner_error_not_a_crash() -> None:
    script = Script(decide=["nope", "still nope", "never"])
    result = await router_with([sleeper("a", 0)], script).run("x")
    assert result.stop_reason == "planner_error"
    assert "3 attempts" in result.stop_detail
    assert "could not produce a usable decision" in result.answer


async def test_failed_task_can_be_rerun_with_another_agent() -> None:
    @agent(can=["x"])
    def broken(task: str) -> str:
        raise ValueError("no data")

    script = Script(
        decide=[
            {"action": "execute", "run": [task("t1", "broken")]},
            {"action": "execute", "run": [{"id": "t1", "agent": "a"}]},
        ]
    )
    result = await router_with([broken, sleeper("a", 0)], script).run("x")
    t1 = result.task("t1")
    assert (t1.status, t1.agent, t1.attempts) == ("fulfilled", "a", 2)
    assert t1.note is not None and t1.note.startswith(
        "re-routed from broken after: ValueError: no data"
    )


async def test_the_planner_sees_results_and_feedback_in_its_prompt() -> None:
    @agent(can=["x"])
    def answer_agent(task: str) -> AgentResult:
        return AgentResult(data="forty-two", suggestions=("double-check it",))

    script = Script(decide=[{"action": "execute", "run": [task("t1", "answer_agent")]}, "bad"])
    provider_router = router_with([answer_agent], script)
    run = provider_router.start("x")
    await run
    assert isinstance(provider_router.provider, ScriptedProvider)
    requests = provider_router.provider.requests
    second_prompt = requests[1].messages[-1].content
    assert "forty-two" in second_prompt and "double-check it" in second_prompt
    third_prompt = requests[2].messages[-1].content
    assert "contains no JSON object" in third_prompt


def test_router_rejects_unknown_options() -> None:
    with pytest.raises(ValueError, match="Unknown option"):
        Router([]).run_sync("x", max_iteration=3)
    with pytest.raises(ValueError, match="Unknown style"):
        Router([], style="poetic")  # type: ignore[arg-type]


async def test_a_model_planner_sees_what_the_user_dropped_and_cannot_plan_it_again() -> None:
    script = Script(
        decide=[
            {
                "action": "parallel",
                "run": [task("t1", "slow", "alpha"), task("t2", "slow", "beta")],
            },
            # After the user drops beta, the model tries to plan it again...
            {"action": "execute", "run": [task("t3", "slow", "Beta")]},
            {"action": "execute", "run": [{"id": "t2"}]},
            {"action": "wait"},
        ],
        redirect=[{"kind": "refine", "cancel": ["t2"], "reply": "Dropping beta."}],
    )
    provider = ScriptedProvider(fallback=script, usage=Usage())
    run = Router([sleeper("slow", 30)], model=provider).start("alpha and beta")
    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t2":
            break
    run.redirect("skip beta")
    failed = []
    async for event in run.events():
        if event.kind == "decision_failed":
            failed.append(event.error)
        if len(failed) == 2:
            break
    assert all("The user dropped task 't2'" in error for error in failed)
    decide = [r for r in provider.requests if r.purpose == "router.decide"][-1]
    view = json.loads(decide.messages[-1].content.split("```json\n")[1].split("\n```")[0])
    assert view["dropped"] == {"t2": "beta"}
    run.stop()
    result = await asyncio.wait_for(run, 5)
    assert [(t.id, t.status) for t in result.tasks] == [("t1", "cancelled"), ("t2", "cancelled")]


async def test_a_rerun_whose_input_failed_since_is_refused_and_the_run_goes_on() -> None:
    """Re-starting a task whose dependency has no result any more (it was re-run and
    failed) is an invalid decision the planner hears about, never a crash of the run."""
    calls = {"n": 0}

    @agent(can=["x"])
    def flaky(task: str) -> str:
        calls["n"] += 1
        if calls["n"] > 1:
            raise ValueError("source gone")
        return "rows"

    @agent(can=["x"])
    def broken(task: str) -> str:
        raise ValueError("no data")

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "flaky")],
                "later": [task("t2", "broken", depends_on=["t1"])],
            },
            {"action": "execute", "run": [{"id": "t2"}]},
            {"action": "execute", "run": [{"id": "t1"}]},
            {"action": "execute", "run": [{"id": "t2", "agent": "a"}]},
            {"action": "complete"},
        ]
    )
    run = router_with([flaky, broken, sleeper("a", 0)], script).start("x")
    result = await run
    failures = [e.error for e in run.history if e.kind == "decision_failed"]
    assert any(
        "'t2' cannot start: it needs t1 (failed), which ended without a result" in f
        for f in failures
    )
    # Nothing was answered, and the run says so (a crash ends as "planner_error").
    assert result.stop_reason == "unanswered"
    assert result.task("t1").status == "failed"
    assert result.task("t2").status == "failed"  # not re-run without its input
