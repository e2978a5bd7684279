"""Start-up cost: what importing notebook_router adds to a fresh interpreter.

The starts a user feels, each timed as the wall time of a fresh interpreter
minus that of a bare ``python -c pass`` (the interpreter's own start-up):

- ``import notebook_router`` (a script or a notebook cell);
- ``from notebook_router import Router`` (what a script or a CLI run imports);
- ``python -m notebook_router --help`` (the CLI's first response).

``%load_ext notebook_router`` is timed inside the interpreter instead: a
kernel has IPython and its shell up before any cell runs, so what counts is
``run_line_magic('load_ext', 'notebook_router')`` on a running shell, clocked
around that call alone (the shell's own start, ~0.15 s here, would otherwise
be subtracted from a second fresh interpreter and bury the figure in noise).

``import pydantic`` and ``from pydantic import BaseModel`` plus one model
class are measured the same way as baselines: the package is built on pydantic
models, so that is the floor (the first model class pays for pydantic's schema
machinery and its plugin scan). The starts are interleaved within each repeat,
so a busy moment on this shared machine lands on all of them; figures are
medians with (min, max).

    python bench/import_workloads.py [--repeats N] [--root CHECKOUT]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# name -> (arguments after the interpreter, the baseline it is measured against)
STARTS: dict[str, tuple[list[str], str]] = {
    "bare": (["-c", "pass"], ""),
    "pydantic": (["-c", "import pydantic"], "bare"),
    "pydantic_model": (["-c", "import pydantic\nclass A(pydantic.BaseModel): x: int"], "bare"),
    "import": (["-c", "import notebook_router"], "bare"),
    "router": (["-c", "from notebook_router import Router"], "bare"),
    "cli_help": (["-m", "notebook_router", "--help"], "bare"),
}

LOAD_EXT = """
import time
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
start = time.perf_counter()
shell.run_line_magic("load_ext", "notebook_router")
print(time.perf_counter() - start)
"""
"""Prints the seconds ``%load_ext notebook_router`` takes on a running IPython shell."""


def _environment(pycache: str) -> dict[str, str]:
    """Compiled modules cached as a user's would be, but outside the checkout.

    Without a bytecode cache (``PYTHONDONTWRITEBYTECODE``, set on some CI and
    sandboxes) every start would also compile the package from source, which
    is a cost of the setting, not of the code.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def _wall(args: list[str], env: dict[str, str], root: Path) -> float:
    """Seconds for one fresh interpreter to run ``args`` in ``root`` and exit."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, *args],
        cwd=root,  # the checkout's package, whichever is installed
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def _load_ext(env: dict[str, str], root: Path) -> float:
    """Seconds ``%load_ext notebook_router`` takes in a fresh interpreter's running shell."""
    done = subprocess.run(
        [sys.executable, "-c", LOAD_EXT],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


def import_time(repeats: int, root: Path = ROOT) -> dict[str, Any]:
    """Milliseconds each start adds over its baseline: medians, then (min, max) spreads."""
    walls: dict[str, list[float]] = {name: [] for name in STARTS}
    load_ext: list[float] = []
    with tempfile.TemporaryDirectory(prefix="nr-pycache-") as pycache:
        env = _environment(pycache)
        for args, _base in STARTS.values():  # fill the bytecode and file caches first
            _wall(args, env, root)
        _load_ext(env, root)
        for _ in range(repeats):
            for name, (args, _base) in STARTS.items():
                walls[name].append(_wall(args, env, root))
            load_ext.append(_load_ext(env, root))
    added: dict[str, list[float]] = {"load_ext": [1000 * seconds for seconds in load_ext]}
    for name, (_args, base) in STARTS.items():
        if base:
            # Paired by repeat, so a noisy moment cancels out of the difference.
            added[name] = [
                1000 * (run - ref) for run, ref in zip(walls[name], walls[base], strict=True)
            ]
    spreads = {name: _spread(values) for name, values in added.items()}
    line: dict[str, Any] = {"bench": "import_time", "repeats": repeats}
    for name in ("import", "router", "load_ext", "cli_help", "pydantic", "pydantic_model"):
        line[f"{name}_ms"] = spreads[name]["median"]
    line["bare_python_ms"] = round(1000 * statistics.median(walls["bare"]), 1)
    line["spread_ms"] = {name: [s["min"], s["max"]] for name, s in spreads.items()}
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the checkout to measure (to compare two)"
    )
    args = parser.parse_args()
    print(json.dumps(import_time(args.repeats, args.root.resolve())), flush=True)


if __name__ == "__main__":
    main()
