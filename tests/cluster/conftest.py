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

import pytest

distributed = pytest.importorskip("distributed", reason="the [dask] extra is not installed")


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
