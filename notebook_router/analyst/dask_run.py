"""Running an analysis of Dask data off the event loop, and stopping its computation.

The code the analyst shows ends in one ``.compute()``, and that is the code that runs.
On a cluster it can take seconds, so :func:`on_cluster` runs the analysis on a worker
thread (the kernel's loop stays free for Stop and the panel). A Stop, a timeout or a
budget cancels the awaiting task; the computation itself is cancelled too:

while analyses run, Dask's ``scheduler`` setting is a dispatcher that sends the
``.compute()`` calls made on an analysis's thread through :class:`ComputeScope`, which
submits the graph to the distributed client without waiting (``client.get(...,
sync=False)``), keeps the futures and then gathers them. :meth:`ComputeScope.cancel`
cancels those futures: the scheduler drops the graph, and the waiting thread gets
Dask's ``CancelledError`` and ends. Computations on other threads go where Dask would
send them anyway (the scheduler set before, else the default client, else threads);
when the last analysis ends, the setting is put back as it was.

Without a distributed client, Dask computes on threads of this process: nothing there
can be cancelled, so the run goes on without the result and the threads finish.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from notebook_router.threads import in_thread

T = TypeVar("T")

_lock = threading.Lock()
_scopes: dict[int, ComputeScope] = {}
_before: list[Any] = []
"""The ``scheduler`` setting the dispatcher replaced (one item while analyses run)."""


async def on_cluster(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` on a worker thread; cancelling this cancels its computations."""
    scope = ComputeScope()
    try:
        return await in_thread(scope.run, fn, *args, **kwargs)
    except asyncio.CancelledError:
        scope.cancel()
        raise


class ComputeScope:
    """The Dask computations started on one thread, which another thread may cancel."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._futures: list[tuple[Any, Any]] = []
        self._cancelled = False

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call ``fn`` with this thread's ``.compute()`` calls going through :meth:`get`."""
        with _routed(self):
            return fn(*args, **kwargs)

    def get(self, graph: Any, keys: Any, **kwargs: Any) -> Any:
        """What Dask calls to compute: submit, remember the futures, gather them."""
        client = _default_client()
        if client is None or _chosen() is not None:  # threads, or a scheduler of your choice
            return _fallback()(graph, keys, **kwargs)
        futures = client.get(graph, keys, sync=False, **kwargs)
        with self._lock:
            self._futures.append((client, futures))
            cancelled = self._cancelled
        if cancelled:
            client.cancel(futures)
        return client.gather(futures)

    def cancel(self) -> None:
        """Cancel every computation started so far, and any started from now on."""
        with self._lock:
            self._cancelled = True
            started = list(self._futures)
        for client, futures in started:
            client.loop.add_callback(client.cancel, futures, asynchronous=True)


@contextmanager
def _routed(scope: ComputeScope) -> Iterator[None]:
    import dask

    thread = threading.get_ident()
    with _lock:
        if not _scopes:
            _before[:] = [dask.config.get("scheduler", None)]
            dask.config.set(scheduler=_dispatch)
        _scopes[thread] = scope
    try:
        yield
    finally:
        with _lock:
            del _scopes[thread]
            if not _scopes:
                dask.config.set(scheduler=_before.pop() if _before else None)


def _dispatch(graph: Any, keys: Any, **kwargs: Any) -> Any:
    scope = _scopes.get(threading.get_ident())
    if scope is not None:
        return scope.get(graph, keys, **kwargs)
    return _fallback()(graph, keys, **kwargs)


def _fallback() -> Callable[..., Any]:
    """Where Dask would compute without the dispatcher."""
    from dask.base import get_scheduler

    before = _chosen()
    if before is not None and before is not _dispatch:
        found: Callable[..., Any] = get_scheduler(scheduler=before)
        return found
    client = _default_client()
    if client is not None:
        get: Callable[..., Any] = client.get
        return get
    from dask.threaded import get as threaded

    local: Callable[..., Any] = threaded
    return local


def _chosen() -> Any:
    """The ``scheduler`` setting the dispatcher replaced, unless it only says "the
    distributed client" (a ``Client`` made as the default sets it so): None then."""
    before = _before[0] if _before else None
    return None if before in ("dask.distributed", "distributed") else before


def _default_client() -> Any:
    """The client Dask computes with here (``with client.as_current():``'s, else the
    default one), or None."""
    try:
        from distributed import Client
    except ImportError:
        return None
    try:
        return Client.current(allow_global=True)
    except ValueError:  # no client in this process
        return None
