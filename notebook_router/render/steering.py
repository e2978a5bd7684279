"""How a run was steered: redirects, questions and answers, code approvals, Stop and ■.

A pure function of the run's events (the record of what happened, in order),
shared by the finished view, the plain-text view and ``%route export``, so a
reader of a saved notebook can tell the run was steered and how the planner
took each message. Nothing here imports IPython or widget code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from notebook_router.planner import events as ev
from notebook_router.text.preview import clip

SteeringKind = Literal["redirect", "question", "approval", "stop", "interrupt"]

_INTERRUPTED = "the run was interrupted"
"""How the run words the cancellations of a kernel interrupt (planner/run.py)."""


class Cancelled(BaseModel):
    """A task a steering action cancelled or skipped."""

    task_id: str
    agent: str = ""
    ran_s: float | None = None
    """How long it had run (None: it had not started; it was skipped)."""


class SteeringItem(BaseModel):
    """One thing the user did to the run, and what came of it."""

    kind: SteeringKind
    at: float
    """Seconds since the run started."""
    message: str = ""
    """What the user sent (a redirect's text, an answer), or the planner's question."""
    outcome: str = ""
    """How it was taken: ``refine``, ``restart``, ``answered`` (or, for an answer handled as
    a redirect, how that was taken), ``ran``, ``skipped``...; for Stop and the kernel's ■,
    ``ended`` once the run has (until then its cancellations are still under way)."""
    reply: str = ""
    """The planner's reply to a redirect, or the user's answer to a question."""
    task_id: str = ""
    """The task an approval was for."""
    agent: str = ""
    cancelled: list[Cancelled] = Field(default_factory=list)

    @property
    def line(self) -> str:
        """The item as one line of text (terminals, exports, the plain-text view)."""
        when = f"{self.at:.2f} s"
        if self.kind == "redirect":
            how = self.outcome or "not handled before the run ended"
            reply = f": {self.reply}" if self.reply else ""
            text = f"↪ redirect “{self.message}” → {how}{reply}"
        elif self.kind == "question":
            answer = f" → you answered “{self.reply}”" if self.reply else " → not answered"
            taken = f" → {self.outcome}" if self.outcome not in ("", "answered") else ""
            text = f"? the planner asked “{self.message}”{answer}{taken}"
        elif self.kind == "approval":
            text = f"▶ code of {self.task_id} · {self.agent}: {self.outcome or 'not decided'}"
        else:
            what = "■ Stop" if self.kind == "stop" else "■ kernel interrupt"
            # Until the run has ended, what the Stop cancels is still being cancelled.
            idle = "nothing was running" if self.outcome else "stopping what is running"
            text = f"{what}: {cancelled_text(self.cancelled) or idle}"
        return f"{when} {text}"


def cancelled_text(items: Iterable[Cancelled]) -> str:
    """``cancelled t2 (slow, after 3.1 s); skipped t3`` (empty when nothing was)."""
    stopped = [c for c in items if c.ran_s is not None]
    skipped = [c for c in items if c.ran_s is None]
    parts = []
    if stopped:
        parts.append(
            "cancelled "
            + ", ".join(
                f"{c.task_id} ({c.agent}, after {c.ran_s:.1f} s)" if c.agent else c.task_id
                for c in stopped
            )
        )
    if skipped:
        parts.append("skipped " + ", ".join(c.task_id for c in skipped))
    return "; ".join(parts)


def steering_record(events: Iterable[ev.Event]) -> list[SteeringItem]:
    """What the user did to the run, oldest first, each with what came of it."""
    items: list[SteeringItem] = []
    open_redirects: list[SteeringItem] = []
    open_question: SteeringItem | None = None
    answered: SteeringItem | None = None  # the latest answered question
    approvals: dict[str, SteeringItem] = {}
    by_redirect: set[str] = set()
    stop: SteeringItem | None = None
    late: list[ev.Event] = []  # cancellations that may belong to a kernel interrupt
    for event in events:
        match event:
            case ev.InterruptReceived(interrupt="stop"):
                if stop is None:
                    stop = SteeringItem(kind="stop", at=event.t)
                    items.append(stop)
            case ev.InterruptReceived():
                item = SteeringItem(kind="redirect", at=event.t, message=clip(event.message))
                items.append(item)
                open_redirects.append(item)
            case ev.InterruptHandled() if open_redirects:
                item = open_redirects.pop(0)
                item.outcome, item.reply = event.handled_as, clip(event.reply)
                item.cancelled = [Cancelled(task_id=t) for t in event.cancelled]
                by_redirect.update(event.cancelled)
            case ev.InterruptHandled() if answered is not None:
                # The answer to a question about a redirect, handled as the redirect.
                answered.outcome = f"{event.handled_as}: {clip(event.reply)}"
                answered.cancelled = [Cancelled(task_id=t) for t in event.cancelled]
                by_redirect.update(event.cancelled)
                answered = None
            case ev.ClarificationRequested():
                open_question = SteeringItem(
                    kind="question", at=event.t, message=clip(event.question)
                )
                items.append(open_question)
            case ev.ClarificationAnswered() if open_question is not None:
                open_question.outcome, open_question.reply = "answered", clip(event.answer)
                answered, open_question = open_question, None
            case ev.CodeApprovalRequested():
                item = SteeringItem(
                    kind="approval",
                    at=event.t,
                    task_id=event.task_id,
                    agent=event.agent,
                    message=clip(event.purpose),
                )
                approvals[event.id] = item
                items.append(item)
            case ev.CodeApprovalGiven() if event.id in approvals:
                approvals[event.id].outcome = _decision(event)
            case ev.TaskCancelled() | ev.TaskSkipped() if event.task_id not in by_redirect:
                if stop is not None:
                    stop.cancelled.append(_cancelled(event))
                else:
                    late.append(event)
            case ev.RunFinished(stop_reason="interrupted") if stop is None:
                items.append(_kernel_interrupt(event, late))
            case ev.RunFinished() if stop is not None:
                stop.outcome = "ended"
    # Redirect cancellations are published before the event that says how the
    # redirect was taken: a Stop's list keeps only what the Stop itself ended.
    if stop is not None:
        stop.cancelled = [c for c in stop.cancelled if c.task_id not in by_redirect]
    return items


def _decision(event: ev.CodeApprovalGiven) -> str:
    if event.decision != "run":
        return "you chose Skip: not run"
    return "you edited it, then ran it" if event.edited else "you ran it"


def _cancelled(event: ev.TaskCancelled | ev.TaskSkipped) -> Cancelled:
    if isinstance(event, ev.TaskCancelled):
        return Cancelled(task_id=event.task_id, agent=event.agent, ran_s=event.ran_s)
    return Cancelled(task_id=event.task_id)


def _kernel_interrupt(event: ev.RunFinished, late: list[ev.Event]) -> SteeringItem:
    """The kernel's ■ (Stop's twin, with no event of its own): when, and what it ended."""
    ended = [
        e
        for e in late
        if isinstance(e, ev.TaskCancelled | ev.TaskSkipped)
        and (_INTERRUPTED in e.reason or e.reason.startswith("the run ended"))
    ]
    cancels = [e.t for e in ended if isinstance(e, ev.TaskCancelled)]
    return SteeringItem(
        kind="interrupt",
        at=cancels[0] if cancels else event.t,
        outcome="ended",
        cancelled=[
            _cancelled(e) for e in ended if isinstance(e, ev.TaskCancelled | ev.TaskSkipped)
        ],
    )
