"""The run panel's widget protocol in a real kernel, spoken the way its front end speaks it.

These tests play the browser's side of the widget comm (state updates in,
custom messages out); tests/browser drives the real front end in Chromium.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import notebook_router.notebook
from tests.notebook.kernel import WIDGET_VIEW, Kernel, WidgetModel

pytestmark = pytest.mark.kernel

STATIC = Path(notebook_router.notebook.__file__).parent / "static"


def _panel(kernel: Kernel, msg_id: str) -> WidgetModel:
    kernel.pump(lambda: bool(kernel.panels(msg_id)))
    return kernel.panels(msg_id)[0]


def _final_view(kernel: Kernel, run_id: str) -> dict[str, Any]:
    """The last view a run's output showed (its static view once the run has ended)."""
    display_id = f"notebook-router-{run_id}"

    def views() -> list[dict[str, Any]]:
        return [
            m["content"]["data"]
            for m in kernel.backlog
            if m["msg_type"] in ("display_data", "update_display_data")
            and m["content"].get("transient", {}).get("display_id") == display_id
        ]

    kernel.pump(lambda: bool(views()) and "text/html" in views()[-1])
    return views()[-1]


def _row(panel: WidgetModel, task: str) -> dict[str, object]:
    rows = [r for r in panel.state.get("plan", []) if r["id"] == task]
    return rows[0] if rows else {}


def test_panel_follows_the_run_and_ends_with_the_static_view(kernel: Kernel) -> None:
    result = kernel.execute("%%route\nLoad the numbers, then add them up")
    assert result.status == "ok"
    panel = kernel.widgets[result.panel_id()]
    state = panel.state
    assert state["status"] == "finished" and state["headline"] == "the goal was met"
    assert [(r["id"], r["agent"], r["status"]) for r in state["plan"]] == [
        ("t1", "numbers", "fulfilled"),
        ("t2", "total", "fulfilled"),
    ]
    assert state["plan"][1]["depends_on"] == ["t1"]
    assert "Add them up: 31" in state["answer_html"]
    # The tree as rows the browser draws itself: t2 hangs under t1, which it needs.
    assert [(n["id"], n["parent"], n["status"]) for n in state["tree"]] == [
        ("goal", None, "goal"),
        ("t1", "goal", "fulfilled"),
        ("t2", "t1", "fulfilled"),
    ]
    meters = {m["label"]: m for m in state["meters"]}
    assert meters["iterations"]["limit"] == 50 and meters["iterations"]["value"] >= 1
    kinds = [line["kind"] for line in state["trace"]]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert "task_started" in kinds and "task_finished" in kinds
    # The run is over: the panel's widget is closed (nothing of it is saved), the
    # live output emptied, and Out[n] is the static view only, for every viewer.
    assert panel.closed
    # ...and emptied first, code and all: what nbclient saves of it is a few hundred bytes.
    assert panel.emptied["_esm"] == "" and panel.emptied["plan"] == []
    assert result.last_display() == {}
    final = result.result()
    assert final is not None
    assert WIDGET_VIEW not in final
    assert final["image/svg+xml"].startswith("<svg")
    assert final["text/vnd.mermaid"].startswith("flowchart TD")
    html = final["text/html"]
    assert 'class="nr-run"' in html and 'src="data:image/svg+xml;base64,' in html
    assert "the goal was met" in html and "Add them up: 31" in html


def test_panel_and_finished_view_say_which_mode_and_style_and_why(kernel: Kernel) -> None:
    result = kernel.execute("%%route\nquick question: load the numbers, ASAP")
    assert result.status == "ok"
    panel = kernel.widgets[result.panel_id()]
    assert panel.state["intent"] == "quick mode, from “quick”, “ASAP”"
    assert [(r["agent"], r["status"]) for r in panel.state["plan"]] == [("numbers", "fulfilled")]
    final = result.result()
    assert final is not None and "quick mode, from “quick”, “ASAP”" in final["text/html"]
    # An option wins over the words, and the line says it was asked for.
    result = kernel.execute("%%route --mode thorough --style report\nquick: load the numbers")
    panel = kernel.widgets[result.panel_id()]
    assert panel.state["intent"] == "thorough mode, as asked · report answer, as asked"


def test_panel_updates_are_batched_and_throttled(kernel: Kernel) -> None:
    # Twelve tasks finish within milliseconds: dozens of events, a few updates.
    words = ", ".join(f"load the numbers {i}" for i in range(12))
    result = kernel.execute(f"%%route --agents numbers\n{words}")
    assert result.status == "ok"
    panel = kernel.widgets[result.panel_id()]
    assert len(panel.state["plan"]) == 12
    assert all(r["status"] == "fulfilled" for r in panel.state["plan"])
    events = len(panel.state["trace"])
    assert events > 25
    # hold_sync sends each batch as one message; the throttle allows ~10 a second.
    assert len(panel.updates) <= 6, [sorted(u) for u in panel.updates]


