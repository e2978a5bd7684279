"""The run's nodes and links, read from the run state without networkx.

One walk of the run state that every drawing of a run is made from: the
networkx graph and its Mermaid text (:mod:`~notebook_router.planner.graph`)
and the live panel's tree rows (``render/panel_tree.py``). The panel
redraws on every step of the loop and networkx costs half a second to
import in a kernel's first run, so the walk itself needs none.

Nodes: ``goal``; one per task (``t1``...); one per agent (``agent:<name>``);
one per request inside a tree of agents (``hop:<request id>``, e.g.
``hop:t1.3.1``), labelled with the sub-agent and coloured by its status.
Links: goal → task (``plans``, tasks with no dependencies), dependency → task
(``feeds``), task → agent (``assigned``, who did it), and agent → sub-agent →
sub-sub-agent (``delegates``) for each hop of a delegation, so the drawing is
the delegation tree as it happened.

Nodes and links follow networkx's rules, so the graph built from them is the
one a walk adding them to a ``DiGraph`` would give: a node takes its place
where it is first named (a link names both ends), naming it again adds to its
data; a link named again keeps its place and adds to its data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypedDict

from notebook_router.planner.state import Hop, RunState

NodeKind = Literal["goal", "task", "agent", "subagent"]
LinkKind = Literal["plans", "feeds", "assigned", "delegates"]


class NodeData(TypedDict, total=False):
    """What a node carries (the networkx node attributes); a node named only by a link has none."""

    kind: NodeKind
    label: str
    """The goal, the task's description, the agent's or the sub-agent's name."""
    status: str
    """``goal``, ``agent``, or the task's / hop's status (pending, running, failed, ...)."""
    agent: str
    depends_on: tuple[str, ...]
    duration_s: float | None
    path: tuple[str, ...]
    task: str
    """The request a sub-agent got."""
    answered_by: tuple[str, ...]
    confidence: float | None
    task_id: str
    """The task a hop serves: the agent node is shared by every task of that agent."""


class LinkData(TypedDict, total=False):
    """What a link carries (the networkx edge attributes)."""

    kind: LinkKind
    task: str
    """The request, on a ``delegates`` link."""


@dataclass
class RunLinks:
    """The run's nodes and links, in the order they were first named."""

    nodes: dict[str, NodeData] = field(default_factory=dict)
    links: dict[tuple[str, str], LinkData] = field(default_factory=dict)
    """Links by (source, target), in the order they were first named."""

    def add_node(self, name: str, data: NodeData) -> None:
        """Name a node (its place is kept if it was named before) and add ``data`` to it."""
        known = self.nodes.get(name)
        if known is None:
            self.nodes[name] = data
        else:
            known.update(data)

    def add_link(self, source: str, target: str, data: LinkData) -> None:
        """Link ``source`` to ``target``, naming either node first if it is new."""
        nodes = self.nodes
        if source not in nodes:
            nodes[source] = {}
        if target not in nodes:
            nodes[target] = {}
        known = self.links.get((source, target))
        if known is None:
            self.links[(source, target)] = data
        else:
            known.update(data)

    def edges(self) -> list[tuple[str, str, LinkData]]:
        """The links by source node (in node order), each source's in the order first named:
        the order networkx's ``DiGraph.edges`` lists them, which the Mermaid text follows."""
        by_source: dict[str, list[tuple[str, str, LinkData]]] = {}
        for (source, target), data in self.links.items():
            by_source.setdefault(source, []).append((source, target, data))
        return [edge for node in self.nodes for edge in by_source.get(node, ())]


def run_links(state: RunState) -> RunLinks:
    """The run's goal, tasks, agents and hops of delegations, and the links between them."""
    links = RunLinks()
    links.add_node("goal", {"kind": "goal", "label": state.goal, "status": "goal"})
    for task in state.plan:
        links.add_node(
            task.id,
            {
                "kind": "task",
                "label": task.description,
                "status": task.status,
                "agent": task.agent,
                "depends_on": tuple(task.depends_on),
                "duration_s": task.duration_s,
            },
        )
        if not task.depends_on:
            links.add_link("goal", task.id, {"kind": "plans"})
        for dep in task.depends_on:
            links.add_link(dep, task.id, {"kind": "feeds"})
        agent_node = f"agent:{task.agent}"
        if agent_node not in links.nodes:
            links.add_node(agent_node, {"kind": "agent", "label": task.agent, "status": "agent"})
        links.add_link(task.id, agent_node, {"kind": "assigned"})
        hops = state.delegations.get(task.id) if state.delegations else None
        if hops:
            _add_hops(links, agent_node, hops, task.id)
    return links


def _add_hops(links: RunLinks, agent_node: str, hops: list[Hop], task_id: str) -> None:
    ids = {hop.request_id for hop in hops}
    for hop in hops:
        node = f"hop:{hop.request_id}"
        links.add_node(
            node,
            {
                "kind": "subagent",
                "label": hop.agent,
                "status": hop.status,
                "path": hop.path,
                "task": hop.task,
                "answered_by": hop.answered_by,
                "confidence": hop.confidence,
                "task_id": task_id,
                "duration_s": (
                    None if hop.finished_at is None else max(0.0, hop.finished_at - hop.started_at)
                ),
            },
        )
        # A hop hangs under the hop that asked it, or under the task's agent.
        parent = f"hop:{hop.parent_id}" if hop.parent_id in ids else agent_node
        links.add_link(parent, node, {"kind": "delegates", "task": hop.task})
