"""Stop, timeouts and budgets reach the computation of model-written Dask code.

A scripted model plans two analyses of a Dask DataFrame held by the session cluster's
workers: a quick group-by, then code whose partitions spin in pure Python for two
minutes. However the second one ends (Stop, its task's timeout, the run's time budget),
the run returns at once, its Dask computation is dropped by the scheduler, the workers'
threads computing it are stopped (not left spinning for two minutes), the quick
answer is kept, and the kernel's code runner is free for the next question.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pandas as pd
import pytest

from notebook_router import Limits, Router
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.cluster.conftest import busy_threads, distributed, wait_until

dd = pytest.importorskip("dask.dataframe")

pytestmark = pytest.mark.cluster

ROWS = 6_000
PARTITIONS = 6
QUICK_TASK = "total revenue by region"
SLOW_TASK = "the slow total of revenue"
QUICK = "result = sales.groupby('region')['revenue'].sum().compute()\nresult"
SLOW = """import time

def slow(part):
    end = time.monotonic() + 120
    while time.monotonic() < end:
        pass
    return part

result = sales.revenue.map_partitions(slow, meta=("revenue", "f8")).sum().compute()
result"""
"""Each partition spins for two minutes in pure Python (so a worker's thread can be stopped)."""


class TwoAnalyses:
    """Plans the quick analysis, then the slow one after it; writes each one's code."""

    def __init__(self, *tasks: str) -> None:
        self.tasks = tasks
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        purpose = request.purpose
        if purpose == "router.decide":
            if self.planned:
                return {"action": "complete", "reason": "the analyses are done"}
            self.planned = True
            run = [
                {
                    "id": f"t{i}",
                    "agent": "data_analyst",
                    "description": description,
                    "depends_on": [f"t{i - 1}"] if i > 1 else [],
                }
                for i, description in enumerate(self.tasks, start=1)
            ]
            return {"action": "execute", "run": run[:1], "later": run[1:]}
        if purpose.startswith("agent.code"):
            asked = request.messages[1].content
            return f"```python\n{SLOW if SLOW_TASK in asked else QUICK}\n```"
        if purpose == "router.verify":
            return {"claims": []}
        if purpose == "router.synthesise":
            return Synthesis(answer="Here is what the code found.")
        raise AssertionError(f"unexpected call {purpose}")


def _router(sales: Any, *tasks: str, **options: Any) -> Router:
    provider = ScriptedProvider(fallback=TwoAnalyses(*tasks), usage=Usage())
    return Router(model=provider, data={"sales": sales}, code="auto", **options)


def _slow_tasks_at_the_scheduler(client: Any) -> list[str]:
    def keys(dask_scheduler: Any) -> list[str]:
        return [str(k) for k in dask_scheduler.tasks if "slow-" in str(k)]

    found: list[str] = client.run_on_scheduler(keys)
    return found


async def _spinning(run: Any, client: Any) -> None:
    """Wait until the slow code's partitions spin on both workers."""
    async for event in run.events():
        if isinstance(event, ev.TaskStarted) and event.task_id == "t2":
            break
    await asyncio.to_thread(
        wait_until, lambda: busy_threads(client) == 2, 30, "the slow partitions to spin"
    )
    assert _slow_tasks_at_the_scheduler(client)


async def _dropped_and_freed(client: Any, sales: Any, sales_pd: pd.DataFrame) -> None:
    """The computation is gone from the scheduler, the workers' threads are free at once
    (not in the two minutes a partition spins), and the next question's code runs."""
    await asyncio.to_thread(
        wait_until,
        lambda: not _slow_tasks_at_the_scheduler(client),
        5,
        "the scheduler to drop the slow computation",
    )
    await asyncio.to_thread(
        wait_until, lambda: busy_threads(client) == 0, 5, "the workers' threads to be stopped"
    )
    again = await _router(sales, QUICK_TASK).run(QUICK_TASK)
    assert again.tasks[0].status == "fulfilled", again.tasks[0].error
    _quick_answer_is_right(again.data("t1"), sales_pd)


def _quick_answer_is_right(table: Any, sales_pd: pd.DataFrame) -> None:
    expected = sales_pd.groupby("region")["revenue"].sum()
    assert {k: float(v) for k, v in table.iloc[:, 0].items()} == expected.to_dict()


async def test_stop_cancels_the_model_codes_computation_and_frees_the_workers(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    run = _router(sales, QUICK_TASK, SLOW_TASK).start("revenue by region, then slowly")
    await _spinning(run, client)
    stopped_at = time.monotonic()
    run.stop()
    result = await run
    assert time.monotonic() - stopped_at < 1.0
    assert result.stop_reason == "stopped_by_user"
    assert result.task("t2").status == "cancelled"
    assert result.task("t1").status == "fulfilled"  # finished work is kept
    _quick_answer_is_right(result.data("t1"), sales_pd)
    await _dropped_and_freed(client, sales, sales_pd)


async def test_a_task_timeout_cancels_the_model_codes_computation(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    router = _router(sales, SLOW_TASK, limits=Limits(agent_timeout_s=4))
    started = time.monotonic()
    result = await router.run("the slow total")
    assert time.monotonic() - started < 4 + 5  # not the two minutes a partition spins
    failed = result.task("t1")
    assert failed.status == "failed"
    assert "timed out after 4 s" in (failed.error or "")
    await _dropped_and_freed(client, sales, sales_pd)


async def test_a_time_budget_cancels_the_model_codes_computation_and_keeps_finished_work(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    router = _router(sales, QUICK_TASK, SLOW_TASK, limits=Limits(timeout_s=10))
    started = time.monotonic()
    result = await router.run("revenue by region, then slowly")
    assert time.monotonic() - started < 10 + 2
    assert result.stop_reason == "time_budget"
    assert result.task("t2").status == "cancelled"
    _quick_answer_is_right(result.data("t1"), sales_pd)
    await _dropped_and_freed(client, sales, sales_pd)


def test_persist_in_code_that_can_be_stopped_keeps_the_data_on_the_workers(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    # While code runs, Dask's scheduler setting is the stoppable dispatcher; a persist
    # must still leave the rows on the cluster, not compute them into the kernel.
    from notebook_router.code.dask_scope import ComputeScope

    def persist_and_total() -> tuple[Any, float]:
        kept = sales[sales.revenue > 250].persist()
        return kept, float(kept.revenue.sum().compute())

    kept, total = ComputeScope().run(persist_and_total)
    assert distributed.futures_of(kept), "the persisted partitions are futures on the workers"
    assert total == sales_pd.revenue[sales_pd.revenue > 250].sum()
