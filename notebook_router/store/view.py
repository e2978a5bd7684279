"""A stored run as the notebook shows it: the same renderers as a live run, from the database."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.render.html import render_html
from notebook_router.render.text import render_text
from notebook_router.store.restore import Rebuilt

if TYPE_CHECKING:
    from notebook_router.store.models import RunInfo


def stored_bundle(rebuilt: Rebuilt, info: RunInfo) -> dict[str, str]:
    """``text/plain`` and ``text/html`` for a stored run (what ``%route show`` displays)."""
    state = rebuilt.state
    notes = [_provenance(info)]
    references = state.context.get("references") or []
    if references:
        notes.append(f"used: {'; '.join(str(r) for r in references)}")
    if info.status == "interrupted":
        notes.append(f"interrupted: `%route resume {info.id}` continues it")
    html = render_html(
        state,
        elapsed_s=rebuilt.elapsed_s,
        media=rebuilt.media,
        notes=notes,
        max_iterations=info.max_iterations,
    )
    text = render_text(state)
    if info.status == "interrupted":
        text = text.replace(": running ·", ": interrupted ·", 1)
    return {"text/plain": text, "text/html": html}


def _provenance(info: RunInfo) -> str:
    when = info.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
    where = "imported" if info.imported else "from the session database"
    model = f" · {info.model}" if info.model else ""
    return f"run {info.id} · started {when}{model} · {where}"
