"""The supervisor's four tools: schemas, dispatch, the plan across turns, the critic."""

from __future__ import annotations

import json
from typing import Any

import pytest

from notebook_router import agent
from notebook_router.errors import SupervisorToolError
from notebook_router.examples.travel import AGENTS as TRAVEL
from notebook_router.examples.travel import experiences
from notebook_router.supervisor import Supervisor, Todo


def test_tool_specs_are_json_schemas_a_model_can_call() -> None:
    specs = {s.name: s for s in Supervisor(TRAVEL).tool_specs()}
    assert list(specs) == ["retrieve_agents", "call_agent", "write_todos", "reflect_on_progress"]
    call = specs["call_agent"].parameters
    assert call["required"] == ["agent", "task"] and call["additionalProperties"] is False
    todos = specs["write_todos"].parameters
    assert "plan_complete" in todos["properties"]
    assert specs["call_agent"].openai()["function"]["name"] == "call_agent"
    json.dumps([s.openai() for s in specs.values()])  # serialisable as a tools list


async def test_bad_tool_calls_get_messages_a_model_can_act_on() -> None:
    sup = Supervisor(TRAVEL)
    with pytest.raises(SupervisorToolError, match="There is no tool 'search'"):
        await sup.call("search", {})
    with pytest.raises(SupervisorToolError, match="Invalid arguments for call_agent"):
        await sup.call("call_agent", {"agent": "travel"})
    with pytest.raises(SupervisorToolError, match="Invalid arguments for retrieve_agents"):
        await sup.call("retrieve_agents", "{not json")
    with pytest.raises(SupervisorToolError, match="No agent named 'chef'"):
        await sup.call("call_agent", {"agent": "chef", "task": "cook"})


async def test_retrieve_agents_finds_tree_members_and_caches_the_combination() -> None:
    sup = Supervisor(TRAVEL)
    sup.begin_turn("Where should I eat in Rome?", route_hint="knowledge")
    first = await sup.call("retrieve_agents", {"query": "a good restaurant in Rome", "k": 2})
    assert first["cached"] is False
    top = first["agents"][0]
    assert top["name"] == "restaurants" and top["path"] == ["travel", "experiences", "restaurants"]
    again = await sup.call("retrieve_agents", {"query": "Rome: good restaurant", "k": 2})
    assert again["cached"] is True and again["agents"] == first["agents"]
    # A change to the tree makes the cached combination stale.
    extra = agent(name="gelato", can=["ice cream", "restaurant"])(lambda task: "Giolitti")
    experiences.add_child(extra)
    try:
        fresh = await sup.call("retrieve_agents", {"query": "a good restaurant in Rome", "k": 2})
        assert fresh["cached"] is False
    finally:
        experiences.remove_child("gelato")


async def test_call_agent_delegates_through_the_tree_and_reports_every_hop() -> None:
    sup = Supervisor(TRAVEL)
    sup.begin_turn("Plan a trip to Rome with great food")
    out = await sup.call(
        "call_agent", {"agent": "travel", "task": "Plan a trip to Rome with great food"}
    )
    assert out["status"] == "fulfilled" and out["critic"]["verdict"] == "ok"
    assert set(out["data"]) == {"flights", "hotels", "restaurants"}
    assert any(line.startswith("t") is False and "restaurants" in line for line in out["trace"])
    assert any("travel → experiences → restaurants:" in line for line in out["trace"])
    assert list(sup.recent_agent_calls) == ["travel"]


async def test_the_plan_is_kept_across_turns_until_plan_complete() -> None:
    sup = Supervisor(TRAVEL)
    sup.begin_turn("Plan a trip to Rome")
    first = sup.write_todos([Todo(content="book flights", agent="flights"), Todo(content="hotel")])
    assert first.fresh_plan and [t.id for t in first.todos] == ["s1", "s2"]
    sup.begin_turn("and a hotel near the Pantheon")  # the plan is still open: it continues
    second = sup.write_todos([*first.todos, Todo(content="hotel near the Pantheon")])
    assert not second.fresh_plan and [t.id for t in second.todos] == ["s1", "s2", "s3"]
    done = [t.model_copy(update={"status": "done"}) for t in second.todos]
    assert sup.write_todos(done, plan_complete=True).plan_complete
    sup.begin_turn("Now plan Venice")  # a completed plan gives way to a fresh one
    fresh = sup.write_todos([Todo(content="flights to Venice")])
    assert fresh.fresh_plan and not fresh.plan_complete
    assert [t.content for t in sup.plan.todos] == ["flights to Venice"]
    assert sup.plan.plans_started == 2


async def test_the_critic_keeps_the_plan_open() -> None:
    @agent(can=["restaurants"])
    def stingy(task: str) -> list[str]:
        return ["Roscioli"]

    sup = Supervisor([stingy])
    sup.begin_turn("List 3 restaurants")
    sup.write_todos([Todo(content="find three restaurants", agent="stingy")])
    out = await sup.call_agent("stingy", "List 3 restaurants in Rome")
    assert out.critic is not None and out.critic.verdict == "needs_more"
    assert sup.plan.todos[0].status == "in_progress"
    assert sup.plan.todos[0].note == "asked for 3 items, got 1"
    refused = sup.write_todos(sup.plan.todos, plan_complete=True)
    assert not refused.plan_complete and "critic still wants more" in refused.note
    reflection = sup.reflect_on_progress(done="one restaurant", missing="two more")
    assert reflection.needs_more == ["stingy: asked for 3 items, got 1"]
    assert reflection.suggestion.startswith("Call the agent again")
    # Asked a second time, the model gets its way (it is never stuck).
    forced = sup.write_todos(sup.plan.todos, plan_complete=True)
    assert forced.plan_complete and "although the critic wanted more" in forced.note


async def test_a_good_second_call_satisfies_the_critic() -> None:
    calls = {"n": 0}

    @agent(can=["restaurants"])
    def learner(task: str) -> list[str]:
        calls["n"] += 1
        return ["a"] if calls["n"] == 1 else ["a", "b", "c"]

    sup = Supervisor([learner])
    sup.begin_turn("List 3 restaurants")
    sup.write_todos([Todo(content="three restaurants", agent="learner")])
    await sup.call_agent("learner", "List 3 restaurants")
    await sup.call_agent("learner", "List 3 restaurants")
    assert sup.needs_more == {} and sup.plan.todos[0].status == "done"
    assert sup.write_todos(sup.plan.todos, plan_complete=True).plan_complete


async def test_steps_trace_every_tool_call_and_critic_note() -> None:
    seen: list[Any] = []
    sup = Supervisor(TRAVEL, on_step=seen.append)
    sup.begin_turn("Find a restaurant in Rome")
    await sup.call("retrieve_agents", {"query": "restaurant in Rome"})
    await sup.call("call_agent", {"agent": "restaurants", "task": "Find a restaurant in Rome"})
    await sup.call("reflect_on_progress", {"done": "found"})
    assert [s.kind for s in seen] == ["retrieve_agents", "call_agent", "critic", "reflect"]
    assert seen == sup.steps


async def test_a_question_from_the_tree_comes_back_to_the_model() -> None:
    sup = Supervisor(TRAVEL)
    sup.begin_turn("plan a holiday")
    out = await sup.call_agent("travel", "plan a holiday")
    assert out.status == "needs_user_input"
    assert out.question is not None and out.question.startswith("Where would you like to go?")
