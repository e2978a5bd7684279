"""Hearing from the cluster while tasks run: where each started, and which workers died.

Dask event topics, one subscription each per client (Dask keeps one handler per
topic and client, so every router sharing a client shares its :class:`ClusterWatch`):

- ``notebook_router.task``: a call announces its start (its key, process id and host;
  Dask adds the worker's address). The run's trace and plan say where the task runs.
- each worker, by its address: the scheduler's events about it. ``remove-worker`` lists
  the tasks it was running; when it leaves unexpectedly (it crashed, or was killed),
  each of ours among them is lost: its run files a failed result with the cause at
  once, rather than wait for Dask to run it again elsewhere (or forever, with no worker
  left). A worker retired on purpose is not a loss: Dask moves its tasks. (Not the
  scheduler's ``all`` topic: a client subscribed to it is sent its own departure as it
  closes, which the scheduler logs as a failed send.)

A worker's events reach us only once the scheduler has our subscription, and a
subscription made when a call announces its start races with that worker dying right
after. So :meth:`ClusterWatch.follow_workers` subscribes to every worker the cluster has
before the first call is submitted: subscriptions and submissions travel to the
scheduler in order on the client's one stream, so the scheduler knows whom to tell
before it hands out the task. A worker that joins later is followed from its first
call's start; a loss still unheard then shows as the call starting again on another
worker, which its run takes as the loss it is (see ``remote.RemoteCall``).

Handlers run on the client's own thread; listeners hand over to their run's loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from notebook_router.cluster.on_worker import TOPIC

FOLLOW_WAIT_S = 10.0
"""How long a first submission waits for the client's loop to queue the subscriptions."""

Started = Callable[[dict[str, Any]], None]
Lost = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class _Listener:
    started: Started
    lost: Lost


class ClusterWatch:
    """The task and worker events of one client, passed to the calls waiting on them."""

    _watches: ClassVar[dict[str, ClusterWatch]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def of(cls, client: Any) -> ClusterWatch:
        """The watch of ``client`` (subscribed the first time it is asked for)."""
        with cls._lock:
            watch = cls._watches.get(client.id)
            if watch is None:
                watch = cls._watches[client.id] = cls(client)
            return watch

    def __init__(self, client: Any) -> None:
        self._client = client
        self._listeners: dict[str, _Listener] = {}
        self._workers: set[str] = set()
        self._known = False
        self._knowing = threading.Lock()
        client.subscribe_topic(TOPIC, self._on_task)

    def follow_workers(self) -> None:
        """Follow every worker the cluster has now, once, before the first submission.

        Blocking (it asks the scheduler, then waits for the client's loop): call it from
        a worker thread. Every subscription is queued on the client's stream before this
        returns, so ahead of whatever the caller submits next."""
        with self._knowing:  # a second first call waits for the first one's subscriptions
            if self._known:
                return
            workers = list(self._client.scheduler_info().get("workers", {}))
            queued = threading.Event()

            def follow_all() -> None:
                # On the client's loop, where the handlers run: _workers is only touched there.
                try:
                    for worker in workers:
                        if worker not in self._workers:
                            self._workers.add(worker)
                            self._follow(worker)
                finally:
                    queued.set()

            self._client.loop.add_callback(follow_all)
            self._known = queued.wait(FOLLOW_WAIT_S)

    def listen(self, key: str, started: Started, lost: Lost) -> None:
        """Call ``started(message)`` when task ``key`` starts, ``lost(why)`` if its worker dies."""
        self._listeners[key] = _Listener(started, lost)

    def forget(self, key: str) -> None:
        """Stop listening for ``key`` (its call has ended)."""
        self._listeners.pop(key, None)

    def _on_task(self, event: tuple[float, dict[str, Any]]) -> None:
        message = event[1]
        worker = str(message.get("worker") or "")
        if worker and worker not in self._workers:
            self._workers.add(worker)
            self._follow(worker)
        listener = self._listeners.get(str(message.get("key")))
        if listener is not None:
            listener.started(message)

    def _follow(self, worker: str) -> None:
        # A handler the client already had for this topic (the user's) keeps being
        # called: Dask holds one per topic, so ours passes the events on.
        previous = getattr(self._client, "_event_handlers", {}).get(worker)

        def on_worker_event(event: tuple[float, dict[str, Any]]) -> Any:
            self._on_worker(worker, event[1])
            # What the user's handler returns goes back to Dask (which awaits it if async).
            return previous(event) if previous is not None else None

        self._client.subscribe_topic(worker, on_worker_event)

    def _on_worker(self, worker: str, message: dict[str, Any]) -> None:
        if message.get("action") != "remove-worker":
            return
        self._workers.discard(worker)  # a worker that comes back at that address is new
        if message.get("expected"):
            return
        for key in message.get("processing-tasks", ()):
            listener = self._listeners.get(str(key))
            if listener is not None:
                listener.lost(worker)
