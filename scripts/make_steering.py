"""Write notebooks/05_steering.ipynb (outputs come from executing it).

python scripts/make_steering.py
python scripts/execute_notebooks.py notebooks/05_steering.ipynb
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# Steering a run: stop, redirect, answer

A run does not have to go to the end the way it started. From the notebook you can:

* **stop** it: running agents are cancelled, everything finished is kept, and the answer is
  written from that;
* **redirect** it: send a new instruction, which the planner treats as a *restart*, a
  *refinement* (keep the work, change the goal), a *status* question or something to clarify;
* **answer** it: when the planner asks which way to go, your reply lets it go on.

With `--background` the `%%route` cell returns at once and the `%route` magics steer the run from
later cells. A cell that *waits* for its run can be stopped too, by the panel's Stop button or
by the kernel's ■ (interrupt) button. Everything here runs on the offline model.
"""),
    code('''
%load_ext notebook_router
import asyncio

from notebook_router import agent
from notebook_router.examples.sales import (
    forecaster,
    region_compare,
    sales_data,
    trend_writer,
)


@agent(can=["market research", "competitors", "research"])
async def market_research(task):
    """Researches competitors and the market (slowly: a stand-in for a long web or database job)."""
    await asyncio.sleep(60)
    return "three competitors cut prices in Q3"
'''),
    md("""
## A run in the background

Comparing the regions takes milliseconds; the market research takes a minute. The cell returns
straight away and the run goes on.

(The view under a background cell keeps changing after the cell has returned, so what a saved
copy of this notebook holds depends on timing; this cell is tagged `nbval-ignore-output` so that
the notebook check does not compare it.)
"""),
    code(
        """
%%route --background -o bg
Compare the regions and research the competitors
""",
        tags=("nbval-ignore-output",),
    ),
    md("""
A run is also an async stream of events. Waiting here for the first finished task makes the next
cells show the same thing on every run (otherwise they would race the comparison).
"""),
    code("""
async for event in bg.events():
    if event.kind == "task_finished":
        print(f"{event.task_id} {event.agent}: {event.status}")
        break
"""),
    md("""
`%route status` shows the plan as it stands: the comparison is done, the research is still
running.
"""),
    code("%route status"),
    md("""
## Redirect: change the goal mid-run

A redirect goes to the planner at its next step. "Also ..." adds to the goal, so the planner
*refines*: it keeps the finished comparison, leaves the research running, and plans the new
work (load the North table, then forecast from it).
"""),
    code("""
%route redirect "also load the sales table for the North region and forecast next quarter"
"""),
    code("""
async for event in bg.events():
    if event.kind == "interrupt_handled":
        print(f"handled as {event.handled_as}: {event.reply}")
    if event.kind == "task_finished" and event.agent == "forecaster":
        print(f"{event.task_id} {event.agent}: {event.status}")
        break
"""),
    md("""
## Stop: keep what is finished

The research would take another minute. `%route stop` cancels it; the three finished tasks are
kept and the answer is written from them, saying what was not finished.
"""),
    code("%route stop"),
    md("""
Awaiting a run gives its `RunResult`; the run object itself displays as its final state.
"""),
    code("""
result = await bg
print(result.stop_reason, [(t.agent, t.status) for t in result.tasks])
bg
"""),
    md("""
## Answer a clarifying question

When part of a task fits no agent, the offline planner does not guess: it asks. In a background
run the question waits for `%route answer` (a waiting cell would end with the question instead,
and you would re-run it with clearer words).
"""),
    code(
        """
%%route --background -o asks
Load the sales table for the West region, then flag unusual swings
""",
        tags=("nbval-ignore-output",),
    ),
    code("""
async for event in asks.events():
    if event.kind == "clarification_requested":
        print(event.question)
        break
"""),
    code('%route answer "trend_writer"'),
    code("""
await asks
asks
"""),
    md("""
## Stop while a cell waits for its run

By default a `%%route` cell waits for its run (so *Run All* works). It can still be stopped:

* **The panel's Stop button** sends a message to the kernel, which calls `run.stop()` from
  whichever thread receives it. ipykernel 7.4 and later handle such messages while a cell
  waits; the first `%%route` of a session prints which paths work in yours.
* **The kernel's ■ (interrupt) button** works everywhere: the run stops gracefully with the
  answer so far, and the cell ends with a one-line `RunInterrupted` so that *Run All* stops
  there too. (Not shown running here: an interrupted cell is an error, and this notebook is
  checked by running it top to bottom.)

Nobody is here to click during an automatic run of this notebook, so the next cell stands in for
you: it starts a thread that presses Stop one second into the next run, the way the button's
message would arrive.
"""),
    code('''
import threading
import time

from notebook_router.notebook import session_for


def press_stop_during_next_run(after):
    """Stand-in for a click on Stop: `after` seconds into the next run, from another thread."""
    session = session_for(get_ipython())
    seen = {run.id for run in session.runs}

    def press():
        while not (new := [run for run in session.runs if run.id not in seen]):
            time.sleep(0.02)
        time.sleep(after)
        new[0].stop()

    threading.Thread(target=press, daemon=True).start()


press_stop_during_next_run(after=1.0)
'''),
    code("""
%%route -o waited
Load the sales table for the North region and research the competitors
"""),
    md("""
The cell waited, the Stop arrived from another thread a second in, and the cell ended normally
(no error): the table was loaded, the research was cancelled, and the next cell can use the run.
"""),
    code("""
print(waited.result().stop_reason, [(t.agent, t.status) for t in waited.result().tasks])
"""),
]


if __name__ == "__main__":
    write("05_steering.ipynb", CELLS)
