"""Function agents on a Dask cluster: ``Router(agents, executor="dask" | ADDRESS | Client)``.

:class:`DaskExecutor` is the router's placement (:mod:`notebook_router.agents.placement`):
each call of a function agent becomes a Dask task running :func:`on_worker.call
<notebook_router.cluster.on_worker.call>` with the agent's function, shipped by value
as Dask ships a notebook's functions. Inputs and results (DataFrames included) travel
through Dask; figures and images come back as PNG media.

A call is one :class:`RemoteCall`. It waits on three things at once: the result, the
loss of the worker running it, and its own cancellation. Stop, the kernel interrupt, a
timeout and a budget all end a run's agents by cancelling their asyncio tasks; a remote
call answers that at once: the Dask future is cancelled without waiting (the scheduler
drops the task), the worker is told to stop the call's thread (see
:func:`~notebook_router.cluster.on_worker.stop`), and the cancellation goes on. Nothing
waits on the worker: a thread inside C code (a long ``time.sleep``, a big NumPy call)
ends when that returns, and what it returns is dropped.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import functools
import importlib.machinery
import sys
import threading
import uuid
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from notebook_router.cluster import on_worker
from notebook_router.cluster.connect import Connection, describe_spec
from notebook_router.cluster.watch import ClusterWatch
from notebook_router.errors import ClusterUnavailableError
from notebook_router.media import Media
from notebook_router.planner.events import WORKER_NOTE
from notebook_router.result import AgentResult, coerce_result
from notebook_router.shipping import ship_by_value, shippable

if TYPE_CHECKING:
    from notebook_router.agents.base import AgentContext, Inputs, TaskRequest
    from notebook_router.agents.function import FunctionAgent

KERNEL_ONLY = frozenset({"context", "ctx", "shared", "model"})
"""Parameters whose objects live in the kernel (the run's context, its model client): an
agent asking for one runs there."""


class DaskExecutor:
    """Runs function agents on a Dask cluster; see :mod:`notebook_router.cluster`."""

    def __init__(self, target: str | Any) -> None:
        self.connection = Connection(target)
        ship_by_value(on_worker)

    @property
    def where(self) -> str:
        """The cluster, as a trace or ``%route executor`` says it."""
        return describe_spec(self.connection.target)

    def place(
        self,
        agent: FunctionAgent,
        kwargs: dict[str, Any],
        task: TaskRequest,
        context: AgentContext,
    ) -> Awaitable[Any] | None:
        """The call on a worker; None (it runs in the kernel) when it takes kernel objects."""
        kernel_only = sorted(KERNEL_ONLY & kwargs.keys())
        if kernel_only:
            context.trace(
                "placement",
                f"runs in the kernel: it takes {', '.join(kernel_only)}, which only the kernel has",
            )
            return None
        return self._run(agent, kwargs, task, context)

    async def _run(
        self, agent: FunctionAgent, kwargs: dict[str, Any], task: TaskRequest, ctx: AgentContext
    ) -> AgentResult:
        try:
            client = await self.connection.client()
        except ClusterUnavailableError as exc:
            return AgentResult.failed(str(exc))
        ship_module_of(agent.fn)
        key = f"{agent.name}-{task.id}-{uuid.uuid4().hex[:8]}"
        call = RemoteCall(client, key, task.id, ctx, ClusterWatch.of(client))
        shipped = shippable(on_worker.call)
        return await call.run(shipped, agent.fn, for_worker(kwargs), agent.is_async)

    def __repr__(self) -> str:
        return f"DaskExecutor({self.where})"


class RemoteCall:
    """One agent call as a Dask task: submitted, watched, and cancelled when the run says."""

    def __init__(
        self, client: Any, key: str, task_id: str, context: AgentContext, watch: ClusterWatch
    ) -> None:
        self.key = key
        self.worker: str | None = None
        """The address of the worker running it, once it has started."""
        self._client = client
        self._task_id = task_id
        self._context = context
        self._watch = watch
        self._future: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._settled: asyncio.Future[str | None] | None = None

    async def run(self, shipped: Callable[..., Any], *args: Any) -> AgentResult:
        """Submit ``shipped(*args)`` and wait for its result, its worker's loss, or a cancel."""
        loop = self._loop = asyncio.get_running_loop()
        settled = self._settled = loop.create_future()
        self._watch.listen(self.key, self._started, self._lost)
        try:
            self._future = await self._submit(shipped, *args)
            self._future.add_done_callback(lambda _: self._hand_over(self._settle, None))
            lost = await settled
        except asyncio.CancelledError:
            self.cancel()
            raise
        finally:
            self._watch.forget(self.key)
        if lost is not None:
            # Dask may already have started it again elsewhere: every worker is asked.
            self.worker = None
            self.cancel()
            return AgentResult.failed(
                f"the worker {lost} running it died mid-task (it crashed or was killed): "
                "its work is lost"
            )
        outcome = await asyncio.to_thread(self._future.result)  # raises the agent's error
        return self._result(outcome)

    def cancel(self) -> None:
        """Drop the task and stop its thread on the worker, without waiting for either."""
        future, client = self._future, self._client
        if future is None or future.done() or client.status in ("closing", "closed"):
            return
        # Not started yet (as far as we heard): every worker is asked, the one that has it
        # stops it, the others have nothing by that key.
        workers = [self.worker] if self.worker else None
        client.loop.add_callback(_drop, client, future, self.key, workers)

    async def _submit(self, shipped: Callable[..., Any], *args: Any) -> Any:
        # Pickling the inputs takes time with big ones: off the loop, on the client's one
        # submitting thread, so calls reach the scheduler in the order the run placed them
        # (the plan's order). Threads racing to submit would let a quick task placed first
        # queue behind long ones placed after it. A cancellation while submitting cancels
        # the task as soon as it exists.
        loop = asyncio.get_running_loop()
        call = functools.partial(self._submitted, shipped, *args)
        submitting = loop.run_in_executor(_submitter(self._client), call)
        try:
            return await asyncio.shield(submitting)
        except asyncio.CancelledError:
            submitting.add_done_callback(_cancel_when_submitted)
            raise

    def _submitted(self, shipped: Callable[..., Any], *args: Any) -> Any:
        """On a worker thread: follow the cluster's workers (the first time), then submit."""
        self._watch.follow_workers()
        return self._client.submit(shipped, *args, key=self.key, pure=False)

    def _result(self, outcome: dict[str, Any]) -> AgentResult:
        if outcome.get("stopped"):
            return AgentResult.failed("stopped on its worker before it finished")
        if self.worker is None:  # it ended before its start was heard of
            self._announce(outcome)
        media = tuple(
            Media(mime_type=mime, data=data, source=self._task_id, description=about)
            for mime, data, about in outcome["media"]
        )
        result = coerce_result(outcome["value"])
        return result.model_copy(update={"media": (*result.media, *media)}) if media else result

    # --------------------------------------------------- from the client's threads

    def _started(self, message: dict[str, Any]) -> None:
        self._hand_over(self._announce, message)

    def _lost(self, worker: str) -> None:
        self._hand_over(self._forget_worker, worker)

    def _hand_over(self, fn: Callable[[Any], None], arg: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the run is over
            loop.call_soon_threadsafe(fn, arg)

    # ------------------------------------------------------------ on the loop

    def _settle(self, lost: str | None) -> None:
        if self._settled is not None and not self._settled.done():
            self._settled.set_result(lost)

    def _forget_worker(self, worker: str) -> None:
        if worker == self.worker:  # queued there but not started: Dask runs it elsewhere
            self._settle(worker)

    def _announce(self, message: dict[str, Any]) -> None:
        worker = str(message.get("worker") or "")
        if not worker or worker == self.worker:
            return
        if self.worker is not None:
            # Started again elsewhere: Dask runs a call again only when the worker that
            # had it is gone. Its loss was not heard (it died before the scheduler knew
            # to tell us); this start says it.
            self._settle(self.worker)
            return
        self.worker = worker
        pid = message.get("pid", "")
        self._context.trace(
            WORKER_NOTE,
            f"runs on {worker} (pid {pid})",
            worker=worker,
            pid=str(pid),
            host=str(message.get("host", "")),
        )


def ship_module_of(fn: Callable[..., Any]) -> None:
    """Send ``fn``'s module by value when a worker could not import it by name.

    ``__main__`` (a notebook, a script) travels by value anyway, as in Dask; so must a
    module loaded from a file outside the import path (``--agents agents.py`` in the
    CLI), which exists under its name only in this process. A module on the import
    path is imported by the workers, as Dask expects of installed code."""
    name = getattr(fn, "__module__", None) or "__main__"
    module = sys.modules.get(name)
    if module is None or name == "__main__":
        return
    top = name.partition(".")[0]
    on_path = importlib.machinery.PathFinder.find_spec(top) is not None
    if not on_path and top not in sys.builtin_module_names:
        ship_by_value(module)


def for_worker(kwargs: dict[str, Any]) -> dict[str, Any]:
    """An agent's arguments as the worker gets them: plain values, no notebook_router types.

    ``inputs`` becomes a dict (with ``by_task``), ``request`` and each of ``media`` a
    namespace with the same attributes: a worker without notebook_router reads them."""
    out = dict(kwargs)
    if "inputs" in out:
        inputs: Inputs = out["inputs"]
        out["inputs"] = on_worker.Inputs(dict(inputs.items()), dict(inputs.by_task))
    if "request" in out:
        request: TaskRequest = out["request"]
        fields = {f.name: getattr(request, f.name) for f in dataclasses.fields(request)}
        out["request"] = SimpleNamespace(**fields, said_by_user=request.said_by_user)
    if "media" in out:
        out["media"] = [
            SimpleNamespace(
                mime_type=m.mime_type,
                data=m.data,
                source=m.source,
                description=m.description,
                metadata=dict(m.metadata),
            )
            for m in out["media"]
        ]
    return out


def _stopper() -> Callable[..., bool]:
    """:func:`on_worker.stop`, shipped by value as :func:`~notebook_router.shipping.shippable`
    ships calls; Dask hands the worker to a function run with ``client.run`` by its
    parameter name, so this closure keeps that name."""
    stop = on_worker.stop

    def stop_call(key: str, dask_worker: Any = None) -> bool:
        return stop(key, dask_worker)

    return stop_call


async def _drop(client: Any, future: Any, key: str | None, workers: list[str] | None) -> None:
    """On the client's loop: cancel ``future``, then stop the thread running ``key``."""
    try:
        await future.cancel(asynchronous=True)
        if key is not None:
            await client.run(_stopper(), key, workers=workers, on_error="ignore", asynchronous=True)
    except Exception:  # a worker or the scheduler gone meanwhile: nothing is left to stop
        pass


def _submitter(client: Any) -> _SerialSubmitter:
    """The one submitting queue of ``client`` (its thread runs only while calls wait)."""
    with _submitters_lock:
        for gone in [key for key, (ref, _) in _submitters.items() if _closed(ref())]:
            del _submitters[gone]  # no thread to end: a submitter holds one only while busy
        if client.id not in _submitters:
            submitter = _SerialSubmitter(f"notebook_router-dask-submit-{client.id}")
            _submitters[client.id] = (weakref.ref(client), submitter)
        return _submitters[client.id][1]


class _SerialSubmitter(Executor):
    """Runs what it is given one at a time, in order, on a thread that ends when nothing
    is left to run: a client closed (or just idle) keeps no thread, with nothing to shut
    down and nothing for Stop to wait on. A thread per burst of calls costs far less than
    pickling one call's inputs."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._queue: collections.deque[tuple[Future[Any], Callable[[], Any]]] = collections.deque()
        self._lock = threading.Lock()
        self._running = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            self._queue.append((future, functools.partial(fn, *args, **kwargs)))
            if self._running:
                return future
            self._running = True
        threading.Thread(target=self._drain, name=self._name, daemon=True).start()
        return future

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._running = False
                    return
                future, call = self._queue.popleft()
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited
            try:
                future.set_result(call())
            except BaseException as exc:  # handed to the waiting call, as an executor does
                future.set_exception(exc)


def _closed(client: Any) -> bool:
    return client is None or client.status in ("closing", "closed")


_submitters: dict[str, tuple[weakref.ref[Any], _SerialSubmitter]] = {}
"""The submitting queue of each client, by the client's id."""
_submitters_lock = threading.Lock()


def _cancel_when_submitted(submitting: asyncio.Future[Any]) -> None:
    if not submitting.cancelled() and submitting.exception() is None:
        future = submitting.result()
        future.client.loop.add_callback(_drop, future.client, future, future.key, None)
