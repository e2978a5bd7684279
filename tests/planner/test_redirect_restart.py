"""A run restarted by a redirect answers the new request only (offline, public API)."""

from __future__ import annotations

import asyncio
from typing import Any

from notebook_router import Router, agent
from notebook_router.planner.result import RunResult
from notebook_router.planner.run import Run


@agent(can=["numbers", "load"])
def numbers(task: str) -> list[int]:
    "Loads a list of numbers."
    return [3, 1, 4]


@agent(can=["weather", "slow", "think"])
async def slow(task: str) -> str:
    "Thinks about the weather for a long time."
    await asyncio.sleep(30)
    return "too late"


@agent(can=["colours", "list", "colors"])
def colours(task: str) -> str:
    "Lists colours."
    return "red, green"


@agent(can=["sum", "total", "add"])
def total(inputs: dict[str, list[int]]) -> int:
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))


async def _restarted(message: str, *agents: Any) -> tuple[Run, RunResult]:
    run = Router([numbers, slow, *agents]).start(
        "Load the numbers and think slowly about the weather"
    )
    async for event in run.events():
        if event.kind == "task_finished":  # t1 (numbers) is done, t2 (slow) still thinks
            break
    run.redirect(message)
    return run, await asyncio.wait_for(run, 10)


async def test_a_restarted_run_cites_only_the_work_of_the_new_request() -> None:
    run, result = await _restarted("forget that, list the colours instead", colours)
    statuses = {t.id: (t.agent, t.status) for t in result.tasks}
    assert statuses == {
        "t1": ("numbers", "fulfilled"),
        "t2": ("slow", "cancelled"),
        "t3": ("colours", "fulfilled"),
    }
    assert (
        result.answer
        == "Here is what I found for “List the colours”:\n\n- List the colours: red, green [t3]"
    )
    assert [a.task_id for a in result.attributions] == ["t3"]
    # The old work stays recorded: its result, and its events in the trace.
    assert result.data("t1") == [3, 1, 4]
    assert any(e.kind == "task_finished" and e.task_id == "t1" for e in run.history)


async def test_a_restarted_request_that_repeats_earlier_work_has_all_of_it_in_the_answer() -> None:
    _run, result = await _restarted("forget that, load the numbers and list the colours", colours)
    done = [(t.agent, t.status) for t in result.tasks if t.id not in ("t1", "t2")]
    assert sorted(done) == [("colours", "fulfilled"), ("numbers", "fulfilled")]
    answer = result.answer
    assert "Load the numbers" in answer and "List the colours: red, green" in answer
    assert "[t1]" not in answer  # the new request's own result is cited, not the old one
