"""Tokens and cost per agent and per task: whose work spent them, folded from the events."""

from __future__ import annotations

import asyncio
from typing import Any

from notebook_router import AgentResult, Router, agent
from notebook_router.agents.base import AgentContext
from notebook_router.agents.delegation import Delegate
from notebook_router.planner import events as ev
from notebook_router.planner.reducer import fold
from notebook_router.planner.state import RunState
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.conftest import Script, task

PLANNER_CALL = Usage(input_tokens=100, output_tokens=10, cost_usd=0.001, calls=1)


class Priced:
    """The planner follows ``script`` (each call priced at PLANNER_CALL); an agent's call
    costs as many input tokens as its prompt says (``spend 300``), with 0.01 $ a call."""

    def __init__(self, script: Script) -> None:
        self.script = script

    def __call__(self, request: CompletionRequest) -> Any:
        prompt = request.messages[-1].content
        if request.purpose.startswith("router."):
            reply = self.script(request)
            text = reply if isinstance(reply, str) else _json(reply)
            return Completion(text=text, model="scripted:test", usage=PLANNER_CALL)
        spent = int(prompt.rsplit("spend ", 1)[1].split()[0])
        usage = Usage(input_tokens=spent, output_tokens=1, cost_usd=0.01, calls=1)
        return Completion(text="ok", model="scripted:test", usage=usage)


def _json(reply: Any) -> str:
    import json

    if hasattr(reply, "model_dump_json"):
        return str(reply.model_dump_json())
    return json.dumps(reply)


@agent(can=["ask"])
async def asker(task: str, context: AgentContext) -> str:
    "Asks the model twice, after a pause (so two tasks of it overlap)."
    await asyncio.sleep(0.05)
    await context.model.ask(task)
    await asyncio.sleep(0.05)
    return await context.model.ask(task)


@agent(can=["report"])
def reporter(task: str) -> AgentResult:
    "Reports usage of its own (a model it called itself)."
    return AgentResult(data="done", usage=Usage(input_tokens=7, output_tokens=3, calls=1))


async def test_two_tasks_of_one_agent_running_at_once_are_counted_apart() -> None:
    script = Script(
        decide=[
            {
                "action": "parallel",
                "run": [
                    task("t1", "asker", "spend 300 tokens"),
                    task("t2", "asker", "spend 50 tokens"),
                    task("t3", "reporter", "report"),
                ],
            }
        ]
    )
    run = Router([asker, reporter], model=ScriptedProvider(fallback=Priced(script))).start("go")
    result = await run
    state = run.state
    by_task = state.usage_by_task
    assert by_task["t1"].input_tokens == 600 and by_task["t1"].calls == 2
    assert by_task["t2"].input_tokens == 100 and by_task["t2"].calls == 2
    assert by_task["t3"] == Usage(input_tokens=7, output_tokens=3, calls=1)
    assert round(by_task["t1"].cost_usd, 6) == 0.02
    # By agent: both asker tasks together; the planner's own calls belong to no task.
    assert state.usage_by_source["asker"].input_tokens == 700
    planner = state.usage_by_source["planner"]
    assert planner.calls >= 2 and planner.input_tokens == 100 * planner.calls
    total = sum((u for u in by_task.values()), Usage()) + planner
    assert total == state.usage
    # What the result reports, and what folding the run's events gives again.
    assert result.usage_by_task == by_task
    assert result.summary_dict()["usage_by_task"]["t2"]["input_tokens"] == 100
    rebuilt = fold(RunState(run_id=state.run_id, query="go", goal="go"), run.history)
    assert rebuilt.usage_by_task == by_task
    assert rebuilt.usage_by_source == state.usage_by_source
    usage_events = [e for e in run.history if isinstance(e, ev.UsageUpdated)]
    assert {e.task_id for e in usage_events} == {"", "t1", "t2", "t3"}


async def test_a_sub_agent_deep_in_a_tree_spends_for_the_task_its_tree_serves() -> None:
    @agent(can=["survey"])
    def hub(task: str) -> Delegate:
        "Asks its two workers."
        return Delegate(("w1", "spend 40 tokens"), ("w2", "spend 60 tokens"))

    @agent(can=["w1"], parent=hub)
    async def w1(task: str, context: AgentContext) -> str:
        "Worker one."
        return await context.model.ask(task)

    @agent(can=["w2"], parent=hub)
    async def w2(task: str, context: AgentContext) -> str:
        "Worker two."
        return await context.model.ask(task)

    script = Script(decide=[{"action": "execute", "run": [task("t1", "hub", "survey")]}])
    run = Router([hub], model=ScriptedProvider(fallback=Priced(script))).start("survey")
    await run
    assert run.state.usage_by_task["t1"].input_tokens == 100
    assert run.state.usage_by_source["w1"].input_tokens == 40
    assert run.state.usage_by_source["w2"].input_tokens == 60
