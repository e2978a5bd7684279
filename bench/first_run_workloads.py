"""``first_run``: a fresh kernel's first ``%%route``, from kernel start to the answer.

Each repeat starts a new IPython kernel (jupyter_client, as a notebook server does) in
an empty folder with no model keys (offline), then runs the cells a user would:

1. ``%load_ext notebook_router`` and a small table (``sales``, 6 rows, pandas);
2. after :data:`TYPING_S` (the user writes the question), the one-line question
   ``%%route`` / ``what was total revenue for North?``.

Measured, in seconds: ``kernel_start_s`` (the kernel answering), ``load_ext_s`` (cell 1),
``first_panel_s`` (from cell 2's request to the first display of the live panel),
``answer_shown_s`` (from cell 2's request to the first message that puts the answer on
screen: the live panel's answer, or the cell's result), ``first_answer_s`` (from cell 2's
request to its reply: the run has answered and ``Out[n]``, the finished view with its
picture, is shown) and ``start_to_answer_s`` (kernel start to that reply, the typing pause
included). ``first_answer_cpu_s`` is the kernel process's CPU time (user and system, every
thread) over cell 2, ``answer_shown_cpu_s`` up to the answer on screen (read as its message
arrives), and ``typing_cpu_s`` what it spent during the pause (the warm-up). On a loaded
machine the kernel gets a fraction of a core, so its CPU seconds say more than its wall.

This machine is shared, so a fixed workload runs in the same repeats as a yardstick: a
fresh kernel without the extension running cell 1 without ``%load_ext`` (``import pandas``
and the table), ``pandas_cell_s`` and ``pandas_cell_cpu_s``. ``first_answer_per_pandas``
(and ``..._cpu_``) is each repeat's first answer divided by that repeat's pandas cell:
a figure a busy moment moves far less than the seconds. The same cells also run with the
warm-up at ``%load_ext`` turned off (``NOTEBOOK_ROUTER_WARM=off``) as an in-run baseline;
the three kernels of a repeat run one after the other, so a busy moment lands on all.
Each figure is a median with (min, max) over the repeats; the load average is given at the
start and the end.

How far the warm-up gets before the question depends on how much of a core the kernel had
during the pause: ``--typing-cpu 1.0`` pauses instead until the kernel has had one CPU
second (or has nothing left to do), what a 1 s pause gives it on an idle core, so the
figures of a loaded machine compare with an idle one's.

    python bench/first_run_workloads.py [--repeats N] [--typing SECONDS | --typing-cpu SECONDS]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]  # (a dependency of ipykernel)
from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import KernelManager, start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
TYPING_S = 1.0
"""Seconds between the first cell's end and the question: a user typing it."""
TABLE = """\
import pandas as pd
sales = pd.DataFrame({"region": ["North", "South", "East", "West", "North", "South"],
                      "revenue": [100.0, 200.0, 150.0, 120.0, 80.0, 60.0]})
"""
SETUP = "%load_ext notebook_router\n" + TABLE
QUESTION = "%%route\nwhat was total revenue for North?"
ANSWER = "180"
PANEL = "application/vnd.jupyter.widget-view+json"
GAP_S = 0.05
"""An answer off screen for longer than this (the live panel gone, ``Out[n]`` not yet
there) was not shown continuously: it counts as shown from ``Out[n]`` on."""


@dataclass
class Cell:
    """What one cell took: seconds from its request, and the kernel's CPU seconds."""

    panel_s: float | None
    """To the first display of a widget view (the live panel)."""
    shown_s: float | None
    """To the message from which :data:`ANSWER` stays on screen: the live panel's answer,
    unless the panel left more than :data:`GAP_S` before ``Out[n]`` came (then ``Out[n]``)."""
    shown_cpu_s: float | None
    """The kernel's CPU seconds up to that message (read as it arrives)."""
    reply_s: float
    cpu_s: float
    text: str


def _cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def _answer_in(msg: dict[str, Any]) -> bool:
    """Whether ``msg`` puts the answer on screen (the panel's answer, or a display's text)."""
    kind, content = msg["msg_type"], msg["content"]
    if kind in ("comm_open", "comm_msg"):
        return ANSWER in str(content.get("data", {}).get("state", {}).get("answer_html", ""))
    if kind in ("display_data", "update_display_data", "execute_result"):
        return ANSWER in str(content.get("data", {}).get("text/plain", ""))
    return False


def _execute(client: BlockingKernelClient, process: psutil.Process, code: str) -> Cell:
    """Run ``code`` and time what it shows."""
    cpu = _cpu(process)
    start = time.perf_counter()
    msg_id = client.execute(code)
    panel: float | None = None
    shown: float | None = None
    shown_cpu: float | None = None
    gone: float | None = None
    text: list[str] = []
    while True:
        msg = client.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        now = time.perf_counter() - start
        if _answer_in(msg) and (shown is None or (gone is not None and now - gone > GAP_S)):
            shown, shown_cpu = now, _cpu(process) - cpu
        if _answer_in(msg):
            gone = None
        elif shown is not None and kind == "update_display_data" and not content["data"]:
            gone = now  # the live view, with its answer, left the screen
        if kind in ("display_data", "update_display_data", "execute_result"):
            data = content.get("data", {})
            if panel is None and PANEL in data:
                panel = time.perf_counter() - start
            text.append(str(data.get("text/plain", "")))
        elif kind == "stream":
            text.append(content["text"])
        elif kind == "error":
            raise RuntimeError(f"{content['ename']}: {content['evalue']}")
        elif kind == "status" and content["execution_state"] == "idle":
            break
    while True:
        reply = client.get_shell_msg(timeout=120)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    took = time.perf_counter() - start
    return Cell(panel, shown, shown_cpu, took, _cpu(process) - cpu, "".join(text))


