"""In a real kernel: ``%route stop`` ends the reading of a document, process and all.

A PDF whose one page draws 1.5 MB of paths takes its reader seconds to parse. It
is read in a process of its own, started by the kernel; Stop must end that
process, not leave it working after the run has stopped.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.notebook.kernel import Execution, Kernel
from tests.readers.make import busy_content, raw_pdf

pytestmark = pytest.mark.kernel

CHILDREN = (
    "import os, pathlib\n"
    "print(sum(len((t / 'children').read_text().split())"
    " for t in pathlib.Path(f'/proc/{os.getpid()}/task').iterdir()))"
)
"""Prints how many processes the kernel has started that are still there."""


@pytest.fixture
def kernel(tmp_path: Path) -> Iterator[Kernel]:
    (tmp_path / "dense.pdf").write_bytes(raw_pdf(busy_content(1_500_000)))
    k = Kernel(cwd=str(tmp_path))
    try:
        _ok(k.execute("%load_ext notebook_router"))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _children(kernel: Kernel) -> int:
    return int(_ok(kernel.execute(CHILDREN)).stdout.strip())


def _until(kernel: Kernel, wanted: bool, what: str) -> None:
    deadline = time.monotonic() + 20
    while (_children(kernel) > 0) != wanted:
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_route_stop_ends_the_process_reading_a_document(kernel: Kernel) -> None:
    _ok(kernel.execute("%%route -b -o reading\nSummarise dense.pdf"))
    _until(kernel, True, "no process was started to read the document")
    _ok(kernel.execute("%route stop"))
    _until(kernel, False, "the reading process outlived the stopped run")
    out = _ok(kernel.execute("print((await reading).stop_reason)")).stdout
    assert out.strip() == "stopped_by_user"
