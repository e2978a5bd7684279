"""The run graph (networkx) and its Mermaid text, checked against stored snapshots."""

from __future__ import annotations

import os
from pathlib import Path

from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.state import RunState, Task

SNAPSHOTS = Path(__file__).parent / "snapshots"


def _state() -> RunState:
    state = RunState(run_id="r1", query="q", goal='Load "sales" & plot <monthly> revenue')
    state.plan.add(
        [
            Task(id="t1", description="Load the sales table", agent="sales_data"),
            Task(id="t2", description="Plot monthly revenue", agent="chart", depends_on=("t1",)),
            Task(
                id="t3", description="Summarise the trend", agent="trend_writer", depends_on=("t1",)
            ),
            Task(
                id="t4", description="Forecast next quarter", agent="forecaster", depends_on=("t1",)
            ),
            Task(id="t5", description="Email the team", agent="chart", depends_on=("t2", "t3")),
        ]
    )
    state.plan.set_status("t1", "fulfilled")
    state.plan.set_status("t2", "running")
    state.plan.set_status("t3", "failed")
    state.plan.set_status("t4", "cancelled")
    return state


def test_graph_has_goal_tasks_agents_and_typed_edges() -> None:
    g = run_graph(_state())
    assert g.nodes["goal"]["kind"] == "goal"
    assert {n for n, d in g.nodes(data=True) if d["kind"] == "task"} == {
        "t1",
        "t2",
        "t3",
        "t4",
        "t5",
    }
    assert {n for n, d in g.nodes(data=True) if d["kind"] == "agent"} == {
        "agent:sales_data",
        "agent:chart",
        "agent:trend_writer",
        "agent:forecaster",
    }
    assert g.edges["goal", "t1"]["kind"] == "plans"
    assert g.edges["t1", "t2"]["kind"] == "feeds"
    assert g.edges["t5", "agent:chart"]["kind"] == "assigned"
    assert g.nodes["t2"]["status"] == "running"
    assert sorted(g.predecessors("t5")) == ["t2", "t3"]


def test_mermaid_matches_snapshot() -> None:
    text = to_mermaid(run_graph(_state()))
    snapshot = SNAPSHOTS / "run_graph.mmd"
    if os.environ.get("UPDATE_SNAPSHOTS"):  # review the diff, then commit it
        snapshot.write_text(text)
    assert text == snapshot.read_text()


def test_mermaid_escapes_labels_and_truncates() -> None:
    text = to_mermaid(run_graph(_state()))
    assert "#quot;sales#quot; #amp; plot #lt;monthly#gt;" in text
    assert '"' not in text.split('"')[1]  # labels are quoted once, never broken by user quotes
    long = RunState(run_id="r", query="q", goal="x" * 200)
    assert "x" * 47 + "…" in to_mermaid(run_graph(long))


def test_mermaid_ids_never_collide() -> None:
    state = RunState(run_id="r", query="q", goal="g")
    state.plan.add(
        [Task(id="t1", description="a", agent="a-b"), Task(id="t2", description="b", agent="a_b")]
    )
    text = to_mermaid(run_graph(state))
    assert "agent_a_b[/" in text and "agent_a_b_2[/" in text
