"""The run's outline drawn as SVG, for ``%route graph`` where graphviz is not installed.

nbconvert's HTML (opened offline) and nbviewer cannot run Mermaid, so the
graph output carries a picture beside its Mermaid fence. Without graphviz
that picture is the outline itself: one row per node, indented under its
parent, every group written out (a picture cannot open on click). Each row
is a light label with dark text, readable on light and dark pages alike.
"""

from __future__ import annotations

from html import escape

from notebook_router.planner.graph import STATUS_STYLE
from notebook_router.render.numbers import seconds
from notebook_router.render.outline import Branch, Group, counts_text
from notebook_router.render.panel_tree import TreeNode
from notebook_router.render.text import STATUS_MARK

ROW_PX = 22
INDENT_PX = 18
FONT_PX = 12
CHAR_PX = 7.2
"""About how wide a character of 12 px sans-serif is (the picture's width is estimated)."""
PAD_PX = 8


def outline_svg(branches: list[Branch]) -> str:
    """An SVG picture of ``branches`` (see the module's docstring)."""
    rows: list[tuple[int, str, str]] = []  # depth, text, status

    def visit(items: list[Branch | Group], depth: int) -> None:
        for item in items:
            if isinstance(item, Group):
                counts = counts_text(item.counts) if item.by == "agent" else ""
                rows.append((depth, item.label + (f" · {counts}" if counts else ""), "group"))
                visit(list(item.members), depth + 1)
            else:
                rows.append((depth, _text(item.node), item.node.status))
                visit(item.children, depth + 1)

    visit(list(branches), 0)
    width = max((PAD_PX * 2 + d * INDENT_PX + len(t) * CHAR_PX for d, t, _ in rows), default=100)
    height = PAD_PX * 2 + len(rows) * ROW_PX
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" font-family="Helvetica,Arial,sans-serif" '
        f'font-size="{FONT_PX}" role="img"><title>The run as an outline</title>'
    ]
    for i, (depth, text, status) in enumerate(rows):
        fill, stroke, color = _colours(status)
        x = PAD_PX + depth * INDENT_PX
        y = PAD_PX + i * ROW_PX
        if depth:
            parts.append(
                f'<path d="M{x - INDENT_PX + 6} {y - 4}V{y + ROW_PX / 2 - 2}H{x}" '
                'fill="none" stroke="#94a3b8"/>'
            )
        w = len(text) * CHAR_PX + 10
        parts.append(
            f'<rect x="{x}" y="{y}" width="{w:.0f}" height="{ROW_PX - 4}" rx="4" '
            f'fill="{fill}" stroke="{stroke}"/>'
            f'<text x="{x + 5}" y="{y + ROW_PX / 2 + 2}" fill="{color}">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _text(node: TreeNode) -> str:
    if node.kind == "goal":
        return node.label
    mark = STATUS_MARK.get(node.status, "·")
    who = f" · {node.agent}" if node.agent else ""
    after = f" · after {', '.join(node.after)}" if node.after else ""
    took = f" · {seconds(node.duration_s)}" if node.duration_s is not None else ""
    ident = f"{node.id} " if node.kind == "task" else ""
    return f"{mark} {ident}{node.label}{who}{after}{took}"


def _colours(status: str) -> tuple[str, str, str]:
    css = STATUS_STYLE.get("agent" if status == "group" else status, STATUS_STYLE["agent"])
    props = dict(part.split(":", 1) for part in css.split(","))
    return (
        props.get("fill", "#ffffff"),
        props.get("stroke", "#64748b"),
        props.get("color", "#0f172a"),
    )
