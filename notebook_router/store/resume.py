"""Preparing a stored run to continue: rebuild it, check it can go on, claim it."""

from __future__ import annotations

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import ResumeError
from notebook_router.planner.resume import ResumePoint, prepare_resume
from notebook_router.planner.state import ACTIVE_STATUSES, RunState
from notebook_router.store.store import SessionStore


def prepare(
    store: SessionStore, run_id: str, agents: AgentRegistry
) -> tuple[RunState, ResumePoint]:
    """The state to resume ``run_id`` from, and where its events continue."""
    info = store.run(run_id)
    if info.imported:
        raise ResumeError(
            f"Run {info.id} was imported from an export, which keeps previews rather than "
            "results, so it cannot be resumed. Run the task again with %%route."
        )
    if info.status == "running":
        raise ResumeError(
            f"Run {info.id} is still running (in this or another live kernel). "
            "Stop it there first, or wait for it to finish."
        )
    rebuilt = store.rebuild(info.id)
    state = rebuilt.state
    point = prepare_resume(
        state,
        last_seq=max(info.last_seq, rebuilt.last_seq),
        elapsed_s=rebuilt.elapsed_s,
        unrestored=rebuilt.unrestored,
    )
    missing = sorted(
        {t.agent for t in state.plan if t.status in ACTIVE_STATUSES and t.agent not in agents}
    )
    if missing:
        have = ", ".join(agents.names()) or "none"
        raise ResumeError(
            f"Run {info.id} still has work for agent(s) {', '.join(missing)}, which this "
            f"kernel does not define (agents here: {have}). Define them (re-run their cells) "
            "and resume again."
        )
    store.claim(info.id)
    return state, point
