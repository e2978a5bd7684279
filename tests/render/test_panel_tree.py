"""The panel's tree rows: tasks under their first dependency, hops under who asked, one line each."""

from __future__ import annotations

import json

from notebook_router.planner.rails import Limits
from notebook_router.planner.state import Hop, RunState, Task
from notebook_router.render.panel_state import panel_state
from notebook_router.render.panel_tree import LABEL_LIMIT, TreeNode, tree_nodes


def _state(*tasks: Task) -> RunState:
    state = RunState(run_id="r1", query="q", goal="Chart the sales")
    state.plan.add(list(tasks))
    return state


def _shape(nodes: list[TreeNode]) -> list[tuple[str, str | None, list[str]]]:
    return [(n.id, n.parent, n.after) for n in nodes]


def test_a_task_hangs_under_its_first_dependency_and_names_the_others() -> None:
    state = _state(
        Task(id="t1", description="load north", agent="loader"),
        Task(id="t2", description="load south", agent="loader"),
        Task(id="t3", description="merge", agent="merger", depends_on=("t2", "t1")),
        Task(id="t4", description="chart", agent="chart", depends_on=("t3",)),
    )
    nodes = tree_nodes(state)
    assert _shape(nodes) == [
        ("goal", None, []),
        ("t1", "goal", []),
        ("t2", "goal", []),
        ("t3", "t2", ["t1"]),  # the first dependency is the parent, as the plan lists them
        ("t4", "t3", []),
    ]
    goal, *_, merge, chart = nodes
    assert (goal.kind, goal.label, goal.status) == ("goal", "Chart the sales", "goal")
    assert (merge.kind, merge.agent, merge.label, merge.status) == (
        "task",
        "merger",
        "merge",
        "pending",
    )
    assert chart.duration_s is None


def test_delegation_hops_nest_under_their_own_task_and_the_hop_that_asked() -> None:
    # Two tasks of the same agent: the run graph shares one agent node between
    # them, yet each task's hops must hang under that task.
    state = _state(
        Task(id="t1", description="trip to Rome", agent="travel", status="running"),
        Task(id="t2", description="trip to Paris", agent="travel", status="fulfilled"),
    )

    def hop(rid: str, parent: str, task_id: str, agent: str, **more: object) -> Hop:
        path = ("travel", *(["experiences"] if "." in rid[3:] else []), agent)
        return Hop(
            request_id=rid,
            parent_id=parent,
            task_id=task_id,
            agent=agent,
            path=path,
            task=f"ask {agent}",
            **more,  # type: ignore[arg-type]
        )

    state.delegations = {
        "t1": [
            hop("t1.1", "t1", "t1", "experiences"),
            hop("t1.1.1", "t1.1", "t1", "restaurants", status="fulfilled", finished_at=2.5),
        ],
        "t2": [hop("t2.1", "t2", "t2", "hotels", status="unable", finished_at=0.25)],
    }
    nodes = {n.id: n for n in tree_nodes(state)}
    assert [(i, n.parent) for i, n in nodes.items() if n.kind == "subagent"] == [
        ("hop:t1.1", "t1"),
        ("hop:t1.1.1", "hop:t1.1"),
        ("hop:t2.1", "t2"),
    ]
    restaurants = nodes["hop:t1.1.1"]
    assert (restaurants.agent, restaurants.label, restaurants.status) == (
        "restaurants",
        "ask restaurants",
        "fulfilled",
    )
    assert restaurants.duration_s == 2.5 and nodes["hop:t1.1"].duration_s is None


def test_long_and_multi_line_labels_are_clipped_to_one_line() -> None:
    long = "Forecast next quarter's revenue\nfor every region " + "and product " * 40
    state = _state(Task(id="t1", description=long, agent="forecast"))
    state.goal = "a goal\n\nover lines"
    goal, task = tree_nodes(state)
    assert goal.label == "a goal over lines"
    assert len(task.label) <= LABEL_LIMIT and task.label.endswith("…")
    assert task.label.startswith("Forecast next quarter's revenue for every region and")


def test_the_panel_state_carries_the_tree_as_rows_the_widget_can_sync() -> None:
    state = _state(
        Task(id="t1", description="load", agent="loader", status="fulfilled"),
        Task(id="t2", description="chart", agent="chart", depends_on=("t1",), status="running"),
    )
    shown = panel_state(state, Limits(), elapsed_s=1.0)
    dumped = shown.model_dump()["tree"]
    assert json.loads(json.dumps(dumped)) == dumped  # plain JSON, as the trait sends it
    assert [(n["id"], n["parent"], n["status"]) for n in dumped] == [
        ("goal", None, "goal"),
        ("t1", "goal", "fulfilled"),
        ("t2", "t1", "running"),
    ]
