"""Stopping Python code on another thread by raising an exception into it.

``PyThreadState_SetAsyncExc`` marks an exception as pending for a thread;
the interpreter raises it at that thread's next bytecode boundary, so a pure
Python loop stops almost at once. A thread blocked inside C (``time.sleep``,
a long numpy call, a socket read) sees it only when that call returns.

A pool thread runs other work after the code, so the pending exception must
never outlive the code: :class:`Stopper` raises it only while the code is
running, and takes back any still pending when the code ends, both under
one lock.
"""

from __future__ import annotations

import ctypes
import threading

from notebook_router.errors import CodeStopped


class Stopper:
    """Raises :class:`CodeStopped` into one thread, at most once, only while its code runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thread: int | None = None
        self._signalled = False

    @property
    def signalled(self) -> bool:
        return self._signalled

    def enter(self) -> None:
        """The calling thread starts running the code: from now on it may be stopped."""
        with self._lock:
            self._thread = threading.get_ident()

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
                return
            except CodeStopped:
                continue

    def stop(self) -> bool:
        """Raise CodeStopped in the code's thread if it is running and not yet signalled."""
        with self._lock:
            if self._thread is None or self._signalled:
                return False
            self._signalled = True
            return _set_async_exc(self._thread, CodeStopped) == 1


def _set_async_exc(thread: int, exc: type[BaseException] | None) -> int:
    # Returns the number of thread states changed: 1, or 0 if the thread is gone.
    obj = ctypes.py_object(exc) if exc is not None else None
    return int(ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), obj))