def _kernel(folder: str, *, warm: bool | None) -> tuple[KernelManager, BlockingKernelClient]:
    """A fresh kernel in ``folder``, offline (``warm``: the warm-up's setting, None: unset)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.endswith("_API_KEY") and k != "PYTHONDONTWRITEBYTECODE"
    }
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("NOTEBOOK_ROUTER_WARM", None)
    if warm is not None:
        env["NOTEBOOK_ROUTER_WARM"] = "on" if warm else "off"
    manager, client = start_new_kernel(kernel_name="python3", cwd=folder, env=env)
    return manager, client


def _process(manager: KernelManager) -> psutil.Process:
    provisioner = manager.provisioner
    process = getattr(provisioner, "process", None)
    if process is None:
        raise RuntimeError("the kernel's process is not known to its provisioner")
    return psutil.Process(process.pid)


def _pause(process: psutil.Process, typing_s: float, typing_cpu_s: float | None) -> None:
    """The user typing: ``typing_s`` seconds, or (``typing_cpu_s``) until the kernel has
    had that many CPU seconds since, or has gone quiet (nothing left to warm), within a
    minute: the pause an idle core would give, whatever the machine's load."""
    if typing_cpu_s is None:
        time.sleep(typing_s)
        return
    start, deadline = _cpu(process), time.monotonic() + 60
    last = start
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = _cpu(process)
        if now - start >= typing_cpu_s or now - last < 0.01:
            return
        last = now


def first_run_once(
    *, warm: bool, typing_s: float = TYPING_S, typing_cpu_s: float | None = None
) -> dict[str, float]:
    """One fresh kernel through the two cells; the seconds of each step."""
    nan = float("nan")
    with tempfile.TemporaryDirectory(prefix="nr-first-run-") as folder:
        start = time.perf_counter()
        manager, client = _kernel(folder, warm=warm)
        try:
            ready = time.perf_counter() - start
            process = _process(manager)
            load_ext = _execute(client, process, SETUP)
            typing_cpu = _cpu(process)
            _pause(process, typing_s, typing_cpu_s)
            typing_cpu = _cpu(process) - typing_cpu
            answer = _execute(client, process, QUESTION)
            total = time.perf_counter() - start
            if ANSWER not in answer.text:
                raise RuntimeError(f"the first run did not answer {ANSWER}: {answer.text[-400:]!r}")
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    return {
        "kernel_start_s": ready,
        "load_ext_s": load_ext.reply_s,
        "typing_cpu_s": typing_cpu,
        "first_panel_s": answer.panel_s if answer.panel_s is not None else nan,
        "answer_shown_s": answer.shown_s if answer.shown_s is not None else nan,
        "answer_shown_cpu_s": answer.shown_cpu_s if answer.shown_cpu_s is not None else nan,
        "first_answer_s": answer.reply_s,
        "first_answer_cpu_s": answer.cpu_s,
        "start_to_answer_s": total,
    }


def pandas_cell_once() -> dict[str, float]:
    """The yardstick: a fresh kernel without the extension running ``import pandas`` and
    the table (cell 1 without ``%load_ext``)."""
    with tempfile.TemporaryDirectory(prefix="nr-first-run-") as folder:
        manager, client = _kernel(folder, warm=None)
        try:
            cell = _execute(client, _process(manager), TABLE)
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    return {"pandas_cell_s": cell.reply_s, "pandas_cell_cpu_s": cell.cpu_s}


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def first_run(
    repeats: int, typing_s: float = TYPING_S, typing_cpu_s: float | None = None
) -> dict[str, Any]:
    """The ``first_run`` line: medians and spreads, with the warm-up and without it, and
    the pandas yardstick."""
    line: dict[str, Any] = {
        "bench": "first_run",
        "typing_s": None if typing_cpu_s is not None else typing_s,
        "typing_cpu_s_asked": typing_cpu_s,
        "repeats": repeats,
        "load_average_start": round(os.getloadavg()[0], 2),
    }
    runs: dict[str, list[dict[str, float]]] = {"warm": [], "cold": [], "pandas": []}
    for _ in range(repeats):
        for name, warmed in (("warm", True), ("cold", False)):
            runs[name].append(
                first_run_once(warm=warmed, typing_s=typing_s, typing_cpu_s=typing_cpu_s)
            )
        runs["pandas"].append(pandas_cell_once())
    for warm, pandas in zip(runs["warm"], runs["pandas"], strict=True):
        warm["first_answer_per_pandas"] = warm["first_answer_s"] / pandas["pandas_cell_s"]
        warm["answer_shown_per_pandas"] = warm["answer_shown_s"] / pandas["pandas_cell_s"]
        warm["first_answer_cpu_per_pandas"] = (
            warm["first_answer_cpu_s"] / pandas["pandas_cell_cpu_s"]
        )
        warm["answer_shown_cpu_per_pandas"] = (
            warm["answer_shown_cpu_s"] / pandas["pandas_cell_cpu_s"]
        )
    for name, rows in runs.items():
        prefix = "no_warm_" if name == "cold" else ""
        for key in rows[0]:
            values = [row[key] for row in rows]
            line[f"{prefix}{key}"] = round(statistics.median(values), 3)
            line[f"{prefix}{key}_spread"] = _spread(values)
    line["load_average_end"] = round(os.getloadavg()[0], 2)
    return line


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--typing", type=float, default=TYPING_S, help="seconds between cells")
    parser.add_argument(
        "--typing-cpu",
        type=float,
        default=None,
        help="instead, pause until the kernel has had this many CPU seconds (or gone quiet)",
    )
    args = parser.parse_args()
    print(json.dumps(first_run(args.repeats, args.typing, args.typing_cpu)))
