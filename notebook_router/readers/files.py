"""Documents, images, audio and video a request names on disk, as media.

"Summarise data/report.pdf" names a file: the run gets its bytes as an
attachment, the same way "the chart above" brings a cell's output, so every
agent (and a model planner, as a media part) sees it. Names are found as
data files' are, by one finder (:mod:`notebook_router.text.file_names`): a token
ending in a known extension, bare or quoted (a quoted name may hold spaces),
relative to the working folder. Names that are not files here are left alone: the words may
just be words. Which named files may be read at all (inside the notebook's folder, or
named by the user) is decided in one place, :mod:`notebook_router.readers.named`.
"""

from __future__ import annotations

from pathlib import Path

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.prefetched import read_ahead
from notebook_router.text.file_names import FileNames

DOCUMENT_TYPES = {
    ".pdf": "application/pdf",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".html": "text/html",
    ".htm": "text/html",
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".txt": "text/plain",
    ".rst": "text/plain",
}
IMAGE_TYPES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".bmp": "image/bmp",
    ".tif": "image/tiff",
    ".tiff": "image/tiff",
}
AUDIO_TYPES = {
    ".wav": "audio/wav",
    ".flac": "audio/flac",
    ".ogg": "audio/ogg",
    ".oga": "audio/ogg",
    ".mp3": "audio/mpeg",
}
AUDIO_ALIASES = {
    "audio/x-wav": "audio/wav",
    "audio/wave": "audio/wav",
    "audio/vnd.wave": "audio/wav",
    "audio/mp3": "audio/mpeg",
    "audio/x-flac": "audio/flac",
}
"""Other names the audio types go by (IPython's ``Audio`` writes ``audio/x-wav``)."""
PLAYABLE_AUDIO = frozenset({*AUDIO_TYPES.values(), *AUDIO_ALIASES})
"""Audio types an HTML view plays: those a browser's ``<audio>`` knows, and only those."""
VIDEO_TYPES = {
    ".mp4": "video/mp4",
    ".m4v": "video/mp4",
    ".mov": "video/quicktime",
    ".webm": "video/webm",
    ".mkv": "video/x-matroska",
    ".avi": "video/x-msvideo",
}
FILE_TYPES = {**DOCUMENT_TYPES, **IMAGE_TYPES, **AUDIO_TYPES, **VIDEO_TYPES}
ATTACHED = frozenset(t for t in FILE_TYPES.values() if not t.startswith("text/"))
"""Types a run attaches by itself. Text files named in a task already reach the team's
agents as text (:mod:`~notebook_router.agents.builtin.material`); attaching them too
would hand every agent the same words twice."""
MAX_BYTES = 50_000_000
"""Bigger files are not read into memory as an attachment."""

_NAMES = FileNames(FILE_TYPES)


def mime_of(path: str | Path) -> str | None:
    """The media type of a file, by its extension (None: not one the readers read)."""
    return FILE_TYPES.get(Path(path).suffix.lower())


def paths_named(text: str) -> list[str]:
    """Names of files the readers read (documents, images, audio, video) in ``text``, each once.

    >>> paths_named('summarise data/report.pdf and "Q3 notes.docx"')
    ['data/report.pdf', 'Q3 notes.docx']
    """
    return _NAMES.find(text)


def file_media(path: str | Path, *, source: str | None = None) -> Media:
    """The file at ``path`` as media (its bytes; the type from its extension).

    Raises :class:`OSError` when it cannot be read, and
    :class:`~notebook_router.errors.MediaReadError` when it is over :data:`MAX_BYTES`
    (checked before reading: a 4 GB film is never loaded to be refused).
    """
    file = Path(path).expanduser()
    mime = mime_of(file) or "application/octet-stream"
    size = file.stat().st_size
    if size > MAX_BYTES:
        raise MediaReadError(
            f"{source or path} is {size / 1e6:,.1f} MB, over the {MAX_BYTES / 1e6:g} MB a file "
            "may be to be read as media: give a shorter clip or a smaller file (cut or "
            "compress it first)."
        )
    ahead = read_ahead(file)  # read (and decoded) while the planner thought, if it was
    raw = ahead.raw if ahead is not None else file.read_bytes()
    data: bytes | str = raw
    if mime.startswith("text/"):
        text = ahead.text if ahead is not None else None
        data = text if text is not None else raw.decode("utf-8", errors="replace")
    return Media(
        mime_type=mime,
        data=data,
        source=source or str(path),
        description=f"the file {source or path}",
        metadata={"path": str(file.resolve())},
    )


def as_media(value: Media | str | Path, kind: str) -> Media:
    """``value`` itself, or the file at that path as media (``kind`` names it in errors)."""
    if isinstance(value, Media):
        return value
    path = Path(value)
    try:
        return file_media(path, source=path.name)
    except OSError as exc:
        problem = f"Cannot read the {kind} file {str(path)!r}: {exc.strerror}."
        raise MediaReadError(problem) from None
