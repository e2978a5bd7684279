"""A real Dask cluster on loopback: a scheduler and two worker processes (one thread each).

One cluster serves the whole session's cluster tests (starting one takes a second or
two of the machine's two cores); tests that kill a worker start their own. Its client
is Dask's default while the tests run, as a notebook's client would be, so Dask
DataFrames compute on the workers. Everything started here is closed at the end.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest

distributed = pytest.importorskip("distributed", reason="the [dask] extra is not installed")

SALES_ROWS = 40_000
SALES_PARTITIONS = 8
"""The sales table's size when a module does not set its own ``ROWS`` / ``PARTITIONS``."""


def start_cluster(workers: int = 2) -> tuple[Any, Any]:
    """A LocalCluster of worker processes and a client that is Dask's default."""
    cluster = distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    return cluster, distributed.Client(cluster, set_as_default=True)


def close_cluster(cluster: Any, client: Any) -> None:
    """Close ``client`` and ``cluster``, and the clients routers opened to it by address."""
    from notebook_router.cluster.connect import close_all

    close_all()
    client.close()
    cluster.close()


@pytest.fixture(scope="session")
def cluster() -> Iterator[Any]:
    """The session's cluster (its ``scheduler_address`` is what ``executor=`` takes)."""
    started, client = start_cluster()
    try:
        yield started
    finally:
        close_cluster(started, client)


@pytest.fixture(scope="session")
def client(cluster: Any) -> Any:
    """The session cluster's client."""
    return distributed.default_client()


def wait_until(check: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Poll ``check`` until it holds (a cluster settles in its own time)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.05)


def busy_threads(client: Any) -> int:
    """How many worker threads are running a task right now, cluster-wide."""
    counts = client.run(lambda dask_worker: len(dask_worker.active_threads))
    return sum(counts.values())


def worker_pids(client: Any) -> set[int]:
    """The process ids of the cluster's workers."""
    import os

    return set(client.run(os.getpid).values())


@pytest.fixture(scope="module")
def sales_pd(request: pytest.FixtureRequest) -> pd.DataFrame:
    """Sales rows (region, product, revenue) as pandas, the truth answers are checked against.

    A module sets ``ROWS`` for another size (a small table where a test waits on work
    that is cancelled, a large one where the answer's numbers are read).
    """
    rows = getattr(request.module, "ROWS", SALES_ROWS)
    rng = np.random.default_rng(7)
    return pd.DataFrame(
        {
            "region": rng.choice(["North", "South", "East", "West"], rows),
            "product": rng.choice(["apples", "pears", "plums"], rows),
            "revenue": rng.integers(1, 1000, rows).astype(float),
        }
    )


@pytest.fixture
def sales(client: Any, sales_pd: pd.DataFrame, request: pytest.FixtureRequest) -> Any:
    """The same rows as a Dask DataFrame whose partitions are held by the workers
    (``PARTITIONS`` of them, as the module sets it)."""
    dd = pytest.importorskip("dask.dataframe")
    partitions = getattr(request.module, "PARTITIONS", SALES_PARTITIONS)
    lazy = dd.from_pandas(sales_pd, npartitions=partitions).persist()
    distributed.wait(lazy)
    return lazy
