"""Stopping Python code on another thread by raising an exception into it.

``PyThreadState_SetAsyncExc`` marks an exception as pending for a thread;
the interpreter raises it at that thread's next bytecode boundary, so a pure
Python loop stops almost at once. A thread blocked inside C (``time.sleep``,
a long numpy call, a socket read) sees it only when that call returns.

A pool thread runs other work after the code, so the pending exception must
never outlive the code: :class:`Stopper` raises it only while the code is
running, and takes back any still pending when the code ends, both under
one lock.

Code waiting on a Dask cluster (``.compute()``) is blocked in Dask's client, where
the exception lands only once the result is in: while the code runs, its
computations go through a :class:`~notebook_router.code.dask_scope.ComputeScope`,
which a stop cancels (on the scheduler and on the workers' threads), so the wait
ends at once with :class:`CodeStopped`.
"""

from __future__ import annotations

import ctypes
import threading

from notebook_router.code.dask_scope import ComputeScope
from notebook_router.errors import CodeStopped


class Stopper:
    """Raises :class:`CodeStopped` into one thread, at most once, only while its code runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thread: int | None = None
        self._signalled = False
        self._computations: ComputeScope | None = None

    @property
    def signalled(self) -> bool:
        return self._signalled

    def enter(self) -> None:
        """The calling thread starts running the code: from now on it may be stopped."""
        computations = ComputeScope.opened(stopped=CodeStopped)
        with self._lock:
            self._thread = threading.get_ident()
            self._computations = computations

    def leave(self) -> None:
        """The code has ended on the calling thread: no stop may reach it any more.

        Safe when the stop arrives during this call (it may: any bytecode
        boundary will do), since it retries until it has run to the end.
        """
        while True:
            try:
                with self._lock:
                    if self._thread is not None:
                        _set_async_exc(self._thread, None)  # take back a pending stop
                    self._thread = None
                break
            except CodeStopped:
                continue
        # No stop can reach the thread any more: its computations go where Dask sends them.
        computations, self._computations = self._computations, None
        if computations is not None:
            computations.close()

    def stop(self) -> bool:
        """Raise CodeStopped in the code's thread if it is running and not yet signalled,
        and cancel the Dask computations it started (see the module's docstring)."""
        with self._lock:
            if self._thread is None or self._signalled:
                return False
            self._signalled = True
            raised = _set_async_exc(self._thread, CodeStopped) == 1
            computations = self._computations
        if computations is not None:
            computations.cancel()
        return raised


def _set_async_exc(thread: int, exc: type[BaseException] | None) -> int:
    # Returns the number of thread states changed: 1, or 0 if the thread is gone.
    obj = ctypes.py_object(exc) if exc is not None else None
    return int(ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), obj))
