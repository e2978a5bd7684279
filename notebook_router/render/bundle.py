"""The MIME bundle a run displays as (live view, ``Out[n]``, saved notebooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.media import Media
from notebook_router.render.html import render_html
from notebook_router.render.text import render_text

if TYPE_CHECKING:
    from notebook_router.planner.run import Run


def run_bundle(run: Run, *, elapsed_s: float | None = None) -> dict[str, str]:
    """``text/plain`` and ``text/html`` for ``run`` as it is now."""
    state = run.state
    media: list[Media] = list(state.attachments)
    for result in state.results.values():
        media.extend(result.media)
    if elapsed_s is None and run.done():
        elapsed_s = run.result().duration_s
    references = state.context.get("references") or []
    notes = [f"used: {'; '.join(str(r) for r in references)}"] if references else []
    html = render_html(
        state,
        elapsed_s=elapsed_s,
        media=media,
        notes=notes,
        max_iterations=run.limits.max_iterations,
    )
    return {"text/plain": render_text(state), "text/html": html}
