"""The live panel's delegation tree as rows: an outline, not a diagram.

The panel draws the run's nodes and links (:func:`~notebook_router.planner.run_links.run_links`,
the walk the networkx graph and the Mermaid text are made from too, read without networkx,
which costs half a second to import in a kernel's first run) as an indented tree it can
update row by row: every node has one parent, so the browser never lays out a graph. A
task hangs under its first dependency (or the goal) and names its other dependencies in
``after``; each hop of a delegation hangs under its task, or under the hop that asked it.
Agents are no rows: a row names its agent. Pure: nothing here imports IPython or widget code.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from notebook_router.planner.run_links import NodeData, run_links
from notebook_router.planner.state import RunState
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
    links = run_links(state)
    asked_by: dict[str, str] = {}  # hop -> the node whose delegation first named it
    for (source, target), link in links.links.items():
        if link.get("kind") == "delegates":
            asked_by.setdefault(target, source)
    nodes: list[TreeNode] = []
    tasks = {n for n, d in links.nodes.items() if d.get("kind") == "task"}
    for node, data in links.nodes.items():
        kind = data.get("kind")
        if kind == "goal":
            nodes.append(_row(node, None, "goal", data, agent=""))
        elif kind == "task":
            # Dependencies in the order the plan gave them.
            deps = [str(d) for d in data.get("depends_on", ()) if d in tasks and d != node]
            parent = deps[0] if deps else "goal"
            nodes.append(_row(node, parent, "task", data, after=deps[1:]))
        elif kind == "subagent":
            asker = asked_by.get(node)
            from_hop = asker is not None and links.nodes[asker].get("kind") == "subagent"
            parent = str(asker) if from_hop else str(data.get("task_id", "goal"))
            nodes.append(_row(node, parent, "subagent", data, label=str(data.get("task", ""))))
    return nodes


def _row(
    node: str,
    parent: str | None,
    kind: NodeKind,
    data: NodeData,
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
