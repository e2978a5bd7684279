"""The one reducer: how each event changes a run's state.

A run's state is the fold of its events. The live loop never writes the
state itself: it publishes an event, and :func:`apply` makes the change the
event describes. Everything that rebuilds a run (resume after a restart,
``%route show``, ``%route import``, export, the still panel of a saved run)
folds the stored events through the same function, so a rebuilt run is the
live run, delegation tree and critic notes included.

Two kinds of value are too big or too odd for an event and live beside the
fold: an agent's result data (a DataFrame, a figure) and the shared
context's values. Whoever has them files them before the event that
announces them: the executor puts a result in ``state.results`` before it
publishes ``task_finished``, and the session store puts the stored result
back before it folds that event. The reducer reads them, never invents them.

Dispatch is a dict keyed by the event's class: one lookup and one call per
event, whatever the number of kinds, on a path the loop takes several times
a step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal, cast

from notebook_router.context.digest import value_digest
from notebook_router.planner import events as ev
from notebook_router.planner.state import (
    Attribution,
    HistoryEntry,
    Hop,
    Interrupt,
    PendingApproval,
    RunState,
    StopReason,
    Task,
    TaskStatus,
)
from notebook_router.styles import MODES, STYLES
from notebook_router.usage import Usage
from notebook_router.verification.claims import ClaimCheck, SourceScore
from notebook_router.verification.critic import CriticVerdict


def apply(state: RunState, event: ev.Event) -> None:
    """Change ``state`` as ``event`` says (in place). Events of unknown effect change nothing."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)


def handlers_for(state: RunState) -> dict[type[ev.Event], Callable[[ev.Event], None]]:
    """Each event type's handler bound to ``state``: what :class:`EventLog
    <notebook_router.planner.eventlog.EventLog>` folds with, calling the handler straight
    (the loop publishes several events a step; a dispatch call per event shows in its cost).
    Types missing here change nothing (as with :func:`apply`)."""
    return {kind: partial(handler, state) for kind, handler in _HANDLERS.items()}


def fold(state: RunState, events: list[ev.Event]) -> RunState:
    """``state`` after every event of ``events``, in order."""
    for event in events:
        apply(state, event)
    return state


# ----------------------------------------------------------------- the run


def _run_started(state: RunState, event: ev.RunStarted) -> None:
    state.query = event.query
    state.goal = event.goal if event.goal is not None else event.query
    state.history.append(HistoryEntry(role="user", content=event.query, at=0.0))
    if event.mode in MODES:
        state.mode = event.mode
        state.mode_why = event.mode_why
    if event.style in STYLES:
        state.style = event.style
        state.style_why = event.style_why


def _context_compressed(state: RunState, event: ev.ContextCompressed) -> None:
    state.compressions[event.key] = event


def _run_resumed(state: RunState, event: ev.RunResumed) -> None:
    # The ending recorded before the resume no longer holds; what the resume
    # put back in the plan starts again, without its old result.
    plan = state.plan
    for task_id in event.redo:
        task = plan.tasks.get(task_id)
        if task is None:
            continue
        was = task.status
        plan.reset(task_id, note=f"resumed: was {was}")
        state.results.pop(task_id, None)
        state.results_digest.discard(task_id)
    state.stop_reason = None
    state.stop_detail = ""
    state.answer = None
    state.attributions = []
    state.pending_question = None
    state.approvals.clear()  # the tasks that asked start again, and ask again


def _run_finished(state: RunState, event: ev.RunFinished) -> None:
    state.stop_reason = cast(StopReason, event.stop_reason)
    state.stop_detail = event.detail
    state.answer = event.answer
    state.approvals.clear()  # nothing waits for anyone once the run is over
    state.iteration = event.iterations
    state.attributions = [
        Attribution(task_id=a.task_id, agent=a.agent, text=a.text) for a in event.attributions
    ]


# ------------------------------------------------------------- the planner


