"""Files a task names, resolved once, in bounds: the one way an agent reaches the disk.

A task's words may be a model's (a model planner writes the tasks), and a
model's words may be steered by what it has read: "summarise ../../.ssh/config.txt".
So every reader of a file a task names (the documents, images, audio and video
agents, the research and summary agents' text sources) goes through
:func:`files_named`, which resolves each name against the notebook's folder
(the working folder) and reads only:

* regular files (not a FIFO, a device or a folder), and
* files inside that folder, symlinks resolved; a file outside it only when the
  user's own words name that same file (their ``%%route`` cell, a redirect, an
  answer: :attr:`~notebook_router.agents.base.TaskRequest.user_words`).

A name refused says why, so the agent can tell the user instead of failing.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.files import FILE_TYPES, file_media, mime_of
from notebook_router.readers.prefetched import read_ahead
from notebook_router.text.file_names import FileNames

NO_SUCH_FILE = "no such file"


@dataclass(frozen=True, slots=True)
class NamedFile:
    """A file a text names: as written, where it resolves, and why not to read it (if so)."""

    name: str
    """The name as the text wrote it (for messages and sources)."""
    path: Path
    """Where it resolves, absolute, symlinks followed."""
    refused: str = ""
    """Why it may not be read (``""``: it may): missing, not a file, outside the folder."""

    @property
    def readable(self) -> bool:
        """Whether an agent may read it."""
        return not self.refused


def outside(name: str | Path, base: str | Path | None = None) -> bool:
    """Whether the file ``name`` (relative to ``base``, default the working folder) lies
    outside that folder: an absolute path elsewhere, ``~``, ``..`` or a symlink leading out."""
    root = Path(base) if base is not None else Path.cwd()
    try:
        return not (root / Path(name).expanduser()).resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # unresolvable (a symlink loop): treat as elsewhere
        return True


def files_named(
    text: str,
    extensions: Iterable[str],
    *,
    user_words: str | None,
    base: str | Path | None = None,
) -> list[NamedFile]:
    """The files ``text`` names with one of ``extensions`` (``".pdf"``...), each resolved.

    ``user_words``: what the user said themselves; a file outside ``base`` may be read
    only when they name it too. None: ``text`` is the user's own request (anything it
    names may be read).
    """
    finder = _finder(frozenset(e.lower() for e in extensions))
    root = (Path(base) if base is not None else Path.cwd()).expanduser()
    theirs = None if user_words is None else _resolved_all(finder.find(user_words), root)
    return [_resolve(name, root, theirs) for name in finder.find(text)]


def resolve_file(
    name: str | Path, *, base: str | Path | None = None, inside_only: bool = False
) -> NamedFile:
    """One file named outside any text (a ``--data PATH`` on a command line), resolved
    and checked as :func:`files_named` checks the names a text holds: a regular file,
    symlinks followed; with ``inside_only``, inside ``base`` (the working folder) too.
    """
    root = (Path(base) if base is not None else Path.cwd()).expanduser()
    return _resolve(str(name), root, frozenset() if inside_only else None)


def _resolve(name: str, root: Path, theirs: frozenset[Path] | None) -> NamedFile:
    path = _resolved(name, root)
    if path is None:
        return NamedFile(name, root / name, "its path cannot be resolved")
    if not path.exists():
        return NamedFile(name, path, NO_SUCH_FILE)
    if not path.is_file():
        return NamedFile(name, path, "not a regular file (a folder, a device or a pipe)")
    if theirs is not None and path not in theirs and outside(path, root):
        return NamedFile(
            name,
            path,
            "outside the notebook's folder, so not read for a task; name it in your own "
            "request (the %%route cell) to have it read",
        )
    return NamedFile(name, path)


def _resolved(name: str, root: Path) -> Path | None:
    try:
        return (root / Path(name).expanduser()).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return None


def _resolved_all(names: Iterable[str], root: Path) -> frozenset[Path]:
    return frozenset(p for p in (_resolved(n, root) for n in names) if p is not None)


@functools.lru_cache(maxsize=16)
def _finder(extensions: frozenset[str]) -> FileNames:
    return FileNames(sorted(extensions))


def refused_named(
    text: str, extensions: Iterable[str], *, user_words: str | None, base: str | Path | None = None
) -> str:
    """Why the files ``text`` names were not read, for an agent's answer ("" when none
    was refused): ``" (not read: ../x.pdf: outside the notebook's folder, ...)"``."""
    refused = [
        f"{f.name}: {f.refused}"
        for f in files_named(text, extensions, user_words=user_words, base=base)
        if not f.readable
    ]
    return f" (not read: {'; '.join(refused)})" if refused else ""


def read_text(file: NamedFile, max_chars: int) -> str:
    """The first ``max_chars`` characters of a readable text file (at most 4 bytes a
    character are read: a huge log costs what is kept, not its size)."""
    ahead = read_ahead(file.path)  # read while the planner thought, if it was
    if ahead is not None:
        return ahead.raw[: max_chars * 4].decode("utf-8", errors="replace")[:max_chars]
    with file.path.open("rb") as handle:
        return handle.read(max_chars * 4).decode("utf-8", errors="replace")[:max_chars]


def media_named(
    text: str,
    *,
    base: str | Path | None = None,
    types: Iterable[str] | None = None,
    have: Iterable[Media] = (),
    user_words: str | None,
) -> list[Media]:
    """The files ``text`` names that may be read (see :func:`files_named`), as media.

    ``types`` limits them to those media types; media already in ``have``
    (same bytes) are not read twice. Unreadable, refused or oversized files are
    skipped: the agent that needs one then says it has nothing to read.
    """
    wanted = frozenset(types) if types is not None else None
    extensions = [e for e, t in FILE_TYPES.items() if wanted is None or t in wanted]
    seen = {m.digest for m in have}
    found: list[Media] = []
    for file in files_named(text, extensions, user_words=user_words, base=base):
        if not file.readable or mime_of(file.name) is None:
            continue
        try:
            media = file_media(file.path, source=file.name)
        except (OSError, MediaReadError):
            continue
        if media.digest not in seen:
            seen.add(media.digest)
            found.append(media)
    return found


__all__ = [
    "NO_SUCH_FILE",
    "NamedFile",
    "files_named",
    "media_named",
    "outside",
    "read_text",
    "refused_named",
    "resolve_file",
]
