"""Files read ahead of the agent that needs them: the bytes, while the planner thinks.

A run may start reading the files its request names before the planner has
decided anything (see :mod:`notebook_router.planner.prefetch`). What it read
is kept here, per run, in a context variable the run's agents inherit (their
asyncio tasks and worker threads copy the run's context), and the two places
that read a named file's bytes, :func:`~notebook_router.readers.files.file_media`
and :func:`~notebook_router.readers.named.read_text`, take them from here
instead of reading the disk again.

A file changed since it was read ahead (another size or modification time)
is read again: what an agent sees is the file as it is when it looks.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future
from contextvars import ContextVar, Token
from dataclasses import dataclass
from pathlib import Path

CHUNK = 1 << 20
"""Bytes read between two looks at the stop flag (a cancelled read ends within one)."""


@dataclass(frozen=True, slots=True)
class FileBytes:
    """A file's bytes as read, with what identifies that version of it."""

    raw: bytes
    stamp: tuple[int, int]
    """(size, modification time in ns) when it was read."""
    text: str | None = None
    """The bytes decoded as UTF-8 (bad bytes replaced), for a text file: decoded ahead too."""


def stamp_of(path: Path) -> tuple[int, int]:
    """What tells one version of a file from another, cheaply."""
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def read_whole(path: Path, stop: threading.Event, *, decode: bool = False) -> FileBytes | None:
    """Read ``path`` in chunks, giving up (None) as soon as ``stop`` is set; ``decode``:
    decode it as text too (as :func:`~notebook_router.readers.files.file_media` does)."""
    with path.open("rb") as handle:
        st = os.fstat(handle.fileno())
        parts: list[bytes] = []
        while not stop.is_set():
            chunk = handle.read(CHUNK)
            if not chunk:
                raw = b"".join(parts)
                text = raw.decode("utf-8", errors="replace") if decode else None
                return FileBytes(raw, (st.st_size, st.st_mtime_ns), text)
            parts.append(chunk)
    return None


class ReadAhead:
    """The files one run is reading (or has read) ahead, by resolved path."""

    def __init__(self) -> None:
        self._reads: dict[Path, Future[FileBytes | None]] = {}
        self.used: set[Path] = set()
        """Paths an agent took from here instead of reading them."""

    def add(self, path: Path, read: Future[FileBytes | None]) -> None:
        """Keep the read of ``path`` (resolved) under way in ``read``."""
        self._reads[path] = read

    @property
    def paths(self) -> list[Path]:
        """Every path read ahead, in the order the reads started."""
        return list(self._reads)

    def read_done(self, path: Path) -> bool:
        """Whether the read ahead of ``path`` (resolved) has finished."""
        read = self._reads.get(path)
        return read is not None and read.done()

    def take(self, path: Path) -> FileBytes | None:
        """What was read ahead of ``path``, if it was and the file is unchanged since.

        A read still under way is waited for (it is the same work the caller would
        do); a cancelled or failed one gives None, and the caller reads the file.
        """
        try:
            resolved = path.resolve()
        except (OSError, RuntimeError):
            return None
        read = self._reads.get(resolved)
        if read is None or read.cancelled():
            return None
        try:
            got = read.result()
            if got is None or got.stamp != stamp_of(resolved):
                return None
        except Exception:  # unreadable ahead, or gone since: the caller reads it and says so
            return None
        self.used.add(resolved)
        return got

    def drop(self) -> None:
        """Forget every read (cancelling those not yet started): the run has ended."""
        for read in self._reads.values():
            read.cancel()
        self._reads.clear()


_CURRENT: ContextVar[ReadAhead | None] = ContextVar("notebook_router_read_ahead", default=None)


def read_ahead(path: Path) -> FileBytes | None:
    """What the current run read ahead of ``path`` (None: read it yourself)."""
    current = _CURRENT.get()
    return None if current is None else current.take(path)


def become_current(reads: ReadAhead) -> Token[ReadAhead | None]:
    """Make ``reads`` the read-ahead files of the code running now (a run's task) and of
    the tasks and threads it starts; give the token to :func:`leave` at the run's end."""
    return _CURRENT.set(reads)


def leave(token: Token[ReadAhead | None]) -> None:
    """Undo :func:`become_current` (in the same task)."""
    _CURRENT.reset(token)


def current_read_ahead() -> ReadAhead | None:
    """The read-ahead files of the run this code belongs to, if any."""
    return _CURRENT.get()


__all__ = [
    "CHUNK",
    "FileBytes",
    "ReadAhead",
    "become_current",
    "current_read_ahead",
    "leave",
    "read_ahead",
    "read_whole",
    "stamp_of",
]
