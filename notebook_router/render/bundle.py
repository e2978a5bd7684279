"""The MIME bundle a run displays as (``Out[n]``, saved notebooks, any front end).

One bundle serves every viewer: ``text/html`` (the finished view: answer,
evidence, steering, plan, the tree as an outline and, for small runs, a
picture) for every notebook front end, nbviewer, GitHub and nbconvert;
``image/svg+xml`` (graphviz, small runs) and ``text/vnd.mermaid`` for tools
that want the tree itself; ``text/plain`` for terminals. The notebook layer
adds the live panel's widget view in front.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.state import RunState
from notebook_router.render import svg
from notebook_router.render.html import graph_html, render_html
from notebook_router.render.sharing import shared_line
from notebook_router.render.text import render_text
from notebook_router.render.tree_html import DIAGRAM_NODES

if TYPE_CHECKING:
    from notebook_router.planner.run import Run

MERMAID_MIME = "text/vnd.mermaid"


def graph_bundle(state: RunState) -> dict[str, str]:
    """A run's graph as a diagram every front end shows (``%route graph``).

    ``text/html`` is what notebooks, nbviewer and nbconvert's pages show, with no
    script and nothing fetched: graphviz's picture where ``dot`` is installed,
    else the run's outline (the live panel's tree) with a line on how to get
    graphviz. Beside it, the picture as ``image/svg+xml``, a Markdown ``mermaid``
    fence for Markdown-only viewers, and the Mermaid source as text for terminals.
    """
    graph = run_graph(state)
    source = to_mermaid(graph)
    bundle = {"text/plain": source, "text/markdown": f"```mermaid\n{source.rstrip()}\n```\n"}
    picture = svg.to_svg(graph)
    if picture is not None:
        bundle["image/svg+xml"] = picture
    failure = svg.last_failure() if picture is None else ""
    bundle["text/html"] = graph_html(
        state, picture, dot_installed=svg.dot_available(), failure=failure
    )
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
        events=run.history,
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
    events: Sequence[ev.Event] = (),
) -> dict[str, str]:
    """The bundle for a run state (a live run's, or one rebuilt from the session database),
    with ``events`` (the run's events so far) for the steering it records."""
    references = state.context.get("references") or []
    if references:
        notes = [*notes, f"used: {'; '.join(str(r) for r in references)}"]
    prefetched = prefetch_line(events)
    if prefetched:
        notes = [*notes, prefetched]
    bundle: dict[str, str] = {"text/plain": render_text(state, events)}
    picture: str | None = None
    failure = ""
    if len(state.plan):
        graph = run_graph(state)
        bundle[MERMAID_MIME] = to_mermaid(graph)
        # Drawn only where the view shows it: a picture of a large run reads at no size.
        if graph.number_of_nodes() <= DIAGRAM_NODES:
            picture = svg.to_svg(graph)
            failure = svg.last_failure() if picture is None else ""
        if picture is not None:
            bundle["image/svg+xml"] = picture
    bundle["text/html"] = render_html(
        state,
        elapsed_s=elapsed_s,
        media=media,
        notes=notes,
        max_iterations=max_iterations,
        tree_svg=picture,
        events=events,
        dot_installed=svg.dot_available(),
        tree_failure=failure,
    )
    return bundle


def prefetch_line(events: Sequence[ev.Event]) -> str:
    """What came of the files the run's prefetch read, as its trace said before the
    answer ("" if it read none): whether the readers were loaded in time is left to the
    trace, since it depends on the machine's timing and the view must not."""
    for event in reversed(events):
        # planner.prefetch.NOTE, named here so a view need not import the readers
        if (
            isinstance(event, ev.TraceNote)
            and event.note == "prefetch"
            and event.data.get("stage") == "settled"
        ):
            files = event.data.get("files")
            return f"prefetch: {files}" if files else ""
    return ""