def test_stop_from_the_panel_is_acknowledged_and_ends_the_awaiting_cell(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute("%%route\nLoad the numbers and think slowly about the weather")
    panel = _panel(kernel, msg_id)
    kernel.pump(lambda: _row(panel, "t2").get("status") == "running")
    sent = time.monotonic()
    kernel.widget_send(panel.comm_id, {"type": "action", "action": "stop", "id": "click-1"})
    kernel.pump(lambda: panel.state.get("ack", {}).get("id") == "click-1")
    acked = time.monotonic() - sent
    kernel.pump(lambda: panel.state.get("status") == "stopped")
    result = kernel.collect(msg_id, timeout=20)
    assert result.status == "ok"  # a Stop is not an error: Run All goes on
    assert panel.state["ack"]["ok"] is True and "Stopping" in panel.state["ack"]["detail"]
    assert panel.state["headline"] == "stopped by user"
    assert _row(panel, "t1")["status"] == "fulfilled"
    assert _row(panel, "t2")["status"] == "cancelled"
    assert "[3, 1, 4, 1, 5, 9, 2, 6]" in panel.state["answer_html"]
    # Well under the 300 ms after which the browser tells the user to press ■.
    assert acked < 0.3, acked


def test_redirect_and_answer_from_the_panel_reach_a_background_run(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute(
        "%%route --background -o steered_by_panel --agents numbers,slow\n"
        "Think slowly about the weather"
    )
    panel = _panel(kernel, msg_id)
    kernel.collect(msg_id, timeout=20)
    kernel.widget_send(
        panel.comm_id,
        {"type": "action", "action": "redirect", "id": "r1", "message": "also load the numbers"},
    )
    kernel.pump(lambda: any(s.get("handled_as") for s in panel.state.get("steering", [])))
    assert panel.state["ack"] == {**panel.state["ack"], "id": "r1", "ok": True}
    assert panel.state["steering"] == [
        {
            "message": "also load the numbers",
            "handled_as": "refine",
            "reply": "Adding to the plan: Load the numbers",
        }
    ]
    kernel.pump(lambda: _row(panel, "t2").get("status") == "fulfilled")
    # An empty redirect is refused with the reason, and the run goes on.
    kernel.widget_send(panel.comm_id, {"type": "action", "action": "redirect", "id": "r2"})
    kernel.pump(lambda: panel.state.get("ack", {}).get("id") == "r2")
    assert panel.state["ack"]["ok"] is False and panel.state["status"] == "running"
    kernel.widget_send(panel.comm_id, {"type": "action", "action": "stop", "id": "s1"})
    kernel.pump(lambda: panel.state.get("status") == "stopped")
    assert panel.state["ack"] == {**panel.state["ack"], "id": "s1", "ok": True}
    # Stopped, the panel goes: its widget is closed (no button is left to click
    # on a finished run) and the background cell's output is the static view.
    kernel.pump(lambda: panel.closed)
    final = _final_view(kernel, panel.state["run_id"])
    assert WIDGET_VIEW not in final
    assert "stopped by user" in final["text/html"]
    assert "Load the numbers" in final["text/html"]


def test_a_clarifying_question_is_answered_in_the_panel(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute(
        "%%route --background -o asked --agents numbers,total\nTranslate this to French"
    )
    panel = _panel(kernel, msg_id)
    kernel.collect(msg_id, timeout=20)
    kernel.pump(lambda: bool(panel.state.get("question")))
    assert panel.state["status"] == "waiting"
    assert "Which agent should do it" in panel.state["question"]
    kernel.widget_send(
        panel.comm_id, {"type": "action", "action": "answer", "id": "a1", "message": "numbers"}
    )
    kernel.pump(lambda: panel.state.get("status") not in ("running", "waiting"))
    assert panel.state["question"] == ""
    assert [(r["agent"], r["status"]) for r in panel.state["plan"]] == [("numbers", "fulfilled")]


SIX = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")
GATED = """
import os
GATE = {gate!r}

def gated(name):
    async def run(task):
        while not os.path.exists(GATE):  # held until the test opens the gate
            await asyncio.sleep(0.05)
        return f"{{name}} done"
    run.__name__ = name
    return agent(name=name, can=[name])(run)

for name in {names!r}:
    globals()[name] = gated(name)  # agents are found in the notebook's namespace
"""


def test_a_question_never_cancels_the_work_of_a_waiting_cell(
    fresh_kernel: Kernel, tmp_path: Path
) -> None:
    kernel, gate = fresh_kernel, tmp_path / "gate"
    assert kernel.execute(GATED.format(gate=str(gate), names=SIX)).status == "ok"
    msg_id = kernel.kc.execute(
        f"%%route --agents {','.join(SIX)}\n"
        "Run alpha, run beta, run gamma, run delta, run epsilon and run zeta"
    )
    panel = _panel(kernel, msg_id)
    kernel.pump(lambda: [r["status"] for r in panel.state.get("plan", [])] == ["running"] * 6)
    # A redirect the offline planner cannot classify: it asks what is meant.
    kernel.widget_send(
        panel.comm_id,
        {"type": "action", "action": "redirect", "id": "r1", "message": "only do alpha"},
    )
    kernel.pump(lambda: bool(panel.state.get("question")))
    assert panel.state["status"] == "waiting"
    assert [r["status"] for r in panel.state["plan"]] == ["running"] * 6
    gate.touch()
    # The six agents finish; the cell, still awaiting its run, waits for the answer.
    kernel.pump(lambda: [r["status"] for r in panel.state["plan"]] == ["fulfilled"] * 6)
    assert panel.state["status"] == "waiting" and "only do alpha" in panel.state["question"]
    assert not _cell_finished(kernel, msg_id)
    kernel.widget_send(
        panel.comm_id,
        {"type": "action", "action": "answer", "id": "a1", "message": "keep all six"},
    )
    result = kernel.collect(msg_id, timeout=20)
    assert result.status == "ok"
    assert panel.state["ack"]["ok"] is True and panel.state["question"] == ""
    assert panel.state["headline"] == "the goal was met"
    assert [r["status"] for r in panel.state["plan"]] == ["fulfilled"] * 6
    assert "alpha done" in panel.state["answer_html"]


def _cell_finished(kernel: Kernel, msg_id: str) -> bool:
    return any(
        m["msg_type"] == "status"
        and m["content"]["execution_state"] == "idle"
        and m["parent_header"].get("msg_id") == msg_id
        for m in kernel.backlog
    )


def test_the_panel_draws_its_tree_itself_and_asks_the_kernel_for_nothing(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute(
        "%%route --background --agents numbers,slow\nThink slowly about the weather"
    )
    panel = _panel(kernel, msg_id)
    kernel.collect(msg_id, timeout=20)
    kernel.pump(lambda: _row(panel, "t1").get("status") == "running")
    # What the front end holds of the panel: its code and state, small.
    saved = sum(len(str(v)) for v in panel.state.items())
    assert saved < 60_000, saved
    # No Mermaid anywhere: not shipped, not asked for, not sent.
    assert not (STATIC / "mermaid.js").exists()
    assert "need-mermaid" not in (STATIC / "panel.js").read_text()
    kernel.widget_send(panel.comm_id, {"type": "need-mermaid"})  # an old front end's request
    kernel.widget_send(panel.comm_id, {"type": "action", "action": "stop", "id": "after"})
    kernel.pump(lambda: panel.state.get("ack", {}).get("id") == "after")
    assert panel.custom == []
    kernel.pump(lambda: panel.closed)


CODER = """
@agent(can=["code", "write"])
async def coder(task, context):
    "Writes Python code and runs it if the user says so."
    decision = await context.approve_code("total = 40 + 2", "add two numbers")
    if not decision.run:
        return decision.note
    space = {}
    exec(decision.code, space)  # the test's own agent: the user approved this code
    return f"total is {space['total']}"
"""


def _approve(kernel: Kernel, panel: WidgetModel, ack: str, decision: str, **more: object) -> None:
    approval = panel.state["approvals"][0]["id"] if panel.state.get("approvals") else "t1#1"
    kernel.widget_send(
        panel.comm_id,
        {"type": "action", "action": "approve", "id": ack, "approval": approval}
        | {"decision": decision, "code": None}
        | more,
    )
    kernel.pump(lambda: panel.state.get("ack", {}).get("id") == ack)


def test_code_waits_in_the_panel_for_run_edit_or_skip(kernel: Kernel) -> None:
    assert kernel.execute(CODER).status == "ok"
    msg_id = kernel.kc.execute("%%route --background --agents coder\nWrite code to add them")
    panel = _panel(kernel, msg_id)
    kernel.collect(msg_id, timeout=20)
    kernel.pump(lambda: bool(panel.state.get("approvals")))
    assert panel.state["status"] == "waiting"
    assert panel.state["approvals"] == [
        {
            "id": "t1#1",
            "task_id": "t1",
            "agent": "coder",
            "purpose": "add two numbers",
            "code": "total = 40 + 2",
            "about": "code",
        }
    ]
    _approve(kernel, panel, "run-1", "run", code="total = 40 + 3")  # Edit, then Run
    assert panel.state["ack"]["ok"] is True
    assert panel.state["ack"]["detail"] == "Your edited code runs now."
    kernel.pump(lambda: panel.state.get("status") == "finished")
    assert panel.state["approvals"] == [] and "total is 43" in panel.state["answer_html"]
    # Finished, the panel's widget closes (no Run button is left to click) and the
    # cell's output is the static view, with the edited code's answer.
    kernel.pump(lambda: panel.closed)
    final = _final_view(kernel, panel.state["run_id"])
    assert WIDGET_VIEW not in final and "total is 43" in final["text/html"]

    msg_id = kernel.kc.execute("%%route --background --agents coder\nWrite code to add them")
    panel = _panel(kernel, msg_id)
    kernel.collect(msg_id, timeout=20)
    kernel.pump(lambda: bool(panel.state.get("approvals")))
    _approve(kernel, panel, "skip-1", "skip")
    assert panel.state["ack"]["detail"].startswith("Skipped: the code will not run")
    kernel.pump(lambda: panel.state.get("status") == "finished")
    assert "you chose Skip" in panel.state["answer_html"]
    kernel.pump(lambda: panel.closed)
    assert "you chose Skip" in _final_view(kernel, panel.state["run_id"])["text/html"]