def _decision(state: RunState, event: ev.DecisionMade) -> None:
    state.iteration = event.iteration
    if event.action == "wait" and not (event.added or event.dropped or event.tasks):
        state.waits += 1
    if event.added:
        t = event.t
        state.plan.add(
            [
                Task(
                    id=info.id,
                    description=info.description,
                    agent=info.agent,
                    depends_on=info.depends_on,
                    checkpoint=info.checkpoint,
                    created_at=t,
                )
                for info in event.added
            ],
            checked=True,  # resolved whole before it was published (or when it was stored)
        )


def _decision_failed(state: RunState, event: ev.DecisionFailed) -> None:
    state.iteration = max(state.iteration, event.iteration)


# ---------------------------------------------------------------- the tasks


def _task_started(state: RunState, event: ev.TaskStarted) -> None:
    state.plan.mark_running(event.task_id, event.t, event.agent, event.attempt)
    if state.delegations:  # a new attempt draws its tree afresh
        state.delegations.pop(event.task_id, None)


def _task_finished(state: RunState, event: ev.TaskFinished) -> None:
    task_id = event.task_id
    state.plan.mark_finished(
        task_id, cast(TaskStatus, event.status), event.t, event.summary, event.error
    )
    result = state.results.get(task_id)
    if result is not None:
        state.results_digest.put(task_id, hash((event.status, value_digest(result.data))))
    if state.approvals:  # a task that ended (timed out, say) no longer waits for anyone
        _forget_approvals(state, task_id)


def _task_cancelled(state: RunState, event: ev.TaskCancelled) -> None:
    state.plan.set_status(event.task_id, "cancelled", finished_at=event.t, note=event.reason)
    if state.approvals:
        _forget_approvals(state, event.task_id)


def _task_skipped(state: RunState, event: ev.TaskSkipped) -> None:
    state.plan.set_status(event.task_id, "skipped", finished_at=event.t, note=event.reason)


def _usage(state: RunState, event: ev.UsageUpdated) -> None:
    usage = Usage(
        input_tokens=event.input_tokens,
        output_tokens=event.output_tokens,
        cost_usd=event.cost_usd,
        calls=event.calls,
    )
    state.add_usage(usage, event.source, event.task_id)


def _critic(state: RunState, event: ev.CriticNoted) -> None:
    state.critiques[event.task_id] = CriticVerdict(
        verdict=cast(Any, event.verdict),
        notes=event.notes,
        missing=event.missing,
        claims=tuple(
            ClaimCheck(text=c.text, verified=c.verified, evidence=c.evidence) for c in event.claims
        ),
        sources=tuple(
            SourceScore(
                source=s.source, relevance=s.relevance, recency=s.recency, use=s.use, score=s.score
            )
            for s in event.sources
        ),
        retry=event.retry,
        retry_agent=event.retry_agent,
    )


# ------------------------------------------------------------ the user


def _interrupt_received(state: RunState, event: ev.InterruptReceived) -> None:
    # An answer sent while no question is pending is taken as a redirect (an
    # answer to a pending question never comes here: see clarification_answered).
    kind: Literal["stop", "redirect"] = "stop" if event.interrupt == "stop" else "redirect"
    state.interrupts.append(Interrupt(kind=kind, message=event.message, received_at=event.t))
    if kind == "redirect":
        state.history.append(HistoryEntry(role="user", content=event.message, at=event.t))


def _interrupt_handled(state: RunState, event: ev.InterruptHandled) -> None:
    # Redirects are handled in the order they arrived: the oldest one not
    # handled yet is the one this event settles.
    for interrupt in state.interrupts:
        if interrupt.kind == "redirect" and interrupt.handled_as is None:
            interrupt.handled_as = event.handled_as
            interrupt.reply = event.reply
            interrupt.cancelled = list(event.cancelled)
            break
    if event.handled_as in ("restart", "refine") and event.goal is not None:
        state.goal = event.goal
        state.goal_version += 1
    # What the user drops stays dropped (the planners read this) until they ask
    # for it again; a restart is a new request, free of the old one's drops.
    if event.handled_as == "restart":
        state.dropped = []
        # Everything planned so far answered the old request: recorded, not cited.
        state.superseded = list(state.plan.tasks)
    elif event.handled_as == "refine" and (event.cancelled or event.restored):
        kept = [t for t in state.dropped if t not in event.restored]
        state.dropped = kept + [t for t in event.cancelled if t not in kept]
    state.history.append(HistoryEntry(role="planner", content=event.reply, at=event.t))


