"""Speculative prefetch: the cheap work any plan of a request will need, started while
the planner thinks about its first decision.

What a run's first tasks do before their own work, whatever the planner decides:

* **read the files the request names** (the text files its agents read as sources or
  documents: the attached kinds, images, PDFs, audio, video, the router has read
  already), in a worker thread, kept for :func:`~notebook_router.readers.files.file_media`
  and :func:`~notebook_router.readers.named.read_text` to take instead of reading the
  disk again (:mod:`notebook_router.readers.prefetched`);
* **warm the readers the attached media need** (the image, audio and video readers and
  the libraries they load on first use), in a worker thread: an agent's later import
  finds them loaded, or waits for the import already under way rather than starting one.

The description of the notebook's data and the planner's pick of candidate agents are
not here: the first planner call reads both, so they come before it, not beside it.

The answer is the same with and without prefetch, only sooner. The run's trace says what
was started (a ``prefetch`` note as the run starts) and, before the answer, what came of
it: each file read ahead used by a task or dropped unused, the readers loaded or cut
short; the finished view repeats that last line (see :data:`NOTE`). At the run's end
(however it ends: a Stop included) every read not yet taken is cancelled and forgotten;
reads stop within one chunk, and nothing waits for them, so Stop is never slowed by
prefetch. Threads are daemons: a kernel or a script shutting down does not wait for them
either.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from contextvars import Token
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notebook_router.readers.files import ATTACHED, FILE_TYPES, MAX_BYTES, mime_of
from notebook_router.readers.named import files_named
from notebook_router.readers.prefetched import (
    FileBytes,
    ReadAhead,
    become_current,
    leave,
    read_whole,
)

if TYPE_CHECKING:
    from notebook_router.planner.eventlog import EventLog

log = logging.getLogger("notebook_router")

NOTE = "prefetch"
"""The ``note`` of the run's trace lines about its prefetch."""

READ_AHEAD_EXTENSIONS = tuple(e for e, t in FILE_TYPES.items() if t not in ATTACHED)
"""The files read ahead: the kinds a run does not attach by itself (text)."""
READERS: dict[str, tuple[str, ...]] = {
    "image/": ("notebook_router.readers.image", "PIL.Image"),
    "audio/": ("notebook_router.readers.audio", "numpy", "soundfile"),
    "video/": ("notebook_router.readers.video", "PIL.Image", "av"),
}
"""Per media type prefix, the modules its reader loads on first use."""

Job = Callable[[threading.Event], Any]
"""A piece of blocking work: runs in its own thread, ends early when the event is set."""


def run_in_thread(name: str, job: Job, stop: threading.Event) -> Future[Any]:
    """Start ``job`` in a daemon thread; its result (or error) lands in the future."""
    future: Future[Any] = Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return  # cancelled before it started
        try:
            future.set_result(job(stop))
        except Exception as exc:  # kept for whoever takes it; a prefetch never raises
            future.set_exception(exc)

    threading.Thread(target=work, name=f"notebook_router prefetch {name}", daemon=True).start()
    return future


def files_to_read(query: str) -> list[Path]:
    """The files ``query`` (the user's own words) names that are worth reading ahead."""
    paths: list[Path] = []
    for file in files_named(query, READ_AHEAD_EXTENSIONS, user_words=None):
        try:
            if file.readable and file.path.stat().st_size <= MAX_BYTES:
                paths.append(file.path)
        except OSError:
            continue
    return list(dict.fromkeys(paths))


def readers_for(media_types: Iterable[str]) -> list[str]:
    """The modules the readers of ``media_types`` load, each once, in order."""
    modules: list[str] = []
    for mime in media_types:
        for prefix, names in READERS.items():
            if mime.startswith(prefix):
                modules.extend(names)
    return list(dict.fromkeys(modules))


def warm(modules: list[str]) -> Job:
    """A job importing ``modules`` (one missing is skipped: its reader says so itself)."""

    def job(stop: threading.Event) -> list[str]:
        loaded: list[str] = []
        for name in modules:
            if stop.is_set():
                break
            try:
                importlib.import_module(name)
            except Exception:  # not installed or broken: the reader reports it when used
                continue
            loaded.append(name)
        return loaded

    return job


