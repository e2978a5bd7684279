"""What reading one document costs under the per-document limits, hostile ones included.

Each document is read as the documents agent reads it
(:func:`notebook_router.readers.bounded.read_bounded`), in a fresh interpreter
per repeat so that the figures are its own: wall time of the reading, and the
peak resident memory of the process that read it (``RUSAGE_CHILDREN``). The
documents, all written at run time:

- ``bomb_5kb``, ``bomb_18kb``, ``bomb_290kb``: a page whose deflate stream
  inflates about 490 times over (to 2.5 MB, 9 MB and 140 MB of page content),
  the sizes of the files that used to tie the reader up for 22 s, 59 s and more
  than 90 s;
- ``dense_530kb``: 1.5 MB of page content that inflates only three times over,
  as a dense chart draws, so it passes the checks and runs into the time limit;
- ``report``: a real two-page PDF (matplotlib), read in full.

A last line, ``document_stop``, is how long the reading process of
``dense_530kb`` outlives the cancelling of its reading (what Stop does): from
``cancel()`` to the process being gone. ``--before`` adds ``bomb_5kb`` read the
old way (``read_document`` in this process, no limits) for comparison; the larger
bombs are not read the old way (minutes, and gigabytes of memory).

    python bench/document_limits.py [--repeats N] [--before]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.readers.make import bomb_content, busy_content, pdf_bytes, raw_pdf  # noqa: E402

DOCUMENTS: dict[str, Callable[[], bytes]] = {
    "bomb_5kb": lambda: raw_pdf(bomb_content(2_500_000)),
    "bomb_18kb": lambda: raw_pdf(bomb_content(9_000_000)),
    "bomb_290kb": lambda: raw_pdf(bomb_content(140_000_000)),
    "dense_530kb": lambda: raw_pdf(busy_content(1_500_000)),
    "report": pdf_bytes,
}


def spread(values: list[float], digits: int = 2) -> dict[str, float]:
    """Median, min and max of ``values``."""
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
    }


def read_one(path: Path, before: bool) -> dict[str, Any]:
    """Read the document at ``path`` once in this (fresh) interpreter; what it cost.

    The document was written by the parent: building a bomb here would leave this
    process large, and a process it starts would count that memory as its own."""
    from notebook_router.errors import MediaReadError
    from notebook_router.media import Media
    from notebook_router.readers.bounded import read_bounded
    from notebook_router.readers.document import read_document

    media = Media(mime_type="application/pdf", data=path.read_bytes(), source=path.name)
    started = time.perf_counter()
    try:
        facts = read_document(media) if before else asyncio.run(read_bounded(media))
        outcome = f"read: {facts.pages} pages, {facts.words} words"
    except MediaReadError as exc:
        outcome = f"refused: {exc}"
    wall = time.perf_counter() - started
    who = resource.RUSAGE_SELF if before else resource.RUSAGE_CHILDREN
    return {
        "wall_s": wall,
        "peak_mb": resource.getrusage(who).ru_maxrss / 1024,
        "outcome": outcome,
        "file_bytes": len(media.raw),
    }


async def stop_once() -> float:
    """Seconds from cancelling a reading to its process being gone."""
    from notebook_router.media import Media
    from notebook_router.readers.bounded import DocumentLimits, read_bounded

    media = Media(mime_type="application/pdf", data=DOCUMENTS["dense_530kb"](), source="d.pdf")
    before = _children()
    reading = asyncio.ensure_future(read_bounded(media, DocumentLimits(seconds=120)))
    deadline = time.monotonic() + 30
    while not (started := _children() - before):
        assert time.monotonic() < deadline, "no reading process started"
        await asyncio.sleep(0.005)
    await asyncio.sleep(1.0)  # well into its parsing
    cancelled = time.perf_counter()
    reading.cancel()
    while started & _children():
        assert time.monotonic() < deadline + 30, "the reading process outlived Stop"
        await asyncio.sleep(0.001)
    gone = time.perf_counter() - cancelled
    with contextlib.suppress(asyncio.CancelledError):
        await reading
    return gone


def _children() -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        found |= {int(pid) for pid in (task / "children").read_text().split()}
    return found


def _fresh(path: Path, before: bool) -> dict[str, Any]:
    args = [sys.executable, __file__, "--one", str(path)] + (["--before"] if before else [])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(args, capture_output=True, text=True, check=True, env=env)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--before", action="store_true", help="also bomb_5kb the old way")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(read_one(Path(args.one), args.before)))
        return
    cases = [(name, False) for name in DOCUMENTS] + ([("bomb_5kb", True)] if args.before else [])
    runs: dict[tuple[str, bool], list[dict[str, Any]]] = {case: [] for case in cases}
    with tempfile.TemporaryDirectory() as folder:
        paths = {name: Path(folder) / f"{name}.pdf" for name in DOCUMENTS}
        for name, path in paths.items():
            path.write_bytes(DOCUMENTS[name]())
        for _ in range(args.repeats):  # interleaved: a busy moment lands on every document
            for name, before in cases:
                runs[name, before].append(_fresh(paths[name], before))
    for (name, before), results in runs.items():
        line = {
            "bench": "document_limits",
            "document": name + ("_before" if before else ""),
            "file_bytes": results[0]["file_bytes"],
            "outcome": results[0]["outcome"][:160],
            "wall_s": spread([r["wall_s"] for r in results]),
            "peak_mb": spread([r["peak_mb"] for r in results], 0),
            "repeats": len(results),
        }
        print(json.dumps(line), flush=True)
    stops = [asyncio.run(stop_once()) * 1000 for _ in range(args.repeats)]
    print(json.dumps({"bench": "document_stop", "ms": spread(stops, 0)}), flush=True)


if __name__ == "__main__":
    main()
