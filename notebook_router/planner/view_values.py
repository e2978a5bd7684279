"""Values in a planner's view, compressed to fit: the shared context's and the tasks' results.

A model planner decides better from what the run knows than from the names of what it
knows, so its view carries values, each compressed to a share of the view's budget
(:mod:`notebook_router.context.compress`: the least of light, medium and heavy that
fits, by content). The shares shrink with each condensing level of the view
(:data:`VALUE_BUDGETS`); past a level's total the newest context entries come first and
the older ones are listed by key only, and finished tasks past the total keep only
their group line. Every compressed value can be had whole again: a context value with
``context.expand(key)``, a result from ``run.result().results``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from notebook_router.context.compress import compress
from notebook_router.context.shared import ContextEntry, SharedContext, compressed_value
from notebook_router.planner.state import OK_STATUSES, RunState, Task
from notebook_router.text.preview import preview

RESULT_CHARS = (16, 200)
"""Fewest and most characters one left-out task's result gets."""
ENTRY_CHARS = 12
"""What one value costs in a view besides its text (its key, quotes, punctuation)."""
CONTEXT_TOKENS = 300
"""Tokens one context value may take in a view that is not condensed; a value over this
is compressed, and the run's trace says how (``context_compressed``)."""


@dataclass(frozen=True, slots=True)
class ValueBudget:
    """How much room context values get at one condensing level of a view."""

    context_tokens: int
    """Most tokens of one context value."""
    context_chars: int
    """Most characters of all context values together."""


VALUE_BUDGETS = (
    ValueBudget(CONTEXT_TOKENS, 4000),
    ValueBudget(120, 1600),
    ValueBudget(60, 800),
    ValueBudget(30, 400),
    ValueBudget(15, 200),
)
"""Per condensing level (see :data:`~notebook_router.planner.planner_view.CONDENSE`)."""


def context_values(
    context: SharedContext, newest: int, level: int
) -> tuple[dict[str, str], list[str]]:
    """The ``newest`` context entries: compressed values while the level's room lasts
    (newest first), then the keys of the rest. Both in the order written."""
    room = VALUE_BUDGETS[min(level, len(VALUE_BUDGETS) - 1)]
    left = room.context_chars
    values: dict[str, str] = {}
    keys: list[str] = []
    for entry in reversed(context.recent(newest)):
        budget = min(room.context_tokens, left // 4)
        if budget < 4:
            keys.append(entry.key)
            continue
        text = _one_line(value_text(entry, budget), budget * 4)
        values[entry.key] = text
        left -= len(entry.key) + len(text) + 6
    return dict(reversed(values.items())), keys[::-1]


def value_text(entry: ContextEntry, budget: int) -> str:
    """``entry``'s value in at most ``budget`` tokens (its compressed form when over)."""
    if entry.size <= budget * 4 and not entry.spilled:
        return preview(entry.value, budget * 4)
    return compressed_value(entry, budget).text


def result_values(
    state: RunState, tasks: Sequence[Task], shown: set[str], chars: int
) -> tuple[dict[str, str], int]:
    """Each finished task not in ``shown``, its result compressed, in ``chars`` characters
    in all (each gets an equal share, between :data:`RESULT_CHARS` bounds), in plan order
    while the room lasts; and how many were left without one."""
    wanted = [
        (task, result)
        for task in tasks
        if task.id not in shown
        and task.status in OK_STATUSES
        and (result := state.results.get(task.id)) is not None
    ]
    if not wanted:
        return {}, 0
    low, high = RESULT_CHARS
    share = max(low, min(high, chars // len(wanted) - ENTRY_CHARS))
    values: dict[str, str] = {}
    left = chars
    for task, result in wanted:
        text = compressed_result(result.summary or result.data, share)
        cost = len(text) + len(task.id) + ENTRY_CHARS
        if cost > left:
            break
        values[task.id] = text
        left -= cost
    return values, len(wanted) - len(values)


def compressed_result(value: object, chars: int) -> str:
    """A result in at most ``chars`` characters, on one line: as it is when it fits, else
    compressed (a table's schema and statistics, a text's facts), then cut."""
    if chars <= 0:
        return ""
    shown = preview(value, chars)
    if not shown.endswith("…"):
        return shown
    return _one_line(compress(value, max(1, chars // 4)).text, chars)


def _one_line(text: str, chars: int) -> str:
    text = " | ".join(line.strip() for line in text.splitlines() if line.strip())
    return text if len(text) <= chars else text[: max(1, chars - 1)] + "…"
