"""A cluster whose workers lack notebook_router still runs the agents and describes the data.

The scheduler and the worker are started with the ``dask scheduler`` and ``dask worker``
commands, as on a real deployment; the worker's interpreter cannot import
notebook_router (an import hook refuses it), nor the script that defines the agents.
What the router sends must therefore travel by value: the agents defined in
``__main__`` (as a notebook's are), the code that runs and stops them on the worker,
and the code that samples a Dask frame's partitions.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from tests.cluster.conftest import distributed, wait_until

pytestmark = pytest.mark.cluster

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

HIDE = '''
import sys


class HideNotebookRouter:
    """This worker has no notebook_router installed."""

    def find_spec(self, name, path=None, target=None):
        if name == "notebook_router" or name.startswith("notebook_router."):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None


sys.meta_path.insert(0, HideNotebookRouter())
'''

SCRIPT = """
import json, os, sys
import pandas as pd
from notebook_router import Router, agent


@agent(can=["table"])
def table(task):
    "Builds a table where it runs."
    return pd.DataFrame({"pid": [os.getpid()], "task": [task]})


@agent(can=["pid"])
async def pid_async(task):
    "Says where it runs, from a coroutine."
    return os.getpid()


router = Router([table, pid_async], executor=sys.argv[1], builtins=False)
result = router.run_sync("build the table and tell the pid")
print(json.dumps({
    "pid": os.getpid(),
    "tasks": [
        {"agent": t.agent, "status": t.status, "where": t.where, "error": t.error}
        for t in result.tasks
    ],
    "data": {t.agent: result.data(t.id) if t.agent == "pid_async" else
             result.data(t.id).to_dict("records") for t in result.tasks},
}))
"""


def scheduler_address(scheduler_file: Path) -> str | None:
    """The address in the scheduler's file, or None while it is missing or half-written.

    The scheduler creates the file before it has written the JSON into it, so a reader
    that only waits for the file to exist can read it empty.
    """
    try:
        return str(json.loads(scheduler_file.read_text())["address"])
    except (FileNotFoundError, json.JSONDecodeError, KeyError):
        return None


@pytest.fixture(scope="module")
def bare_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """``dask scheduler`` and one ``dask worker`` that cannot import notebook_router."""
    folder = tmp_path_factory.mktemp("bare_cluster")
    (folder / "sitecustomize.py").write_text(HIDE)
    scheduler_file = folder / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": str(folder), "MPLBACKEND": "agg"}
    common: dict[str, Any] = {"cwd": folder, "env": env, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--scheduler-file", scheduler_file],
        **common,
    )  # fmt: skip
    worker = None
    try:
        wait_until(
            lambda: scheduler_address(scheduler_file) is not None,
            timeout=60,
            what="the scheduler to write its address",
        )
        address = str(scheduler_address(scheduler_file))
        worker = subprocess.Popen(
            [BIN / "dask", "worker", address, "--nthreads", "1", "--no-dashboard",
             "--host", "127.0.0.1"],
            **common,
        )  # fmt: skip
        client = distributed.Client(address, set_as_default=False)
        try:
            client.wait_for_workers(1, timeout=60)
            yield address, client
        finally:
            client.close()
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)


def test_agents_defined_in_main_run_on_a_worker_without_notebook_router(
    bare_cluster: tuple[str, Any], tmp_path: Path
) -> None:
    address, client = bare_cluster

    def can_import_notebook_router() -> bool:
        # Defined here, so it travels by value: the worker cannot import this test module.
        import importlib.util

        try:
            return importlib.util.find_spec("notebook_router") is not None
        except ModuleNotFoundError:
            return False

    assert list(client.run(can_import_notebook_router).values()) == [False]
    script = tmp_path / "agents_in_main.py"
    script.write_text(textwrap.dedent(SCRIPT))
    completed = subprocess.run(
        [sys.executable, str(script), address],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    worker_pid = next(iter(client.run(os.getpid).values()))
    assert {t["status"] for t in report["tasks"]} == {"fulfilled"}, report["tasks"]
    assert {t["where"] for t in report["tasks"]} == set(client.scheduler_info()["workers"])
    assert report["data"]["pid_async"] == worker_pid != report["pid"]
    assert report["data"]["table"] == [
        {"pid": worker_pid, "task": report["data"]["table"][0]["task"]}
    ]


def test_a_dask_frame_is_described_on_a_worker_without_notebook_router(
    bare_cluster: tuple[str, Any],
) -> None:
    import dask.dataframe as dd

    from notebook_router.data.source import DataSource

    _, client = bare_cluster
    frame = pd.DataFrame({"x": np.arange(30_000) % 100, "g": np.arange(30_000) % 3})
    lazy = dd.from_pandas(frame, npartitions=6)
    with client.as_current():
        described = DataSource({"lazy": lazy}).scan().get("lazy")
    assert described is not None and described.kind == "dask.DataFrame"
    assert described.shape == (30_000, 2) and described.partitions == 6
    assert described.sampled_partitions == 3 and described.rows_estimated
    text = described.render()
    assert "about 30,000 rows × 2 columns in 6 partitions" in text
    assert "stats from a 7,500-row sample of 3 of its 6 partitions" in text
    assert "- g int64: min 0, max 2" in text
