"""The planner workloads (a decision per step, a plan that runs itself, fan-out, trees,
Stop), run on notebook_router and on a plain-asyncio reference.

Each function returns raw seconds; ``run.py`` turns them into JSON lines.
The reference does the same work as the router (decide, start the agent as a
task, await it, file the result, record an event) with nothing else, so it
is the floor any orchestration layer sits on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypedDict

from notebook_router import Limits, Router, agent
from notebook_router.context.shared import SharedContext
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis, TaskSpec
from notebook_router.planner.planner import PlannerCall


class Budgets(TypedDict):
    """Limits keywords, typed one by one so ``Limits(**BIG_BUDGETS)`` is checked."""

    max_tokens: int
    max_cost_usd: float
    timeout_s: float


BIG_BUDGETS: Budgets = {"max_tokens": 10**12, "max_cost_usd": 10**9, "timeout_s": 3600.0}


class StubPlanner:
    """A zero-latency planner: decisions come from a function of the state."""

    def __init__(self, decide: Callable[[PlannerCall], Decision]) -> None:
        self._decide = decide

    async def decide(self, call: PlannerCall) -> Decision:
        return self._decide(call)

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        return RedirectDecision(kind="status")

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        return Synthesis(answer="done")


def _serial_decisions(n: int) -> list[Decision]:
    # Every step a decision point (checkpoint): the planner is asked after each
    # result, so the loop measured is the Decider→agent step, not a plan running itself.
    out = [
        Decision(
            action="execute",
            run=[TaskSpec(id=f"s{i}", description="step", agent="stub", checkpoint=True)],
        )
        for i in range(n)
    ]
    return [*out, Decision(action="complete")]


@agent(name="stub", can=["step"])
async def _stub(context: Any) -> int:
    # Writes the shared context every step, so stall detection and the
    # context digest are exercised (the key set stays at its initial size).
    n = context.task.id
    context.remember(f"k{len(n) % 10}", n)
    return len(n)


async def router_loop(n: int, context_entries: int = 10) -> float:
    """Seconds for ``n`` Decider→agent iterations with events, stall checks and budgets on."""
    decisions = iter(_serial_decisions(n))
    router = Router(
        [_stub],
        planner=StubPlanner(lambda call: next(decisions)),
        limits=Limits(max_iterations=n + 10, **BIG_BUDGETS),
    )
    context = SharedContext({f"k{i}": i for i in range(context_entries)})
    seen = 0

    def subscriber(event: object) -> None:
        nonlocal seen
        seen += 1

    start = time.perf_counter()
    run = router.start("benchmark", context=context)
    run.subscribe(subscriber)
    result = await run
    elapsed = time.perf_counter() - start
    assert result.iterations == n + 1 and result.stop_reason == "completed", result.stop_detail
    assert seen > 4 * n
    return elapsed


async def router_plan_ahead(n: int) -> float:
    """Seconds for a chain of ``n`` steps planned in one decision: the loop runs it itself
    (each step starts once the one before has finished, with no decision in between)."""
    specs = [
        TaskSpec(
            id=f"s{i}", description="step", agent="stub", depends_on=[f"s{i - 1}"] if i else []
        )
        for i in range(n)
    ]
    plan = Decision(action="execute", run=specs[:1], later=specs[1:])
    router = Router(
        [_stub],
        planner=StubPlanner(lambda call: plan),
        limits=Limits(max_iterations=10, **BIG_BUDGETS),
    )
    start = time.perf_counter()
    result = await router.run("benchmark")
    elapsed = time.perf_counter() - start
    assert result.iterations == 1 and len(result.tasks) == n, result.stop_detail
    return elapsed


async def reference_loop(n: int) -> float:
    """The same work in plain asyncio: the floor."""
    decisions = _serial_decisions(n)
    results: dict[str, int] = {}
    events: list[tuple[str, str]] = []
    context: dict[str, Any] = {f"k{i}": i for i in range(10)}

    async def stub(task_id: str) -> int:
        context[f"k{len(task_id) % 10}"] = task_id
        return len(task_id)

    start = time.perf_counter()
    for decision in decisions:
        if decision.action == "complete":
            break
        task_id = decision.run[0].id or ""
        events.append(("started", task_id))
        results[task_id] = await asyncio.ensure_future(stub(task_id))
        events.append(("finished", task_id))
    return time.perf_counter() - start


def _fanout_planner(k: int) -> StubPlanner:
    def decide(call: PlannerCall) -> Decision:
        if call.iteration == 1:
            specs = [TaskSpec(id=f"f{i}", description="wait", agent="sleep50") for i in range(k)]
            return Decision(action="parallel", run=specs)
        if call.state.plan.with_status("running"):
            return Decision(action="wait")
        return Decision(action="complete")

    return StubPlanner(decide)


@agent(name="sleep50", can=["wait"])
async def _sleep50() -> str:
    await asyncio.sleep(0.05)
    return "ok"


async def router_fanout(k: int) -> float:
    """Wall seconds for ``k`` independent 50 ms agents."""
    router = Router([_sleep50], planner=_fanout_planner(k), limits=Limits(**BIG_BUDGETS))
    start = time.perf_counter()
    result = await router.run("fan out")
    elapsed = time.perf_counter() - start
    assert all(t.status == "fulfilled" for t in result.tasks) and len(result.tasks) == k
    return elapsed


async def router_stop_latency(k: int = 8) -> float:
    """Seconds from ``run.stop()`` until the run returned and every agent coroutine exited."""
    exits: list[float] = []

    @agent(name="sleeper", can=["wait"])
    async def sleeper() -> str:
        try:
            await asyncio.sleep(10)
        finally:
            exits.append(time.perf_counter())
        return "never"

    def decide(call: PlannerCall) -> Decision:
        specs = [TaskSpec(id=f"z{i}", description="wait", agent="sleeper") for i in range(k)]
        return Decision(action="parallel", run=specs)

    router = Router([sleeper], planner=StubPlanner(decide), limits=Limits(**BIG_BUDGETS))
    run = router.start("stop me")
    await asyncio.sleep(0.1)
    start = time.perf_counter()
    run.stop()
    result = await run
    returned = time.perf_counter()
    assert result.stop_reason == "stopped_by_user" and len(exits) == k
    return max([returned, *exits]) - start


async def router_tree_fanout(k: int) -> float:
    """Wall seconds for one task whose agent group hands it to ``k`` 50 ms children."""
    from notebook_router.agents.group import AgentGroup

    kids = []
    for i in range(k):

        async def child() -> str:
            await asyncio.sleep(0.05)
            return "ok"

        kids.append(agent(name=f"kid{i}", can=["wait"])(child))
    team = AgentGroup("team", can=["wait"], children=kids)

    def decide(call: PlannerCall) -> Decision:
        if call.iteration == 1:
            return Decision(
                action="execute", run=[TaskSpec(id="t1", description="wait", agent="team")]
            )
        if call.state.plan.with_status("running"):
            return Decision(action="wait")
        return Decision(action="complete")

    router = Router([team], planner=StubPlanner(decide), limits=Limits(**BIG_BUDGETS))
    start = time.perf_counter()
    result = await router.run("fan out through a tree")
    elapsed = time.perf_counter() - start
    assert result.tasks[0].status == "fulfilled" and len(result.delegations["t1"]) == k
    return elapsed
