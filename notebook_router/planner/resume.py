"""Continuing a run from a restored state (a kernel restart, a crash, a Stop).

A run's state is rebuilt elsewhere (the session store replays its recorded
events); this module decides what of it stands. Finished tasks whose results
came back are kept and never run again. Tasks that were running when the run
died, tasks a Stop or interrupt cancelled, and tasks skipped only because the
run ended go back to ``pending`` so the planner starts them again, as do
finished tasks whose data could not be restored but that a remaining task
needs. Everything else (the goal, the history, usage so far, the iteration
count) carries on as it was.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from notebook_router.errors import ResumeError
from notebook_router.planner.state import OK_STATUSES, RunState

RESUMABLE: frozenset[str] = frozenset({"interrupted", "stopped_by_user", "time_budget"})
"""Stop reasons a run can be resumed from (besides dying without one)."""

ENDED_NOTE = "the run ended"
_UNWANTED = ("superseded", "no longer wanted", "dropped")
"""Notes of tasks the user or planner cancelled on purpose: they stay cancelled."""


@dataclass(frozen=True, slots=True)
class ResumePoint:
    """Where a resumed run picks up: its event numbering and clock, and what changed."""

    last_seq: int
    """Sequence number of the last recorded event; new events continue after it."""
    elapsed_s: float
    """Run time already spent (the ``t`` of the last recorded event)."""
    kept: tuple[str, ...]
    redo: tuple[str, ...]


def prepare_resume(
    state: RunState, *, last_seq: int, elapsed_s: float, unrestored: Collection[str] = ()
) -> ResumePoint:
    """Where ``state`` picks up again: what is kept, what runs again; raise if it cannot resume.

    Nothing changes yet: the resumed run's ``run_resumed`` event, folded by
    the reducer, puts the tasks to redo back to ``pending`` and clears the
    old ending.

    ``unrestored`` names finished tasks whose result data could not be
    brought back (only a preview was stored).
    """
    reason = state.stop_reason
    if reason is not None and reason not in RESUMABLE:
        raise ResumeError(
            f"Run {state.run_id} finished ({reason}); only runs that were interrupted, "
            "stopped or ran out of time can be resumed. Start a new run instead."
        )
    plan = state.plan
    needed = {d for t in plan if t.status not in OK_STATUSES for d in t.depends_on}
    redo = tuple(
        task.id
        for task in plan
        if task.status == "running"
        or (task.status == "cancelled" and not (task.note or "").startswith(_UNWANTED))
        or (task.status == "skipped" and (task.note or "").startswith(ENDED_NOTE))
        or (task.status in OK_STATUSES and task.id in unrestored and task.id in needed)
    )
    kept = tuple(t.id for t in plan if t.status in OK_STATUSES and t.id not in redo)
    return ResumePoint(last_seq=last_seq, elapsed_s=elapsed_s, kept=kept, redo=redo)
