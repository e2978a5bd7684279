"""Choosing where agents run: the CLI's --executor, and %route executor / %%route --executor
in a real kernel, against a real cluster; and the kernel interrupt with remote agents running."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cluster.conftest import busy_threads, wait_until, worker_pids
from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.cluster

ROOT = Path(__file__).resolve().parents[2]

AGENTS = """
import os
from notebook_router import agent


@agent(can=["process", "pid", "where"])
def whereabouts(task):
    "Says which process it runs in."
    return {"pid": os.getpid()}


@agent(can=["spin", "crunch", "grind"])
def spin(task):
    "Crunches numbers in Python for a minute."
    import time

    end = time.monotonic() + 60
    while time.monotonic() < end:
        pass
    return "done spinning"
"""


def test_the_cli_runs_agents_from_a_file_on_the_cluster_given_by_executor(
    cluster: Any, client: Any, tmp_path: Path
) -> None:
    (tmp_path / "my_agents.py").write_text(AGENTS)
    completed = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", "which process do you run in",
         "--agents", "my_agents.py", "--executor", cluster.scheduler_address, "--json"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stdout)
    (task,) = report["tasks"]
    assert task["agent"] == "whereabouts" and task["status"] == "fulfilled", task
    assert task["where"] in set(client.scheduler_info()["workers"])
    # The agents file is not importable on the workers: its module travelled by value.
    assert json.loads(task["summary"])["pid"] in worker_pids(client)


def test_a_bad_executor_in_the_cli_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "my_agents.py").write_text(AGENTS)
    completed = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", "where", "--agents", "my_agents.py",
         "--executor", "gpu-farm"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert completed.returncode == 2
    assert "executor='gpu-farm': give 'local'" in completed.stderr
    assert "Traceback" not in completed.stderr


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel(env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        setup = k.execute("%load_ext notebook_router\n" + textwrap.dedent(AGENTS))
        assert setup.status == "ok", setup.errors()
        yield k
    finally:
        k.shutdown()


def _kernel_value(kernel: Kernel, expression: str) -> Any:
    done = kernel.execute(f"import json as _json\nprint(_json.dumps({expression}))")
    assert done.status == "ok", done.errors()
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_route_executor_sets_where_the_notebooks_agents_run(
    kernel: Kernel, cluster: Any, client: Any
) -> None:
    address = cluster.scheduler_address
    chosen = kernel.execute(f"%route executor {address}")
    assert chosen.status == "ok", chosen.errors()
    assert f"Function agents of new runs run on the Dask cluster at {address}." in chosen.stdout
    ran = kernel.execute("%%route -o remote\nwhich process do you run in")
    assert ran.status == "ok", ran.errors()
    kernel_pid = _kernel_value(kernel, "os.getpid()")
    remote = _kernel_value(kernel, "[(r := remote.result()).data(r.tasks[0].id), r.tasks[0].where]")
    assert remote[0]["pid"] != kernel_pid and remote[0]["pid"] in worker_pids(client)
    assert remote[1] in set(client.scheduler_info()["workers"])
    # One run's --executor overrides the session's choice.
    here = kernel.execute("%%route -o here --executor local\nwhich process do you run in")
    assert here.status == "ok", here.errors()
    local = _kernel_value(kernel, "[(r := here.result()).data(r.tasks[0].id), r.tasks[0].where]")
    assert local == [{"pid": kernel_pid}, None]
    back = kernel.execute("%route executor local")
    assert "Function agents of new runs run in the kernel" in back.stdout


def test_the_kernel_interrupt_stops_remote_agents_at_once(
    kernel: Kernel, cluster: Any, client: Any
) -> None:
    address = cluster.scheduler_address
    interrupted_at: list[float] = []

    def interrupt_when_spinning() -> None:
        deadline = time.monotonic() + 30
        while busy_threads(client) < 1:  # until the agent spins on a worker
            if time.monotonic() > deadline:
                return
            time.sleep(0.1)
        interrupted_at.append(time.monotonic())
        kernel.interrupt()

    watcher = threading.Thread(target=interrupt_when_spinning)
    watcher.start()
    ran = kernel.execute(f"%%route -o spun --executor {address}\nspin the numbers", timeout=60)
    returned = time.monotonic()
    watcher.join()
    assert interrupted_at, "the agent never started on a worker"
    assert ran.status == "error" and ran.errors()[0]["ename"] == "RunInterrupted"
    assert returned - interrupted_at[0] < 5
    status = _kernel_value(kernel, "spun.result().tasks[0].status")
    assert status == "cancelled"
    # The worker's thread was stopped too: nothing spins on for the minute the agent takes.
    wait_until(lambda: busy_threads(client) == 0, timeout=10, what="the worker to be free")
