"""The collaborators of one run, wired together from what the run was given.

A :class:`~notebook_router.planner.run.Run` is the loop and its public face;
the objects it drives (its event log, schedule, planner model and the calls
to its planner, steering, approvals, waits, review of results, conclusion, the
reports of usage and context, the hand-over of messages from other threads and,
once it starts on a loop, the executor of its agents) are built and connected
here, in one place.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from notebook_router.agents.approval import (
    CodePolicy,
    ToolPolicy,
    check_code_policy,
    check_tool_policy,
)
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.registry import AgentRegistry
from notebook_router.data.source import DataSource
from notebook_router.errors import ReplayMissError
from notebook_router.planner.approvals import Approvals
from notebook_router.planner.conclusion import Conclusion
from notebook_router.planner.deciding import Deciding
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.executor import Executor
from notebook_router.planner.hand_over import HandOver
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.planner import Planner
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.prefetch import Prefetch
from notebook_router.planner.rails import Limits, StallDetector
from notebook_router.planner.reducer import handlers_for
from notebook_router.planner.resume import ResumePoint
from notebook_router.planner.review import ResultReview
from notebook_router.planner.run_core import RunCore
from notebook_router.planner.run_reports import RunReports
from notebook_router.planner.schedule import Schedule
from notebook_router.planner.state import RunState, StopReason
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy, Steering
from notebook_router.planner.verification import Verification
from notebook_router.planner.waits import ANSWER_GRACE_S, Waiting
from notebook_router.providers.base import ModelClient, Provider
from notebook_router.verification.critic import Critic


@dataclass(slots=True)
class RunParts:
    """What a run is made of, besides its loop."""

    core: RunCore
    """The state, agents, planner, planner model, limits and event log every part reads."""
    life: Lifecycle
    stall: StallDetector
    schedule: Schedule
    """What starts without the planner, and when the planner must be asked."""
    steering: Steering
    """The run's redirects and clarifying questions."""
    approvals: Approvals
    """The run's decisions on agent-written code and on calls of outside tools."""
    waits: Waiting
    review: ResultReview
    conclusion: Conclusion
    hand_over: HandOver
    deciding: Deciding
    """The run's calls to its planner, which Stop can cut short."""
    reports: RunReports
    breaker: CircuitBreaker | None
    data: DataSource | None
    prefetch: Prefetch
    """The cheap work started while the planner makes its first decision."""
    executor: Executor | None = field(default=None)
    """The run's agents at work, once it has started."""

    def start(self, loop: asyncio.AbstractEventLoop) -> Executor:
        """The run starts on ``loop``, on this thread: its executor, waits and hand-over."""
        core = self.core
        self.executor = executor = Executor(
            core.state,
            core.agents,
            core.limits,
            core.events,
            model=core.model,
            on_usage=self.reports.on_usage,
            wake=self.waits.wake,
            loop=loop,
            breaker=self.breaker,
            review=self.review.asker(),
            data=self.data,
            approvals=self.approvals,
        )
        self.waits.start(loop, executor, self.steering)
        self.hand_over.start(loop)
        self.reports.start(loop)
        return executor


def wire_run(
    state: RunState,
    *,
    agents: AgentRegistry,
    provider: Provider,
    planner: Planner,
    limits: Limits,
    views: ViewBuilder,
    critic: Critic | None,
    breaker: CircuitBreaker | None,
    resume: ResumePoint | None,
    data: DataSource | None,
    on_clarify: ClarifyHandler | None,
    clarify: ClarifyPolicy,
    code: CodePolicy,
    tools: ToolPolicy,
    request_stop: Callable[[StopReason, str], None],
    on_miss: Callable[[ReplayMissError], None],
    wind_down: Callable[[str], Awaitable[None]],
) -> RunParts:
    """Build and connect a run's collaborators; the callbacks are the run's own."""
    fold = handlers_for(state)
    events = (
        EventLog(state.run_id, fold)
        if resume is None
        else EventLog(state.run_id, fold, first_seq=resume.last_seq + 1, t_offset=resume.elapsed_s)
    )
    life = Lifecycle()
    schedule = Schedule(
        state.plan,
        replan_below=limits.replan_below,
        every_result=getattr(planner, "consult_after_each_result", False),
    )
    reports = RunReports(state, agents, provider, limits, events, life, request_stop=request_stop)
    model = ModelClient(
        provider,
        reports.on_usage,
        "planner",
        asyncio.Semaphore(limits.max_concurrent_model_calls),
        on_miss=on_miss,
    )
    verification = (
        Verification(limits.verify_below, model, agents, data) if limits.verify_below else None
    )
    core = RunCore(state, agents, planner, model, limits, events)
    deciding = Deciding(core, schedule, life)
    interruptible = deciding.interruptible
    waves = limits.schedule == "waves" or getattr(provider, "deterministic_schedule", False)
    waits = Waiting(state, life, waves=waves)
    steering = Steering(
        core,
        wake=waits.wake,
        interruptible=interruptible,
        on_clarify=on_clarify,
        policy=clarify,
    )
    approvals = Approvals(
        state,
        events,
        check_code_policy(code),
        answerable=functools.partial(_someone_answers, clarify),
        grace_s=ANSWER_GRACE_S,
        tools=check_tool_policy(tools),
    )
    review = ResultReview(
        state,
        events,
        schedule,
        life,
        critic=critic,
        verification=verification,
        interruptible=interruptible,
    )
    prefetch = Prefetch(enabled=limits.prefetch and resume is None, events=events)

    async def winding_down(reason: str) -> None:
        await wind_down(reason)
        prefetch.settle()  # the trace says what the prefetch gave, before the answer

    conclusion = Conclusion(
        core,
        steering,
        life,
        views=views,
        interruptible=interruptible,
        wind_down=winding_down,
        approvals=approvals,
    )
    return RunParts(
        core=core,
        life=life,
        stall=StallDetector(limits.stall_decisions),
        schedule=schedule,
        steering=steering,
        approvals=approvals,
        waits=waits,
        review=review,
        conclusion=conclusion,
        hand_over=HandOver(state, steering, life, wake=waits.wake),
        deciding=deciding,
        reports=reports,
        breaker=breaker,
        data=data,
        prefetch=prefetch,
    )


def _someone_answers(clarify: ClarifyPolicy) -> bool:
    """Whether someone can answer the run's questions and approvals right now."""
    return (clarify() if callable(clarify) else clarify) == "wait"
