"""Agents and data on a Dask cluster: what a cluster buys on this machine, and what it costs.

- ``cluster_fanout``: CPU-bound function agents (pure Python, ~0.5 s each) run in the
  kernel's threads (one interpreter lock) and on a 2-worker process ``LocalCluster`` on
  loopback; with the scheduling overhead per task measured on trivial agents, which says
  what a larger cluster would give (each task is worth sending while its work dwarfs it).
- ``cluster_stop_latency``: seconds from ``run.stop()`` to the run's return with 16 remote
  agents running (the workers' threads are told to stop, nothing waits for them).
- ``dask_groupby_memory``: a group-by over rows generated as partitions on the workers,
  answered by the analyst (Dask code, one ``.compute()``), with the kernel's RSS before
  and after; against pandas answering the same question on the same rows in the kernel.

Needs the [dask] extra; without it each line says it was skipped.
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
import os
import sys
import time
from typing import Any

from workloads import BIG_BUDGETS, StubPlanner

from notebook_router import Limits, Router, agent
from notebook_router.planner.decisions import Decision, TaskSpec
from notebook_router.planner.planner import PlannerCall

HAVE_DASK = importlib.util.find_spec("distributed") is not None
WORK_S = 0.5
"""Pure-Python work per CPU-bound agent."""


def start_cluster(workers: int = 2) -> tuple[Any, Any]:
    """A LocalCluster of worker processes on loopback, one thread each, and its client."""
    import cloudpickle
    from distributed import Client, LocalCluster

    # This module is not importable on the workers (bench/ is not a package): its
    # functions travel by value, as a notebook's do.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    return cluster, Client(cluster, set_as_default=True)


def _spin(seconds: float) -> int:
    end, n = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        n += 1
    return n


def _count(n: int) -> int:
    total = 0
    for i in range(n):
        total += i % 7
    return total


WORK_N = 0
"""Iterations of :func:`_count` that take :data:`WORK_S` on one core (set by :func:`calibrate`):
a fixed amount of work, so threads that share one interpreter lock take longer to do it."""


def calibrate() -> int:
    """Set :data:`WORK_N` to the iterations one core does in :data:`WORK_S`."""
    global WORK_N
    n = 200_000
    while True:
        start = time.perf_counter()
        _count(n)
        took = time.perf_counter() - start
        if took > 0.1:
            WORK_N = round(n * WORK_S / took)
            return WORK_N
        n *= 2


@agent(name="crunch", can=["crunch"])
def crunch() -> int:
    "A fixed amount of pure-Python work (about WORK_S seconds on one core)."
    return _count(WORK_N)


@agent(name="trivial", can=["trivial"])
def trivial() -> int:
    "No work: what is left is the cost of sending a task and hearing back."
    return 0


@agent(name="spinner", can=["spin"])
def spinner() -> int:
    "Spins for a minute unless stopped."
    return _spin(60)


def _planner(name: str, k: int) -> StubPlanner:
    def decide(call: PlannerCall) -> Decision:
        if call.iteration == 1:
            specs = [TaskSpec(id=f"c{i}", description=name, agent=name) for i in range(k)]
            return Decision(action="parallel", run=specs)
        if call.state.plan.with_status("running"):
            return Decision(action="wait")
        return Decision(action="complete")

    return StubPlanner(decide)


async def _fan(name: str, k: int, executor: Any) -> float:
    router = Router(
        [crunch, trivial],
        planner=_planner(name, k),
        limits=Limits(**BIG_BUDGETS),
        builtins=False,
        executor=executor,
    )
    start = time.perf_counter()
    result = await router.run(name)
    elapsed = time.perf_counter() - start
    assert all(t.status == "fulfilled" for t in result.tasks) and len(result.tasks) == k
    return elapsed


async def cluster_fanout(client: Any, repeats: int, k: int) -> dict[str, Any]:
    """Wall seconds for ``k`` CPU-bound agents: kernel threads vs the cluster."""
    from run import spread

    calibrate()  # before the agents travel: they take WORK_N with them
    await _fan("trivial", 4, client)  # connect, ship the agents' code once
    threads, cluster, overhead, alone = [], [], [], []
    for _ in range(repeats):  # interleaved: the machine is shared
        gc.collect()
        start = time.perf_counter()
        _count(WORK_N)  # one agent's work, alone on this thread: the load of the moment
        alone.append(time.perf_counter() - start)
        threads.append(await _fan("crunch", k, None))
        cluster.append(await _fan("crunch", k, client))
        overhead.append(await _fan("trivial", k, client) / k)
    workers = len(client.scheduler_info()["workers"])
    per_task = spread(overhead, 4)
    speedup = [t / c for t, c in zip(threads, cluster, strict=True)]
    return {
        "bench": "cluster_fanout",
        "agents": k,
        "work_s_per_agent": WORK_S,
        "work_iterations": WORK_N,
        "work_s_alone": spread(alone),
        "workers": workers,
        "cores": os.cpu_count(),
        "threads_s": spread(threads),
        "cluster_s": spread(cluster),
        "speedup": spread(speedup, 2),
        # A trivial agent's wall time over the run, per task: scheduling, pickling,
        # the round trip and the run's own bookkeeping, with the workers kept busy.
        "overhead_ms_per_task": {key: round(v * 1000, 1) for key, v in per_task.items()},
        # With W workers, k tasks of work w and overhead o per task (paid on the
        # scheduler's side, serially): wall ~ max(k*w/W, k*o). Beyond W = w/o
        # workers the overhead, not the work, sets the pace.
        "workers_before_overhead_dominates": round(WORK_S / per_task["median"]),
    }


async def _stop_once(client: Any, k: int) -> float:
    def decide(call: PlannerCall) -> Decision:
        if call.iteration == 1:
            specs = [TaskSpec(id=f"s{i}", description="spin", agent="spinner") for i in range(k)]
            return Decision(action="parallel", run=specs)
        return Decision(action="wait")

    router = Router(
        [spinner],
        planner=StubPlanner(decide),
        limits=Limits(**BIG_BUDGETS),
        builtins=False,
        executor=client,
    )
    run = router.start("spin")
    while _busy(client) < 2:  # noqa: ASYNC110 (polling the cluster: no event to wait on)
        await asyncio.sleep(0.05)  # until both workers are busy with spinners
    start = time.perf_counter()
    run.stop()
    result = await run
    elapsed = time.perf_counter() - start
    assert result.stop_reason == "stopped_by_user"
    # Before the next repeat, the workers must be free again (their threads were stopped).
    deadline = time.monotonic() + 30
    while _busy(client):
        assert time.monotonic() < deadline, "the workers' threads were not stopped"
        await asyncio.sleep(0.05)
    return elapsed


def _busy(client: Any) -> int:
    """Worker threads running a task now, cluster-wide."""
    return sum(client.run(lambda dask_worker: len(dask_worker.active_threads)).values())


async def cluster_stop_latency(client: Any, repeats: int, k: int = 16) -> dict[str, Any]:
    """Seconds from ``run.stop()`` to the run's return, ``k`` remote agents running."""
    from run import spread

    values = [await _stop_once(client, k) for _ in range(repeats)]
    return {
        "bench": "cluster_stop_latency",
        "agents": k,
        "ms": {key: round(v * 1000, 1) for key, v in spread(values, 4).items()},
    }


