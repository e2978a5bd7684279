"""A model planner's view fits Limits.planner_tokens, keeps every task, and opens with what
stays the same over a run (so providers' prompt caching applies)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pydantic import ValidationError

from notebook_router import Limits, Router, agent
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.planner import ModelPlanner, PlannerCall
from notebook_router.planner.state import RunState
from notebook_router.providers.base import CompletionRequest, ModelClient
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage, estimate_tokens
from tests.conftest import Script, task

N = 100


def _view(request: CompletionRequest) -> dict[str, Any]:
    prompt = request.messages[-1].content
    return dict(json.loads(prompt.split("```json\n", 1)[1].rsplit("\n```", 1)[0]))


def _echo() -> Any:
    @agent(can=["echo", "item"], description="Echoes one item back, at length.")
    def echo(task: str) -> str:
        return f"{task}: " + "a long finding about this item, with details " * 8

    return echo


class _Waiting(Script):
    """Plans 100 tasks at once, then waits while any runs, then completes."""

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose == "router.decide" and not self.decide:
            view = _view(request)
            counts = (view.get("more_tasks") or {}).get("counts", {})
            if counts.get("running") or any(t["status"] == "running" for t in view["tasks"]):
                return {"action": "wait"}
        return super().__call__(request)


def _represented(view: dict[str, Any]) -> set[str]:
    """The ids a view accounts for: in full, one line each, or inside a group's span."""
    ids = {t["id"] for t in view["tasks"]}
    digest = view.get("more_tasks") or {}
    ids |= {line.split()[0] for line in digest.get("lines", [])}
    for group in digest.get("groups", []):
        assert re.search(r": \d+ \w+ by echo", group), group  # status and agent, at least
        first, _, last = group.split(":")[0].partition("–")
        low, high = int(first[1:]), int((last or first)[1:])
        ids |= {f"t{i}" for i in range(low, high + 1)}
    return ids


async def _hundred_tasks() -> tuple[Router, RunState, ScriptedProvider]:
    plan = [task(f"t{i}", "echo", f"Echo item {i}") for i in range(1, N + 1)]
    provider = ScriptedProvider(fallback=_Waiting(decide=[{"action": "parallel", "run": plan}]))
    router = Router([_echo()], model=provider, limits=Limits(max_iterations=N + 10))
    run = router.start("Echo 100 items")
    result = await run
    assert result.stop_reason == "completed" and len(result.results) == N
    return router, run.state, provider


async def test_a_100_task_run_stays_within_the_budget_and_every_task_stays_listed() -> None:
    _, _, provider = await _hundred_tasks()
    budget = 3000  # the default Limits.planner_tokens
    condensed = 0
    for request in provider.requests:
        assert estimate_tokens(request.messages[-1].content) <= budget
        view = _view(request)
        assert {f"t{i}" for i in range(1, N + 1)} <= _represented(view) or not view["tasks"]
        condensed += "To fit the planner's budget of 3,000 tokens" in view.get("condensed", "")
    assert condensed > 0 and Limits().planner_tokens == budget
    synthesis = _view(provider.requests[-1])
    assert provider.requests[-1].purpose == "router.synthesise"
    assert synthesis["more_tasks"]["counts"] == {"fulfilled": N}


async def test_the_budget_is_the_runs_to_set() -> None:
    router, state, _ = await _hundred_tasks()

    async def answer_prompt(limits: Limits) -> str:
        provider = ScriptedProvider([Synthesis(answer="done")])
        model = ModelClient(provider, lambda usage, source: None, "planner")
        await ModelPlanner().synthesise(PlannerCall(state, router.agents, model, limits=limits))
        prompt = provider.requests[0].messages[-1].content
        assert isinstance(prompt, str)
        return prompt

    tight = await answer_prompt(Limits(planner_tokens=1200))
    assert estimate_tokens(tight) <= 1200 and "budget of 1,200 tokens" in tight
    unbounded = await answer_prompt(Limits(planner_tokens=None))
    assert estimate_tokens(unbounded) > 3000 and "budget of" not in unbounded
    assert await answer_prompt(Limits(planner_tokens=0)) == unbounded
    with pytest.raises(ValidationError):
        Limits(planner_tokens=-1)
    with pytest.raises(ValidationError):
        Limits(planner_agents=0)


def _common_prefix(a: str, b: str) -> str:
    same = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    return a[: min(len(a), len(b)) if same is None else same]


async def test_consecutive_decide_prompts_of_a_run_share_their_opening() -> None:
    names = ["load_sales", "plot_sales", "forecast_sales"]

    def work(task: str) -> str:
        return f"done: {task}"

    agents = [agent(name=n, description=f"{n.replace('_', 's the ')}.")(work) for n in names]
    checkpoint = {**task("t1", "load_sales", "load the sales table"), "checkpoint": True}
    script = Script(decide=[{"action": "execute", "run": [checkpoint]}])
    provider = ScriptedProvider(fallback=script, usage=Usage())
    await Router(agents, model=provider).run("load, plot and forecast the sales")
    first, second = [r for r in provider.requests if r.purpose == "router.decide"][:2]
    texts = ["\n".join(m.content for m in r.messages) for r in (first, second)]
    common = _common_prefix(*texts)
    # The system prompt, every agent and the goal come before anything that changes.
    assert texts[0].startswith(common) and first.messages[0].content in common
    for name in [*names, "summarisation"]:  # the user's agents and the built-in team
        assert f'"name": "{name}"' in common
    assert '"goal": "load, plot and forecast the sales"' in common
    assert len(common) > 0.6 * len(texts[0])
