"""The agent-combination cache around model planners: a request planned before skips its
first planning call, and the run's trace says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from notebook_router import Router, agent
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.combo_planner import HIT_REASON
from notebook_router.planner.run import Run
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.store import SessionStore
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.usage import Usage
from tests.conftest import Script, task
from tests.helpers_agents import sleeper

PLAN = {
    "action": "parallel",
    "reason": "two independent pieces",
    "run": [task("load", "a", "load the table"), task("look", "b", "look it up")],
    "later": [task("sum", "c", "add them up", depends_on=["load", "look"])],
}


def planned(script: Script, agents: list[Any], **kwargs: Any) -> Router:
    provider = ScriptedProvider(fallback=script, usage=Usage())
    return Router(agents, model=provider, builtins=False, **kwargs)


def abc() -> list[Any]:
    return [sleeper("a", 0), sleeper("b", 0), sleeper("c", 0)]


def script_for_plan() -> Script:
    """The plan, then (once a, b finished) starting the later task by id, then complete."""
    return Script(decide=[PLAN, {"action": "execute", "run": [{"id": "sum"}]}])


def first_decision(run: Run) -> ev.DecisionMade:
    return next(e for e in run.history if isinstance(e, ev.DecisionMade))


async def test_the_same_request_again_skips_the_planning_call_and_says_so() -> None:
    script = script_for_plan()
    router = planned(script, abc())
    first = router.start("Load the table and look it up, then add them up")
    assert (await first).stop_reason == "completed"
    planning_calls = script.seen.count("router.decide")

    # The plan's later step, by its fresh id: the second run's model only says what is next.
    second_script = Script(decide=[{"action": "execute", "run": [{"id": "t3"}]}])
    router.provider = ScriptedProvider(fallback=second_script, usage=Usage())
    second = router.start("load the table and LOOK it up, then add them up!")
    result = await second

    assert result.stop_reason == "completed"
    assert second_script.seen.count("router.decide") == planning_calls - 1
    decision = first_decision(second)
    assert decision.reason == HIT_REASON
    assert [t.id for t in decision.added] == ["t1", "t2", "t3"]
    assert decision.added[2].depends_on == ("t1", "t2")  # renamed with the tasks
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("a", "fulfilled"),
        ("b", "fulfilled"),
        ("c", "fulfilled"),
    ]
    assert router.combo_cache is not None and router.combo_cache.hits == 1


async def test_a_changed_agent_set_or_other_words_miss() -> None:
    cache = AgentComboCache()
    script = script_for_plan()
    await planned(script, abc(), combo_cache=cache).run("Load the table and look it up")

    more = Script(decide=[PLAN])
    run = planned(more, [*abc(), sleeper("d", 0)], combo_cache=cache).start(
        "Load the table and look it up"
    )
    await run
    assert first_decision(run).reason == "two independent pieces"  # the planner was asked

    other = Script(decide=[PLAN])
    run = planned(other, abc(), combo_cache=cache).start("Load the table and look it up twice")
    await run
    assert first_decision(run).reason == "two independent pieces"
    assert cache.hits == 0


async def test_a_run_that_did_not_complete_is_not_remembered() -> None:
    @agent(can=["a"])
    def a(task: str) -> str:
        raise RuntimeError("the table is gone")

    cache = AgentComboCache()
    failing = Script(decide=[{"action": "execute", "run": [task("t1", "a")]}])
    result = await planned(failing, [a], combo_cache=cache).run("Load the table")
    assert result.stop_reason == "unanswered"
    assert cache.backend.entries() == []

    again = Script(decide=[{"action": "execute", "run": [task("t1", "a")]}])
    run = planned(again, [sleeper("a", 0)], combo_cache=cache).start("Load the table")
    await run
    assert first_decision(run).reason != HIT_REASON


async def test_a_plan_the_planner_had_to_mend_is_not_remembered() -> None:
    @agent(can=["a"])
    def a(task: str) -> str:
        raise RuntimeError("the table is gone")

    cache = AgentComboCache()
    mended = Script(
        decide=[
            {"action": "execute", "run": [task("t1", "a", "load the table")]},
            {"action": "execute", "run": [task("t2", "b", "load the copy")]},
        ]
    )
    result = await planned(mended, [a, sleeper("b", 0)], combo_cache=cache).run("Load the table")
    assert result.stop_reason == "partly_answered"  # the backup worked, t1 still failed...
    assert cache.backend.entries() == []  # ...but a reused plan would start with the failure


async def test_requests_with_attachments_and_routers_without_the_cache_plan_afresh() -> None:
    cache = AgentComboCache()
    await planned(script_for_plan(), abc(), combo_cache=cache).run("Load the table")

    with_media = Script(decide=[PLAN])
    figure = Media(mime_type="image/png", data=b"\x89PNG", source="Out[1]")
    run = planned(with_media, abc(), combo_cache=cache).start("Load the table", media=[figure])
    await run
    assert first_decision(run).reason != HIT_REASON

    off = Script(decide=[PLAN])
    router = planned(off, abc(), combo_cache=False)
    run = router.start("Load the table")
    await run
    assert router.combo_cache is None and first_decision(run).reason != HIT_REASON
    assert cache.hits == 0


async def test_the_session_store_keeps_plans_for_the_next_kernel(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    await planned(script_for_plan(), abc(), store=store).run("Load the table and look it up")

    later = SessionStore(tmp_path)  # another kernel, the same folder
    run = planned(Script(), abc(), store=later).start("Load the table and look it up")
    await run
    assert first_decision(run).reason == HIT_REASON
    [entry] = later.combo_cache().backend.entries()
    assert entry.plan is not None and entry.agents == ("a", "b", "c") and entry.hit_count == 1
    store.close()
    later.close()


async def test_offline_rules_make_no_planning_call_so_use_no_cache() -> None:
    assert Router(model="offline").combo_cache is None
