"""What a run made that a terminal cannot show: figures (and sound), saved as files.

``python -m notebook_router run`` writes each picture and piece of audio its
agents produced into a folder (``--out DIR``; by default ``route-<run id>``
here), one file per payload, named after the task that made it
(``t2-revenue-by-region.png``), prints their paths, and with ``--open``
hands each to the system's viewer. Nothing is written when the run made none.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import webbrowser
from pathlib import Path

from notebook_router.media import Media
from notebook_router.planner.state import RunState

SUFFIX = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/svg+xml": ".svg",
    "audio/wav": ".wav",
    "audio/mpeg": ".mp3",
    "audio/ogg": ".ogg",
}
"""What is saved, by type (code and text are printed with the answer instead)."""
NAME_CHARS = 40


def default_folder(run_id: str) -> Path:
    """Where a run's files go when ``--out`` is not given: ``route-<run id>`` here."""
    return Path(f"route-{run_id}")


def made_media(state: RunState) -> list[tuple[str, Media]]:
    """The figures and audio the run's tasks produced, each payload once, in plan order."""
    seen: set[str] = set()
    found = []
    for task in state.plan:
        result = state.results.get(task.id)
        if result is None:
            continue
        for media in result.media:
            if media.mime_type in SUFFIX and media.digest not in seen:
                seen.add(media.digest)
                found.append((task.id, media))
    return found


def save_media(state: RunState, folder: Path) -> list[Path]:
    """Write what :func:`made_media` finds into ``folder``; the paths written."""
    items = made_media(state)
    if not items:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    paths = []
    for task_id, media in items:
        stem = f"{task_id}-{_slug(media.description)}" if _slug(media.description) else task_id
        name, n = stem + SUFFIX[media.mime_type], 2
        while name in taken:
            name, n = f"{stem}-{n}{SUFFIX[media.mime_type]}", n + 1
        taken.add(name)
        path = folder / name
        path.write_bytes(media.raw)
        paths.append(path)
    return paths


def open_file(path: Path) -> bool:
    """Show ``path`` in the system's viewer (``open``, ``xdg-open``, the browser); whether
    something took it."""
    if sys.platform == "darwin":
        opener: list[str] | None = ["open"]
    elif sys.platform.startswith("win"):
        os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        return True
    else:
        found = shutil.which("xdg-open")
        opener = [found] if found else None
    if opener is None:
        return webbrowser.open(path.resolve().as_uri())
    try:
        subprocess.Popen(  # the user's own viewer, on the user's own file
            [*opener, str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the viewer outlives the command
        )
    except OSError:
        return False
    return True


def _slug(text: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:NAME_CHARS].rstrip("-")
