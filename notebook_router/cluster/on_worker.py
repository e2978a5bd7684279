"""What runs on a Dask worker: an agent's function, its figures, and its stop.

This module is shipped to the workers by value (cloudpickle, as Dask ships functions
defined in a notebook), so a worker needs neither notebook_router nor this file: it
imports nothing of the package, only the standard library (and matplotlib or
distributed where they are already there). :func:`call` runs one agent call and
returns plain data (the value, media as ``(type, bytes, description)`` triples,
where it ran); :func:`stop` raises :class:`asyncio.CancelledError` into the thread of
a call the run has cancelled, so a Stop frees the worker's thread instead of leaving
it to finish work nobody will read (the approach of :mod:`notebook_router.code.stopping`,
restated here because this code must stand alone). CancelledError, because it says
what happened and is a BaseException: the agent's own ``except Exception:`` does not
swallow it (and Dask's task runner, which re-raises only SystemExit and
KeyboardInterrupt, is never reached by it: :func:`call` catches it).

A call announces itself on the ``notebook_router.task`` topic when it starts (its key,
process id and host; Dask adds the worker's address), which is how the kernel learns
where a task runs while it runs.
"""

from __future__ import annotations

import asyncio
import ctypes
import io
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

TOPIC = "notebook_router.task"
"""The Dask event topic calls announce their start on."""
_CALLS = "_notebook_router_calls"
"""The worker attribute holding the calls running there, by key (see :func:`stop`)."""
_STOPPED = "_notebook_router_stopped"
"""The worker attribute holding the keys stopped before they started there."""
STOPPED_KEPT = 4096
"""How many such keys a worker remembers (a key is a few dozen bytes)."""

Media = tuple[str, bytes, str]
"""A medium as it travels back: its type, its bytes, what it shows."""


class Inputs(dict[str, Any]):
    """The results of the tasks a task depends on, by agent (``by_task`` by task id):
    a plain dict on the worker, so unpickling it needs nothing but this module."""

    def __init__(self, by_agent: dict[str, Any], by_task: dict[str, Any]) -> None:
        super().__init__(by_agent)
        self.by_task = by_task

    def __missing__(self, key: str) -> Any:
        return self.by_task[key]


class _Call:
    """One call in its thread: stoppable while it runs, never after."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.lock = threading.Lock()
        self.running = True
        self.stopped = False

    def stop(self) -> bool:
        with self.lock:
            if not self.running or self.stopped:
                return False
            self.stopped = True
            _raise_in(self.thread, asyncio.CancelledError)
            return True

    def leave(self) -> None:
        """The call is over: take back a stop still pending (one may land right here)."""
        while True:
            try:
                with self.lock:
                    if self.stopped:
                        _raise_in(self.thread, None)
                    self.running = False
                return
            except asyncio.CancelledError:
                continue


def call(fn: Callable[..., Any], kwargs: dict[str, Any], is_async: bool) -> dict[str, Any]:
    """Run ``fn(**kwargs)`` here and return its value, media and whereabouts."""
    worker = _worker()
    key = worker.get_current_task() if worker is not None else None
    started = time.perf_counter()
    if worker is not None:
        worker.log_event(TOPIC, {"key": key, "pid": os.getpid(), "host": socket.gethostname()})
    _prefer_agg()
    running = _Call()
    calls = _calls(worker)
    if key is not None:
        calls[key] = running
        if key in _stopped(worker):  # the run stopped it before it started here
            calls.pop(key, None)
            return {"stopped": True}
    before = _figure_numbers()
    try:
        try:
            value = asyncio.run(fn(**kwargs)) if is_async else fn(**kwargs)
        finally:
            running.leave()
        value, media = _media_of(value, before)
    except asyncio.CancelledError:  # stopped (see stop): nobody waits for the result
        return {"stopped": True}
    finally:
        calls.pop(key or "", None)
    return {
        "value": value,
        "media": media,
        "worker": worker.address if worker is not None else "",
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "seconds": time.perf_counter() - started,
    }


def stop(key: str, dask_worker: Any = None) -> bool:
    """Stop the call running as ``key`` on this worker (``client.run`` passes the worker).

    A call not running here yet is remembered as stopped: the scheduler may start it
    after the run cancelled it (a cancel and a worker's freed thread cross on the wire),
    and it then ends at once instead of running unwanted for as long as it takes."""
    stopped = _stopped(dask_worker)
    if dask_worker is not None:
        stopped[key] = None
        while len(stopped) > STOPPED_KEPT:
            stopped.pop(next(iter(stopped)), None)
    running = _calls(dask_worker).get(key)
    return bool(running is not None and running.stop())


def _stopped(worker: Any) -> dict[str, None]:
    """The keys stopped on ``worker`` (an ordered set: oldest first)."""
    if worker is None:
        return {}
    stopped: dict[str, None] = vars(worker).setdefault(_STOPPED, {})
    return stopped


def _calls(worker: Any) -> dict[str, _Call]:
    """The calls running on ``worker``, by key: kept on the worker itself, the one object
    every call there shares (each call unpickles its own copy of this module)."""
    if worker is None:
        return {}
    calls: dict[str, _Call] = vars(worker).setdefault(_CALLS, {})  # atomic: no lock needed
    return calls


def _worker() -> Any:
    try:
        from distributed import get_worker

        return get_worker()
    except (ImportError, ValueError):  # not on a Dask worker (a test calling it directly)
        return None


def _raise_in(thread: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(exc) if exc is not None else None
    )


def _prefer_agg() -> None:
    """Draw off-screen: a worker inherits the kernel's inline backend, which would try to
    show figures in a notebook the worker does not have."""
    backend = os.environ.get("MPLBACKEND", "")
    inline = "inline" in backend or "ipympl" in backend or "widget" in backend
    if "matplotlib" not in sys.modules:
        if inline or not backend:
            os.environ["MPLBACKEND"] = "agg"
        return
    if "matplotlib.pyplot" not in sys.modules and inline:
        sys.modules["matplotlib"].use("agg")


def _figure_numbers() -> set[int]:
    pyplot = sys.modules.get("matplotlib.pyplot")
    return set(pyplot.get_fignums()) if pyplot is not None else set()


def _media_of(value: Any, before: set[int]) -> tuple[Any, list[Media]]:
    """The value to send back, and the media the call made: a returned figure or image
    (sent as PNG, the value becoming its title), and the figures it left open."""
    media: list[Media] = []
    if _is_figure(value):
        media.append(_figure_png(value))
        value = media[-1][2]
    elif hasattr(value, "_repr_png_") and not isinstance(value, type):
        png = value._repr_png_()
        if isinstance(png, bytes):
            media.append(("image/png", png, type(value).__name__))
            value = f"an image ({type(value).__name__})"
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        for number in sorted(set(pyplot.get_fignums()) - before):
            media.append(_figure_png(pyplot.figure(number)))
    return value, media


def _is_figure(value: Any) -> bool:
    return type(value).__name__ in ("Figure", "SubFigure") and hasattr(value, "savefig")


def _figure_png(figure: Any) -> Media:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    axes = getattr(figure, "axes", [])
    title = axes[0].get_title() if axes else ""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close(figure)
    return ("image/png", buffer.getvalue(), title or "figure")
