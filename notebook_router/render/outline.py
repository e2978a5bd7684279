"""The delegation tree as an outline with groups: the live panel's rules, for static views.

The live panel (``widgets/src/tree.js``) shows a parent with many children as
groups, by agent or by status, with the groups that need attention first. The
finished view and ``%route graph`` show the same outline without a browser
script, so the same rules live here, over the same rows
(:func:`~notebook_router.render.panel_tree.tree_nodes`). Pure: no HTML here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from notebook_router.render.panel_tree import TreeNode

GROUP_OVER = 8
"""A parent with more children than this shows them as groups (tree.js: GROUP_OVER)."""
MAX_AGENT_GROUPS = 8
"""More distinct agents than this among the children: grouped by status instead."""
STATUS_ORDER = (
    "running",
    "failed",
    "needs_user_input",
    "unable",
    "partial",
    "pending",
    "fulfilled",
    "cancelled",
    "skipped",
)
ATTENTION = frozenset({"running", "failed", "needs_user_input"})
"""Statuses a reader should see first: a group holding one starts open."""


def status_word(status: str) -> str:
    """A status as words (``needs_user_input`` → ``needs input``)."""
    return "needs input" if status == "needs_user_input" else status.replace("_", " ")


def counts_text(counts: Counter[str]) -> str:
    """``3 running · 12 fulfilled``: statuses in the panel's order."""
    order = {s: i for i, s in enumerate(STATUS_ORDER)}
    ranked = sorted(counts.items(), key=lambda kv: order.get(kv[0], len(order)))
    return " · ".join(f"{n} {status_word(status)}" for status, n in ranked)


@dataclass
class Branch:
    """One row of the outline and what hangs under it."""

    node: TreeNode
    children: list[Branch | Group] = field(default_factory=list)


@dataclass
class Group:
    """Children of one parent that share an agent (or a status), shown together."""

    by: Literal["agent", "status"]
    name: str
    members: list[Branch]
    counts: Counter[str]

    @property
    def label(self) -> str:
        """``loader ×20`` or ``fulfilled ×48``."""
        name = self.name if self.by == "agent" else status_word(self.name)
        return f"{name} ×{len(self.members)}"

    @property
    def urgent(self) -> bool:
        """Whether a member needs attention (running, failed, waiting for input)."""
        return any(status in ATTENTION for status in self.counts)


def outline(nodes: list[TreeNode]) -> list[Branch]:
    """The tree rows as branches, parents before children; large families grouped."""
    by_id = {n.id: n for n in nodes}
    children: dict[str, list[TreeNode]] = {}
    roots: list[TreeNode] = []
    for n in nodes:
        parent = n.parent
        if parent is None or parent == n.id or parent not in by_id:
            roots.append(n)
        else:
            children.setdefault(parent, []).append(n)
    seen: set[str] = set()

    def grow(node: TreeNode) -> Branch | None:
        if node.id in seen:  # a loop (never in a valid plan) is cut, not followed
            return None
        seen.add(node.id)
        kids = [b for k in children.get(node.id, ()) if (b := grow(k)) is not None]
        return Branch(node, _grouped(kids) if len(kids) > GROUP_OVER else list(kids))

    branches = [b for r in roots if (b := grow(r)) is not None]
    # Rows whose parents loop among themselves still show, at the top.
    branches += [b for n in nodes if n.id not in seen if (b := grow(n)) is not None]
    return branches


def _grouped(kids: list[Branch]) -> list[Branch | Group]:
    agents = {k.node.agent for k in kids}
    by: Literal["agent", "status"] = "agent" if 1 < len(agents) <= MAX_AGENT_GROUPS else "status"
    groups: dict[str, Group] = {}
    for kid in kids:
        name = (kid.node.agent or "?") if by == "agent" else kid.node.status
        group = groups.setdefault(name, Group(by, name, [], Counter()))
        group.members.append(kid)
        group.counts[kid.node.status] += 1
    order = {s: i for i, s in enumerate(STATUS_ORDER)}

    def rank(g: Group) -> int:
        if by == "status":
            return order.get(g.name, len(order))
        return 0 if g.urgent else 1

    ranked = sorted(groups.values(), key=rank)  # stable: first seen first within a rank
    return [*ranked]


def walk(branches: list[Branch]) -> list[TreeNode]:
    """Every node of the outline, depth first (groups opened)."""
    out: list[TreeNode] = []

    def visit(items: list[Branch | Group]) -> None:
        for item in items:
            if isinstance(item, Group):
                visit(list(item.members))
            else:
                out.append(item.node)
                visit(item.children)

    visit(list(branches))
    return out
