"""The run as a graph: networkx for programs, Mermaid text for people.

Both are made from :func:`~notebook_router.planner.run_links.run_links`, the
one walk of the run state (its docstring lists the nodes and links), which
the live panel's tree reads too. Pure functions of the run state, so they are
easy to snapshot-test and the panel can redraw from any saved state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from notebook_router.planner.run_links import RunLinks, run_links
from notebook_router.planner.state import RunState

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

    links = run_links(state)
    g: nx.DiGraph = nx.DiGraph()
    # Nodes first, in the walk's order (every link's ends are among them), each given
    # a copy of its data; then the links in the order they were named, as each node's
    # predecessor list expects. (An add_node call per node costs more: each one
    # clears networkx's caches.)
    g.add_nodes_from(links.nodes)
    attributes = g.nodes
    for node, data in links.nodes.items():
        attributes[node].update(data)
    g.add_edges_from((source, target, data) for (source, target), data in links.links.items())
    return g


def to_mermaid(graph: nx.DiGraph | RunLinks, *, max_label: int = 48) -> str:
    """Mermaid ``flowchart`` text for a run graph (or the run's links, without networkx);
    deterministic for a given graph, and the same text for a run's links and its graph."""
    nodes: Sequence[tuple[str, Mapping[str, object]]]
    edges: Sequence[tuple[str, str, Mapping[str, object]]]
    if isinstance(graph, RunLinks):
        nodes, edges = list(graph.nodes.items()), graph.edges()
    else:
        nodes, edges = list(graph.nodes(data=True)), list(graph.edges(data=True))
    ids = _mermaid_ids(node for node, _ in nodes)
    lines = ["flowchart TD"]
    for node, data in nodes:
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
    for src, dst, data in edges:
        kind = data.get("kind")
        arrow = "-.->" if kind == "assigned" else ("==>" if kind == "delegates" else "-->")
        lines.append(f"  {ids[src]} {arrow} {ids[dst]}")
    used = sorted({str(d.get("status")) for _, d in nodes} & STATUS_STYLE.keys())
    for status in used:
        lines.append(f"  classDef {status} {STATUS_STYLE[status]}")
    for status in used:
        members = [ids[n] for n, d in nodes if d.get("status") == status]
        lines.append(f"  class {','.join(members)} {status}")
    return "\n".join(lines) + "\n"


def _mermaid_ids(nodes: Iterable[str]) -> dict[str, str]:
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for node in nodes:
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
