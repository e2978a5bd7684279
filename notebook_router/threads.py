"""Worker threads for blocking user code: sync agents, cell agents, tools.

A sync function cannot be cancelled mid-call: when its task times out or
the run stops, the run goes on without it and the thread runs to the end
of the call. Python's own pools (``asyncio.to_thread``'s default executor,
any ``ThreadPoolExecutor``) join their threads when the loop closes and
again at interpreter exit, so one abandoned ``time.sleep(600)`` would hold
a finished script or ``python -m notebook_router`` for ten minutes. These
threads are daemon threads that nothing joins: the process exits when its
work is done, and :func:`running` says how many were left behind.

Threads are reused while idle, so a call costs a queue hand-off, as with
the default executor, not a new thread.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple["Future[Any]", Callable[[], Any]]


class DaemonThreadPool(Executor):
    """A thread pool whose threads never hold up the loop's or the interpreter's exit.

    At most ``max_threads`` threads (as many as the default executor has by
    default); a call that finds them all busy waits in the queue.
    """

    def __init__(self, max_threads: int | None = None, name: str = "notebook_router") -> None:
        self._max = max_threads or min(32, (os.cpu_count() or 1) + 4)
        self._name = name
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._idle = threading.Semaphore(0)
        self._lock = threading.Lock()
        self._threads = 0
        self._running: set[Future[Any]] = set()  # set.add/discard are atomic: no lock

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` on a pool thread; its future."""
        future: Future[T] = Future()
        self._jobs.put((future, functools.partial(fn, *args, **kwargs)))
        if not self._idle.acquire(blocking=False):  # no thread is waiting for work
            self._grow()
        return future

    def running(self) -> frozenset[Future[Any]]:
        """The calls in progress right now.

        A worker leaves ``_running`` only after handing over its result, and the
        loop may see the result first: a call whose future is done is finished.
        """
        return frozenset(f for f in list(self._running) if not f.done())

    def _grow(self) -> None:
        with self._lock:
            if self._threads >= self._max:
                return
            self._threads += 1
            number = self._threads
        threading.Thread(target=self._work, name=f"{self._name}-{number}", daemon=True).start()

    def _work(self) -> None:
        while True:
            future, call = self._jobs.get()
            if future.set_running_or_notify_cancel():
                self._running.add(future)
                try:
                    result = call()
                except BaseException as exc:  # handed to the awaiting task, as an executor does
                    future.set_exception(exc)
                else:
                    future.set_result(result)
                finally:
                    self._running.discard(future)
                del future, call  # drop the result before waiting for the next job
            self._idle.release()


_POOL = DaemonThreadPool()


def in_thread(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> asyncio.Future[T]:
    """``asyncio.to_thread``, on a daemon thread nothing will wait for at exit.

    Awaiting the result and cancelling it behave as with ``to_thread``: a
    cancellation ends the wait at once, while the call itself runs on.
    """
    call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
    return asyncio.get_running_loop().run_in_executor(_POOL, call)


def running() -> frozenset[Future[Any]]:
    """The calls running on worker threads now (compare two sets to see what one run left)."""
    return _POOL.running()
