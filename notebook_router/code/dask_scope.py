"""The Dask computations a thread starts, which another thread can cancel at once.

Code run for a question (a model's code, the analyst's) calls ``.compute()``; on a
cluster that blocks its thread in Dask's client until the result comes, and an
exception raised into the thread (:mod:`notebook_router.code.stopping`) lands only
when it does. So while such code runs, Dask's ``scheduler`` setting is a dispatcher
that sends the ``.compute()`` calls made on that thread through its
:class:`ComputeScope`: the graph goes to the distributed client without waiting
(``client.get(..., sync=False)``), the scope keeps the futures, then gathers them.
:meth:`ComputeScope.cancel` (a Stop, a timeout, a budget) then, on the client's loop:

1. asks the scheduler which of the computation's tasks are running, and where
   (:func:`.dask_stop.running_toward`);
2. cancels the futures: the scheduler drops the graph, and the waiting thread gets
   Dask's ``CancelledError`` (or the scope's ``stopped`` exception) and ends;
3. stops those tasks' threads on their workers (:func:`.dask_stop.stop_released`),
   so a long partition does not hold a worker after nobody wants it.

Computations on other threads go where Dask would send them anyway (the scheduler
set before, else the default client, else threads), ``persist`` included (to the
client, whose futures keep the data on the workers); when the last scope ends, the
setting is put back as it was. Without a distributed client Dask computes on threads
of this process, which nothing can cancel: the code is stopped as any other code.
Nothing here imports Dask unless ``distributed`` is already loaded.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from notebook_router.code import dask_stop
from notebook_router.shipping import ship_by_value

T = TypeVar("T")

STOP_WAIT_S = 3.0
"""How long a worker waits to hear from the scheduler that a running task is unwanted
before leaving it to finish."""

_lock = threading.Lock()
_scopes: dict[int, ComputeScope] = {}
_before: list[Any] = []
"""The ``scheduler`` setting the dispatcher replaced (one item while scopes are open)."""


class ComputeScope:
    """The Dask computations started on one thread, which another thread may cancel.

    ``stopped``: the exception a computation cancelled by :meth:`cancel` raises in its
    thread (None: Dask's own ``CancelledError``)."""

    def __init__(self, stopped: type[BaseException] | None = None) -> None:
        self._lock = threading.Lock()
        self._futures: list[tuple[Any, Any]] = []
        self._cancelled = False
        self._stopped = stopped
        self._thread: int | None = None

    @classmethod
    def opened(cls, stopped: type[BaseException] | None = None) -> ComputeScope | None:
        """A scope open on this thread, or None when Dask's distributed is not loaded
        (no client can exist: nothing to cancel, and Dask is not imported for nothing)."""
        if "distributed" not in sys.modules:
            return None
        scope = cls(stopped)
        scope.open()
        return scope

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call ``fn`` with this thread's ``.compute()`` calls going through :meth:`get`."""
        self.open()
        try:
            return fn(*args, **kwargs)
        finally:
            self.close()

    def open(self) -> None:
        """From now on, this thread's ``.compute()`` calls go through :meth:`get`."""
        import dask

        self._thread = threading.get_ident()
        with _lock:
            if not _scopes:
                _before[:] = [dask.config.get("scheduler", None)]
                dask.config.set(scheduler=_DISPATCH)
            _scopes[self._thread] = self

    def close(self) -> None:
        """This thread's computations go where Dask sends them again (idempotent)."""
        import dask

        with _lock:
            if self._thread is None or _scopes.get(self._thread) is not self:
                return
            del _scopes[self._thread]
            self._thread = None
            if not _scopes:
                dask.config.set(scheduler=_before.pop() if _before else None)

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
            _cancel_soon(client, futures)
        try:
            return client.gather(futures)
        except Exception:
            if self._cancelled and self._stopped is not None:
                raise self._stopped from None
            raise

    def cancel(self) -> None:
        """Cancel every computation started so far, and any started from now on; stop
        their running tasks on the workers. Returns at once (the client's loop does it)."""
        with self._lock:
            self._cancelled = True
            started = list(self._futures)
        for client, futures in started:
            _cancel_soon(client, futures)


def _cancel_soon(client: Any, futures: Any) -> None:
    if client.status not in ("closing", "closed"):
        client.loop.add_callback(_cancel_on_cluster, client, futures)


async def _cancel_on_cluster(client: Any, futures: Any) -> None:
    """On the client's loop: find the computation's running tasks, cancel it, stop them."""
    from distributed import futures_of

    flat = futures_of(futures)
    try:
        ship_by_value(dask_stop)
        running: dict[str, list[Any]] = await client.run_on_scheduler(
            _on_scheduler(), [f.key for f in flat], asynchronous=True
        )
        await client.cancel(flat, asynchronous=True)
        if running:
            await client.run(
                _on_workers(),
                running,
                STOP_WAIT_S,
                workers=list(running),
                on_error="ignore",
                asynchronous=True,
            )
    except Exception:  # the scheduler or a worker gone meanwhile: nothing is left to stop
        pass


def _on_scheduler() -> Callable[..., dict[str, list[Any]]]:
    """:func:`.dask_stop.running_toward` in a closure cloudpickle ships by value; Dask
    hands the scheduler to a function by its parameter name, which the closure keeps."""
    running_toward = dask_stop.running_toward

    def toward(keys: list[Any], dask_scheduler: Any = None) -> dict[str, list[Any]]:
        return running_toward(keys, dask_scheduler)

    return toward


def _on_workers() -> Callable[..., Any]:
    """:func:`.dask_stop.stop_released` for each worker, with its own keys (as above)."""
    stop_released = dask_stop.stop_released

    async def stop(by_worker: dict[str, list[Any]], wait_s: float, dask_worker: Any = None) -> int:
        return await stop_released(by_worker.get(dask_worker.address, []), wait_s, dask_worker)

    return stop


class _Dispatcher:
    """Dask's ``scheduler`` while scopes are open: a scope's thread computes through its
    scope, any other thread where Dask would have sent it."""

    def __call__(self, graph: Any, keys: Any, **kwargs: Any) -> Any:
        scope = _scopes.get(threading.get_ident())
        if scope is not None:
            return scope.get(graph, keys, **kwargs)
        return _fallback()(graph, keys, **kwargs)

    def persist(self, collections: Any, **kwargs: Any) -> Any:
        """``persist`` as without the dispatcher: on the client, the data staying on the
        workers (Dask asks a scheduler with a ``persist`` to do it)."""
        client = _default_client()
        before = _chosen()
        if client is not None and before is None:
            return client.persist(collections, **kwargs)
        import dask

        return list(dask.persist(*collections, scheduler=before or "threads", **kwargs))


_DISPATCH = _Dispatcher()


def _fallback() -> Callable[..., Any]:
    """Where Dask would compute without the dispatcher."""
    from dask.base import get_scheduler

    before = _chosen()
    if before is not None and before is not _DISPATCH:
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
