"""A plain-text rendering of a run (for terminals, text/plain and logs)."""

from __future__ import annotations

from notebook_router.planner.state import STOP_REASON_TEXT, RunState

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


def render_text(state: RunState) -> str:
    """The plan and, once there is one, the answer."""
    status = STOP_REASON_TEXT.get(state.stop_reason, "") if state.stop_reason else "running"
    tokens = f"{state.usage.total_tokens:,} tokens"
    lines = [f"route {state.run_id}: {status} · iteration {state.iteration} · {tokens}"]
    for task in state.plan:
        needs = f" (needs {', '.join(task.depends_on)})" if task.depends_on else ""
        mark = STATUS_MARK.get(task.status, "?")
        lines.append(f"  {mark} {task.id} {task.agent}: {task.description}{needs}")
    if state.answer:
        lines += ["", state.answer]
    return "\n".join(lines)
