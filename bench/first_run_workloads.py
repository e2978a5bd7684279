"""``first_run``: a fresh kernel's first ``%%route``, from kernel start to the answer.

Each repeat starts a new IPython kernel (jupyter_client, as a notebook server does) in
an empty folder with no model keys (offline), then runs the cells a user would:

1. ``%load_ext notebook_router`` and a small table (``sales``, 6 rows, pandas);
2. after :data:`TYPING_S` (the user writes the question), the one-line question
   ``%%route`` / ``what was total revenue for North?``.

Measured, in seconds: ``kernel_start_s`` (the kernel answering), ``load_ext_s`` (cell 1),
``first_panel_s`` (from cell 2's request to the first display of the live panel),
``first_answer_s`` (from cell 2's request to its reply: the run has answered), and
``start_to_answer_s`` (kernel start to that reply, the typing pause included). Each is a
median with (min, max) over the repeats. The same cells run with the warm-up at
``%load_ext`` turned off (``NOTEBOOK_ROUTER_WARM=off``) as an in-run baseline, the
two interleaved so a busy moment on this shared machine lands on both.

    python bench/first_run_workloads.py [--repeats N] [--typing SECONDS]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
TYPING_S = 1.0
"""Seconds between the first cell's end and the question: a user typing it."""
SETUP = """\
%load_ext notebook_router
import pandas as pd
sales = pd.DataFrame({"region": ["North", "South", "East", "West", "North", "South"],
                      "revenue": [100.0, 200.0, 150.0, 120.0, 80.0, 60.0]})
"""
QUESTION = "%%route\nwhat was total revenue for North?"
PANEL = "application/vnd.jupyter.widget-view+json"


def _execute(client: BlockingKernelClient, code: str) -> tuple[float | None, float, str]:
    """Run ``code``: seconds to the first widget display, to the reply, and the output text."""
    start = time.perf_counter()
    msg_id = client.execute(code)
    panel: float | None = None
    text: list[str] = []
    while True:
        msg = client.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
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
    return panel, time.perf_counter() - start, "".join(text)


def first_run_once(*, warm: bool, typing_s: float = TYPING_S) -> dict[str, float]:
    """One fresh kernel through the two cells; the seconds of each step."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.endswith("_API_KEY") and k != "PYTHONDONTWRITEBYTECODE"
    }
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["NOTEBOOK_ROUTER_WARM"] = "on" if warm else "off"
    with tempfile.TemporaryDirectory(prefix="nr-first-run-") as folder:
        start = time.perf_counter()
        manager, client = start_new_kernel(kernel_name="python3", cwd=folder, env=env)
        try:
            ready = time.perf_counter() - start
            _, load_ext, _ = _execute(client, SETUP)
            time.sleep(typing_s)
            panel, answer, text = _execute(client, QUESTION)
            total = time.perf_counter() - start
            if "180" not in text:
                raise RuntimeError(f"the first run did not answer 180: {text[-400:]!r}")
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    return {
        "kernel_start_s": ready,
        "load_ext_s": load_ext,
        "first_panel_s": panel if panel is not None else float("nan"),
        "first_answer_s": answer,
        "start_to_answer_s": total,
    }


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def first_run(repeats: int, typing_s: float = TYPING_S) -> dict[str, Any]:
    """The ``first_run`` line: medians and spreads, with the warm-up and without it."""
    runs: dict[str, list[dict[str, float]]] = {"warm": [], "cold": []}
    for _ in range(repeats):
        runs["warm"].append(first_run_once(warm=True, typing_s=typing_s))
        runs["cold"].append(first_run_once(warm=False, typing_s=typing_s))
    line: dict[str, Any] = {"bench": "first_run", "typing_s": typing_s, "repeats": repeats}
    for name, rows in runs.items():
        prefix = "" if name == "warm" else "no_warm_"
        for key in rows[0]:
            values = [row[key] for row in rows]
            line[f"{prefix}{key}"] = round(statistics.median(values), 3)
            line[f"{prefix}{key}_spread"] = _spread(values)
    return line


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--typing", type=float, default=TYPING_S, help="seconds between cells")
    args = parser.parse_args()
    print(json.dumps(first_run(args.repeats, args.typing)))
