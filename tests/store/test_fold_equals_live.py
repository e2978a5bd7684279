"""The record is the run: folding a run's stored events gives exactly its live state.

Hypothesis drives random runs (parallel and serial tasks, failures, timeouts,
delegation trees, critic notes, verification and the tasks it sends back,
clarifying questions, redirects and stops from other threads), each recorded
by a real SQLite session store (one for them all, as a notebook's runs share one); the
state rebuilt from the database must equal the live final state, plan,
delegation tree, graph and panel included.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notebook_router import AgentResult, Limits, Router, Run, Unable, agent
from notebook_router.agents.group import AgentGroup
from notebook_router.errors import NeedsUserInput, RunFinishedError
from notebook_router.examples.travel import AGENTS as TRAVEL
from notebook_router.media import Media
from notebook_router.planner.decisions import (
    Decision,
    RedirectDecision,
    RedirectKind,
    Synthesis,
    TaskSpec,
)
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.state import Attribution, RunState
from notebook_router.render.panel_state import panel_state
from notebook_router.store import SessionStore
from notebook_router.store.export import export_run
from notebook_router.store.stored_bundle import stored_bundle
from notebook_router.verification.critic import RuleCritic

T = TypeVar("T")
EXAMPLES = int(os.environ.get("FOLD_EXAMPLES", "500"))
OUTCOMES = ("ok", "list", "partial", "unable", "fail", "ask", "slow", "hang", "media", "shaky")
FLAT = ("a0", "a1", "a2")
ANY_AGENT = (*FLAT, "head", "left", "deep")


def _flat_agent(name: str, outcomes: list[str]) -> Any:
    calls = iter(outcomes * 50)

    @agent(name=name, can=[name], timeout=0.05)
    async def run(task: str) -> Any:
        outcome = next(calls)
        if outcome == "slow":
            await asyncio.sleep(0.005)
        elif outcome == "hang":
            await asyncio.sleep(1)  # outlives its 50 ms timeout
        if outcome == "list":
            return [1, 2, {"k": name}]
        if outcome == "partial":
            return AgentResult(status="partial", data="half", confidence=0.3, suggestions=("more",))
        if outcome == "unable":
            raise Unable(f"{name} cannot")
        if outcome == "fail":
            raise ValueError("boom")
        if outcome == "ask":
            raise NeedsUserInput("which one?")
        if outcome == "shaky":  # verification sends it back once, then marks it unverified
            return AgentResult(data=[12, 34], summary=f"{name} counted 1,234", confidence=0.2)
        if outcome == "media":
            return Media(mime_type="image/svg+xml", data=f"<svg>{task}</svg>", description="fig")
        return f"{name}: {task}"

    return run


def _tree() -> list[Any]:
    @agent(can=["head"])
    def head(task: str) -> str:
        raise Unable("delegates")

    @agent(can=["left"], parent=head)
    def left(task: str) -> str:
        return "left answer"

    mid = AgentGroup("mid", can=["mid"], parent=head)

    @agent(can=["deep"], parent=mid)
    def deep(task: str) -> str:
        raise Unable("not mine")

    return [head, left, mid, deep]


class Tape:
    """Choices drawn before the run starts: the run's own timing (threads, timers)
    decides when they are used, never what Hypothesis draws."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        self.at = 0

    def pick(self, options: Sequence[T]) -> T:
        self.at += 1
        return options[self.numbers[self.at % len(self.numbers)] % len(options)]


class DrawnPlanner:
    """A planner whose every choice comes from the tape: valid decisions and broken ones."""

    def __init__(self, tape: Tape) -> None:
        self.tape = tape

    async def decide(self, call: PlannerCall) -> Decision:
        pick = self.tape.pick
        if pick((True, False)):
            await asyncio.sleep(0)  # let results, redirects and stops arrive while "thinking"
        action = pick(("execute", "parallel", "later", "complete", "wait", "ask"))
        plan = call.state.plan.tasks
        if action == "complete":
            return Decision(action="complete", reason="drawn")
        if action == "wait":
            return Decision(action="wait")  # refused when nothing runs: a retry
        if action == "ask":
            return Decision(action="clarify", question="which region?")
        specs = [self._spec(call) for _ in range(pick((1, 2, 3)))]
        if action == "later":
            return Decision(action="execute", run=specs[:1], later=specs[1:])
        if pick((True, False)) and plan:  # start (or re-start) a planned task
            specs[0] = TaskSpec(id=pick(sorted(plan.keys())))
        return Decision(action="parallel" if action == "parallel" else "execute", run=specs)

    def _spec(self, call: PlannerCall) -> TaskSpec:
        pick = self.tape.pick
        ids = sorted(call.state.plan.tasks)
        deps = [pick(ids) for _ in range(pick((0, 0, 1, 2)))] if ids else []
        return TaskSpec(
            description=pick(("load", "plot", "sum", "trip")),
            agent=pick((*ANY_AGENT, "nobody")),
            depends_on=deps,
        )

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        kind: RedirectKind = self.tape.pick(("restart", "refine", "status", "clarify"))
        running = [t.id for t in call.state.plan.with_status("running", "pending")]
        return RedirectDecision(
            kind=kind,
            cancel=running[:1],
            restore=call.state.dropped[-1:] if self.tape.pick((True, False)) else [],
            question="really?" if kind == "clarify" else None,
        )

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        done = [t for t in call.state.plan if t.status in ("fulfilled", "partial")]
        return Synthesis(
            answer=f"{len(done)} done",
            attributions=[
                Attribution(task_id=t.id, agent=t.agent, text=t.summary or "") for t in done
            ],
        )


