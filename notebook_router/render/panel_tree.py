"""The live panel's delegation tree as rows: an outline, not a diagram.

The panel draws the run graph (the nodes and links of
:func:`~notebook_router.planner.graph.run_graph`, read from the run state here without
networkx, which costs half a second to import in a kernel's first run) as an indented
tree it can update row by row: every node has one parent, so the browser never lays out
a graph. A task hangs under its first dependency
(or the goal) and names its other dependencies in ``after``; each hop of a
delegation hangs under its task, or under the hop that asked it. The same graph
still gives the Mermaid text (``to_mermaid``) and graphviz's picture for the
saved notebook. Pure: nothing here imports IPython or widget code.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from notebook_router.planner.state import Hop, RunState
from notebook_router.text.preview import preview

LABEL_LIMIT = 120
"""Characters of a node's text the tree shows (one line; the plan table has the rest)."""

NodeKind = Literal["goal", "task", "subagent"]


class TreeNode(BaseModel):
    """One row of the panel's tree."""

    id: str
    """``goal``, a task id (``t3``) or ``hop:<request id>`` (``hop:t1.2``), as in the run graph."""
    parent: str | None
    """The row this one hangs under (None for the goal only)."""
    kind: NodeKind
    label: str
    """The goal, the task's description or the request a sub-agent got, clipped to one line."""
    agent: str
    status: str
    """``goal``, or the task's / hop's status (pending, running, fulfilled, ...)."""
    after: list[str]
    """Dependencies other than the parent: the tree shows them as "after t3"."""
    duration_s: float | None


def tree_nodes(state: RunState) -> list[TreeNode]:
    """The run's tree rows, parents before children in plan order."""
    graph = _Outline()
    graph.node("goal", kind="goal", label=state.goal, status="goal")
    for task in state.plan:
        graph.node(
            task.id,
            kind="task",
            label=task.description,
            status=task.status,
            agent=task.agent,
            depends_on=tuple(task.depends_on),
            duration_s=task.duration_s,
        )
        for dep in task.depends_on:
            graph.node(dep)  # where run_graph's edge would put it: first mention
        agent_node = f"agent:{task.agent}"
        graph.node(agent_node, kind="agent")
        hops = state.delegations.get(task.id) if state.delegations else None
        if hops:
            _add_hops(graph, agent_node, hops, task.id)
    nodes: list[TreeNode] = []
    tasks = {n for n, d in graph.nodes.items() if d.get("kind") == "task"}
    for node, data in graph.nodes.items():
        kind = data.get("kind")
        if kind == "goal":
            nodes.append(_row(node, None, "goal", data, agent=""))
        elif kind == "task":
            # Dependencies in the order the plan gave them.
            deps = [str(d) for d in data.get("depends_on", ()) if d in tasks and d != node]
            parent = deps[0] if deps else "goal"
            nodes.append(_row(node, parent, "task", data, after=deps[1:]))
        elif kind == "subagent":
            asker = graph.asked_by.get(node)
            from_hop = asker is not None and graph.nodes[asker].get("kind") == "subagent"
            parent = str(asker) if from_hop else str(data.get("task_id", "goal"))
            nodes.append(_row(node, parent, "subagent", data, label=str(data.get("task", ""))))
    return nodes


class _Outline:
    """The run graph's nodes in run_graph's order (first mention), and who asked each hop."""

    def __init__(self) -> None:
        self.nodes: dict[str, dict[str, Any]] = {}
        self.asked_by: dict[str, str] = {}

    def node(self, name: str, **data: Any) -> None:
        self.nodes.setdefault(name, {}).update(data)


def _add_hops(graph: _Outline, agent_node: str, hops: list[Hop], task_id: str) -> None:
    ids = {hop.request_id for hop in hops}
    for hop in hops:
        node = f"hop:{hop.request_id}"
        graph.node(
            node,
            kind="subagent",
            label=hop.agent,
            status=hop.status,
            task=hop.task,
            task_id=task_id,
            duration_s=(
                None if hop.finished_at is None else max(0.0, hop.finished_at - hop.started_at)
            ),
        )
        parent = f"hop:{hop.parent_id}" if hop.parent_id in ids else agent_node
        graph.node(parent)
        graph.asked_by.setdefault(node, parent)


def _row(
    node: Any,
    parent: str | None,
    kind: NodeKind,
    data: dict[str, Any],
    *,
    agent: str | None = None,
    label: str | None = None,
    after: list[str] | None = None,
) -> TreeNode:
    text = str(data.get("label", node)) if label is None else label
    return TreeNode(
        id=str(node),
        parent=parent,
        kind=kind,
        label=preview(" ".join(text.split()), LABEL_LIMIT),
        agent=str(data.get("agent", data.get("label", ""))) if agent is None else agent,
        status=str(data.get("status", "")),
        after=after or [],
        duration_s=data.get("duration_s"),
    )
