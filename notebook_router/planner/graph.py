"""The run as a graph: networkx for programs, Mermaid text for people.

Both are pure functions of the run state, so they are easy to snapshot-test
and the panel can redraw from any saved state.

Nodes: ``goal``; one per task (``t1``...); one per agent (``agent:<name>``).
Edges: goal → task (tasks with no dependencies), dependency → task, and
task → agent (who did it).
"""

from __future__ import annotations

import re

import networkx as nx

from notebook_router.planner.state import RunState

STATUS_STYLE = {
    "pending": "fill:#f4f4f5,stroke:#a1a1aa,color:#3f3f46",
    "running": "fill:#dbeafe,stroke:#2563eb,stroke-width:3px,color:#1e3a8a",
    "fulfilled": "fill:#dcfce7,stroke:#16a34a,color:#14532d",
    "partial": "fill:#fef9c3,stroke:#ca8a04,color:#713f12",
    "unable": "fill:#ffedd5,stroke:#ea580c,color:#7c2d12",
    "failed": "fill:#fee2e2,stroke:#dc2626,color:#7f1d1d",
    "cancelled": "fill:#f4f4f5,stroke:#71717a,stroke-dasharray:4 3,color:#52525b",
    "skipped": "fill:#fafafa,stroke:#d4d4d8,stroke-dasharray:2 2,color:#a1a1aa",
    "goal": "fill:#ede9fe,stroke:#7c3aed,color:#3b0764",
    "agent": "fill:#ffffff,stroke:#64748b,color:#0f172a",
}


def run_graph(state: RunState) -> nx.DiGraph:
    """The run's goal, tasks, agents and their links as a networkx DiGraph."""
    g: nx.DiGraph = nx.DiGraph()
    g.add_node("goal", kind="goal", label=state.goal, status="goal")
    for task in state.plan:
        g.add_node(
            task.id,
            kind="task",
            label=task.description,
            status=task.status,
            agent=task.agent,
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
    return g


def to_mermaid(graph: nx.DiGraph, *, max_label: int = 48) -> str:
    """Mermaid ``flowchart`` text for a run graph; deterministic for a given graph."""
    ids = _mermaid_ids(graph)
    lines = ["flowchart TD"]
    for node, data in graph.nodes(data=True):
        label = _label(str(data.get("label", node)), max_label)
        if data.get("kind") == "task":
            label = f"{node} · {label}"
        shape = (
            ("([", "])")
            if data.get("kind") == "goal"
            else (("[/", "/]") if data.get("kind") == "agent" else ("[", "]"))
        )
        lines.append(f'  {ids[node]}{shape[0]}"{label}"{shape[1]}')
    for src, dst, data in graph.edges(data=True):
        arrow = "-.->" if data.get("kind") == "assigned" else "-->"
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
