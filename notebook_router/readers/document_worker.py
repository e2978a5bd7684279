"""The process one document is read in: :func:`main` (``python -m`` this module).

Started by :mod:`notebook_router.readers.bounded` for each PDF, Word or HTML
document. It reads a JSON header line (type, source, limits) and then the
document's bytes on stdin, caps its own memory and CPU time (so it ends even
if whoever started it is gone), measures what the document inflates to
(:mod:`notebook_router.readers.inflation`), reads it with
:func:`~notebook_router.readers.document.read_document`, and writes one JSON
object on stdout: ``{"facts": ...}`` or ``{"error": "..."}``, with ``peak_kb``,
its peak resident memory.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from notebook_router.errors import MediaReadError
from notebook_router.media import Media

MEMORY_ERROR = "memory"
"""What ``error`` says when the document needed more memory than the process may have."""


def main() -> int:
    """Read one document from stdin; write what it holds (or why not) to stdout."""
    header: dict[str, Any] = json.loads(sys.stdin.buffer.readline())
    _cap(int(header["memory_bytes"]), float(header["seconds"]))
    raw = sys.stdin.buffer.read()
    reply: dict[str, Any]
    try:
        reply = {"facts": _read(raw, header).model_dump(mode="json")}
    except MediaReadError as exc:
        reply = {"error": str(exc)}
    except MemoryError:
        reply = {"error": MEMORY_ERROR}
    reply["peak_kb"] = _peak_kb()
    sys.stdout.write(json.dumps(reply))
    sys.stdout.flush()
    return 0


def _read(raw: bytes, header: dict[str, Any]) -> Any:
    from notebook_router.readers.document import DOCX, PDF, read_document
    from notebook_router.readers.inflation import check_docx, check_pdf

    media = Media(mime_type=header["mime_type"], data=raw, source=header["source"])
    budget, source = int(header["inflated_bytes"]), header["source"] or "The document"
    try:
        if media.mime_type == PDF:
            check_pdf(raw, budget, source)
        elif media.mime_type == DOCX:
            check_docx(raw, budget, source)
    except MediaReadError:
        raise
    except Exception:  # a file its parser cannot open: read_document says why, below
        pass
    return read_document(media)


def _cap(memory_bytes: int, seconds: float) -> None:
    """No more address space than ``memory_bytes``; no more CPU than the wall-time limit
    and a margin (the parent kills it at the limit; this ends an orphan)."""
    try:
        import resource
    except ImportError:  # not a Unix: the parent's wall-time limit still holds
        return
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    cpu = int(seconds) + 5
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def _peak_kb() -> int:
    try:
        import resource
    except ImportError:
        return 0
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    sys.exit(main())
