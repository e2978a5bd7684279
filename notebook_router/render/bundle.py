"""The MIME bundle a run displays as (``Out[n]``, saved notebooks, any front end).

One bundle serves every viewer: ``text/html`` (plan, answer and the tree as
a picture) for nbviewer, GitHub and nbconvert; ``image/svg+xml`` (graphviz)
and ``text/vnd.mermaid`` for tools that want the tree itself; ``text/plain``
for terminals. The notebook layer adds the live panel's widget view in front.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from notebook_router.media import Media
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.state import RunState
from notebook_router.render.html import render_html
from notebook_router.render.sharing import shared_line
from notebook_router.render.svg import to_svg
from notebook_router.render.text import render_text

if TYPE_CHECKING:
    import networkx as nx

    from notebook_router.planner.run import Run

MERMAID_MIME = "text/vnd.mermaid"


def graph_bundle(graph: nx.DiGraph) -> dict[str, str]:
    """A run graph as a diagram every front end draws (``%route graph``).

    The graphviz picture where ``dot`` is installed (nbconvert, nbviewer and
    classic front ends use it), a Markdown ``mermaid`` fence that JupyterLab
    4.1+, Notebook 7 and GitHub draw (and the only picture without graphviz),
    and the Mermaid source as text for terminals.
    """
    source = to_mermaid(graph)
    bundle = {"text/plain": source, "text/markdown": f"```mermaid\n{source.rstrip()}\n```\n"}
    svg = to_svg(graph)
    if svg is not None:
        bundle["image/svg+xml"] = svg
    return bundle


def run_bundle(
    run: Run, *, elapsed_s: float | None = None, notes: Sequence[str] = ()
) -> dict[str, str]:
    """The bundle for a live or finished ``run`` as it is now (``notes``: lines shown with it)."""
    state = run.state
    media: list[Media] = list(state.attachments)
    for result in state.results.values():
        media.extend(result.media)
    if elapsed_s is None and run.done():
        elapsed_s = run.result().duration_s
    # What a model run sent of the notebook's data (see render/sharing.py): a note of the
    # view, and the text's last line.
    shared = shared_line(state, f"{run.provider.name}:{run.provider.model}")
    bundle = state_bundle(
        state,
        elapsed_s=elapsed_s,
        media=media,
        notes=[*notes, shared] if shared else notes,
        max_iterations=run.limits.max_iterations,
    )
    if shared:
        bundle["text/plain"] += f"\n{shared}"
    return bundle


def state_bundle(
    state: RunState,
    *,
    elapsed_s: float | None,
    media: Sequence[Media] = (),
    notes: Sequence[str] = (),
    max_iterations: int | None = None,
) -> dict[str, str]:
    """The bundle for a run state (a live run's, or one rebuilt from the session database)."""
    references = state.context.get("references") or []
    if references:
        notes = [*notes, f"used: {'; '.join(str(r) for r in references)}"]
    bundle: dict[str, str] = {"text/plain": render_text(state)}
    svg: str | None = None
    if len(state.plan):
        graph = run_graph(state)
        svg = to_svg(graph)
        bundle[MERMAID_MIME] = to_mermaid(graph)
        if svg is not None:
            bundle["image/svg+xml"] = svg
    bundle["text/html"] = render_html(
        state,
        elapsed_s=elapsed_s,
        media=media,
        notes=notes,
        max_iterations=max_iterations,
        tree_svg=svg,
    )
    return bundle
