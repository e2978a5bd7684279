"""Running the trust set's questions as a user would: an offline Router over the item's
frames, every turn of the conversation in order, the last one judged.

A run's :class:`RunOutcome` is what the user was told:

- ``declined``: no task ran (the planner asked a question, or found no work);
- ``fulfilled``: every task of the run was fulfilled and the run says it is complete;
- ``partial``: some task was fulfilled, another was not (or said it did only part);
- ``unable`` / ``failed``: nothing was fulfilled.

``values`` are the data of every task's result (a number, a list, a mapping, a table).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from notebook_router import Router
from notebook_router.planner.result import RunResult
from tests.data.answer_file import TableLoader
from tests.data.trust.tables import load
from tests.trust_eval.scoring import Verdict, judge


@dataclass(frozen=True)
class RunOutcome:
    """What one run told the user, in the judge's terms."""

    status: str
    values: Sequence[object]
    text: str
    seconds: float = 0.0
    tasks: tuple[str, ...] = field(default=())
    """``agent:status`` of each task, for reading misses."""


def outcome_of(result: RunResult, seconds: float = 0.0) -> RunOutcome:
    """The outcome of a finished run (see the module docstring)."""
    tasks = list(result.tasks)
    statuses = [t.status for t in tasks]
    results = [r for t in tasks if (r := result.results.get(t.id)) is not None and r.ok]
    values = [v for r in results for v in (r.data, r.value) if v is not None]
    if not tasks:
        status = "declined"
    elif all(s == "fulfilled" for s in statuses) and result.completed:
        status = "fulfilled"
    elif any(s in ("fulfilled", "partial") for s in statuses):
        status = "partial"
    elif any(s == "failed" for s in statuses):
        status = "failed"
    else:
        status = "unable"
    shown = tuple(f"{t.agent}:{t.status}" for t in tasks)
    return RunOutcome(status, values, result.answer, seconds, shown)


async def run_item(item: Mapping[str, Any], load_table: TableLoader = load) -> RunOutcome:
    """Ask the item's turns of a fresh Router over fresh copies of its frames, each
    read with ``load_table`` (the first trust set's tables unless another set's loader,
    ``tests.data.trust_sets.SETS[name].load``, is given)."""
    frames = {name: load_table(table).copy() for name, table in item["frames"].items()}
    router = Router(data=frames, memory=True)
    result: RunResult | None = None
    start = time.perf_counter()
    for turn in item["turns"]:
        start = time.perf_counter()
        result = await router.run(turn)
    assert result is not None
    return outcome_of(result, time.perf_counter() - start)


async def judge_item(
    item: Mapping[str, Any], load_table: TableLoader = load
) -> tuple[Verdict, RunOutcome]:
    """The verdict on ``item`` (its frames read with ``load_table``) and its outcome."""
    outcome = await run_item(item, load_table)
    return judge(outcome, item), outcome
