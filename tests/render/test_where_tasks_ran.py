"""Where each task ran: the worker's address follows it into every view, and the reducer
takes it from the worker note a remote call traces."""

from __future__ import annotations

from notebook_router.planner import events as ev
from notebook_router.planner.rails import Limits
from notebook_router.planner.reducer import apply
from notebook_router.planner.state import RunState, Task
from notebook_router.render.panel_state import panel_state
from notebook_router.render.plan_html import plan_html, plan_summary
from notebook_router.render.text import render_text

WORKER = "tcp://10.0.0.7:40665"


def _state() -> RunState:
    state = RunState(run_id="r1", query="q", goal="q", answer="Done [t1].")
    state.plan.add(
        [
            Task(id="t1", description="count primes", agent="primes"),
            Task(id="t2", description="sum them", agent="adder"),
        ]
    )
    state.plan.tasks["t1"].status = state.plan.tasks["t2"].status = "fulfilled"
    note = ev.TraceNote(
        task_id="t1",
        agent="primes",
        note=ev.WORKER_NOTE,
        message=f"runs on {WORKER} (pid 4242)",
        data={"worker": WORKER, "pid": "4242"},
    )
    apply(state, note)
    return state


def test_the_worker_a_task_ran_on_is_in_the_plan_text_html_and_panel() -> None:
    state = _state()
    assert state.plan.tasks["t1"].where == WORKER and state.plan.tasks["t2"].where is None
    text = render_text(state)
    assert f"t1 primes on {WORKER}: count primes" in text
    assert "t2 adder: sum them" in text
    tasks = list(state.plan)
    assert f"on {WORKER}" in plan_html(tasks) and f"on {WORKER}" in plan_summary(tasks)
    rows = {row.id: row.where for row in panel_state(state, Limits(), elapsed_s=1.0).plan}
    assert rows == {"t1": WORKER, "t2": ""}


def test_a_task_started_again_forgets_the_worker_it_ran_on_before() -> None:
    state = _state()
    state.plan.mark_running("t1", now=1.0, agent="primes", attempt=2)
    assert state.plan.tasks["t1"].where is None
