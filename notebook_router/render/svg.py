"""The run graph as an SVG picture (graphviz), for saved notebooks viewed without a kernel.

nbviewer, GitHub and ``jupyter nbconvert --to html`` cannot run the panel's
Mermaid, so the static view carries a picture drawn by graphviz. When the
``dot`` program is not installed the picture is left out (logged once, with
the command that installs it); the Mermaid text and the HTML plan still show.
"""

from __future__ import annotations

import functools
import logging
import re
import shutil
from typing import TYPE_CHECKING

from notebook_router.planner.graph import STATUS_STYLE

if TYPE_CHECKING:  # imported when a picture is drawn, not when a view is registered
    import graphviz
    import networkx as nx

log = logging.getLogger("notebook_router")


@functools.cache
def dot_available() -> bool:
    """Whether graphviz's ``dot`` is installed (logged once when it is not)."""
    if shutil.which("dot") is None:
        log.info(
            "notebook_router: graphviz's `dot` is not installed, so saved notebooks show the "
            "plan without a tree picture (`apt-get install graphviz` or `conda install graphviz`)"
        )
        return False
    return True


def to_dot(graph: nx.DiGraph, *, max_label: int = 40) -> graphviz.Digraph:
    """A graphviz digraph of a run graph (the same nodes, edges and colours as the Mermaid view)."""
    import graphviz

    dot = graphviz.Digraph("run")
    dot.attr("graph", rankdir="TB", bgcolor="transparent", nodesep="0.25", ranksep="0.35")
    dot.attr("node", fontname="Helvetica", fontsize="10", style="rounded,filled", shape="box")
    dot.attr("edge", color="#94a3b8", arrowsize="0.6")
    ids = {node: f"n{i}" for i, node in enumerate(graph.nodes)}
    for node, data in graph.nodes(data=True):
        kind = data.get("kind")
        label = _label(str(data.get("label", node)), max_label)
        if kind == "task":
            label = f"{node} · {label}"
        shape = "ellipse" if kind == "goal" else ("parallelogram" if kind == "agent" else "box")
        dot.node(ids[node], label=label, shape=shape, **_style(str(data.get("status", ""))))
    for src, dst, data in graph.edges(data=True):
        dot.edge(ids[src], ids[dst], style="dashed" if data.get("kind") == "assigned" else "solid")
    return dot


def to_svg(graph: nx.DiGraph) -> str | None:
    """The graph drawn by ``dot`` as SVG text, or None when graphviz is unavailable or fails
    (:func:`last_failure` then says why)."""
    if not dot_available():
        return None
    return _draw(to_dot(graph).source)


def last_failure() -> str:
    """Why graphviz could not draw the last picture asked for ("" when it drew it): the
    static view says so, rather than the kernel's log alone."""
    return _failure


_DRAWN: dict[str, str] = {}
"""Pictures drawn, by dot source (the panel and the cell's result draw the same final
graph: dot runs once). A failure is not kept: the next view tries again."""
_failure = ""


def _draw(source: str) -> str | None:
    global _failure
    import graphviz

    if source in _DRAWN:
        _failure = ""
        return _DRAWN[source]
    error: Exception | None = None
    for _ in range(2):  # on a cold machine dot has failed once, then drawn
        try:
            svg = graphviz.pipe("dot", "svg", source.encode()).decode()
            break
        except (graphviz.ExecutableNotFound, graphviz.CalledProcessError, OSError) as exc:
            error = exc
    else:
        _failure = " ".join(f"{type(error).__name__}: {error}".split())[:300]
        log.warning("notebook_router: graphviz could not draw the run graph: %s", _failure)
        return None
    _failure = ""
    # Drop the XML prologue and graphviz's version comment: the picture can be
    # inlined, and a saved notebook does not change with the graphviz version.
    svg = re.sub(r"^.*?(?=<svg)", "", svg, flags=re.S)
    svg = re.sub(r"<!--.*?-->\s*", "", svg, flags=re.S)
    if len(_DRAWN) >= 64:
        _DRAWN.pop(next(iter(_DRAWN)))
    _DRAWN[source] = svg
    return svg


def _style(status: str) -> dict[str, str]:
    css = STATUS_STYLE.get(status, STATUS_STYLE["agent"])
    props = dict(part.split(":", 1) for part in css.split(","))
    style = {
        "fillcolor": props.get("fill", "#ffffff"),
        "color": props.get("stroke", "#64748b"),
        "fontcolor": props.get("color", "#0f172a"),
    }
    if "stroke-width" in props:
        style["penwidth"] = props["stroke-width"].removesuffix("px")
    if "stroke-dasharray" in props:
        style["style"] = "rounded,filled,dashed"
    return style


def _label(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
