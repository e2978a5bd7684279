"""Runs of hundreds of tasks: each task runs once, every result is kept and cited, and the
model planner's prompt summarises the run instead of growing with it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from notebook_router import Limits, Router, agent
from notebook_router.planner.prompts import VIEW_MARKER
from notebook_router.providers.base import CompletionRequest
from notebook_router.usage import estimate_tokens
from tests.conftest import Script, router_with, task

N = 500


def _items(n: int) -> str:
    """A request listing ``n`` independent pieces of work, one bullet each."""
    return "\n".join(f"- Look up item number{i}" for i in range(1, n + 1))


def _counting_lookup(calls: list[str]) -> Any:
    @agent(can=["lookup", "item"], description="Looks up one item.")
    def lookup(task: str) -> str:
        calls.append(task)
        if task.endswith("number7"):
            raise LookupError("no such item")
        return f"found {task.split()[-1]}"

    return lookup


def _assert_every_result_kept_and_cited(result: Any, failed: frozenset[str] = frozenset()) -> None:
    ok = [t.id for t in result.tasks if t.id not in failed]
    assert len(result.tasks) == N
    assert all(result.task(i).status == "fulfilled" for i in ok)
    assert set(result.results) == {t.id for t in result.tasks}
    assert [a.task_id for a in result.attributions] == ok
    for task_id in ok:
        assert f"[{task_id}]" in result.answer
    assert "found number500 [t500]" in result.answer


async def test_a_request_of_500_items_runs_each_once_and_cites_every_result() -> None:
    calls: list[str] = []
    result = await Router([_counting_lookup(calls)]).run(_items(N))
    assert result.stop_reason == "partly_answered"  # a task failed: not the goal met
    # One agent call per task: nothing hidden from the planner is planned and run again.
    assert len(calls) == N == len(set(calls))
    assert result.task("t7").status == "failed"
    assert result.task("t7").attempts == 1  # no other agent fits: not retried
    _assert_every_result_kept_and_cited(result, failed=frozenset({"t7"}))
    assert "- Look up item number7: not done, lookup was failed (LookupError: no such item" in (
        result.answer
    )


async def test_500_tasks_finishing_one_at_a_time_need_one_decision_in_all() -> None:
    """The worst case for a planner asked after every result: 500 results, one at a time.

    The plan says everything up front, so nothing that comes back is a surprise:
    the run makes its one planning decision and goes straight to the answer,
    with no decision per result and no "complete" decision either.
    """
    filed: dict[int, asyncio.Event] = {}

    def gate(n: int) -> asyncio.Event:
        return filed.setdefault(n, asyncio.Event())

    calls: list[str] = []

    @agent(can=["lookup", "item"], description="Looks up one item.")
    async def lookup(task: str) -> str:
        calls.append(task)
        n = int(task.rsplit("number", 1)[1])
        await gate(n - 1).wait()  # item n finishes once item n-1 has been filed
        return f"found number{n}"

    gate(0).set()
    run = Router([lookup]).start(_items(N))
    run.subscribe(
        lambda e: (
            gate(int(e.task_id.removeprefix("t"))).set() if e.kind == "task_finished" else None
        )
    )
    result = await asyncio.wait_for(run, 120)  # a hang guard, not a timing
    assert (result.stop_reason, result.iterations) == ("completed", 1)
    assert run.state.planning_decisions == 1
    assert len(calls) == N == len(set(calls))
    _assert_every_result_kept_and_cited(result)


class _PromptSpy(Script):
    """A scripted model planner that keeps the run state it is shown at each call."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.views: list[tuple[str, dict[str, Any]]] = []
        self.prompts: list[str] = []

    def __call__(self, request: CompletionRequest) -> Any:
        prompt = request.messages[-1].content
        assert isinstance(prompt, str) and prompt.startswith(VIEW_MARKER)
        body = prompt.removeprefix(VIEW_MARKER).strip().removeprefix("```json").rstrip("`")
        view = json.loads(body)
        self.views.append((request.purpose, view))
        self.prompts.append(prompt)
        if request.purpose == "router.decide" and not self.decide and _running(view):
            return {"action": "wait"}
        return super().__call__(request)


def _running(view: dict[str, Any]) -> bool:
    """Whether the view says some task is still running (in full, or in the counts)."""
    counts = (view.get("more_tasks") or {}).get("counts", {})
    return counts.get("running", 0) > 0 or any(t["status"] == "running" for t in view["tasks"])


async def test_the_model_planner_sees_a_big_run_summarised_within_a_bounded_size() -> None:
    calls: list[str] = []
    plan = [task(f"t{i}", "lookup", f"Look up item number{i}") for i in range(1, N + 1)]
    spy = _PromptSpy(decide=[{"action": "parallel", "run": plan}])
    limits = Limits(max_iterations=N + 10)
    result = await router_with([_counting_lookup(calls)], spy, limits=limits).run(
        "Look up 500 items"
    )
    assert (
        result.stop_reason == "partly_answered"
    )  # a task failed: not the goal met and len(calls) == N
    assert set(result.results) == {f"t{i}" for i in range(1, N + 1)}  # every result kept

    purpose, view = spy.views[-1]  # the answer's prompt: all 500 tasks have ended
    assert purpose == "router.synthesise"
    shown = [t["id"] for t in view["tasks"]]
    # The task in trouble is shown in full; then the most recent ones.
    assert shown[0] == "t7" and shown[1:] == [f"t{i}" for i in range(N - len(shown) + 2, N + 1)]
    assert view["omitted_tasks"] == N - len(shown)
    digest = view["more_tasks"]
    assert digest["counts"] == {"fulfilled": N - 1, "failed": 1}
    listed = digest["lines"]
    assert listed[0] == "t1 fulfilled (lookup): Look up item number1 → found number1"
    # Every task is accounted for: in full, one line each, or in a group "ids: n status by
    # agent" that names its agent and status.
    first_grouped = len(listed) + 2  # t7 is in full
    assert digest["groups"] == [
        f"t{first_grouped}–t{N - len(shown) + 1}: {N - len(shown) - len(listed)} fulfilled by lookup"
    ]
    # Bounded by the planner's token budget (Limits.planner_tokens, 3,000 by default),
    # and the view says how it was condensed.
    assert estimate_tokens(spy.prompts[-1]) <= Limits().planner_tokens  # type: ignore[operator]
    assert view["condensed"].startswith("To fit the planner's budget of 3,000 tokens: ")


async def test_a_run_that_fits_the_view_keeps_the_prompt_it_always_had() -> None:
    spy = _PromptSpy(decide=[{"action": "execute", "run": [task("t1", "lookup")]}])
    await router_with([_counting_lookup([])], spy).run("Look up item number1")
    assert all("more_tasks" not in view for _, view in spy.views)
    assert all(view["omitted_tasks"] == 0 for _, view in spy.views)
