"""Two sections of the finished view: how the run was steered, and what it spent where."""

from __future__ import annotations

from notebook_router.render.costs import UsageBreakdown, UsageRow
from notebook_router.render.html_parts import cell, esc, fold
from notebook_router.render.steering import SteeringItem, cancelled_text

OPEN_STEERING = 6
"""A steering record this short starts open (it is what a reader most needs to know)."""
TASK_ROWS = 12
"""Tasks listed by what they spent before the rest is folded."""
_ICON = {"redirect": "↪", "question": "?", "approval": "▶", "stop": "■", "interrupt": "■"}


def steering_html(items: list[SteeringItem]) -> str:
    """The steering record: one line per thing the user did, with what came of it."""
    if not items:
        return ""
    lines = "".join(f"<li>{_step(item)}</li>" for item in items)
    summary = f"Steering · {len(items)}: " + esc(_kinds(items))
    return fold(
        summary,
        f'<ol class="nr-steps">{lines}</ol>',
        opened=len(items) <= OPEN_STEERING,
        cls="nr-section nr-steering",
    )


def _kinds(items: list[SteeringItem]) -> str:
    names = {
        "redirect": "redirect",
        "question": "question",
        "approval": "code approval",
        "stop": "Stop",
        "interrupt": "kernel interrupt",
    }
    seen: dict[str, int] = {}
    for item in items:
        seen[item.kind] = seen.get(item.kind, 0) + 1
    return ", ".join(
        f"{n} {names[k]}{'s' if n > 1 and k not in ('stop',) else ''}" for k, n in seen.items()
    )


def _step(item: SteeringItem) -> str:
    when = f'<span class="nr-time">{item.at:.1f} s</span>'
    icon = _ICON[item.kind]
    if item.kind == "redirect":
        how = esc(item.outcome) if item.outcome else "not taken before the run ended"
        text = f"{icon} you redirected: “{esc(item.message)}” → <b>{how}</b>"
        if item.reply:
            text += f" · {esc(item.reply)}"
        gone = cancelled_text(item.cancelled)
        if gone:
            text += f' <span class="nr-muted">({esc(gone)})</span>'
    elif item.kind == "question":
        asked = f"{icon} the planner asked: “{esc(item.message)}”"
        answer = f" → you answered “{esc(item.reply)}”" if item.reply else " → not answered"
        text = asked + answer
        if item.outcome not in ("", "answered"):  # an answer taken as a redirect
            text += f" → <b>{esc(item.outcome)}</b>"
    elif item.kind == "approval":
        purpose = f" ({esc(item.message)})" if item.message else ""
        decided = esc(item.outcome) if item.outcome else "not decided before the run ended"
        text = (
            f'{icon} code of <span class="nr-id">{esc(item.task_id)}</span> · '
            f"{esc(item.agent)}{purpose}: {decided}"
        )
    else:
        what = "you pressed Stop" if item.kind == "stop" else "the kernel was interrupted (■)"
        idle = "nothing was running" if item.outcome else "stopping what is running"
        ended = cancelled_text(item.cancelled) or idle
        text = f"{icon} {what}: {esc(ended)}; finished work was kept"
    return f"{when} {text}"


def usage_html(usage: UsageBreakdown) -> str:
    """Tokens and cost by agent, then by task (the costliest tasks first, the rest folded)."""
    if not usage.spent:
        return ""
    top = ", ".join(f"{r.name} {r.tokens_text}" for r in usage.agents[:3])
    summary = f"Tokens and cost · {usage.total_tokens} tokens, {usage.total_cost}: {esc(top)}"
    body = _usage_table("agent", usage.agents, with_agent=False)
    if usage.tasks:
        costly = sorted(usage.tasks, key=lambda r: -(r.input_tokens + r.output_tokens))
        shown, rest = costly[:TASK_ROWS], costly[TASK_ROWS:]
        body += _usage_table("task", shown, with_agent=True)
        if rest:
            body += fold(
                f"{len(rest)} more tasks",
                _usage_table("task", rest, with_agent=True),
                cls="nr-more",
            )
    return fold(summary, body, cls="nr-section nr-cost")


def _usage_table(what: str, rows: list[UsageRow], *, with_agent: bool) -> str:
    head = cell("th", what) + (cell("th", "agent") if with_agent else "")
    head += "".join(cell("th", h, True) for h in ("calls", "tokens in", "out", "cost", "share"))
    body = []
    for r in rows:
        name = f'<span class="nr-id">{esc(r.name)}</span>' if with_agent else esc(r.name)
        if with_agent and r.label:
            name += f" {esc(r.label)}"
        body.append(
            "<tr>"
            + cell("td", name, raw=True)
            + (cell("td", r.agent) if with_agent else "")
            + cell("td", f"{r.calls:,}", True)
            + cell("td", f"{r.input_tokens:,}", True)
            + cell("td", f"{r.output_tokens:,}", True)
            + cell("td", r.cost_text, True)
            + cell("td", f"{r.share:.0%}", True)
            + "</tr>"
        )
    return (
        f'<div class="nr-table-box"><table class="nr-cost-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
