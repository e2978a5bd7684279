"""The media a task is about: the run's media of one kind, and files of that kind the task names.

Shared by the audio and video agents. A run's media are notebook outputs the
task referred to (``Out[3]``, "the audio above"), media an earlier task
made, and what ``router.start(media=...)`` attached; a file is found by its
name in the task (``clip.mp4``), relative to the working directory.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from notebook_router.agents.base import AgentContext
from notebook_router.agents.result import Citation
from notebook_router.media import Media
from notebook_router.text.preview import preview


def media_of_kind(
    context: AgentContext, request: str, major: str, suffixes: Mapping[str, str]
) -> tuple[list[Media], list[str]]:
    """The run's ``major/*`` media, then files named in ``request`` with one of ``suffixes``.

    Returns the media and the names of named files that could not be read
    (for the agent to say so). Media with the same payload count once.
    """
    found = [m for m in context.media if m.mime_type.startswith(f"{major}/")]
    missing: list[str] = []
    pattern = "|".join(re.escape(s.lstrip(".")) for s in suffixes)
    # A relative or an absolute path (``clip.mp4``, ``media/clip.mp4``, ``/tmp/clip.mp4``).
    named = re.findall(
        rf"(?<![\w/.])(/?(?:[\w.\-]+/)*[\w.\-]+\.(?:{pattern}))\b", request, re.IGNORECASE
    )
    for name in dict.fromkeys(named):
        path = Path(name)
        try:
            data = path.read_bytes()
        except OSError:
            missing.append(name)
            continue
        mime = suffixes.get(path.suffix.lower(), f"{major}/octet-stream")
        found.append(Media(mime_type=mime, data=data, source=name, description=f"the file {name}"))
    unique: dict[str, Media] = {}
    for media in found:
        unique.setdefault(media.digest, media)
    return list(unique.values()), missing


def label(media: Media, fallback: str) -> str:
    """How an answer names ``media``: its source (``Out[3]``, ``clip.mp4``) or ``fallback``."""
    return media.source or fallback


def cite(media: Media, fallback: str, finding: str) -> Citation:
    """A citation of ``media`` by its source, with what was found in it."""
    return Citation(source=label(media, fallback), text=preview(finding, 300))
