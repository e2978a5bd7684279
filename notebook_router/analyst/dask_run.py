"""Running an analysis of Dask data off the event loop, and stopping its computation.

The code the analyst shows ends in one ``.compute()``, and that is the code that runs.
On a cluster it can take seconds, so :func:`on_cluster` runs the analysis on a worker
thread (the kernel's loop stays free for Stop and the panel). A Stop, a timeout or a
budget cancels the awaiting task; the computation itself is cancelled too, as a
model's code's is: the ``.compute()`` calls of the analysis's thread go through a
:class:`~notebook_router.code.dask_scope.ComputeScope`, and cancelling it drops the
graph at the scheduler, stops its running tasks on the workers, and ends the waiting
thread with Dask's ``CancelledError``.

Without a distributed client, Dask computes on threads of this process: nothing there
can be cancelled, so the run goes on without the result and the threads finish.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from notebook_router.code.dask_scope import ComputeScope
from notebook_router.threads import in_thread

T = TypeVar("T")


async def on_cluster(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` on a worker thread; cancelling this cancels its computations."""
    scope = ComputeScope()
    try:
        return await in_thread(scope.run, fn, *args, **kwargs)
    except asyncio.CancelledError:
        scope.cancel()
        raise