def _approval_requested(state: RunState, event: ev.CodeApprovalRequested) -> None:
    state.approvals[event.id] = PendingApproval(
        id=event.id,
        task_id=event.task_id,
        agent=event.agent,
        code=event.code,
        purpose=event.purpose,
        about=event.about,
    )


def _approval_given(state: RunState, event: ev.CodeApprovalGiven) -> None:
    state.approvals.pop(event.id, None)


def _forget_approvals(state: RunState, task_id: str) -> None:
    for key in [k for k, a in state.approvals.items() if a.task_id == task_id]:
        del state.approvals[key]


def _question(state: RunState, event: ev.ClarificationRequested) -> None:
    state.pending_question = event.question
    state.history.append(HistoryEntry(role="planner", content=event.question, at=event.t))


def _answer(state: RunState, event: ev.ClarificationAnswered) -> None:
    state.pending_question = None
    state.history.append(HistoryEntry(role="user", content=event.answer, at=event.t))
    state.interrupts.append(
        Interrupt(kind="answer", message=event.answer, received_at=event.t, handled_as="answer")
    )


# ------------------------------------------------------------- delegation


def _delegation_requested(state: RunState, event: ev.DelegationRequested) -> None:
    hop = Hop(
        request_id=event.request_id,
        parent_id=event.parent_id,
        task_id=event.task_id,
        agent=event.agent,
        path=event.path,
        task=event.task,
        started_at=event.t,
    )
    state.delegations.setdefault(event.task_id, []).append(hop)


def _delegation_responded(state: RunState, event: ev.DelegationResponded) -> None:
    for hop in reversed(state.delegations.get(event.task_id, ())):
        if hop.request_id == event.request_id:
            hop.status = event.status
            hop.finished_at = event.t
            hop.confidence = None if event.status == "cancelled" else event.confidence
            hop.answered_by = event.answered_by
            hop.summary = event.summary or None
            hop.error = event.error
            return


def _data_described(state: RunState, event: ev.DataDescribed) -> None:
    state.data = event


def _trace(state: RunState, event: ev.TraceNote) -> None:
    # Only the note that says where a task runs changes the state; an agent's other
    # trace lines describe its own work.
    if event.note == ev.WORKER_NOTE:
        task = state.plan.tasks.get(event.task_id)
        if task is not None:
            task.where = event.data.get("worker") or task.where


_HANDLERS: dict[type[Any], Callable[[RunState, Any], None]] = {
    ev.RunStarted: _run_started,
    ev.ContextCompressed: _context_compressed,
    ev.DataDescribed: _data_described,
    ev.RunResumed: _run_resumed,
    ev.RunFinished: _run_finished,
    ev.DecisionMade: _decision,
    ev.DecisionFailed: _decision_failed,
    ev.TaskStarted: _task_started,
    ev.TaskFinished: _task_finished,
    ev.TaskCancelled: _task_cancelled,
    ev.TaskSkipped: _task_skipped,
    ev.UsageUpdated: _usage,
    ev.CriticNoted: _critic,
    ev.InterruptReceived: _interrupt_received,
    ev.InterruptHandled: _interrupt_handled,
    ev.ClarificationRequested: _question,
    ev.ClarificationAnswered: _answer,
    ev.CodeApprovalRequested: _approval_requested,
    ev.CodeApprovalGiven: _approval_given,
    ev.DelegationRequested: _delegation_requested,
    ev.DelegationResponded: _delegation_responded,
    ev.TraceNote: _trace,
    # context_updated and circuit_changed describe what happened elsewhere (the shared
    # context, a breaker): the run state holds nothing of them.
}
