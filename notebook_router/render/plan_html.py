"""The plan in the finished view: one line for a small run, a table, or groups of a long one.

A run of one or two tasks says its plan in its fold's summary line
(``t1 data_analyst done 0.12 s``). Up to :data:`TABLE_ROWS` tasks make one
table; a longer plan is grouped by status and agent (``48 done by lookup``),
each group a fold of its own with the same columns, so every task is one
click away and the view stays short. Groups that need a look (failed, unable,
waiting for input) start open while they are small.
"""

from __future__ import annotations

from collections import Counter

from notebook_router.planner.state import Task
from notebook_router.render.html_parts import cell, esc, fold, status_chip
from notebook_router.render.numbers import seconds
from notebook_router.render.outline import ATTENTION, STATUS_ORDER, counts_text, status_word
from notebook_router.render.readable import readable_outcome
from notebook_router.text.preview import clip, preview

SMALL_RUN = 2
"""Runs of this many tasks or fewer say their plan on one line, folded."""
TABLE_ROWS = 12
"""Plans longer than this are grouped."""
OPEN_ROWS = 12
"""Groups that need a look start open while their rows together stay under this."""
MAX_AGENTS = 8
"""More agents than this: a long plan is grouped by status alone."""
_LOOK = ATTENTION | {"unable", "partial"}
_COLUMNS = (
    '<colgroup><col class="nr-c-id"><col><col class="nr-c-agent"><col class="nr-c-status">'
    '<col class="nr-c-time"></colgroup>'
)
_HEAD = (
    "<thead><tr>"
    + "".join(cell("th", h) for h in ("task", "what", "agent", "status"))
    + cell("th", "time", True)
    + "</tr></thead>"
)


def plan_summary(tasks: list[Task]) -> str:
    """The plan's one line: the tasks themselves for a small run, else counts by status."""
    if len(tasks) <= SMALL_RUN:
        return " · ".join(
            f'<span class="nr-id">{esc(t.id)}</span> {esc(t.agent)} '
            + (f'<span class="nr-after">on {esc(t.where)}</span> ' if t.where else "")
            + status_chip(t.status, status_word(t.status))
            + (f' <span class="nr-time">{seconds(t.duration_s)}</span>' if t.duration_s else "")
            for t in tasks
        )
    counts = Counter[str](t.status for t in tasks)
    return f"{len(tasks)} tasks: {esc(counts_text(counts))}"


def plan_html(tasks: list[Task]) -> str:
    """The plan's table, or its groups (see the module's docstring)."""
    if len(tasks) <= TABLE_ROWS:
        return _table(tasks)
    groups = _groups(tasks)
    budget = OPEN_ROWS
    parts = []
    for (status, agent), members in groups:
        opened = status in _LOOK and len(members) <= budget
        if opened:
            budget -= len(members)
        who = f" by {esc(agent)}" if agent else ""
        summary = f"{len(members)} {esc(status_word(status))}{who}"
        parts.append(fold(summary, _table(members), opened=opened, cls="nr-group"))
    return '<div class="nr-groups">' + "".join(parts) + "</div>"


def _groups(tasks: list[Task]) -> list[tuple[tuple[str, str], list[Task]]]:
    by_agent = len({t.agent for t in tasks}) <= MAX_AGENTS
    groups: dict[tuple[str, str], list[Task]] = {}
    for t in tasks:
        groups.setdefault((t.status, t.agent if by_agent else ""), []).append(t)
    order = {s: i for i, s in enumerate(STATUS_ORDER)}
    return sorted(groups.items(), key=lambda kv: order.get(kv[0][0], len(order)))


def _table(tasks: list[Task]) -> str:
    rows = "".join(_row(t) for t in tasks)
    return f'<table class="nr-wide nr-plan-table">{_COLUMNS}{_HEAD}<tbody>{rows}</tbody></table>'


def _row(t: Task) -> str:
    what = esc(clip(t.description))
    if t.depends_on:
        what += f' <span class="nr-after">after {esc(", ".join(t.depends_on))}</span>'
    outcome = readable_outcome(t.outcome)
    if outcome:
        what += f'<div class="nr-result">{esc(preview(outcome, 160))}</div>'
    took = seconds(t.duration_s) if t.duration_s is not None else ""
    return (
        f'<tr data-task="{esc(t.id)}">'
        + cell("td", f'<span class="nr-id">{esc(t.id)}</span>', raw=True)
        + cell("td", what, raw=True)
        + _agent_cell(t)
        + cell("td", status_chip(t.status, status_word(t.status)), raw=True)
        + cell("td", took, True, cls="nr-time")
        + "</tr>"
    )


def _agent_cell(t: Task) -> str:
    """The agent, and the cluster worker it ran on when it ran on one."""
    if not t.where:
        return cell("td", t.agent)
    return cell("td", f'{esc(t.agent)}<div class="nr-after">on {esc(t.where)}</div>', raw=True)
