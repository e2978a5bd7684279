"""A stored run as the notebook shows it: the same renderers as a live run, from the database."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.render.bundle import state_bundle
from notebook_router.render.sharing import shared_line
from notebook_router.store.restore import Rebuilt

if TYPE_CHECKING:
    from notebook_router.store.models import RunInfo


def stored_bundle(rebuilt: Rebuilt, info: RunInfo) -> dict[str, str]:
    """A stored run's bundle (what ``%route show`` displays): the live run's, with provenance."""
    notes = [_provenance(info)]
    if info.status == "interrupted":
        notes.append(f"interrupted: `%route resume {info.id}` continues it")
    shared = shared_line(rebuilt.state, info.model)  # what a model run sent of the data
    if shared:
        notes.append(shared)
    bundle = state_bundle(
        rebuilt.state,
        elapsed_s=rebuilt.elapsed_s,
        media=rebuilt.media,
        notes=notes,
        max_iterations=info.max_iterations,
        events=rebuilt.events,
    )
    if info.status == "interrupted":
        bundle["text/plain"] = bundle["text/plain"].replace(": running ·", ": interrupted ·", 1)
    if shared:
        bundle["text/plain"] += f"\n{shared}"
    return bundle


def _provenance(info: RunInfo) -> str:
    when = info.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
    where = "imported" if info.imported else "from the session database"
    model = f" · {info.model}" if info.model else ""
    return f"run {info.id} · started {when}{model} · {where}"
