"""What a run reports about itself besides its decisions and results.

That it started (or resumed), the notebook data it looks at first, the model
usage of every call (and the budget that usage trips), and changes to the
shared context, which agents on worker threads may write: those are reported
on the run's loop thread, like every event.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import datetime

from notebook_router.agents.registry import AgentRegistry
from notebook_router.context.shared import ContextEntry
from notebook_router.data.source import DataSource
from notebook_router.planner import events as ev
from notebook_router.planner.context_events import context_compressed, context_updated
from notebook_router.planner.data_hop import described
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.rails import Limits, budget_exceeded
from notebook_router.planner.resume import ResumePoint
from notebook_router.planner.state import RunState, StopReason
from notebook_router.providers.base import Provider
from notebook_router.usage import Usage


class RunReports:
    """Publishes a run's opening, usage and context changes as events."""

    def __init__(
        self,
        state: RunState,
        agents: AgentRegistry,
        provider: Provider,
        limits: Limits,
        events: EventLog,
        life: Lifecycle,
        *,
        request_stop: Callable[[StopReason, str], None],
    ) -> None:
        self.state = state
        self.agents = agents
        self.provider = provider
        self.limits = limits
        self._events = events
        self._life = life
        self._request_stop = request_stop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread_id: int | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """The run has started on ``loop``, on this thread."""
        self._loop = loop
        self._thread_id = threading.get_ident()

    def opening(self, started: datetime, resumed: ResumePoint | None) -> None:
        """``run_started`` (or ``run_resumed``); :meth:`describe` says what the data holds."""
        state = self.state
        model = f"{self.provider.name}:{self.provider.model}"
        if resumed is None:
            self._events.publish(
                ev.RunStarted(
                    query=state.query,
                    goal=state.goal if state.goal != state.query else None,  # a long task once
                    model=model,
                    agents=tuple(self.agents.names()),
                    started_at=started.isoformat(),
                    mode=state.mode,
                    style=state.style,
                    mode_why=state.mode_why,
                    style_why=state.style_why,
                )
            )
        else:
            self._events.publish(
                ev.RunResumed(
                    model=model,
                    agents=tuple(self.agents.names()),
                    resumed_at=started.isoformat(),
                    kept=resumed.kept,
                    redo=resumed.redo,
                )
            )

    async def describe(self, data: DataSource) -> None:
        """What the notebook's data holds (after :meth:`opening`, which it may outlast:
        sampling a Dask frame's partitions runs off the loop, see ``data_hop``)."""
        self._events.publish(await described(data, self.state.goal))

    def on_usage(self, usage: Usage, source: str, task_id: str = "") -> None:
        """Report a call's usage; stop the run if it exceeds a budget."""
        if not usage:
            return
        state = self.state
        total = state.usage + usage
        self._events.publish(
            ev.UsageUpdated(
                source=source,
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                cost_usd=usage.cost_usd,
                total_tokens=total.total_tokens,
                total_cost_usd=total.cost_usd,
                calls=usage.calls,
                task_id=task_id,
            )
        )
        exceeded = budget_exceeded(self.limits, state.usage)
        if exceeded is not None:
            self._request_stop(*exceeded)

    def on_context_change(self, entry: ContextEntry) -> None:
        """Report a change to the shared context (on the loop's thread, whoever wrote it)."""
        if threading.get_ident() != self._thread_id:
            if self._loop is not None and not self._life.finished:
                # Writers may be agents on worker threads: emit on the loop's thread.
                self._loop.call_soon_threadsafe(self.on_context_change, entry)
            return
        self._events.publish(context_updated(entry))
        compressed = context_compressed(entry)  # too big for a planner's view as it is
        if compressed is not None:
            self._events.publish(compressed)
