"""Delegation guards: cycles, max hops, timeouts, the circuit breaker; and fallback."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest

from notebook_router import AgentRegistry, Unable, agent
from notebook_router.agents.base import BaseAgent, TaskRequest
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.delegation import Delegate, DelegationRequest
from notebook_router.agents.delegator import Delegator
from notebook_router.agents.group import AgentGroup
from notebook_router.errors import ConfigError
from notebook_router.planner import events as ev
from tests.conftest import Script, router_with, task


def _request(name: str, max_hops: int = 8) -> DelegationRequest:
    return DelegationRequest(id="t1", task_id="t1", task="do it", path=(name,), max_hops=max_hops)


async def _invoke(member: Any, hop: DelegationRequest) -> Any:
    return await member.run(None, None)


class Plain(BaseAgent):
    """A hand-written agent that answers or refuses, counting its calls."""

    def __init__(self, name: str, answer: Any = None, error: Exception | None = None) -> None:
        self.name = name
        self.answer = answer
        self.error = error
        self.calls = 0

    async def run(self, task: Any, context: Any) -> Any:
        self.calls += 1
        if self.error is not None:
            raise self.error
        return self.answer


async def test_a_cycle_through_dynamic_children_fails_and_names_the_path() -> None:
    class Loop(Plain):
        # Children computed on the fly escape add_child's check: the hop guard catches them.
        other: Loop

        @property
        def children(self) -> tuple[Any, ...]:  # type: ignore[override]
            return (self.other,)

    a, b = Loop("a", error=Unable("no")), Loop("b", error=Unable("no"))
    a.other, b.other = b, a
    response = await Delegator().run(a, _request("a"), _invoke)
    assert response.status == "failed"  # every child failed (the last one on the cycle)
    assert "a → b → a: failed: Delegation cycle: a → b → a." in " ".join(response.reasons)


async def test_max_hops_stops_a_deep_chain() -> None:
    chain = [AgentGroup(f"g{i}") for i in range(5)]
    for parent, child in itertools.pairwise(chain):
        parent.add_child(child)
    leaf = Plain("leaf", answer="deep")
    chain[-1].add_child(leaf)
    shallow = await Delegator().run(chain[0], _request("g0", max_hops=2), _invoke)
    assert shallow.status == "failed"
    assert "gave up after 2 hops (max_hops) at g0 → g1 → g2 → g3" in " ".join(shallow.reasons)
    assert leaf.calls == 0
    deep = await Delegator().run(chain[0], _request("g0", max_hops=5), _invoke)
    assert deep.status == "fulfilled" and deep.data == "deep" and deep.hops == 5


async def test_a_slow_child_times_out_and_its_sibling_answers() -> None:
    @agent(can=["slow"])
    async def slow(task: str) -> str:
        await asyncio.sleep(5)
        return "late"

    @agent(can=["fast"])
    async def fast(task: str) -> str:
        await asyncio.sleep(0.01)
        return "on time"

    team = AgentGroup("team", children=[slow, fast])
    router = router_with(
        [team], Script(decide=[{"action": "execute", "run": [task("t1", "team")]}])
    )
    started = time.perf_counter()
    result = await router.run("x", hop_timeout_s=0.2)
    assert time.perf_counter() - started < 2
    assert result.tasks[0].status == "fulfilled" and result.data("t1") == "on time"
    hops = {h.agent: h for h in result.delegations["t1"]}
    assert hops["slow"].status == "failed" and hops["slow"].error == "timed out after 0.2 s"


async def test_children_are_asked_in_parallel() -> None:
    kids = []
    for i in range(4):

        async def run(task: str) -> str:
            await asyncio.sleep(0.2)
            return "done"

        kids.append(agent(name=f"kid{i}", can=["x"])(run))
    team = AgentGroup("team", children=kids)
    started = time.perf_counter()
    response = await Delegator().run(team, _request("team"), _call)
    assert time.perf_counter() - started < 0.6  # 4 × 0.2 s in series would be 0.8 s
    assert response.status == "fulfilled"


async def test_an_unable_parent_falls_back_to_its_children() -> None:
    @agent(can=["head"])
    def head(task: str) -> str:
        raise Unable("not mine")

    @agent(can=["x"], parent=head)
    def nope(task: str) -> str:
        raise Unable("only x")

    @agent(can=["y"], parent=head)
    def yes(task: str) -> str:
        return "y did it"

    router = router_with(
        [head], Script(decide=[{"action": "execute", "run": [task("t1", "head")]}])
    )
    result = await router.run("x")
    assert result.tasks[0].status == "fulfilled" and result.data("t1") == "y did it"


async def test_all_children_unable_reports_their_reasons_to_the_planner() -> None:
    @agent(can=["x"])
    def a(task: str) -> str:
        raise Unable("only flights")

    @agent(can=["y"])
    def b(task: str) -> str:
        raise Unable("only hotels")

    team = AgentGroup("team", children=[a, b])
    router = router_with(
        [team], Script(decide=[{"action": "execute", "run": [task("t1", "team")]}])
    )
    result = await router.run("x")
    t1 = result.tasks[0]
    assert t1.status == "unable"
    assert "team → a: unable: only flights" in (t1.error or "")
    assert "team → b: unable: only hotels" in (t1.error or "")


async def test_delegate_to_an_unknown_agent_or_from_a_leaf_fails_clearly() -> None:
    @agent(can=["x"])
    def leafy(task: str) -> Delegate:
        return Delegate(("nobody", "do it"))

    @agent(can=["y"])
    def child(task: str) -> str:
        return "ok"

    @agent(can=["z"], children=[child])
    def boss(task: str) -> Delegate:
        return Delegate(("child", "part one"), ("ghost", "part two"))

    flat = await Delegator().run(leafy, _request("leafy"), _call)
    assert flat.status == "failed" and "has no child agents" in (flat.error or "")
    split = await Delegator().run(boss, _request("boss"), _call)
    assert split.status == "partial" and split.data == {"child": "ok"}
    assert "boss asked 'ghost', which is not one of its agents (child)" in (split.error or "")


async def _call(member: Any, hop: DelegationRequest) -> Any:
    request = TaskRequest(id=hop.id, description=hop.task, goal=hop.goal, agent=member.name)
    return await member.run(request, None)


# ------------------------------------------------------------------ breaker


def test_breaker_opens_half_opens_and_closes_on_an_injected_clock() -> None:
    now = [100.0]
    breaker = CircuitBreaker(failures=2, cooldown_s=30, clock=lambda: now[0])
    assert breaker.allow("x") and breaker.state("x") == "closed"
    assert breaker.record("x", ok=False) == "closed"
    assert breaker.record("x", ok=False) == "open"
    assert not breaker.allow("x") and breaker.retry_in("x") == 30
    now[0] += 30
    assert breaker.state("x") == "half_open"
    assert breaker.allow("x")  # one trial ...
    assert not breaker.allow("x")  # ... at a time
    assert breaker.record("x", ok=False) == "open"  # a failed trial: another cool-down
    assert breaker.retry_in("x") == 30
    now[0] += 30
    assert breaker.allow("x")
    assert breaker.record("x", ok=True) == "closed"
    assert breaker.consecutive_failures("x") == 0


def test_breaker_says_which_agents_have_failures_on_record() -> None:
    breaker = CircuitBreaker(failures=3)
    assert not breaker.failing("x")
    breaker.record("x", ok=False)
    assert breaker.failing("x") and breaker.state("x") == "closed"  # failing, not yet open
    breaker.record("x", ok=True)
    assert not breaker.failing("x")


def test_breaker_rejects_bad_thresholds() -> None:
    with pytest.raises(ConfigError, match="failures=0"):
        CircuitBreaker(failures=0)
    with pytest.raises(ConfigError, match="cooldown_s=-1"):
        CircuitBreaker(cooldown_s=-1)


async def test_a_failing_agent_is_skipped_once_its_circuit_opens() -> None:
    now = [0.0]
    breaker = CircuitBreaker(failures=2, cooldown_s=60, clock=lambda: now[0])
    flaky = Plain("flaky", error=RuntimeError("down"))
    backup = Plain("backup", answer="from backup")
    team = AgentGroup("team", children=[flaky, backup])
    events: list[tuple[str, str]] = []

    class Observer:
        def requested(self, request: DelegationRequest) -> None: ...

        def responded(self, request: Any, response: Any, duration_s: float) -> None: ...

        def circuit_changed(self, agent: str, state: str, failures: int) -> None:
            events.append((agent, state))

    delegator = Delegator(breaker=breaker, observer=Observer())
    for _ in range(3):
        response = await delegator.run(team, _request("team"), _invoke)
        assert response.data == "from backup"  # the team still answers
    assert flaky.calls == 2  # the third request skipped it
    assert events == [("flaky", "open")]
    skipped = await delegator.run(flaky, _request("flaky"), _invoke)
    assert skipped.status == "unable" and "circuit open" in (skipped.error or "")
    now[0] = 60.0
    flaky.error, flaky.answer = None, "back up"
    response = await delegator.run(flaky, _request("flaky"), _invoke)
    assert response.data == "back up" and breaker.state("flaky") == "closed"
    assert events[-1] == ("flaky", "closed")


async def test_unable_never_counts_as_a_failure() -> None:
    breaker = CircuitBreaker(failures=1)
    shy = Plain("shy", error=Unable("not mine"))
    for _ in range(3):
        await Delegator(breaker=breaker).run(shy, _request("shy"), _invoke)
    assert breaker.state("shy") == "closed" and shy.calls == 3


async def test_the_router_shares_its_breaker_across_runs_and_emits_circuit_events() -> None:
    @agent(can=["x"])
    def broken(task: str) -> str:
        raise RuntimeError("down")

    @agent(can=["y"])
    def fine(task: str) -> str:
        return "fine"

    team = AgentGroup("team", children=[broken, fine])
    script = Script(decide=[{"action": "execute", "run": [task("t1", "team")]}])
    router = router_with([team], script, breaker=CircuitBreaker(failures=1, cooldown_s=600))
    run = router.start("x")
    await run
    changes = [e for e in run.history if isinstance(e, ev.CircuitChanged)]
    assert [(e.agent, e.state, e.failures) for e in changes] == [("broken", "open", 1)]
    script.decide = [{"action": "execute", "run": [task("t1", "team")]}]
    second = await router.run("x")
    hop = {h.agent: h for h in second.delegations["t1"]}["broken"]
    assert hop.status == "unable" and "circuit open" in (hop.error or "")


def test_registry_lookups_stay_cheap_for_flat_agents() -> None:
    # The planner's hot path only touches the registry's dict for top-level names.
    registry = AgentRegistry([agent(name="solo", can=["x"])(lambda task: 1)])
    assert registry.get("solo").name == "solo" and registry._tree is None


async def test_the_breaker_guards_an_agent_the_planner_calls_directly() -> None:
    now = [0.0]
    broken = Plain("broken", error=RuntimeError("down"))
    script = Script()
    router = router_with(
        [broken], script, breaker=CircuitBreaker(failures=2, cooldown_s=60, clock=lambda: now[0])
    )
    statuses = []
    for _ in range(3):
        script.decide = [{"action": "execute", "run": [task("t1", "broken")]}]
        run = router.start("x")
        result = await run
        statuses.append(result.tasks[0].status)
    assert broken.calls == 2 and statuses == ["failed", "failed", "unable"]
    assert "skipped: broken failed 2 times in a row" in (result.tasks[0].error or "")
    opened = [e for e in run.history if isinstance(e, ev.CircuitChanged)]
    assert opened == []  # it opened in the second run, which said so
    now[0] = 60.0  # cooled down: one trial goes through, and it works
    broken.error, broken.answer = None, "back up"
    script.decide = [{"action": "execute", "run": [task("t1", "broken")]}]
    run = router.start("x")
    assert (await run).tasks[0].status == "fulfilled" and broken.calls == 3
    changes = [(e.agent, e.state) for e in run.history if isinstance(e, ev.CircuitChanged)]
    assert changes == [("broken", "closed")]


async def test_a_trial_call_cut_short_by_stop_leaves_the_agent_callable() -> None:
    now = [0.0]
    breaker = CircuitBreaker(failures=1, cooldown_s=10, clock=lambda: now[0])
    breaker.record("slow", ok=False)
    now[0] = 10.0  # half-open: the next call is the one trial

    @agent(can=["x"])
    async def slow(task: str) -> str:
        await asyncio.sleep(30)
        return "late"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "slow")]}])
    run = router_with([slow], script, breaker=breaker).start("x")
    await asyncio.sleep(0.05)
    run.stop()
    assert (await run).tasks[0].status == "cancelled"
    assert breaker.allow("slow")  # the trial was given back, not lost with the run
