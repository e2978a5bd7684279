"""The media a task is about: the run's media of one kind, and files of that kind the task names.

Shared by the audio and video agents. A run's media are notebook outputs the
task referred to (``Out[3]``, "the audio above"), media an earlier task
made, and what ``router.start(media=...)`` attached; a file is found by its
name in the task (``clip.mp4``), through the one guarded resolver
(:mod:`notebook_router.readers.named`).
"""

from __future__ import annotations

import re

from notebook_router.agents.base import AgentContext
from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.files import FILE_TYPES, file_media
from notebook_router.readers.named import NO_SUCH_FILE, files_named
from notebook_router.result import Citation
from notebook_router.text.preview import preview


def media_of_kind(context: AgentContext, request: str, major: str) -> tuple[list[Media], list[str]]:
    """The run's ``major/*`` media, then files of that kind named in ``request``.

    Returns the media and, for each named file that could not be read, a line
    saying why ("clip.mp4: no such file", outside the notebook's folder, too large),
    for the agent to say so. Media with the same payload count once (a file the run
    already attached is not read twice).
    """
    found = named_first([m for m in context.media if m.mime_type.startswith(f"{major}/")], request)
    unread: list[str] = []
    attached = {m.source for m in context.media}
    extensions = [e for e, t in FILE_TYPES.items() if t.startswith(f"{major}/")]
    user_words = context.task.user_words
    for file in files_named(request, extensions, user_words=user_words):
        if file.name in attached:
            continue
        if not file.readable:
            unread.append(f"{file.name}: {file.refused}")
            continue
        try:
            found.append(file_media(file.path, source=file.name))
        except MediaReadError as exc:  # over the size limit: the message says which
            unread.append(str(exc))
        except OSError as exc:
            unread.append(f"{file.name}: {exc.strerror or NO_SUCH_FILE}")
    unique: dict[str, Media] = {}
    for media in found:
        unique.setdefault(media.digest, media)
    return list(unique.values()), unread


def named_first(media: list[Media], request: str) -> list[Media]:
    """The media ``request`` names by source ("is there silence in Out[2]?" reads Out[2]),
    or all of them when it names none: a task about one output of several the run holds
    is about that one."""
    named = [m for m in media if m.source and _names(request, m.source)]
    return named or media


def _names(request: str, source: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(source)}(?!\w)", request) is not None


def label(media: Media, fallback: str) -> str:
    """How an answer names ``media``: its source (``Out[3]``, ``clip.mp4``) or ``fallback``."""
    return media.source or fallback


def cite(media: Media, fallback: str, finding: str) -> Citation:
    """A citation of ``media`` by its source, with what was found in it."""
    return Citation(source=label(media, fallback), text=preview(finding, 300))