def _rss_mb() -> float:
    import psutil  # type: ignore[import-untyped]  # (a dependency of distributed)

    return float(psutil.Process().memory_info().rss) / 1e6


def _partition(i: int, rows: int) -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(i)
    regions = np.array(["North", "South", "East", "West"])
    return pd.DataFrame(
        {
            "region": regions[rng.integers(0, 4, rows)],
            "revenue": rng.random(rows) * 100,
        }
    )


QUESTION = "total revenue by region"


async def dask_groupby_memory(client: Any, rows: int, partitions: int) -> dict[str, Any]:
    """The analyst's group-by on ``rows`` rows made on the workers, then the same in pandas."""
    import dask.dataframe as dd
    import pandas as pd

    per = rows // partitions
    # First a small frame, once: what the kernel imports for a first analysis (the
    # analyst, pandas' group-by, Dask's DataFrame code) is not the data's share.
    await Router(data={"sales": dd.from_map(_partition, range(2), [1000, 1000])}).run(QUESTION)
    await Router(data={"frame": _partition(0, 1000)}).run(QUESTION)
    gc.collect()
    before = _rss_mb()
    start = time.perf_counter()
    sales = dd.from_map(_partition, range(partitions), [per] * partitions)
    result = await Router(data={"sales": sales}).run(QUESTION)
    dask_s = time.perf_counter() - start
    gc.collect()
    after = _rss_mb()
    (task,) = result.tasks
    assert task.status == "fulfilled", task.error
    dask_totals = result.results[task.id].value

    gc.collect()
    pandas_before = _rss_mb()
    frame = pd.concat([_partition(i, per) for i in range(partitions)], ignore_index=True)
    loaded = _rss_mb()
    start = time.perf_counter()
    answer = await Router(data={"frame": frame}).run(QUESTION)
    pandas_s = time.perf_counter() - start
    (ptask,) = answer.tasks
    pandas_totals = answer.results[ptask.id].value
    same = all(
        abs(dask_totals[k] - pandas_totals[k]) < 1e-6 * abs(v) for k, v in pandas_totals.items()
    )
    del frame
    return {
        "bench": "dask_groupby_memory",
        "rows": per * partitions,
        "partitions": partitions,
        "dask_s": round(dask_s, 2),
        "kernel_rss_mb_before": round(before, 1),
        "kernel_rss_mb_after": round(after, 1),
        "kernel_rss_growth_mb": round(after - before, 1),
        "pandas_s": round(pandas_s, 2),
        "pandas_frame_rss_mb": round(loaded - pandas_before, 1),
        "same_totals": same,
    }


async def cluster_benchmarks(quick: bool) -> list[dict[str, Any]]:
    """Every line of this module, on one 2-worker cluster (closed at the end)."""
    if not HAVE_DASK:
        return [{"bench": "cluster", "skipped": "the [dask] extra is not installed"}]
    cluster, client = start_cluster()
    try:
        lines = [
            await cluster_fanout(client, 1 if quick else 3, 8 if quick else 64),
            await cluster_stop_latency(client, 3 if quick else 10),
            await dask_groupby_memory(
                client, 2_000_000 if quick else 20_000_000, 8 if quick else 40
            ),
        ]
    finally:
        client.close()
        cluster.close()
    return lines
