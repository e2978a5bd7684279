"""Tasks whose agent has children: delegation inside a run, recorded hop by hop.

The executor hands such a task to :class:`TreeTask` instead of calling the
agent directly (flat agents never come here, so they pay nothing for
trees). Every hop below the task's own agent is published as a pair of
typed events, which the reducer turns into a
:class:`~notebook_router.planner.state.Hop` of the run state: the run graph
draws them as the live delegation tree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from notebook_router.agents.base import Agent, AgentContext, Capability, TaskRequest
from notebook_router.agents.breaker import CircuitState
from notebook_router.agents.delegation import DelegationRequest, DelegationResponse
from notebook_router.agents.delegator import Delegator
from notebook_router.planner import events as ev
from notebook_router.planner.eventlog import EventLog
from notebook_router.providers.base import ModelClient
from notebook_router.result import AgentResult
from notebook_router.text.preview import preview
from notebook_router.usage import Usage


class HopRecorder:
    """Publishes every hop of a run's delegations as a pair of events (the reducer files them)."""

    def __init__(self, events: EventLog) -> None:
        self.events = events
        self._open: set[str] = set()

    def requested(self, request: DelegationRequest) -> None:
        if request.hops == 0 or self.events.closed:
            return  # the task's own agent: the task itself is the tree's root
        self._open.add(request.id)
        self.events.publish(
            ev.DelegationRequested(
                task_id=request.task_id,
                request_id=request.id,
                parent_id=request.parent_id,
                agent=request.agent,
                path=request.path,
                hops=request.hops,
                task=request.task,
            )
        )

    def responded(
        self,
        request: DelegationRequest,
        response: DelegationResponse | None,
        duration_s: float,
    ) -> None:
        if request.id not in self._open:
            return
        self._open.discard(request.id)
        if self.events.closed:
            return
        answered_by: tuple[str, ...] = ()
        error: str | None = "cancelled"
        if response is None:
            status, confidence, summary = "cancelled", 0.0, ""
        else:
            status, confidence, answered_by = response.status, response.confidence, response.path
            summary = response.summary or (preview(response.data) if response.ok else "")
            error = response.question or response.error
        self.events.publish(
            ev.DelegationResponded(
                task_id=request.task_id,
                request_id=request.id,
                agent=request.agent,
                status=status,
                confidence=confidence,
                duration_s=duration_s,
                answered_by=answered_by,
                hops=request.hops,
                summary=summary,
                error=error,
            )
        )

    def circuit_changed(self, agent: str, state: CircuitState, failures: int) -> None:
        if not self.events.closed:
            self.events.publish(ev.CircuitChanged(agent=agent, state=state, failures=failures))


class TreeTask:
    """Looks like an agent to the executor; runs a delegation through ``agent``'s tree."""

    __slots__ = (
        "_bind",
        "_delegator",
        "_max_hops",
        "_on_usage",
        "agent",
        "capabilities",
        "description",
        "name",
        "timeout_s",
    )

    def __init__(
        self,
        agent: Agent,
        delegator: Delegator,
        max_hops: int,
        bind: Callable[[Agent, TaskRequest, AgentContext], AgentContext],
        on_usage: Callable[[Usage, str, str], None],
    ) -> None:
        self.agent = agent
        self.name: str = agent.name
        self.description: str = agent.description
        self.capabilities: tuple[Capability, ...] = agent.capabilities
        self.timeout_s: float | None = agent.timeout_s
        self._delegator = delegator
        self._max_hops = max_hops
        self._bind = bind
        self._on_usage = on_usage

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        root_id = task.id if task.attempt <= 1 else f"{task.id}~{task.attempt}"
        request = DelegationRequest(
            id=root_id,
            task_id=task.id,
            task=task.description,
            goal=task.goal,
            path=(self.agent.name,),
            max_hops=self._max_hops,
        )

        async def invoke(member: Agent, hop: DelegationRequest) -> Any:
            if member is self.agent and hop.hops == 0:
                value = await member.run(task, context)
            else:
                sub = TaskRequest(
                    id=task.id,
                    description=hop.task,
                    goal=task.goal,
                    agent=member.name,
                    depends_on=task.depends_on,
                    attempt=task.attempt,
                    style=task.style,
                    user_words=task.user_words,
                )
                value = await member.run(sub, self._bind(member, sub, context))
            # Usage an agent reports on its result is its own, whatever its depth.
            if isinstance(value, AgentResult) and value.usage:
                self._on_usage(value.usage, member.name, task.id)
            return value

        # The executor's watchdog already bounds the whole task: no second timer here.
        response = await self._delegator.run(self.agent, request, invoke, timed=False)
        return response.to_result()


def bind_context(
    clients: Callable[[str, str], ModelClient],
) -> Callable[[Agent, TaskRequest, AgentContext], AgentContext]:
    """How a sub-agent's context is made from its task's: same run, inputs and shared
    context; its own task text and a model client (``clients(agent, task_id)``) that
    accounts usage to it and to the task it serves."""

    def bind(member: Agent, sub: TaskRequest, root: AgentContext) -> AgentContext:
        return AgentContext(
            run_id=root.run_id,
            goal=root.goal,
            task=sub,
            inputs=root.inputs,
            shared=root.shared,
            model_for=partial(clients, member.name, sub.id),
            media=root.media,
            data=root.data,
            _trace=root._trace,
            _approve=root._approve,
        )

    return bind
