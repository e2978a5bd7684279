"""Reading a document with its work bounded: time, inflated bytes, memory, and Stop.

A PDF of a few kilobytes can hold deflate streams that inflate to megabytes of
page content, which the PDF libraries parse for tens of seconds and a gigabyte
of memory; a thread doing that cannot be stopped. So a document whose reading
is not linear in its size (PDF, Word, HTML: parsed by a library) is read in a
process of its own (:mod:`notebook_router.readers.document_worker`), which:

* measures what the document inflates to before parsing it, and refuses a
  decompression bomb or more than :attr:`DocumentLimits.inflated_bytes` of page
  content (:mod:`notebook_router.readers.inflation`);
* may use at most :attr:`DocumentLimits.memory_bytes` of memory;
* is killed after :attr:`DocumentLimits.seconds`, and at once when the task
  reading it is cancelled (Stop, a timeout): the core it used is free again.

Markdown and plain text are read in a worker thread: their reading is one pass
over text already bounded in size (:data:`~notebook_router.readers.files.MAX_BYTES`).
A process costs about a third of a second to start (Python and the PDF
libraries), small beside a PDF's reading; a real 36-page manual takes 1.6 s.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.document import DOCX, PDF, DocumentFacts, read_document
from notebook_router.readers.document_worker import MEMORY_ERROR
from notebook_router.threads import in_thread

PARSED = frozenset({PDF, DOCX, "text/html"})
"""Types read in a process of their own: a library parses them, in time not linear in size."""
_POLL_S = 0.05
"""How often the thread waiting on a reading process looks for Stop."""
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_WORKER = (
    # This package where the kernel found it (a folder its interpreter may not look in
    # by itself), after everything else: it must not shadow the standard library.
    f"import sys; sys.path.append({_PACKAGE_ROOT!r}); "
    "from notebook_router.readers.document_worker import main; sys.exit(main())"
)


@dataclass(frozen=True, slots=True)
class DocumentLimits:
    """What reading one document may cost."""

    seconds: float = 20.0
    """Wall time (a real 36-page manual takes 1.6 s; a 500-page book about 8 s)."""
    inflated_bytes: int = 8_000_000
    """Page content a PDF (or XML a Word file) may inflate to: about 1,000 dense pages."""
    memory_bytes: int = 1_000_000_000
    """Address space of the reading process (Python and the libraries take ~0.1 GB of it)."""


LIMITS = DocumentLimits()


async def read_bounded(media: Media, limits: DocumentLimits = LIMITS) -> DocumentFacts:
    """:func:`~notebook_router.readers.document.read_document` within ``limits``.

    Raises :class:`~notebook_router.errors.MediaReadError` for a document over a
    limit (saying which) as for one that cannot be read. Cancelling the awaiting
    task ends the reading process at once.
    """
    if media.mime_type not in PARSED or not sys.executable:
        return await in_thread(read_document, media)
    stop = threading.Event()
    try:
        return await in_thread(read_in_process, media, limits, stop)
    finally:
        stop.set()  # cancelled (Stop, a timeout): the reading process is killed within _POLL_S


def read_in_process(
    media: Media, limits: DocumentLimits = LIMITS, stop: threading.Event | None = None
) -> DocumentFacts:
    """Read ``media`` in a new process, waiting for it here (a blocking call): killed when
    ``limits.seconds`` pass or ``stop`` is set."""
    source = media.source or "the document"
    header = {
        "mime_type": media.mime_type,
        "source": media.source,
        "seconds": limits.seconds,
        "inflated_bytes": limits.inflated_bytes,
        "memory_bytes": limits.memory_bytes,
    }
    # Files, not pipes, both ways: nothing has to be pumped while the process works,
    # so the wait below only watches the clock and Stop.
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as answer:
        given.write(json.dumps(header).encode() + b"\n")
        given.write(media.raw)
        given.seek(0)
        process = subprocess.Popen(
            [sys.executable, "-c", _WORKER],
            stdin=given,
            stdout=answer,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the kernel's interrupt (SIGINT) is for the kernel
        )
        finished = _wait(process, time.monotonic() + limits.seconds, stop)
        answer.seek(0)
        out = answer.read()
    if not finished:
        if stop is not None and stop.is_set():
            raise MediaReadError(f"Reading {source} was stopped.")
        raise MediaReadError(
            f"{source} took longer than {limits.seconds:g} s to read, the most one document "
            "is given, so its reading was stopped: give a smaller document or an extract."
        )
    return _facts(out, process.returncode, source, limits)


def _wait(process: subprocess.Popen[bytes], deadline: float, stop: threading.Event | None) -> bool:
    """Whether ``process`` ended by itself before the deadline and ``stop``; if not, it is
    killed (and waited for: no zombie is left)."""
    try:
        while True:
            try:
                process.wait(timeout=_POLL_S)
                return True
            except subprocess.TimeoutExpired:
                if time.monotonic() >= deadline or (stop is not None and stop.is_set()):
                    return False
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _facts(out: bytes, code: int | None, source: str, limits: DocumentLimits) -> DocumentFacts:
    try:
        reply: dict[str, Any] = json.loads(out)
    except ValueError:
        reply = {}
    if "facts" in reply:
        return DocumentFacts.model_validate(reply["facts"])
    error = reply.get("error")
    if error == MEMORY_ERROR:
        raise MediaReadError(
            f"{source} needed more than {limits.memory_bytes / 1e9:g} GB of memory to read, "
            "the most one document may take, so its reading was stopped: give a smaller "
            "document or an extract."
        )
    if error:
        raise MediaReadError(str(error))
    if code is not None and code < 0:  # a signal: out of memory in a library, or CPU time
        raise MediaReadError(
            f"Could not read {source}: its reader was ended by the system (signal {-code}), "
            f"most likely for memory (a document may take {limits.memory_bytes / 1e9:g} GB) "
            "or time: give a smaller document or an extract."
        )
    raise MediaReadError(
        f"Could not read {source}: its reader ended without an answer (exit code {code}). "
        "Check that the file is a complete document."
    )


__all__ = ["LIMITS", "PARSED", "DocumentLimits", "read_bounded", "read_in_process"]
