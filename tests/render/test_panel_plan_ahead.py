"""The panel while a plan runs ahead: planned tasks wait in view, surprises say why."""

from __future__ import annotations

import asyncio

from notebook_router import agent
from notebook_router.render.panel_state import panel_state, trace_line
from tests.conftest import Script, router_with, task


async def test_planned_tasks_show_as_waiting_for_their_inputs_and_a_surprise_says_why() -> None:
    gate = asyncio.Event()

    @agent(can=["load"])
    async def load() -> str:
        await gate.wait()
        raise RuntimeError("the database is down")

    @agent(can=["chart"])
    def chart() -> str:
        return "a chart"

    plan = {
        "action": "execute",
        "run": [task("t1", "load")],
        "later": [task("t2", "chart", depends_on=["t1"])],
    }
    script = Script(decide=[plan, {"action": "complete", "reason": "no data to chart"}])
    run = router_with([load, chart], script).start("load, then chart")
    started = asyncio.Event()
    run.subscribe(lambda e: started.set() if e.kind == "task_started" else None)
    await asyncio.wait_for(started.wait(), 10)
    shown = panel_state(run.state, run.limits, elapsed_s=0.5)
    rows = {row.id: (row.status, row.depends_on) for row in shown.plan}
    assert rows == {"t1": ("running", []), "t2": ("pending", ["t1"])}  # planned, waiting

    gate.set()
    await asyncio.wait_for(run, 10)
    lines = [line for e in run.history if (line := trace_line(e)) is not None]
    decided = [line.text for line in lines if line.kind == "decision"]
    assert len(decided) == 2
    assert decided[1].startswith("no data to chart (asked because t1 (load) ended failed")
