"""Instructions per loop step, router and plain-asyncio floor, counted by callgrind.

    python bench/instructions.py            # needs valgrind on PATH (about two minutes)

Wall-clock figures on a shared machine move with the load; instruction counts
do not, so this is the figure to compare between commits. Each workload runs
in a child process under ``valgrind --tool=callgrind`` with collection off
except inside the measured run (the child wraps it in ``math.prod``, a C
function the workloads never call, and callgrind toggles on entering it).
Decisions are built before the measured region, as in ``workloads.py``.

The third workload is the same loop with the session store on
(``store_workloads.py``); ``store_ratio`` is its count over the router's,
the load-independent companion of ``store_overhead``. Callgrind collects per
thread, so it counts the loop's thread only: the store's writer thread (the
SQLite commits) runs beside it on another core. Prints one JSON line.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

STEPS = 1000
HERE = Path(__file__).parent


def _child(which: str, steps: int) -> None:
    sys.path.insert(0, str(HERE))
    import workloads

    fn = _workload(which)
    loop = asyncio.new_event_loop()
    loop.run_until_complete(fn(50))  # imports, caches and first-call costs stay outside
    decisions = workloads._serial_decisions(steps)
    workloads._serial_decisions = lambda n: decisions

    def measured() -> Iterator[int]:
        loop.run_until_complete(fn(steps))
        yield 1

    math.prod(measured())


def _workload(which: str) -> Callable[[int], Awaitable[object]]:
    import store_workloads
    import workloads

    if which == "stored":
        # The store's writer thread commits in the background; stored_loop
        # flushes it before returning, so its work falls inside the count.
        from notebook_router.store import SessionStore

        store = SessionStore(tempfile.mkdtemp(), expiry=None)
        return lambda n: store_workloads.stored_loop(n, store)
    return {"router": workloads.router_loop, "floor": workloads.reference_loop}[which]


def _count(which: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                "--toggle-collect=math_prod",
                f"--callgrind-out-file={tmp}/cg.out",
                sys.executable,
                __file__,
                "--child",
                which,
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no total:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    router = _count("router") / STEPS
    floor = _count("floor") / STEPS
    stored = _count("stored") / STEPS
    line = {
        "bench": "loop_instructions",
        "steps": STEPS,
        "router_per_step": round(router),
        "floor_per_step": round(floor),
        "ratio": round(router / floor, 2),
        "stored_per_step": round(stored),
        "store_ratio": round(stored / router, 2),
        "python": sys.version.split()[0],
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        _child(sys.argv[2], STEPS)
    else:
        main()
