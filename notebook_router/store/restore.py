"""Rebuilding a run's state from what the store recorded.

The events are the record: replaying them in order gives the plan (tasks,
statuses, timings, notes), the iteration count, usage, interrupts, the goal
and the ending. Task results and the shared context come from their own
tables, which were written in the same transactions as the events, so the
rebuilt state is the run as it stood after its last recorded batch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from notebook_router.agents.base import ResponseStyle
from notebook_router.agents.result import AgentResult
from notebook_router.context.shared import SharedContext
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.state import HistoryEntry, Interrupt, RunState, Task
from notebook_router.store.models import StoredRun
from notebook_router.usage import Usage

STYLES: tuple[ResponseStyle, ...] = get_args(ResponseStyle)
_RESULT_STATUSES = ("fulfilled", "partial", "unable", "failed")
MediaLoader = Callable[[dict[str, object]], Media | None]


class Rebuilt:
    """A rebuilt state, plus what could not be brought back."""

    def __init__(
        self,
        state: RunState,
        unrestored: set[str],
        media: list[Media],
        *,
        last_seq: int = 0,
        elapsed_s: float = 0.0,
    ) -> None:
        self.state = state
        self.last_seq = last_seq
        """Sequence number of the last recorded event."""
        self.elapsed_s = elapsed_s
        """Run time recorded (the ``t`` of the last event)."""
        self.unrestored = unrestored
        """Finished tasks whose data was kept only as a preview."""
        self.media = media
        """Attachments and result media, for rendering."""


def rebuild(stored: StoredRun, load_media: MediaLoader) -> Rebuilt:
    """The :class:`RunState` that ``stored``'s events and rows describe."""
    info = stored.info
    context = SharedContext()
    for key, (value, source, _) in stored.context.items():
        context.set(key, value, source=source)
    state = RunState(
        run_id=info.id,
        query=info.query,
        goal=info.query,
        style=info.style if info.style in STYLES else "conversational",
        context=context,
    )
    for event in stored.events:
        _apply(state, event)
    media: list[Media] = []
    for ref in stored.attachments:
        found = load_media(ref)
        if found is not None:
            state.attachments.append(found)
            state.media.append(found.ref())
            media.append(found)
    unrestored: set[str] = set()
    for task_id, (data, restored) in stored.results.items():
        task = state.plan.tasks.get(task_id)
        if task is None or task.status not in _RESULT_STATUSES:
            continue  # reset by a later resume, or never finished
        result_media = tuple(
            m for ref in stored.media.get(task_id, []) if (m := load_media(ref)) is not None
        )
        media.extend(result_media)
        finished = _last_finish(stored.events, task_id)
        state.record_result(
            task_id,
            AgentResult(
                status=task.status,
                data=data,
                confidence=finished.confidence if finished else 1.0,
                summary=task.summary,
                error=task.error,
                media=result_media,
            ),
        )
        if not restored:
            unrestored.add(task_id)
    last = stored.events[-1] if stored.events else None
    return Rebuilt(
        state,
        unrestored,
        media,
        last_seq=last.seq if last else 0,
        elapsed_s=last.t if last else 0.0,
    )


def _last_finish(events: list[ev.Event], task_id: str) -> ev.TaskFinished | None:
    for event in reversed(events):
        if isinstance(event, ev.TaskFinished) and event.task_id == task_id:
            return event
    return None


def _apply(state: RunState, event: ev.Event) -> None:
    plan = state.plan
    if isinstance(event, ev.RunStarted):
        state.goal = event.goal
        state.history.append(HistoryEntry(role="user", content=event.query, at=0.0))
    elif isinstance(event, ev.DecisionMade):
        state.iteration = max(state.iteration, event.iteration)
        new = [
            Task(
                id=i.id,
                description=i.description,
                agent=i.agent,
                depends_on=tuple(i.depends_on),
                created_at=event.t,
            )
            for i in event.added
            if i.id not in plan.tasks
        ]
        if new:
            plan.add(new, checked=True)
    elif isinstance(event, ev.TaskStarted) and event.task_id in plan.tasks:
        plan.mark_running(event.task_id, event.t, event.agent)
        plan.tasks[event.task_id].attempts = event.attempt
    elif isinstance(event, ev.TaskFinished) and event.task_id in plan.tasks:
        plan.mark_finished(event.task_id, event.status, event.t, event.summary, event.error)  # type: ignore[arg-type]
    elif isinstance(event, ev.TaskCancelled) and event.task_id in plan.tasks:
        plan.set_status(event.task_id, "cancelled", finished_at=event.t, note=event.reason)
    elif isinstance(event, ev.TaskSkipped) and event.task_id in plan.tasks:
        plan.set_status(event.task_id, "skipped", finished_at=event.t, note=event.reason)
    elif isinstance(event, ev.UsageUpdated):
        usage = Usage(
            input_tokens=event.input_tokens,
            output_tokens=event.output_tokens,
            cost_usd=event.cost_usd,
            calls=1,
        )
        state.add_usage(usage, event.source)
    elif isinstance(event, ev.InterruptReceived) and event.interrupt != "answer":
        kind = "stop" if event.interrupt == "stop" else "redirect"
        state.interrupts.append(Interrupt(kind=kind, message=event.message, received_at=event.t))
        if kind == "redirect":
            state.history.append(HistoryEntry(role="user", content=event.message, at=event.t))
    elif isinstance(event, ev.InterruptHandled):
        if state.interrupts:
            last = state.interrupts[-1]
            last.handled_as, last.reply = event.handled_as, event.reply
            last.cancelled = list(event.cancelled)
        if event.goal and event.goal != state.goal:
            state.goal = event.goal
            state.goal_version += 1
        state.history.append(HistoryEntry(role="planner", content=event.reply, at=event.t))
    elif isinstance(event, ev.ClarificationRequested):
        state.pending_question = event.question
        state.history.append(HistoryEntry(role="planner", content=event.question, at=event.t))
    elif isinstance(event, ev.ClarificationAnswered):
        state.pending_question = None
        state.history.append(HistoryEntry(role="user", content=event.answer, at=event.t))
        state.interrupts.append(
            Interrupt(kind="answer", message=event.answer, received_at=event.t, handled_as="answer")
        )
    elif isinstance(event, ev.RunFinished):
        state.stop_reason = event.stop_reason  # type: ignore[assignment]
        state.stop_detail = event.detail
        state.answer = event.answer
        state.iteration = event.iterations
    elif isinstance(event, ev.RunResumed):
        # The ending recorded before a resume no longer holds, and what the
        # resume put back in the plan starts again.
        state.stop_reason = None
        state.stop_detail = ""
        state.answer = None
        for task_id in event.redo:
            if task_id in plan.tasks:
                plan.set_status(task_id, "pending", note="resumed")
