"""Sessions across kernel restarts and crashes, in real kernels sharing a store folder."""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.notebook.kernel import DESCRIBER, Execution, Kernel

pytestmark = pytest.mark.kernel

AGENTS = """
%load_ext notebook_router
import asyncio
from notebook_router import agent
CALLS = []

@agent(can=["numbers", "load", "data"])
def numbers(task):
    "Loads a list of numbers."
    CALLS.append("numbers")
    return [3, 1, 4, 1, 5, 9, 2, 6]

@agent(can=["sum", "total", "add"])
def total(inputs):
    "Adds the numbers up."
    CALLS.append("total")
    return sum(next(iter(inputs.values())))

@agent(can=["slow", "wait", "think"])
async def slow(task):
    "Thinks for a long time."
    CALLS.append("slow")
    await asyncio.sleep(SLOW_SECONDS)
    return "thought it through"
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "notebook"


def _kernel(folder: Path, slow_seconds: float = 0.01) -> Kernel:
    folder.mkdir(exist_ok=True)
    env = {**os.environ}
    env.pop("NOTEBOOK_ROUTER_STORE", None)  # the default: next to the notebook
    kernel = Kernel(env=env, cwd=str(folder))
    _ok(kernel.execute(f"SLOW_SECONDS = {slow_seconds}\n" + AGENTS))
    return kernel


@pytest.fixture
def kernels() -> Iterator[list[Kernel]]:
    started: list[Kernel] = []
    yield started
    for kernel in started:
        kernel.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _text(result: Execution) -> str:
    parts = [result.stdout]
    for m in result.outputs:
        if m["msg_type"] in ("display_data", "execute_result"):
            parts.append(m["content"]["data"].get("text/plain", ""))
    return "\n".join(parts)


def test_runs_survive_a_restart_and_are_listed_and_redrawn(
    folder: Path, kernels: list[Kernel]
) -> None:
    first = _kernel(folder)
    kernels.append(first)
    _ok(first.execute("%%route -o report\nLoad the numbers, then add them up"))
    run_id = _ok(first.execute("print(report.id)")).stdout.strip()
    first.shutdown()
    kernels.remove(first)
    assert (folder / ".notebook_router" / "sessions.db").exists()

    second = _kernel(folder)
    kernels.append(second)
    listing = _text(_ok(second.execute("%route runs")))
    row = next(line for line in listing.splitlines() if line.startswith(run_id))
    assert "the goal was met" in row and "2/2" in row and "earlier session" in row
    assert re.search(r"Session database: .*sessions\.db \(\d+\.\d kB, 1 runs", listing)

    shown = _ok(second.execute(f"%route show {run_id[:6]}"))
    text = _text(shown)
    assert "✓ t1 numbers: Load the numbers" in text and "- Add them up: 31 [t2]" in text
    data = shown.outputs[-1]["content"]["data"]
    assert (
        'class="nr-run"' in data["text/html"] and "from the session database" in data["text/html"]
    )
    # A stored run shows as what it is, a finished run: the static view with its tree
    # drawn, no widget (a saved notebook would show "model not found" after a restart).
    assert "application/vnd.jupyter.widget-view+json" not in data
    assert (
        data["image/svg+xml"].startswith("<svg")
        and "data:image/svg+xml;base64," in (data["text/html"])
    )
    assert data["text/vnd.mermaid"].startswith("flowchart TD")
    assert not second.widgets  # no panel was opened to redraw it
    # Nothing ran again to draw it.
    assert _ok(second.execute("print(CALLS)")).stdout.strip() == "[]"


def _start_slow_run(kernel: Kernel) -> str:
    """Start a background run ``bg``; return its id once t1 has finished and t2 is running."""
    _ok(kernel.execute("%%route --background -o bg\nLoad the numbers and think slowly about them"))
    run_id = _ok(kernel.execute("print(bg.id)")).stdout.strip()
    deadline = time.monotonic() + 30
    while True:
        out = _ok(kernel.execute("print({t.id: t.status for t in bg.state.plan})")).stdout
        if "'t1': 'fulfilled'" in out and "'t2': 'running'" in out:
            return run_id
        assert time.monotonic() < deadline, f"the run never reached t2: {out}"
        time.sleep(0.2)


def test_a_killed_kernel_leaves_an_interrupted_run_that_resumes_where_it_stopped(
    folder: Path, kernels: list[Kernel]
) -> None:
    doomed = _kernel(folder, slow_seconds=120)
    kernels.append(doomed)
    run_id = _start_slow_run(doomed)
    time.sleep(1.0)  # past the store's flush interval
    pid = int(_ok(doomed.execute("import os; print(os.getpid())")).stdout)
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.5)
    doomed.shutdown()
    kernels.remove(doomed)

    fresh = _kernel(folder, slow_seconds=0.01)
    kernels.append(fresh)
    listing = _text(_ok(fresh.execute("%route runs")))
    row = next(line for line in listing.splitlines() if line.startswith(run_id))
    assert "interrupted (resumable)" in row and "1/2" in row

    resumed = _ok(fresh.execute(f"%route resume {run_id}"))
    final = resumed.result()
    assert final is not None
    assert "the goal was met" in final["text/plain"]
    assert "✓ t1 numbers" in final["text/plain"] and "✓ t2 slow" in final["text/plain"]
    assert "thought it through" in final["text/plain"]
    # t1 finished before the crash: it was not run again.
    assert _ok(fresh.execute("print(CALLS)")).stdout.strip() == "['slow']"
    listing = _text(_ok(fresh.execute("%route runs")))
    row = next(line for line in listing.splitlines() if line.startswith(run_id))
    assert "the goal was met · resumed 1×" in row and "2/2" in row


def test_export_and_import_show_a_run_in_another_notebook(
    tmp_path: Path, kernels: list[Kernel]
) -> None:
    source = _kernel(tmp_path / "one")
    kernels.append(source)
    _ok(source.execute("%%route -o report\nLoad the numbers, then add them up"))
    run_id = _ok(source.execute("print(report.id)")).stdout.strip()
    exported = tmp_path / "shared" / "run.json"
    out = _ok(source.execute(f"%route export {run_id} --to {exported}")).stdout
    assert out.startswith(f"Exported run {run_id} to {exported}")
    data = json.loads(exported.read_text())
    assert data["format"] == "notebook_router.run" and data["answer"].endswith("31 [t2]")
    assert [t["result"] for t in data["plan"]] == [[3, 1, 4, 1, 5, 9, 2, 6], 31]
    assert "flowchart" in data["tree"] and data["events"][0]["kind"] == "run_started"
    page = tmp_path / "shared" / "run.html"
    _ok(source.execute(f"%route export {run_id} --to {page}"))
    text = page.read_text()
    assert 'class="nr-run"' in text and "Delegation tree" in text
    assert 'src="data:image/svg+xml;base64,' in text and "https://" not in text  # offline page

    other = _kernel(tmp_path / "two")
    kernels.append(other)
    shown = _text(_ok(other.execute(f"%route import {exported}")))
    assert "✓ t2 total: Add them up" in shown and "31 [t2]" in shown
    listing = _text(_ok(other.execute("%route runs")))
    assert "imported" in next(line for line in listing.splitlines() if line.startswith(run_id))
    refused = other.execute(f"%route resume {run_id}")
    assert "was imported from an export" in str(refused.errors() or refused.stderr)


def test_purge_and_store_settings(folder: Path, kernels: list[Kernel]) -> None:
    kernel = _kernel(folder)
    kernels.append(kernel)
    _ok(kernel.execute("%%route\nLoad the numbers"))
    out = _ok(kernel.execute("%route purge --older-than 30d")).stdout
    assert out.startswith("Deleted 0 runs older than 30d")
    assert _ok(kernel.execute("%route store --expiry 7d")).stdout.startswith("Session database:")
    out = _ok(kernel.execute("%route purge --all")).stdout
    assert out.startswith("Deleted 1 run (")
    bad = kernel.execute("%route purge --older-than soon")
    assert "30d, 12h" in bad.stderr  # a UsageError: one line, no traceback
    assert "off" in _ok(kernel.execute("%route store off")).stdout
    _ok(kernel.execute("%%route\nLoad the numbers"))  # runs still work with the store off
    listing = _text(_ok(kernel.execute("%route runs")))
    assert "Session database: off" in listing and "here" in listing


def test_purge_all_returns_the_file_to_its_empty_size_and_the_runs_leave_the_listing(
    folder: Path, kernels: list[Kernel]
) -> None:
    kernel = _kernel(folder)
    kernels.append(kernel)
    size = "from notebook_router.notebook import session_for\n" + (
        "print(session_for(get_ipython()).persistence.get().size_bytes())"
    )
    empty = int(_ok(kernel.execute(size)).stdout)
    for region in ("North", "South", "East", "West") * 5:
        _ok(kernel.execute(f"%%route\nLoad the numbers for {region}, then add them up"))
    assert int(_ok(kernel.execute(size)).stdout) > empty
    assert _text(_ok(kernel.execute("%route runs"))).count("for West, then add") == 5
    out = _ok(kernel.execute("%route purge --all")).stdout
    assert out.startswith("Deleted 20 runs (")
    assert int(_ok(kernel.execute(size)).stdout) == empty
    # The purged runs are gone from the listing too, not shown as this kernel's.
    assert _ok(kernel.execute("%route runs")).stdout.startswith("No runs yet.")
    _ok(kernel.execute("%%route\nLoad the numbers"))  # and runs go on as before
    assert "Load the numbers" in _text(_ok(kernel.execute("%route runs")))


def test_recorded_model_calls_are_indexed_with_their_run(
    folder: Path, kernels: list[Kernel]
) -> None:
    kernel = _kernel(folder)
    kernels.append(kernel)
    recording = folder / "calls.jsonl"
    _ok(kernel.execute(DESCRIBER))
    _ok(kernel.execute(f"%route model offline --record {recording}"))
    _ok(kernel.execute("%%route -o report\nLoad the numbers, then describe them"))
    out = _ok(
        kernel.execute(
            "from notebook_router.notebook import session_for\n"
            "calls = session_for(get_ipython()).persistence.get().recordings.for_run(report.id)\n"
            "print(len(calls), sorted({c.purpose for c in calls}), calls[0].line)"
        )
    ).stdout.split(maxsplit=1)
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    assert int(out[0]) == len(lines) > 0
    assert out[1].startswith("['chat'] ") and out[1].rstrip().endswith(" 1")  # the describer's


def test_resuming_in_the_same_kernel_takes_the_stopped_runs_place(
    folder: Path, kernels: list[Kernel]
) -> None:
    kernel = _kernel(folder, slow_seconds=120)
    kernels.append(kernel)
    run_id = _start_slow_run(kernel)
    _ok(kernel.execute("%route stop\nawait bg"))
    _ok(kernel.execute(f"SLOW_SECONDS = 0.01\nstopped = {run_id!r}"))
    _ok(kernel.execute("%route resume {stopped}"))  # expanded like any line magic's {name}
    # One run answers to the id now (the resumed one), so steering by id works.
    status = _text(_ok(kernel.execute(f"%route status {run_id}")))
    assert "the goal was met" in status
    out = _ok(
        kernel.execute(
            "s = get_ipython().magics_manager.registry['RouteMagics'].session\n"
            f"print([r.id for r in s.runs].count({run_id!r}), s.find_run({run_id!r}).done())"
        )
    ).stdout
    assert out.strip() == "1 True"
