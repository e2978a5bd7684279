"""The router's circuit breaker around the agents a run calls directly.

A tree's hops go through the :class:`~notebook_router.agents.delegator.Delegator`,
which guards each of them; an agent without children is called by the
executor itself, and is guarded here the same way: refused at once while its
circuit is open (the task is ``unable``, saying when it is tried again), its
outcome recorded when its result is filed, its trial given back when it is
cancelled. The breaker is the router's (a notebook's, across its runs), so an
agent that fails every run stops being called until its cool-down ends.
"""

from __future__ import annotations

from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.planner import events as ev
from notebook_router.planner.eventlog import EventLog
from notebook_router.result import AgentResult


class AgentCircuits:
    """A run's calls to flat agents, admitted by and reported to the breaker."""

    def __init__(self, breaker: CircuitBreaker, events: EventLog) -> None:
        self.breaker = breaker
        self.events = events
        self._calls: dict[str, str] = {}
        """Per task running a flat agent the breaker let through, that agent."""

    def admit(self, task_id: str, agent: str) -> AgentResult | None:
        """None when ``agent`` may run task ``task_id``; else the result it gets instead."""
        if not self.breaker.allow(agent):
            return AgentResult.unable(self.breaker.why_skipped(agent))
        self._calls[task_id] = agent
        return None

    def settle(self, task_id: str, result: AgentResult) -> None:
        """Record how an admitted call ended (only ``failed`` counts against the agent)."""
        agent = self._calls.pop(task_id, None)
        if agent is None:
            return
        breaker = self.breaker
        ok = result.status != "failed"
        if ok and not breaker.failing(agent):
            return  # (most calls) a healthy agent's success changes nothing
        before = breaker.state(agent)
        after = breaker.record(agent, ok=ok)
        if after != before and not self.events.closed:
            failures = breaker.consecutive_failures(agent)
            self.events.publish(ev.CircuitChanged(agent=agent, state=after, failures=failures))

    def release(self, task_id: str) -> None:
        """An admitted call was cancelled: it says nothing of the agent's health."""
        agent = self._calls.pop(task_id, None)
        if agent is not None:
            self.breaker.release(agent)

    def release_all(self) -> None:
        """The run is over: give back every trial still out."""
        for task_id in list(self._calls):
            self.release(task_id)
