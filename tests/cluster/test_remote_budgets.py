"""A run's budgets reach remote work: the futures are cancelled at once, finished results kept.

The same ending as Stop (see ``test_remote_agents``), reached by the run's own limits: a
time budget, a token budget and a step budget (planning decisions), each tripping while
function agents are still spinning on the cluster's workers. Each time the run returns
at once, the scheduler holds none of the cancelled calls, the workers' threads are free,
and the result that finished first is kept.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from notebook_router import AgentResult, Limits, Usage, agent
from tests.cluster.conftest import busy_threads, wait_until
from tests.cluster.test_remote_agents import parallel, spinner
from tests.conftest import Script, router_with, task

pytestmark = pytest.mark.cluster

SPINNERS = 4


@agent(can=["quick"])
def quick() -> str:
    "Finishes at once."
    return "done"


@agent(can=["spend"])
def spend() -> AgentResult:
    "Finishes at once, having spent more tokens than the run may."
    return AgentResult(data="spent", usage=Usage(input_tokens=5000, calls=1))


def _spinning(first: str, *, checkpoint: bool = False) -> tuple[list[Any], Script]:
    spinners = [spinner(f"spinner{i}", 120) for i in range(SPINNERS)]
    script = parallel(
        task("t0", first, checkpoint=checkpoint),
        *(task(f"t{i + 1}", f"spinner{i}") for i in range(SPINNERS)),
    )
    return spinners, script


def _calls_at_the_scheduler(client: Any) -> list[str]:
    """The agent calls the scheduler still holds (a call's key starts with its agent)."""

    def keys(dask_scheduler: Any) -> list[str]:
        return [str(k) for k in dask_scheduler.tasks if str(k).startswith("spinner")]

    found: list[str] = client.run_on_scheduler(keys)
    return found


def _cancelled_and_freed(result: Any, client: Any, returned_in: float) -> None:
    assert returned_in < 5.0  # not the two minutes the spinners would take
    assert {result.task(f"t{i}").status for i in range(1, SPINNERS + 1)} == {"cancelled"}
    # The futures were cancelled: the scheduler forgets the calls.
    wait_until(
        lambda: not _calls_at_the_scheduler(client), timeout=5, what="the calls to be dropped"
    )
    # The spinning threads were told to stop: the workers are free again at once.
    wait_until(lambda: busy_threads(client) == 0, timeout=10, what="the workers to be free")


async def test_a_time_budget_cancels_remote_agents_and_keeps_finished_work(client: Any) -> None:
    # The quick agent runs twice beforehand, so the budget's three seconds are not spent
    # on what a cluster does once (the workers' first calls, following the workers): a
    # loaded machine stretches that, and this budget is about the spinners, not a cold
    # start (test_remote_agents checks the order calls are submitted in, from cold).
    warm = parallel(task("w0", "quick"), task("w1", "quick"))
    warmed = await router_with([quick], warm, executor=client).run("warm up")
    assert warmed.data("w0") == warmed.data("w1") == "done"
    spinners, script = _spinning("quick")
    router = router_with([quick, *spinners], script, executor=client, limits=Limits(timeout_s=3))
    started = time.monotonic()
    result = await router.run("spin")
    assert result.stop_reason == "time_budget"
    quick_task = result.task("t0")
    # Finished work is kept (if not, say how far the call got: where it ran, its end).
    assert result.data("t0") == "done", (quick_task.status, quick_task.where, quick_task.error)
    _cancelled_and_freed(result, client, time.monotonic() - started - 3)


async def test_a_token_budget_cancels_remote_agents_and_keeps_finished_work(client: Any) -> None:
    spinners, script = _spinning("spend")
    router = router_with(
        [spend, *spinners], script, executor=client, limits=Limits(max_tokens=1000)
    )
    started = time.monotonic()
    result = await router.run("spin")
    assert result.stop_reason == "token_budget"
    assert result.data("t0") == "spent"
    _cancelled_and_freed(result, client, time.monotonic() - started)


async def test_a_step_budget_cancels_remote_agents_and_keeps_finished_work(client: Any) -> None:
    # One planning decision allowed: it starts everything; when the first task's result
    # asks for the next decision, the budget is spent. That task (in the kernel) finishes
    # only once both workers spin, so the budget is spent while remote agents run.
    opened: list[float] = []

    @agent(can=["gate"], local=True)
    async def gate() -> str:
        "Finishes once both workers are busy with spinners."
        await asyncio.to_thread(wait_until, lambda: busy_threads(client) == 2, 30, "spinners")
        opened.append(time.monotonic())
        return "done"

    spinners, script = _spinning("gate", checkpoint=True)
    router = router_with(
        [gate, *spinners], script, executor=client, limits=Limits(max_iterations=1)
    )
    result = await router.run("spin")
    assert result.stop_reason == "max_iterations"
    assert result.data("t0") == "done"
    _cancelled_and_freed(result, client, time.monotonic() - opened[0])
