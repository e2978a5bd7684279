"""On the scheduler and the workers: which tasks compute toward a result, and stopping them.

Cancelling a Dask computation drops it at the scheduler, but a task already running
on a worker's thread runs to its end: a partition that takes two minutes keeps its
thread for two minutes after Stop. So a cancelled computation's running tasks are
stopped the way :mod:`notebook_router.code.stopping` stops code: an exception raised
into the thread at its next bytecode (a thread blocked inside C sees it when that
call returns).

- :func:`running_toward` (on the scheduler, before the cancel): the tasks running now
  whose results the computation's keys need, by worker.
- :func:`stop_released` (on a worker, after it): raises
  :class:`concurrent.futures.CancelledError` into each thread still running one of
  them, once the worker has heard that nobody wants its result any more (Dask's
  ``cancelled`` state). A task another computation still wants is never stopped.

An ``Exception``, not a ``BaseException``: Dask files a task's exception as its
error, and the worker drops the error of a task nobody wants; if the stop lands in
Dask's own lines just after the task's function returned (a window of microseconds
against tasks that run for seconds), the worker handles it as a failed task too.

Shipped to the scheduler and the workers by value (see :mod:`notebook_router.shipping`):
it imports nothing of notebook_router.
"""

from __future__ import annotations

import asyncio
import ctypes
import time
from collections.abc import Hashable, Iterable
from concurrent.futures import CancelledError
from typing import Any

RELEASED = ("cancelled", "released", "forgotten")
"""A worker's states of a task whose result nobody wants any more."""
NOT_STARTED = frozenset({"waiting", "queued", "no-worker", "released"})
"""Scheduler states of a task whose own inputs may still be running."""


def running_toward(keys: Iterable[Hashable], dask_scheduler: Any = None) -> dict[str, list[Any]]:
    """The keys of the tasks now running whose results ``keys`` need, by worker address."""
    tasks = dask_scheduler.tasks
    running: dict[str, list[Any]] = {}
    seen: set[Hashable] = set()
    todo = list(keys)
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        task = tasks.get(key)
        if task is None:
            continue
        if task.state == "processing" and task.processing_on is not None:
            running.setdefault(task.processing_on.address, []).append(task.key)
        elif task.state in NOT_STARTED:
            todo.extend(dep.key for dep in task.dependencies)
    return running


async def stop_released(keys: list[Any], wait_s: float, dask_worker: Any = None) -> int:
    """Stop the threads of this worker running one of ``keys`` once their results are
    unwanted; wait at most ``wait_s`` for the scheduler to say so. How many were stopped."""
    left = set(keys)
    deadline = time.monotonic() + wait_s
    stopped = 0
    while left:
        undecided = False
        with dask_worker.active_threads_lock:  # a thread leaves its task under this lock
            for thread, key in list(dask_worker.active_threads.items()):
                if key not in left:
                    continue
                task = dask_worker.state.tasks.get(key)
                if task is not None and task.state not in RELEASED:
                    undecided = True  # not heard yet, or another computation wants it
                    continue
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(thread), ctypes.py_object(CancelledError)
                )
                left.discard(key)
                stopped += 1
        if not undecided or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.02)
    return stopped
