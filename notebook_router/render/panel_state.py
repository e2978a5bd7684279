"""What the run panel shows, as plain data: a pure function of a run's state and events.

The notebook's anywidget panel copies these fields into its synced traitlets
(one batch per throttled update); ``%route show`` can rebuild the same state
from a stored run. Nothing here imports IPython or widget code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel

from notebook_router.planner import events as ev
from notebook_router.planner.modes import intent_line
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import STOP_REASON_TEXT, RunState
from notebook_router.render.answer import render_answer
from notebook_router.render.costs import UsageBreakdown, usage_breakdown
from notebook_router.render.numbers import money
from notebook_router.render.panel_media import MediaItem, MediaStrip
from notebook_router.render.panel_tables import PanelTable, ResultTables
from notebook_router.render.panel_tree import TreeNode, tree_nodes
from notebook_router.render.readable import readable_outcome
from notebook_router.text.preview import clip

PanelStatus = Literal[
    "running", "waiting", "finished", "stopped", "interrupted", "limited", "failed"
]

_LIMIT_REASONS = {
    "max_iterations", "token_budget", "cost_budget", "time_budget", "stalled", "partly_answered"
}  # fmt: skip


class PlanRow(BaseModel):
    id: str
    description: str
    agent: str
    status: str
    depends_on: list[str]
    duration_s: float | None
    result: str
    where: str = ""
    """The cluster worker the task ran on (its address); empty when it ran in the kernel."""


class Meter(BaseModel):
    label: str
    value: float
    limit: float | None
    text: str
    title: str = ""


class TraceLine(BaseModel):
    t: float
    kind: str
    label: str
    text: str


class SteeringLine(BaseModel):
    message: str
    handled_as: str | None
    reply: str | None


class ApprovalRow(BaseModel):
    """Code an agent waits to run, or a tool call it waits to make: the panel shows it
    with Run, Edit and Skip."""

    id: str
    """The approval's id (``t2#1``), sent back with the user's decision."""
    task_id: str
    agent: str
    purpose: str
    code: str
    about: str = "code"
    """``code``, or ``tool`` (``code`` holds the call's arguments as JSON)."""
    """As the run shows it: keys masked (Run on it unedited runs the agent's own code)."""


class PanelState(BaseModel):
    """Everything the panel draws; field names match the widget's traitlets."""

    run_id: str
    status: PanelStatus
    headline: str
    goal: str
    detail: str
    intent: str
    """The run's mode and answer style and the words that chose them ("" for the defaults)."""
    plan: list[PlanRow]
    tree: list[TreeNode]
    """The delegation tree as rows the browser updates in place (see render/panel_tree.py)."""
    meters: list[Meter]
    usage: UsageBreakdown
    """Tokens and cost by agent and by task: the meters' breakdown (render/costs.py)."""
    trace: list[TraceLine]
    answer_html: str
    tables: list[PanelTable]
    """Result tables, first rows only, shown under the answer (see render/panel_tables.py)."""
    tables_note: str
    media: list[MediaItem]
    """Images and audio the run holds, captioned with what agents found (no payload:
    a view asks for the pictures by digest; see render/panel_media.py)."""
    media_note: str
    """How many more media the run holds than the strip shows ("+3 more")."""
    question: str
    approvals: list[ApprovalRow]
    """Code waiting for the user's Run or Skip, oldest first."""
    steering: list[SteeringLine]


def panel_status(state: RunState) -> PanelStatus:
    """The panel's one-word status for a run state."""
    reason = state.stop_reason
    if reason is None:
        return "waiting" if state.pending_question or state.approvals else "running"
    if reason == "completed":
        return "finished"
    if reason == "stopped_by_user":
        return "stopped"
    if reason in ("interrupted", "needs_clarification"):
        return "interrupted"
    if reason in _LIMIT_REASONS:
        return "limited"
    return "failed"


def panel_state(
    state: RunState,
    limits: Limits,
    *,
    elapsed_s: float,
    trace: Iterable[TraceLine] = (),
    tables: ResultTables | None = None,
    media: MediaStrip | None = None,
) -> PanelState:
    """The panel's content for ``state`` as it is now.

    A live panel passes the same ``tables`` and ``media`` each time, so each
    result table is converted once and each payload hashed once.
    """
    status = panel_status(state)
    shown_tables, tables_note = (tables or ResultTables()).shown(state)
    media_rows, media_note = (media or MediaStrip()).rows(state)
    headline = (
        STOP_REASON_TEXT[state.stop_reason] if state.stop_reason is not None else status
    ).split(" (")[0]
    if status == "waiting":
        headline = _waiting_headline(state)
    return PanelState(
        run_id=state.run_id,
        status=status,
        headline=headline,
        # A long task is kept once, with the run; the panel shows its start.
        goal=clip(state.goal),
        detail=state.stop_detail if state.stop_reason not in (None, "completed") else "",
        intent=intent_line(state.mode, state.style, state.mode_why, state.style_why),
        plan=[
            PlanRow(
                id=t.id,
                description=clip(t.description),
                agent=t.agent,
                status=t.status,
                depends_on=list(t.depends_on),
                duration_s=t.duration_s,
                result=readable_outcome(t.outcome),
                where=t.where or "",
            )
            for t in state.plan
        ],
        tree=tree_nodes(state),
        meters=meters(state, limits, elapsed_s),
        usage=usage_breakdown(state),
        trace=list(trace),
        answer_html=render_answer(state.answer) if state.answer else "",
        tables=shown_tables,
        tables_note=tables_note,
        media=media_rows,
        media_note=media_note,
        # The answer box only while the run can take an answer: after the end the
        # question lives on in the answer text, and the next run takes the reply.
        question=clip(state.pending_question or "") if state.stop_reason is None else "",
        approvals=[
            ApprovalRow(
                id=a.id,
                task_id=a.task_id,
                agent=a.agent,
                purpose=a.purpose,
                code=a.code,
                about=a.about,
            )
            for a in state.approvals.values()
        ],
        steering=[
            SteeringLine(message=clip(i.message), handled_as=i.handled_as, reply=i.reply)
            for i in state.interrupts
            if i.kind == "redirect"
        ],
    )


def _waiting_headline(state: RunState) -> str:
    """``waiting for your answer``, and how many agents work on meanwhile: a question or
    code waiting for Run does not stop the rest of the plan."""
    what = "waiting for your answer" if state.pending_question else "waiting for your approval"
    waiting = {a.task_id for a in state.approvals.values()}
    running = sum(1 for t in state.plan.with_status("running") if t.id not in waiting)
    return f"{what} · {running} running" if running else what


def meters(state: RunState, limits: Limits, elapsed_s: float) -> list[Meter]:
    """Iterations, tokens, cost and time against their budgets (a budget may be unset)."""
    usage = state.usage
    out = [
        Meter(
            label="iterations",
            value=state.planning_decisions,
            limit=limits.max_iterations,
            text=f"{state.planning_decisions}/{limits.max_iterations}",
        ),
        Meter(
            label="tokens",
            value=usage.total_tokens,
            limit=limits.max_tokens,
            text=f"{usage.total_tokens:,}"
            + (f"/{limits.max_tokens:,}" if limits.max_tokens else ""),
            title=f"{usage.input_tokens:,} in, {usage.output_tokens:,} out",
        ),
        Meter(
            label="cost",
            value=usage.cost_usd,
            limit=limits.max_cost_usd,
            text=money(usage.cost_usd)
            + (f"/${limits.max_cost_usd:,.2f}" if limits.max_cost_usd else ""),
        ),
        Meter(
            label="time",
            value=elapsed_s,
            limit=limits.timeout_s,
            text=f"{elapsed_s:.1f} s" + (f"/{limits.timeout_s:g} s" if limits.timeout_s else ""),
        ),
    ]
    return out


def trace_line(event: ev.Event) -> TraceLine | None:
    """One readable trace line for an event (None for events the trace leaves out)."""
    text: str
    label: str
    match event:
        case ev.RunStarted():
            label, text = "start", f"{event.model} with {len(event.agents)} agents"
            intent = intent_line(
                event.mode or "normal",
                event.style or "conversational",
                event.mode_why,
                event.style_why,
            )
            if intent:
                text = f"{text}; {intent}"
        case ev.ContextUpdated() if event.note:
            label, text = "context", f"{event.key}: {event.note}"
        case ev.ContextCompressed():
            label = f"compressed {event.level}"
            ratio = event.tokens / event.original_tokens if event.original_tokens else 1.0
            text = (
                f"{event.key} ({event.content}): {event.original_tokens:,} → {event.tokens:,} "
                f"tokens ({ratio:.0%}) for the planner; left out {'; '.join(event.dropped)}"
                f" (context.expand({event.key!r}) has it whole)"
            )
        case ev.DecisionMade():
            label = event.action
            text = event.reason
            if event.tasks:
                text = f"{', '.join(event.tasks)}: {text}"
            if event.question:
                text = f"asks: {event.question}"
            if event.asked_because:  # the plan ran by itself until this surprise
                text = f"{text} (asked because {event.asked_because})"
        case ev.DecisionFailed():
            label = "planner"
            retry = "retrying" if event.will_retry else "giving up"
            text = f"unusable decision ({event.error}); {retry}"
        case ev.TaskStarted():
            label, text = "route", f"{event.task_id} → {event.agent}: {event.description}"
        case ev.TaskFinished():
            label = event.status
            body = event.error if event.error else event.summary
            text = f"{event.task_id} {event.agent} ({event.duration_s:.2f} s): {body}"
        case ev.TaskCancelled():
            label, text = "cancelled", f"{event.task_id} {event.agent}: {event.reason}"
        case ev.TaskSkipped():
            label, text = "skipped", f"{event.task_id}: {event.reason}"
        case ev.InterruptReceived():
            label = event.interrupt
            text = event.message or "requested"
        case ev.InterruptHandled():
            label = f"→ {event.handled_as}"
            text = event.reply
        case ev.ClarificationRequested():
            label, text = "question", event.question
        case ev.ClarificationAnswered():
            label, text = "answer", event.answer
        case ev.CodeApprovalRequested():
            label = "approval"
            text = f"{event.task_id} {event.agent} waits to run code: {event.purpose}"
        case ev.CodeApprovalGiven():
            label, text = event.decision, f"{event.task_id}: {event.note}"
        case ev.DelegationRequested():
            label = "delegate"
            text = f"{event.request_id} {' → '.join(event.path)}: {event.task}"
        case ev.DelegationResponded():
            label = event.status
            body = event.error or event.summary
            text = f"{event.request_id} {event.agent} ({event.duration_s:.2f} s): {body}"
        case ev.CircuitChanged():
            label, text = "breaker", f"{event.agent} {event.state} after {event.failures} failures"
        case ev.CriticNoted():
            label = f"critic {event.verdict}"
            text = f"{event.task_id} {event.agent}: {event.notes}"
        case ev.TraceNote():
            label, text = event.note, f"{event.agent}: {event.message}"
        case ev.RunFinished():
            label, text = "finished", STOP_REASON_TEXT.get(event.stop_reason, event.stop_reason)
        case _:
            return None  # context and usage changes show in the plan and meters
    return TraceLine(t=round(event.t, 3), kind=event.kind, label=label, text=_short(text, 240))


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
