"""The finished view's delegation tree: the live panel's outline as HTML, and a diagram.

The outline (:mod:`~notebook_router.render.outline`) reads at any size: one
row per task and sub-agent, nested lists, large families in groups that open
on click (``<details>``). Graphviz's picture comes with it, folded, for runs
small enough to draw readably; without ``dot`` installed the view says how to
get it, and the outline is the tree.
"""

from __future__ import annotations

import base64

from notebook_router.render.html_parts import esc, fold
from notebook_router.render.numbers import seconds
from notebook_router.render.outline import Branch, Group, counts_text, status_word
from notebook_router.render.panel_tree import TreeNode
from notebook_router.render.text import STATUS_MARK

DIAGRAM_NODES = 30
"""Graphs with more nodes than this get no picture: it would not read at any size."""
OPEN_GROUP = 8
"""A group that needs a look (failed, waiting for input) starts open up to this many rows."""
INSTALL_DOT = "apt-get install graphviz, brew install graphviz or conda install graphviz"


def outline_html(branches: list[Branch]) -> str:
    """The outline as nested lists (groups folded)."""
    return '<ul class="nr-outline">' + "".join(_item(b) for b in branches) + "</ul>"


def _item(item: Branch | Group) -> str:
    if isinstance(item, Group):
        counts = counts_text(item.counts) if item.by == "agent" else ""
        summary = esc(item.label) + (
            f' <span class="nr-muted">· {esc(counts)}</span>' if counts else ""
        )
        inner = "<ul>" + "".join(_item(m) for m in item.members) + "</ul>"
        opened = item.urgent and len(item.members) <= OPEN_GROUP
        return f'<li class="nr-tg">{fold(summary, inner, opened=opened)}</li>'
    row = _row(item.node)
    if not item.children:
        return f"<li>{row}</li>"
    return f"<li>{row}<ul>{''.join(_item(c) for c in item.children)}</ul></li>"


def _row(n: TreeNode) -> str:
    if n.kind == "goal":
        return f'<div class="nr-tn" data-node="goal"><b>{esc(n.label)}</b></div>'
    mark = STATUS_MARK.get(n.status, "·")
    parts = [
        f'<span class="nr-st nr-st-{esc(n.status)}" title="{esc(status_word(n.status))}">'
        f"{mark}</span>"
    ]
    if n.kind == "task":
        parts.append(f'<span class="nr-id">{esc(n.id)}</span>')
    parts.append(f"<span>{esc(n.label)}</span>")
    if n.agent:
        parts.append(f'<span class="nr-agent">{esc(n.agent)}</span>')
    if n.after:
        parts.append(f'<span class="nr-after">after {esc(", ".join(n.after))}</span>')
    if n.duration_s is not None:
        parts.append(f'<span class="nr-time">{seconds(n.duration_s)}</span>')
    return f'<div class="nr-tn" data-node="{esc(n.id)}">{" ".join(parts)}</div>'


def diagram_html(svg: str | None, nodes: int, *, dot_installed: bool, failure: str = "") -> str:
    """Graphviz's picture, folded; or a line saying why there is none and how to get one
    (``failure``: why an installed graphviz could not draw it)."""
    if nodes > DIAGRAM_NODES:
        return (
            f'<div class="nr-note">No diagram: {nodes} nodes read better as the outline above '
            "(<code>%route graph</code> draws the whole graph).</div>"
        )
    if svg is None:
        if dot_installed and failure:
            return (
                f'<div class="nr-note">No diagram: graphviz could not draw it ({esc(failure)}); '
                "the outline above is the whole tree, and <code>%route graph</code> tries "
                "again.</div>"
            )
        if dot_installed:
            return ""  # not drawn: the outline is the tree
        return (
            '<div class="nr-note">No diagram: graphviz\'s <code>dot</code> is not installed '
            f"here ({esc(INSTALL_DOT)}); the outline above is the whole tree.</div>"
        )
    # An <img> rather than inline SVG: graphviz's element ids would clash between
    # runs on one page, and sanitisers (GitHub) keep data images.
    encoded = base64.b64encode(svg.encode()).decode()
    picture = (
        '<div class="nr-diagram-box" style="overflow:auto;max-height:560px;max-width:100%">'
        '<img alt="The run as a graph: goal, tasks and agents" '
        f'src="data:image/svg+xml;base64,{encoded}"/></div>'
    )
    return fold("diagram", picture, cls="nr-diagram")
