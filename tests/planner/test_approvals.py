"""Agent-written code and the user's say: the code policy, Run / Edit / Skip, Stop while waiting."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, TypeVar

import pytest

from notebook_router import BaseAgent, Router
from notebook_router.agents.approval import CodeApproval
from notebook_router.agents.base import AgentContext, TaskRequest
from notebook_router.errors import ConfigError, NoPendingApprovalError, RunFinishedError
from notebook_router.planner import events as ev
from notebook_router.text import secrets
from tests.conftest import Script, router_with, task

CODE = "total = df['revenue'].sum()\ntotal"


class Coder(BaseAgent):
    """Writes ``code`` and reports what the run decided about it."""

    name = "coder"
    description = "writes python code"

    def __init__(self, code: str = CODE, timeout_s: float | None = None) -> None:
        self.code = code
        self.timeout_s = timeout_s
        self.decisions: list[CodeApproval] = []

    async def run(self, task: TaskRequest, context: AgentContext) -> Any:
        decision = await context.approve_code(self.code, "add up the revenue")
        self.decisions.append(decision)
        return {"ran": decision.run, "code": decision.code, "note": decision.note}


def _router(agent: Coder, **kwargs: Any) -> Router:
    return router_with(
        [agent], Script(decide=[{"action": "execute", "run": [task("t1", "coder")]}]), **kwargs
    )


E = TypeVar("E", bound=ev.Event)


async def _first(run: Any, kind: type[E]) -> E:
    async for event in run.events():
        if isinstance(event, kind):
            return event
    raise AssertionError(f"no {kind.__name__}")


async def test_auto_runs_the_code_without_asking() -> None:
    coder = Coder()
    run = _router(coder, code="auto").start("add up revenue")
    result = await run
    assert coder.decisions[0].run and coder.decisions[0].code == CODE
    assert not any(isinstance(e, ev.CodeApprovalRequested) for e in run.history)
    assert result.stop_reason == "completed"


async def test_never_shows_the_code_and_says_it_was_not_run() -> None:
    coder = Coder()
    await _router(coder, code="never").start("add up revenue")
    decision = coder.decisions[0]
    assert not decision.run
    assert "policy is never" in decision.note


async def test_ask_with_nobody_to_answer_does_not_run_and_says_why() -> None:
    coder = Coder()
    result = await _router(coder, code="ask", clarify="stop").start("add up revenue")
    decision = coder.decisions[0]
    assert not decision.run
    assert "no panel is open" in decision.note
    # How to have it run is said once, in the answer, not in every task's note.
    assert "auto" not in decision.note
    assert result.answer.count("Router(code='auto')") == 1


async def test_how_to_run_held_back_code_is_said_once_for_many_pieces() -> None:
    coders = [Coder(), Coder()]
    coders[1].name = "coder2"
    tasks = [task("t1", "coder"), task("t2", "coder2")]
    router = router_with(coders, Script(decide=[{"action": "execute", "run": tasks}]), code="never")
    result = await router.start("add up revenue twice")
    assert [d.run for c in coders for d in c.decisions] == [False, False]
    assert result.answer.count("To run agent-written code:") == 1


async def test_ask_waits_for_run_from_another_thread_and_the_run_goes_on() -> None:
    coder = Coder()
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    asked = await _first(run, ev.CodeApprovalRequested)
    assert asked.code == CODE and asked.purpose == "add up the revenue" and asked.task_id == "t1"
    assert list(run.state.approvals) == [asked.id]
    delivery = await asyncio.to_thread(run.approve, "run")
    await asyncio.wrap_future(delivery)  # the run took it (it raises if not)
    result = await run
    assert coder.decisions[0].run and not coder.decisions[0].edited
    assert result.stop_reason == "completed"
    assert run.state.approvals == {}
    given = [e for e in run.history if isinstance(e, ev.CodeApprovalGiven)]
    assert [(g.id, g.decision) for g in given] == [(asked.id, "run")]


async def test_edit_then_run_runs_the_users_code() -> None:
    coder = Coder()
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    asked = await _first(run, ev.CodeApprovalRequested)
    run.approve("run", approval=asked.id, code="df['revenue'].mean()")
    await run
    assert coder.decisions[0].code == "df['revenue'].mean()" and coder.decisions[0].edited


async def test_skip_does_not_run_and_says_the_user_skipped() -> None:
    coder = Coder()
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    await _first(run, ev.CodeApprovalRequested)
    run.approve("skip")
    await run
    assert not coder.decisions[0].run and "Skip" in coder.decisions[0].note


async def test_stop_while_waiting_ends_the_run_at_once_and_forgets_the_approval() -> None:
    coder = Coder()
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    await _first(run, ev.CodeApprovalRequested)
    threading.Timer(0.05, run.stop).start()
    result = await asyncio.wait_for(run, timeout=10)
    assert result.stop_reason == "stopped_by_user"
    assert run.state.approvals == {} and coder.decisions == []
    with pytest.raises(RunFinishedError):
        run.approve("run")


async def test_waiting_for_the_user_does_not_count_against_the_agents_timeout() -> None:
    coder = Coder(timeout_s=0.3)
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    await _first(run, ev.CodeApprovalRequested)
    await asyncio.sleep(0.6)  # twice the agent's limit spent reading the code
    run.approve("run")
    result = await run
    assert result.tasks[0].status == "fulfilled", result.tasks[0].error


async def test_a_decision_with_nothing_waiting_or_a_bad_word_is_refused_clearly() -> None:
    coder = Coder()
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    asked = await _first(run, ev.CodeApprovalRequested)
    with pytest.raises(NoPendingApprovalError, match="t1#1"):
        run.approve("run", approval="t9#1")
    with pytest.raises(ConfigError, match="'run' or 'skip'"):
        run.approve("maybe")
    run.approve("skip", approval=asked.id)
    await run


def test_a_bad_code_policy_names_the_choices() -> None:
    with pytest.raises(ConfigError, match="ask, auto, never"):
        Router(code="sometimes")  # type: ignore[arg-type]


@pytest.mark.parametrize("policy", ["ask", "auto"])
async def test_code_holding_a_key_is_never_run_nor_shown_masked_for_approval(policy: str) -> None:
    key = "plain-secret-" + "a1b2c3d4" * 3  # not key-shaped: a key the user gave in code
    secrets.remember(key)
    coder = Coder(code=f"client = make_client('{key}')")
    run = _router(coder, code=policy, clarify="wait").start("connect")
    await asyncio.wait_for(run, timeout=10)
    [decision] = coder.decisions
    assert not decision.run and "it holds an API key" in decision.note
    assert key not in decision.code and "[redacted]" in decision.code
    assert not any(isinstance(e, ev.CodeApprovalRequested) for e in run.history)


async def test_the_code_shown_for_approval_is_byte_for_byte_the_code_that_runs() -> None:
    code = "total = df['revenue'].sum()  # 'sk-' alone is no key\n\ttotal  "
    coder = Coder(code=code)
    run = _router(coder, code="ask", clarify="wait").start("add up revenue")
    asked = await _first(run, ev.CodeApprovalRequested)
    assert asked.code == code and run.state.approvals[asked.id].code == code
    run.approve("run", code=asked.code)  # Run on the code as shown: not an edit
    await run
    assert coder.decisions[0].code == code and not coder.decisions[0].edited
