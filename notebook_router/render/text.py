"""A plain-text rendering of a run (for terminals, text/plain and logs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from notebook_router.planner import events as ev
from notebook_router.planner.state import STOP_REASON_TEXT, Hop, RunState
from notebook_router.render.evidence import evidence
from notebook_router.render.numbers import table_text
from notebook_router.render.steering import steering_record
from notebook_router.text.preview import clip

STATUS_MARK = {
    "pending": "·",
    "running": "▸",
    "fulfilled": "✓",
    "partial": "◐",
    "unable": "–",
    "needs_user_input": "?",
    "failed": "✗",
    "cancelled": "■",
    "skipped": "○",
}


def render_text(state: RunState, events: Sequence[ev.Event] = ()) -> str:
    """The plan, how the run was steered (from its ``events``) and, once there is one,
    the answer."""
    status = (
        STOP_REASON_TEXT.get(state.stop_reason, "")
        if state.stop_reason
        else "stopping"
        if state.stopping
        else "running"
    )
    tokens = f"{state.usage.total_tokens:,} tokens"
    lines = [f"route {state.run_id}: {status} · iteration {state.planning_decisions} · {tokens}"]
    for task in state.plan:
        needs = f" (needs {', '.join(task.depends_on)})" if task.depends_on else ""
        mark = STATUS_MARK.get(task.status, "?")
        where = f" on {task.where}" if task.where else ""
        lines.append(f"  {mark} {task.id} {task.agent}{where}: {clip(task.description)}{needs}")
        hops = state.delegations.get(task.id) if state.delegations else None
        if hops:
            lines += _hop_lines(hops)
    steering = steering_record(events)
    if steering:
        lines += ["", "steering:", *(f"  {item.line}" for item in steering)]
    if state.answer:
        lines += ["", state.answer]
        lines += evidence_text(state)
    return "\n".join(lines)


def evidence_text(state: RunState) -> list[str]:
    """Each result's table (Markdown) and code (fenced), for terminals."""
    lines: list[str] = []
    for item in evidence(state):
        lines += ["", f"{item.caption}:"]
        if item.table is not None:
            lines.append(markdown_table(item.table))
        if item.code:
            lines += [*([] if item.ran else ["code (not run):"]), "```python", item.code, "```"]
    return lines


def markdown_table(table: Any) -> str:
    """The first rows of ``table`` as Markdown, numbers written for people and
    right-aligned (``---:``), for terminals."""
    try:
        header, body, numeric = table_text(table)
    except Exception:  # an odd table never breaks the text of a run
        return ""
    rule = "|" + "".join("---:|" if n else "---|" for n in numeric)
    lines = ["| " + " | ".join(_md(c) for c in header) + " |", rule]
    lines.extend("| " + " | ".join(_md(c) for c in row) + " |" for row in body)
    return "\n".join(lines)


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _hop_lines(hops: list[Hop]) -> list[str]:
    # The delegation tree under its task: one line per hop, indented by depth.
    out = []

    # Sub-request ids are hierarchical (t1.3.1): sorting their numbers gives depth-first order.
    def order(hop: Hop) -> list[int]:
        return [int(p) if p.isdigit() else 0 for p in hop.request_id.split(".")[1:]]

    for hop in sorted(hops, key=order):
        mark = STATUS_MARK.get(hop.status, "?")
        out.append(f"  {'   ' * hop.hops}{mark} {hop.agent}")
    return out