@dataclass
class Prefetch:
    """One run's prefetch: what it started, what its tasks took, and its end."""

    enabled: bool = True
    reads: ReadAhead = field(default_factory=ReadAhead)
    jobs: dict[str, Future[Any]] = field(default_factory=dict)
    """Every job started, by name (``read <path>``, ``warm readers``)."""
    stop: threading.Event = field(default_factory=threading.Event)
    read: list[Path] = field(default_factory=list)
    """The files read ahead, in order."""
    unused: list[Path] = field(default_factory=list)
    """After the run: the files read ahead that no task took (dropped)."""
    events: EventLog | None = None
    """Where the trace notes go (none: no notes, as in a unit test of the reads)."""
    _token: Token[ReadAhead | None] | None = None
    _settled: bool = False

    def start(self, query: str, media_types: Iterable[str]) -> None:
        """Start the jobs for a run of ``query`` holding media of ``media_types``.

        Called on the run's own task, before its first planner call: the read-ahead
        files become the current ones for that task and everything it starts.
        """
        if not self.enabled:
            return
        try:
            paths = files_to_read(query)
            modules = readers_for(media_types)
        except Exception:  # a prefetch is a guess: a run goes on without one
            log.debug("notebook_router: nothing prefetched", exc_info=True)
            return
        for path in paths:
            self.reads.add(path, self._start(f"read {path}", read_job(path)))
            self.read.append(path)
        if modules:
            self._start("warm readers", warm(modules))
        if paths:
            self._token = become_current(self.reads)
        if self.jobs:
            started = [f"reading {p.name}" for p in paths]
            if modules:
                started.append(f"loading the readers ({', '.join(modules)})")
            self._note(f"started while the planner decides: {'; '.join(started)}", "started")

    def settle(self) -> None:
        """Say in the trace what came of the prefetch (once; the run's tasks are over).

        Called as the run winds down, before its answer: the note lands in the trace the
        panel and the store keep, ahead of ``run_finished``.
        """
        if self._settled or not self.jobs:
            return
        self._settled = True
        used = set(self.used)
        parts = [
            f"{p.name} {'used by a task' if p in used else 'not used (dropped)'}" for p in self.read
        ]
        files = "; ".join(parts)
        readers = self.jobs.get("warm readers")
        if readers is not None:
            parts.append("readers loaded" if readers.done() else "readers still loading (left)")
        # The files' fate is the run's; whether the readers finished loading first is the
        # machine's timing, so only the files are kept for the finished view (a notebook
        # re-run must give the same view).
        self._note("; ".join(parts), "settled", files=files)

    def _note(self, message: str, stage: str, **data: str) -> None:
        if self.events is None:
            return
        from notebook_router.planner import events as ev

        self.events.publish(
            ev.TraceNote(
                task_id="",
                agent="router",
                note=NOTE,
                message=message,
                data={"stage": stage, **data},
            )
        )

    def _start(self, name: str, job: Job) -> Future[Any]:
        future = run_in_thread(name, job, self.stop)
        self.jobs[name] = future
        return future

    @property
    def used(self) -> list[Path]:
        """The files read ahead that an agent took instead of reading them."""
        return [p for p in self.read if p in self.reads.used]

    def close(self) -> list[Path]:
        """The run has ended: stop and forget every job; returns the files read ahead
        that nobody used.

        Never waits for a job: a read stops within one chunk, an import under way is
        let finish (a half-done import would leave the module broken for the kernel).
        """
        self.settle()  # when the run ended without winding down (a note the log may drop)
        used = set(self.used)
        self.unused = unused = [p for p in self.read if p not in used]
        self.stop.set()
        for future in self.jobs.values():
            future.cancel()
        self.reads.drop()
        if self._token is not None:
            leave(self._token)
            self._token = None
        if self.jobs:
            log.debug("notebook_router: prefetched %s; unused %s", list(self.jobs), unused)
        return unused


def read_job(path: Path) -> Callable[[threading.Event], FileBytes | None]:
    """A job reading ``path`` whole, and decoding it when it is text (stopping when told)."""
    decode = (mime_of(path) or "").startswith("text/")

    def job(stop: threading.Event) -> FileBytes | None:
        return read_whole(path, stop, decode=decode)

    return job
