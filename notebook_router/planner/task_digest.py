"""The tasks a bounded planner view does not show in full, in brief.

Every task of a run stays represented in a planner's prompt, however big the
run: the view shows the most relevant tasks in full and hands the others to
:func:`digest`, which lists them one line each while a character budget lasts
and then groups the rest by what they have in common, in plan order:
``"t3–t40: 38 fulfilled by data_analyst"`` (a run of tasks with one status and
one agent), or, when too many such runs would make too many lines, a span of
tasks with its counts (``"t41–t90: 30 fulfilled by a, 20 failed by b"``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from notebook_router.planner.state import Task
from notebook_router.text.preview import preview

LINE_CHARS = 160
"""The most characters a one-line entry takes."""


class TaskDigest(BaseModel):
    """The tasks a bounded view leaves out of ``tasks``, in brief."""

    counts: dict[str, int] = Field(default_factory=dict)
    """Every task of the run by status, those shown in full included."""
    lines: list[str] = Field(default_factory=list)
    """One line per left-out task, in plan order, as many as fit the view's budget."""
    groups: list[str] = Field(default_factory=list)
    """The left-out tasks past the lines, grouped in plan order: "ids: count status by agent"."""
    values: dict[str, str] = Field(default_factory=dict)
    """The results of the grouped tasks that finished, each compressed to a few words, by
    task id (as many as fit; see :mod:`~notebook_router.planner.view_values`)."""

    @model_serializer(mode="wrap")
    def _drop_empty(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not self.values:
            data.pop("values", None)
        return data


def digest(
    tasks: Sequence[Task], shown: Collection[str], *, line_chars: int, chars: int, groups: int
) -> TaskDigest:
    """``tasks`` not in ``shown``: one line each for ``line_chars``, then in ``groups`` lines."""
    counts: dict[str, int] = {}
    for task in tasks:
        counts[task.status] = counts.get(task.status, 0) + 1
    lines: list[str] = []
    budget = line_chars
    width = min(chars, LINE_CHARS)
    rest: list[Task | None] = []  # left out, not listed; None marks a task shown in full
    for task in tasks:
        if task.id in shown:
            if rest:
                rest.append(None)
            continue
        if not rest and budget > 0:
            line = digest_line(task, width)
            if len(line) <= budget:
                lines.append(line)
                budget -= len(line)
                continue
            budget = 0
        rest.append(task)
    return TaskDigest(counts=counts, lines=lines, groups=grouped(rest, groups))


def digest_line(task: Task, width: int) -> str:
    """One left-out task: id, status, agent, description and what it found or why not."""
    outcome = task.outcome
    after = f" after {', '.join(task.depends_on)}" if task.depends_on else ""
    line = f"{task.id} {task.status} ({task.agent}){after}: {task.description}"
    return preview(f"{line} → {outcome}" if outcome else line, width)


def grouped(tasks: Sequence[Task | None], most: int) -> list[str]:
    """``tasks`` (plan order; None: a task shown in full) in at most ``most`` lines."""
    runs: list[list[Task]] = []
    joined = False  # the last run may take the next task (no task shown in between)
    for task in tasks:
        if task is None:
            joined = False
            continue
        if joined and (runs[-1][0].status, runs[-1][0].agent) == (task.status, task.agent):
            runs[-1].append(task)
        else:
            runs.append([task])
        joined = True
    if len(runs) <= max(most, 1):
        return [f"{span(run)}: {len(run)} {run[0].status} by {run[0].agent}" for run in runs]
    # Too many runs for the lines: spans of neighbouring runs, each with its counts.
    size = math.ceil(len(runs) / max(most, 1))
    return [
        _mixed([t for run in runs[i : i + size] for t in run]) for i in range(0, len(runs), size)
    ]


def span(tasks: Sequence[Task]) -> str:
    """The ids of consecutive tasks: "t3", or "t3–t40"."""
    first, last = tasks[0].id, tasks[-1].id
    return first if first == last else f"{first}–{last}"


def _mixed(tasks: list[Task]) -> str:
    counts = Counter((t.status, t.agent) for t in tasks)
    parts = ", ".join(f"{n} {status} by {agent}" for (status, agent), n in counts.items())
    return f"{span(tasks)}: {parts}"
