"""The run as a graph: networkx for programs, Mermaid text for people.

Both are pure functions of the run state, so they are easy to snapshot-test
and the panel can redraw from any saved state.

Nodes: ``goal``; one per task (``t1``...); one per agent (``agent:<name>``);
one per request inside a tree of agents (``hop:<request id>``, e.g.
``hop:t1.3.1``), labelled with the sub-agent and coloured by its status.
Edges: goal → task (tasks with no dependencies), dependency → task,
task → agent (who did it), and agent → sub-agent → sub-sub-agent for each
hop of a delegation, so the drawing is the delegation tree as it happened.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from notebook_router.planner.state import Hop, RunState

if TYPE_CHECKING:  # imported by run_graph: to_mermaid alone needs no networkx
    import networkx as nx

STATUS_STYLE = {
    "pending": "fill:#f4f4f5,stroke:#a1a1aa,color:#3f3f46",
    "running": "fill:#dbeafe,stroke:#2563eb,stroke-width:3px,color:#1e3a8a",
    "fulfilled": "fill:#dcfce7,stroke:#16a34a,color:#14532d",
    "partial": "fill:#fef9c3,stroke:#ca8a04,color:#713f12",
    "unable": "fill:#ffedd5,stroke:#ea580c,color:#7c2d12",
    "needs_user_input": "fill:#e0f2fe,stroke:#0284c7,stroke-dasharray:6 3,color:#0c4a6e",
    "failed": "fill:#fee2e2,stroke:#dc2626,color:#7f1d1d",
    "cancelled": "fill:#f4f4f5,stroke:#71717a,stroke-dasharray:4 3,color:#52525b",
    "skipped": "fill:#fafafa,stroke:#a1a1aa,stroke-dasharray:2 2,color:#52525b",
    "goal": "fill:#ede9fe,stroke:#7c3aed,color:#3b0764",
    "agent": "fill:#ffffff,stroke:#64748b,color:#0f172a",
}


def run_graph(state: RunState) -> nx.DiGraph:
    """The run's goal, tasks, agents and their links as a networkx DiGraph."""
    import networkx as nx

    g: nx.DiGraph = nx.DiGraph()
    g.add_node("goal", kind="goal", label=state.goal, status="goal")
    for task in state.plan:
        g.add_node(
            task.id,
            kind="task",
            label=task.description,
            status=task.status,
            agent=task.agent,
            depends_on=tuple(task.depends_on),
            duration_s=task.duration_s,
        )
        if not task.depends_on:
            g.add_edge("goal", task.id, kind="plans")
        for dep in task.depends_on:
            g.add_edge(dep, task.id, kind="feeds")
        agent_node = f"agent:{task.agent}"
        if agent_node not in g:
            g.add_node(agent_node, kind="agent", label=task.agent, status="agent")
        g.add_edge(task.id, agent_node, kind="assigned")
        hops = state.delegations.get(task.id) if state.delegations else None
        if hops:
            _add_hops(g, agent_node, hops, task.id)
    return g


def _add_hops(g: nx.DiGraph, agent_node: str, hops: list[Hop], task_id: str) -> None:
    ids = {hop.request_id for hop in hops}
    for hop in hops:
        node = f"hop:{hop.request_id}"
        g.add_node(
            node,
            kind="subagent",
            label=hop.agent,
            status=hop.status,
            path=hop.path,
            task=hop.task,
            answered_by=hop.answered_by,
            confidence=hop.confidence,
            # The agent node is shared by every task of that agent: the task id
            # says which task a hop serves (the panel's tree nests hops under it).
            task_id=task_id,
            duration_s=(
                None if hop.finished_at is None else max(0.0, hop.finished_at - hop.started_at)
            ),
        )
        parent = f"hop:{hop.parent_id}" if hop.parent_id in ids else agent_node
        g.add_edge(parent, node, kind="delegates", task=hop.task)


def to_mermaid(graph: nx.DiGraph, *, max_label: int = 48) -> str:
    """Mermaid ``flowchart`` text for a run graph; deterministic for a given graph."""
    ids = _mermaid_ids(graph)
    lines = ["flowchart TD"]
    for node, data in graph.nodes(data=True):
        label = _label(str(data.get("label", node)), max_label)
        if data.get("kind") == "task":
            label = f"{node} · {label}"
        kind = data.get("kind")
        shape = (
            ("([", "])")
            if kind == "goal"
            else (("[/", "/]") if kind in ("agent", "subagent") else ("[", "]"))
        )
        lines.append(f'  {ids[node]}{shape[0]}"{label}"{shape[1]}')
    for src, dst, data in graph.edges(data=True):
        kind = data.get("kind")
        arrow = "-.->" if kind == "assigned" else ("==>" if kind == "delegates" else "-->")
        lines.append(f"  {ids[src]} {arrow} {ids[dst]}")
    used = sorted({str(d.get("status")) for _, d in graph.nodes(data=True)} & STATUS_STYLE.keys())
    for status in used:
        lines.append(f"  classDef {status} {STATUS_STYLE[status]}")
    for status in used:
        members = [ids[n] for n, d in graph.nodes(data=True) if d.get("status") == status]
        lines.append(f"  class {','.join(members)} {status}")
    return "\n".join(lines) + "\n"


def _mermaid_ids(graph: nx.DiGraph) -> dict[str, str]:
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for node in graph.nodes:
        base = re.sub(r"\W", "_", str(node)) or "n"
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}_{n}", n + 1
        ids[node] = candidate
        taken.add(candidate)
    return ids


def _label(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return (
        text.replace("&", "#amp;").replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")
    )
