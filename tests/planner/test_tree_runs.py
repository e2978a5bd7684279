"""Delegation trees inside runs: the travel example, hop events, questions, Stop, the critic."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from notebook_router import Router, Unable, agent
from notebook_router.agents.group import AgentGroup
from notebook_router.errors import NeedsUserInput
from notebook_router.examples.travel import AGENTS as TRAVEL
from notebook_router.planner import events as ev
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.state import Hop, RunState, Task
from notebook_router.result import AgentResult
from notebook_router.verification.critic import RuleCritic
from tests.conftest import Script, router_with, task

SNAPSHOTS = Path(__file__).parent / "snapshots"


async def test_a_trip_reaches_restaurants_through_experiences_alongside_flights_and_hotels() -> (
    None
):
    run = Router(TRAVEL).start("plan a trip to Italy with great food")
    result = await run
    assert result.stop_reason == "completed"
    [trip] = result.tasks
    assert (trip.agent, trip.status) == ("travel", "fulfilled")
    hops = {h.request_id: h for h in result.delegations[trip.id]}
    assert {h.path for h in hops.values()} >= {
        ("travel", "flights"),
        ("travel", "hotels"),
        ("travel", "experiences"),
        ("travel", "experiences", "restaurants"),
    }
    food = next(h for h in hops.values() if h.agent == "restaurants")
    assert (food.status, food.hops, food.parent_id) == ("fulfilled", 2, "t1.3")
    assert hops["t1.3"].answered_by == ("travel", "experiences", "restaurants")
    # The three branches ran side by side: each started before any of them finished.
    branches = [
        next(h for h in hops.values() if h.agent == name)
        for name in ("flights", "hotels", "restaurants")
    ]
    assert max(h.started_at for h in branches) < min(h.finished_at or 0 for h in branches)
    # Tours and events were asked too, and said it was not their job.
    assert {h.agent: h.status for h in hops.values() if h.parent_id == "t1.3"} == {
        "restaurants": "fulfilled",
        "tours": "unable",
        "events": "unable",
    }
    data = result.data(trip.id)
    assert set(data) == {"flights", "hotels", "restaurants"}
    assert data["restaurants"][0]["name"] == "Roscioli Salumeria"
    assert "restaurants: Roscioli Salumeria" in result.answer


async def test_every_hop_is_a_typed_event_that_round_trips_through_json() -> None:
    run = Router(TRAVEL).start("plan a trip to Rome with great food")
    await run
    requested = [e for e in run.history if isinstance(e, ev.DelegationRequested)]
    responded = [e for e in run.history if isinstance(e, ev.DelegationResponded)]
    assert len(requested) == len(responded) == 6  # 3 children, 3 grandchildren
    assert {e.request_id for e in requested} == {e.request_id for e in responded}
    started = next(e for e in run.history if isinstance(e, ev.TaskStarted))
    finished = next(e for e in run.history if isinstance(e, ev.TaskFinished))
    hops: list[ev.Event] = [*requested, *responded]
    assert all(started.seq < e.seq < finished.seq for e in hops)
    for event in hops:
        assert ev.event_from_dict(ev.event_to_dict(event)) == event
    deep = next(e for e in requested if e.agent == "restaurants")
    assert deep.path == ("travel", "experiences", "restaurants") and deep.hops == 2


async def test_the_run_graph_is_the_delegation_tree() -> None:
    run = Router(TRAVEL).start("plan a trip to Rome with great food")
    await run
    g = run.graph()
    assert g.edges["agent:travel", "hop:t1.3"]["kind"] == "delegates"
    assert g.edges["hop:t1.3", "hop:t1.3.1"]["kind"] == "delegates"
    assert g.nodes["hop:t1.3.1"]["label"] == "restaurants"
    assert g.nodes["hop:t1.3.1"]["status"] == "fulfilled"
    assert g.nodes["hop:t1.3.2"]["status"] == "unable"
    text = run.mermaid()
    assert 'hop_t1_3_1[/"restaurants"/]' in text and "hop_t1_3 ==> hop_t1_3_1" in text


def _tree_state() -> RunState:
    state = RunState(run_id="r1", query="q", goal="Plan a trip to Rome with great food")
    state.plan.add([Task(id="t1", description="Plan a trip to Rome", agent="travel")])
    state.plan.set_status("t1", "running")

    def hop(rid: str, parent: str, path: tuple[str, ...], status: str) -> Hop:
        return Hop(
            request_id=rid,
            parent_id=parent,
            task_id="t1",
            agent=path[-1],
            path=path,
            task="x",
            status=status,
        )

    state.delegations["t1"] = [
        hop("t1.1", "t1", ("travel", "flights"), "fulfilled"),
        hop("t1.2", "t1", ("travel", "hotels"), "running"),
        hop("t1.3", "t1", ("travel", "experiences"), "running"),
        hop("t1.3.1", "t1.3", ("travel", "experiences", "restaurants"), "fulfilled"),
        hop("t1.3.2", "t1.3", ("travel", "experiences", "tours"), "unable"),
        hop("t1.3.3", "t1.3", ("travel", "experiences", "events"), "needs_user_input"),
    ]
    return state


def test_delegation_mermaid_matches_snapshot() -> None:
    text = to_mermaid(run_graph(_tree_state()))
    snapshot = SNAPSHOTS / "delegation_graph.mmd"
    if os.environ.get("UPDATE_SNAPSHOTS"):  # review the diff, then commit it
        snapshot.write_text(text)
    assert text == snapshot.read_text()


async def test_a_question_from_deep_in_the_tree_becomes_the_planners_question() -> None:
    result = await Router(TRAVEL).run("plan a holiday with great food")
    assert result.stop_reason == "needs_clarification"
    assert result.tasks[0].status == "needs_user_input"
    assert result.question is not None and result.question.startswith("Where would you like")


async def test_the_answer_goes_back_to_the_tree_as_a_refined_task() -> None:
    async def answer(question: str) -> str:
        assert question.startswith("Where would you like")
        return "Florence"

    result = await Router(TRAVEL, on_clarify=answer).run("plan a holiday with great food")
    assert result.stop_reason == "completed"
    first, second = result.tasks
    assert first.status == "needs_user_input"
    assert (second.agent, second.status) == ("travel", "fulfilled")
    assert second.description == "Plan a holiday with great food (Florence)"
    assert result.data(second.id)["restaurants"][0]["city"] == "Florence"


async def test_a_leaf_that_needs_input_asks_through_its_parents() -> None:
    @agent(can=["booking"])
    def booker(task: str) -> str:
        raise NeedsUserInput("For how many people?")

    team = AgentGroup("team", children=[booker])
    router = router_with(
        [team], Script(decide=[{"action": "execute", "run": [task("t1", "team")]}])
    )
    result = await router.run("book a table")
    assert result.tasks[0].status == "needs_user_input"
    assert result.tasks[0].error == "For how many people?"


async def test_stop_cancels_every_branch_and_records_the_hops_as_cancelled() -> None:
    @agent(can=["slow"])
    async def slow(task: str) -> str:
        await asyncio.sleep(30)
        return "never"

    team = AgentGroup("team", children=[slow, AgentGroup("inner", children=[])])
    router = router_with(
        [team], Script(decide=[{"action": "execute", "run": [task("t1", "team")]}])
    )
    run = router.start("x")
    for _ in range(100):
        await asyncio.sleep(0.01)
        if run.state.delegations.get("t1"):
            break
    run.stop()
    result = await run
    assert result.stop_reason == "stopped_by_user"
    hop = next(h for h in result.delegations["t1"] if h.agent == "slow")
    assert hop.status == "cancelled"
    assert any(
        isinstance(e, ev.DelegationResponded) and e.status == "cancelled" for e in run.history
    )


async def test_the_critic_keeps_the_plan_open_until_another_agent_does_better() -> None:
    @agent(can=["restaurants", "food"], description="Finds one restaurant.")
    def stingy(task: str) -> list[str]:
        return ["Roscioli"]

    @agent(can=["restaurants", "dining"], description="Finds several restaurants.")
    def generous(task: str) -> list[str]:
        return ["Roscioli", "Armando", "Da Enzo"]

    run = Router([stingy, generous], critic=RuleCritic()).start("List 3 restaurants in Rome")
    result = await run
    notes = [e for e in run.history if isinstance(e, ev.CriticNoted)]
    assert [(n.agent, n.verdict) for n in notes] == [
        ("stingy", "needs_more"),
        ("generous", "ok"),
    ]
    assert notes[0].missing == ("2 more items (asked for 3, got 1)",)
    [t1] = result.tasks
    assert (t1.agent, t1.attempts, result.data("t1")) == (
        "generous",
        2,
        ["Roscioli", "Armando", "Da Enzo"],
    )


async def test_without_a_critic_nothing_is_reviewed() -> None:
    @agent(can=["restaurants"])
    def stingy(task: str) -> list[str]:
        return ["Roscioli"]

    run = Router([stingy]).start("List 3 restaurants")
    await run
    assert not any(isinstance(e, ev.CriticNoted) for e in run.history)
    assert run.state.critiques == {}


def test_rule_critic_checks() -> None:
    critic = RuleCritic(min_confidence=0.6)
    assert critic.check("anything", AgentResult(data="x")).verdict == "ok"
    empty = critic.check("find hotels", AgentResult(data=[]))
    assert empty.needs_more and "empty" in empty.notes
    shaky = critic.check("find hotels", AgentResult(data="x", confidence=0.4))
    assert shaky.needs_more and "low confidence (0.40 < 0.60)" in shaky.notes
    part = critic.check("x", AgentResult(status="partial", data="x", error="hotels missing"))
    assert part.missing == ("hotels missing",)
    assert critic.check("give me three ideas", AgentResult(data=[1, 2])).needs_more


async def test_flat_runs_record_no_hops() -> None:
    @agent(can=["x"])
    def solo(task: str) -> str:
        return "done"

    run = Router([solo]).start("x this")
    result = await run
    assert result.delegations == {} and run.state.delegations == {}
    kinds = {e.kind for e in run.history}
    assert not kinds & {"delegation_requested", "delegation_responded"}


def test_unable_inside_a_group_is_not_a_crash() -> None:
    @agent(can=["a"])
    def a(task: str) -> Any:
        raise Unable("nope")

    result = Router([AgentGroup("g", can=["x things"], children=[a])]).run_sync("x things")
    assert result.tasks[0].status == "unable"
    [hop] = result.delegations["t1"]
    assert (hop.agent, hop.status, hop.error) == ("a", "unable", "nope")


def test_text_rendering_shows_the_tree_under_its_task() -> None:
    from notebook_router.render import render_text

    lines = render_text(_tree_state()).splitlines()
    assert lines[1:8] == [
        "  ▸ t1 travel: Plan a trip to Rome",
        "     ✓ flights",
        "     ▸ hotels",
        "     ▸ experiences",
        "        ✓ restaurants",
        "        – tours",
        "        ? events",
    ]