def _redirect(run: Run, message: str) -> None:
    # Fired by a timer that may find the run over: refused, as it should be.
    with contextlib.suppress(RunFinishedError):
        run.redirect(message)


def snapshot(state: RunState, limits: Limits) -> dict[str, Any]:
    """Everything a run's state holds that a user can see, in comparable form."""
    return {
        "tasks": [asdict(t) for t in state.plan],
        "plan_digest": state.plan.digest,
        "results": {
            tid: (
                r.status,
                r.data,
                r.confidence,
                r.error,
                r.suggestions,
                [m.digest for m in r.media],
            )
            for tid, r in state.results.items()
        },
        "results_digest": state.results_digest.value,
        "scalars": (
            state.goal,
            state.goal_version,
            state.iteration,
            state.pending_question,
            state.answer,
            state.stop_reason,
            state.stop_detail,
        ),
        "dropped": list(state.dropped),
        "history": [h.model_dump() for h in state.history],
        "usage": (state.usage, state.usage_by_source, state.usage_by_task),
        "interrupts": [i.model_dump() for i in state.interrupts],
        "attributions": [a.model_dump() for a in state.attributions],
        "delegations": {k: [h.model_dump() for h in v] for k, v in state.delegations.items()},
        "critiques": {k: v.model_dump() for k, v in state.critiques.items()},
        "media": [m.model_dump() for m in state.media],
        "graph": nx.node_link_data(run_graph(state), edges="edges"),
        "panel": panel_state(state, limits, elapsed_s=0.0).model_dump(),
    }


async def _drawn_run(data: st.DataObject, store: SessionStore) -> tuple[RunState, RunState, Limits]:
    draw = data.draw
    agents = [_flat_agent(n, draw(st.lists(st.sampled_from(OUTCOMES), min_size=1))) for n in FLAT]
    limits = Limits(
        max_iterations=draw(st.integers(1, 8)),
        planner_retries=draw(st.integers(0, 2)),
        cancel_grace_s=0.5,
    )

    tape = Tape(draw(st.lists(st.integers(0, 1000), min_size=1, max_size=64)))

    async def answer(question: str) -> str | None:
        return tape.pick(("North", None))

    asks = draw(st.booleans())
    router = Router(
        [*agents, *_tree()],
        planner=DrawnPlanner(tape),
        limits=limits,
        critic=RuleCritic() if draw(st.booleans()) else None,
        # A question is answered by a handler (or not), or ends the run asking it.
        on_clarify=answer if asks else None,
        clarify="wait" if asks else "stop",
        store=store,
    )
    run = router.start("do the thing")
    for _ in range(draw(st.integers(0, 2))):
        delay = draw(st.sampled_from([0.0, 0.001, 0.01]))
        message = draw(st.sampled_from(["stop", "use South", "status?"]))
        fire = run.stop if message == "stop" else functools.partial(_redirect, run, message)
        if draw(st.booleans()):  # from another thread, as a panel button does
            threading.Timer(delay, fire).start()
        else:
            asyncio.get_running_loop().call_later(delay, fire)
    await run
    await asyncio.sleep(0.02)  # let timers that fire after the end find it finished
    store.flush()
    rebuilt = store.rebuild(run.id).state
    return run.state, rebuilt, limits


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SessionStore]:
    """One real session database for every drawn run: opening a new file (its schema
    created, its log folded) took half of each example, and each run has its own id."""
    opened = SessionStore(tmp_path_factory.mktemp("fold"))
    yield opened
    opened.close()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_folding_the_stored_events_gives_the_live_final_state(
    store: SessionStore, data: st.DataObject
) -> None:
    live, rebuilt, limits = asyncio.run(_drawn_run(data, store))
    assert live.stop_reason is not None
    assert all(t.status not in ("pending", "running") for t in live.plan)
    assert snapshot(rebuilt, limits) == snapshot(live, limits)


async def test_a_stored_travel_run_shows_and_exports_its_whole_delegation_tree(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path)
    run = Router(TRAVEL, store=store).start("plan a trip to Italy with great food")
    await run
    store.close()
    live_tree = to_mermaid(run_graph(run.state))
    # What `%route show RUN` and export draw in a fresh kernel: a new store on the same file.
    reopened = SessionStore(tmp_path)
    try:
        rebuilt = reopened.rebuild(run.id).state
        shown = stored_bundle(reopened.rebuild(run.id), reopened.run(run.id))["text/vnd.mermaid"]
        exported = export_run(reopened, run.id).tree
    finally:
        reopened.close()
    for agent_name in ("experiences", "restaurants", "tours", "events", "flights", "hotels"):
        assert agent_name in live_tree
    assert to_mermaid(run_graph(rebuilt)) == live_tree
    assert shown == live_tree and exported == live_tree
