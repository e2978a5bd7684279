"""One walk of the run: the networkx graph, the Mermaid text and the panel's tree agree on it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.run_links import run_links
from notebook_router.planner.state import Hop, RunState, Task
from notebook_router.render.panel_tree import tree_nodes

ROOT = Path(__file__).resolve().parents[2]


def _hop(rid: str, parent: str, task_id: str, agent: str, **more: object) -> Hop:
    return Hop(
        request_id=rid,
        parent_id=parent,
        task_id=task_id,
        agent=agent,
        path=("travel", agent),
        task=f"ask {agent}",
        **more,  # type: ignore[arg-type]
    )


def _state() -> RunState:
    """Two tasks of one agent, a dependency named before its task, a tree of agents three
    deep whose failed leaf is listed before the hop that asked it, and a hop whose asker
    is unknown (it hangs under the task's agent)."""
    state = RunState(run_id="r1", query="q", goal="Plan a trip & <chart> it")
    state.plan.add(
        [
            Task(id="t1", description="trip to Rome", agent="travel", depends_on=("t2",)),
            Task(id="t2", description="trip to Paris", agent="travel"),
            Task(id="t3", description="chart both", agent="chart", depends_on=("t1", "t2")),
        ]
    )
    state.plan.set_status("t2", "fulfilled")
    state.plan.set_status("t1", "running")
    state.delegations = {
        "t1": [
            _hop("t1.1.1", "t1.1", "t1", "restaurants", status="failed", finished_at=2.0),
            _hop("t1.1", "t1", "t1", "experiences"),
            _hop("t1.2", "t1.9", "t1", "hotels", status="fulfilled", finished_at=0.5),
        ],
        "t2": [_hop("t2.1", "t2", "t2", "flights", status="unable", finished_at=1.0)],
    }
    return state


def test_the_graph_and_its_mermaid_text_are_the_runs_links() -> None:
    state = _state()
    links = run_links(state)
    graph = run_graph(state)
    assert list(graph.nodes(data=True)) == list(links.nodes.items())
    assert list(graph.edges(data=True)) == links.edges()
    # A dependency named before its own task keeps the place it was first named in.
    assert list(links.nodes)[:4] == ["goal", "t1", "t2", "agent:travel"]
    assert list(graph.predecessors("t3")) == ["t1", "t2"]
    assert graph.edges["agent:travel", "hop:t1.2"] == {"kind": "delegates", "task": "ask hotels"}
    text = to_mermaid(links)
    assert text == to_mermaid(graph)
    assert "  hop_t1_1 ==> hop_t1_1_1\n" in text
    assert "  class hop_t1_1_1 failed\n" in text


def test_the_panels_tree_rows_are_the_runs_nodes_without_the_agents() -> None:
    state = _state()
    links = run_links(state)
    rows = tree_nodes(state)
    assert [r.id for r in rows] == [n for n, d in links.nodes.items() if d["kind"] != "agent"]
    assert [(r.id, r.parent, r.status) for r in rows if r.kind == "subagent"] == [
        ("hop:t1.1.1", "hop:t1.1", "failed"),  # listed before its asker, still under it
        ("hop:t1.1", "t1", "running"),
        ("hop:t1.2", "t1", "fulfilled"),  # its asker is unknown: under its own task
        ("hop:t2.1", "t2", "unable"),
    ]
    assert [(r.id, r.parent, r.after) for r in rows if r.kind == "task"] == [
        ("t1", "t2", []),
        ("t2", "goal", []),
        ("t3", "t1", ["t2"]),
    ]


def test_the_tree_and_the_mermaid_text_import_no_networkx() -> None:
    # A kernel's first run draws the panel: networkx costs half a second to import.
    code = (
        "import json, sys\n"
        "from notebook_router.planner.graph import to_mermaid\n"
        "from notebook_router.planner.run_links import run_links\n"
        "from notebook_router.planner.state import RunState, Task\n"
        "from notebook_router.render.panel_tree import tree_nodes\n"
        "state = RunState(run_id='r', query='q', goal='g')\n"
        "state.plan.add([Task(id='t1', description='d', agent='a')])\n"
        "rows = tree_nodes(state)\n"
        "text = to_mermaid(run_links(state))\n"
        "print(json.dumps([len(rows), 'flowchart TD' in text, 'networkx' in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [2, True, False]
