"""A Dask frame whose partitions are slow to make does not hold up the run's start.

Describing a Dask frame computes a few of its partitions. That reading is bounded
(``dask_data.SAMPLE_TIMEOUT_S``, made short here), happens off the kernel's loop (the run's
events, the panel and Stop go on meanwhile), and a description cut short says so:
"sampled N of M partitions within X s".
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.data import dask_data
from notebook_router.planner import events as ev
from tests.cluster.conftest import busy_threads, close_cluster, start_cluster, wait_until

dd = pytest.importorskip("dask.dataframe")

pytestmark = pytest.mark.cluster

BOUND_S = 1.5
SLOW_S = 4.0


def _partition(i: int, slow: tuple[int, ...]) -> pd.DataFrame:
    """100 rows, made at once, or after ``SLOW_S`` for the partitions in ``slow``."""
    if i in slow:
        time.sleep(SLOW_S)
    return pd.DataFrame({"region": ["North", "South"] * 50, "revenue": [float(i)] * 100})


async def test_a_slow_frame_lets_the_run_start_and_its_description_says_it_was_cut(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", BOUND_S)
    slow = dd.from_map(_partition, range(8), slow=tuple(range(8)))
    ticks = 0

    async def ticking() -> None:  # the kernel's loop, doing other work meanwhile
        nonlocal ticks
        while True:
            await asyncio.sleep(0.05)
            ticks += 1

    await Router(data={"warm": pd.DataFrame({"a": [1]})}).run("what dataframes do I have?")
    ticker = asyncio.create_task(ticking())
    started = time.monotonic()
    run = Router(data={"slow": slow}).start("what dataframes do I have?")
    seen: dict[str, tuple[float, int]] = {}
    described: ev.DataDescribed | None = None
    async for event in run.events():
        seen.setdefault(type(event).__name__, (time.monotonic() - started, ticks))
        if isinstance(event, ev.DataDescribed):
            described = event
    await run
    ticker.cancel()
    assert described is not None
    started_at, ticks_at_start = seen["RunStarted"]
    described_at, ticks_by_then = seen["DataDescribed"]
    # The run's start is shown first; the partitions are read while the loop goes on.
    assert BOUND_S - 0.2 <= described_at - started_at < BOUND_S + 1.5, seen
    assert ticks_by_then - ticks_at_start >= 10, "the kernel's loop ran while they were read"
    assert f"sampled 0 of 8 partitions within {BOUND_S:g} s" in described.text
    await asyncio.to_thread(
        wait_until, lambda: busy_threads(client) == 0, 15, "the slow partitions to end"
    )


def test_the_partitions_read_within_the_bound_make_the_sample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dask

    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", BOUND_S)
    # Partitions 0, 4 and 7 are read; 7 is slow. On this process's threads, so that the
    # two quick ones never wait behind the slow one for a worker.
    frame = dd.from_map(_partition, range(8), slow=(7,))
    with dask.config.set(scheduler="threads"):
        sample = dask_data.partition_sample(frame)
    assert sample.lengths == (100, 100)
    assert sample.rows == 800  # estimated from the two partitions read
    assert sample.note == f"sampled 2 of 8 partitions within {BOUND_S:g} s"
    assert sample.frame is not None and set(sample.frame["revenue"]) == {0.0, 4.0}


def _tasks_at_the_scheduler(client: Any) -> list[str]:
    """The keys the scheduler still has to compute or is computing."""

    def unfinished(dask_scheduler: Any) -> list[str]:
        return [str(k) for k, task in dask_scheduler.tasks.items() if task.state != "memory"]

    return list(client.run_on_scheduler(unfinished))


def test_partitions_not_read_within_the_bound_are_cancelled_on_the_workers(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", BOUND_S)
    # The three partitions sampled (0, 4, 7) are slow; the cluster's two worker threads
    # take two of them, and the third waits for a thread.
    frame = dd.from_map(_partition, range(8), slow=(0, 4, 7))
    started = time.monotonic()
    sample = dask_data.partition_sample(frame)
    assert sample.note.startswith(f"sampled 0 of 8 partitions within {BOUND_S:g} s")
    # The scheduler lets go of all three at once: none is left to run.
    wait_until(lambda: not _tasks_at_the_scheduler(client), 1.0, "the sample's tasks to go")
    # The two already running end with their sleep; the third never starts, so the
    # workers are free once the first two end (not a whole slow partition later).
    wait_until(
        lambda: busy_threads(client) == 0,
        started + SLOW_S + 2.0 - time.monotonic(),
        "the workers to be free",
    )
    assert time.monotonic() - started < 2 * SLOW_S


async def test_a_stop_while_the_partitions_are_read_ends_the_run_at_once(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", 8.0)
    slow = dd.from_map(_partition, range(6), slow=tuple(range(6)))
    run = Router(data={"slow": slow}).start("describe slow")
    async for event in run.events():
        if isinstance(event, ev.RunStarted):
            break
    await asyncio.sleep(0.3)  # the partitions are being read
    stopped_at = time.monotonic()
    run.stop()
    result = await run
    assert time.monotonic() - stopped_at < 1.0, "not the 8 s the sample may take"
    assert result.stop_reason == "stopped_by_user"
    await asyncio.to_thread(
        wait_until, lambda: busy_threads(client) == 0, 15, "the slow partitions to end"
    )


@pytest.fixture
def three_threads() -> Iterator[Any]:
    """A cluster with a worker thread for each of the three partitions a sample reads.

    On the session's two threads the scheduler may queue a quick partition behind the
    slow one on the same worker, and then no reader could have it within the bound:
    that is the scheduler's placement, not what the test is about.
    """
    cluster, own = start_cluster(workers=3)
    try:
        own.wait_for_workers(3, timeout=60)
        with own.as_current():
            yield own
    finally:
        close_cluster(cluster, own)  # the session's client is Dask's default again


def test_a_slow_first_partition_leaves_the_quick_ones_to_make_the_sample_on_the_cluster(
    three_threads: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers have read a partition before (a first one also ships the sampler).
    dask_data.partition_sample(dd.from_map(_partition, range(3), slow=(-1,)))
    bound = SLOW_S - 1.0
    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", bound)
    # Partitions 0, 4 and 7 are read; the first is slow, the other two quick.
    frame = dd.from_map(_partition, range(8), slow=(0,))
    started = time.monotonic()
    sample = dask_data.partition_sample(frame)
    assert time.monotonic() - started < SLOW_S, "not the slow partition's whole time"
    assert sample.note == f"sampled 2 of 8 partitions within {bound:g} s"
    assert sample.frame is not None and set(sample.frame["revenue"]) == {4.0, 7.0}
    wait_until(lambda: busy_threads(three_threads) == 0, SLOW_S + 5, "the slow one to end")


def test_a_partition_cancelled_by_someone_else_is_one_not_read(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_data, "SAMPLE_TIMEOUT_S", 3 * SLOW_S)
    computed: list[Any] = []
    compute = client.compute

    def keeping(*args: Any, **kwargs: Any) -> Any:  # the sample's futures, as they are made
        futures = compute(*args, **kwargs)
        computed.extend(futures)
        return futures

    monkeypatch.setattr(client, "compute", keeping)

    def cancel_the_slow_one() -> None:  # as the user's own client.cancel would, meanwhile
        wait_until(lambda: bool(computed), 5.0, "the sample's tasks")
        time.sleep(0.5)
        client.cancel(computed[:1])

    canceller = threading.Thread(target=cancel_the_slow_one)
    canceller.start()
    # Partitions 0, 4 and 7 are read; the first is slow, and cancelled while it runs.
    frame = dd.from_map(_partition, range(8), slow=(0, 5))
    started = time.monotonic()
    sample = dask_data.partition_sample(frame)
    canceller.join()
    # The two others make the sample, read as soon as they are (a worker may hold one
    # behind the cancelled one's sleep), without waiting for the bound.
    assert sample.frame is not None, sample.note
    assert set(sample.frame["revenue"]) == {4.0, 7.0}
    assert sample.lengths == (100, 100)
    assert time.monotonic() - started < 2 * SLOW_S
    wait_until(lambda: busy_threads(client) == 0, SLOW_S + 5, "the slow partition to end")
