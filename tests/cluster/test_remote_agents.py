"""Function agents on a real Dask cluster: where they run, what comes back, how they end."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from notebook_router import AgentResult, Router, agent
from notebook_router.errors import ConfigError
from notebook_router.planner import events as ev
from tests.cluster.conftest import busy_threads, distributed, wait_until, worker_pids
from tests.conftest import Script, router_with, task

pytestmark = pytest.mark.cluster


def spinner(name: str, seconds: float, **options: Any) -> Any:
    """An agent doing pure-Python work for ``seconds`` (a thread its worker can stop)."""

    def run() -> int:
        import time

        end, n = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            n += 1
        return n

    return agent(name=name, can=[name], **options)(run)


@agent(can=["where"])
def where_sync(task: str) -> dict[str, Any]:
    "Says where it ran."
    return {"pid": os.getpid(), "task": task}


@agent(can=["where async"])
async def where_async(task: str) -> dict[str, Any]:
    "Says where it ran, from a coroutine."
    await asyncio.sleep(0.01)
    return {"pid": os.getpid(), "task": task}


@agent(can=["here"], local=True)
def stays_here() -> int:
    "Must run in the kernel."
    return os.getpid()


@agent(can=["context"])
def uses_context(context: Any) -> int:
    "Takes the run's context, which only the kernel has."
    return os.getpid()


def parallel(*tasks: dict[str, Any]) -> Script:
    return Script(decide=[{"action": "parallel", "run": list(tasks)}, {"action": "wait"}])


async def test_function_agents_run_in_worker_processes_and_say_where(
    cluster: Any, client: Any, tmp_path: Path
) -> None:
    from notebook_router.store import SessionStore

    script = parallel(task("t1", "where_sync", "one"), task("t2", "where_async", "two"))
    store = SessionStore(tmp_path / "runs.db")
    router = router_with(
        [where_sync, where_async], script, executor=cluster.scheduler_address, store=store
    )
    run = router.start("where do they run")
    result = await run
    store.flush()
    stored = {t.id: t.where for t in store.load(result.run_id).tasks}
    store.close()
    assert stored == {"t1": result.task("t1").where, "t2": result.task("t2").where}
    pids = worker_pids(client)
    workers = set(client.scheduler_info()["workers"])
    for task_id, text in (("t1", "one"), ("t2", "two")):
        data = result.data(task_id)
        assert data["task"] == text
        assert data["pid"] != os.getpid() and data["pid"] in pids
        assert result.task(task_id).where in workers
    notes = [e for e in run.history if isinstance(e, ev.TraceNote) and e.note == ev.WORKER_NOTE]
    assert {n.task_id for n in notes} == {"t1", "t2"}
    assert all(n.data["worker"] in workers and n.message.startswith("runs on ") for n in notes)


async def test_local_agents_and_agents_taking_kernel_objects_stay_in_the_kernel(
    client: Any,
) -> None:
    script = parallel(task("t1", "stays_here"), task("t2", "uses_context"))
    run = router_with([stays_here, uses_context], script, executor=client).start("x")
    result = await run
    assert result.data("t1") == os.getpid() and result.task("t1").where is None
    assert result.data("t2") == os.getpid() and result.task("t2").where is None
    said = [e.message for e in run.history if isinstance(e, ev.TraceNote) and e.task_id == "t2"]
    assert said == ["runs in the kernel: it takes context, which only the kernel has"]


async def test_dataframes_travel_to_workers_and_back(client: Any) -> None:
    @agent(can=["load"])
    def load() -> pd.DataFrame:
        "Makes a table on a worker."
        return pd.DataFrame({"region": ["N", "S", "N"], "revenue": [1.0, 2.0, 4.0]})

    @agent(can=["total"])
    def totals(inputs: Any) -> pd.DataFrame:
        "Adds up the table it is given."
        frame = inputs["load"]
        assert inputs.by_task["t1"] is frame
        return frame.groupby("region", as_index=False)["revenue"].sum()

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "load")],
                "later": [task("t2", "totals", "total", ["t1"])],
            },
            {"action": "execute", "run": [{"id": "t2"}]},
        ]
    )
    result = await router_with([load, totals], script, executor=client).run("load, then total")
    table = result.data("t2")
    assert isinstance(table, pd.DataFrame)
    assert table.to_dict("records") == [
        {"region": "N", "revenue": 5.0},
        {"region": "S", "revenue": 2.0},
    ]
    assert result.task("t1").where and result.task("t2").where


async def test_figures_and_images_made_on_a_worker_come_back_as_media(client: Any) -> None:
    @agent(can=["chart"])
    def chart() -> Any:
        "Draws two charts: one left open, one returned."
        import matplotlib.pyplot as plt

        _left, ax = plt.subplots()
        ax.plot([1, 2, 3])
        ax.set_title("left open")
        fig, ax = plt.subplots()
        ax.bar(["a", "b"], [3, 4])
        ax.set_title("returned")
        return fig

    @agent(can=["result"])
    def with_result() -> AgentResult:
        "Returns a result of its own, with a figure left open."
        import matplotlib.pyplot as plt

        plt.figure().suptitle("kept")
        return AgentResult(status="partial", data=[1, 2], error="only two", confidence=0.4)

    script = parallel(task("t1", "chart"), task("t2", "with_result"))
    result = await router_with([chart, with_result], script, executor=client).run("draw")
    media = result.results["t1"].media
    assert [m.mime_type for m in media] == ["image/png", "image/png"]
    assert [m.description for m in media] == ["returned", "left open"]
    assert all(m.raw.startswith(b"\x89PNG") and m.source == "t1" for m in media)
    assert result.data("t1") == "returned"  # the figure travels as media, its title as data
    second = result.results["t2"]
    assert (second.status, second.data, second.error) == ("partial", [1, 2], "only two")
    assert [m.mime_type for m in second.media] == ["image/png"]


async def test_an_agents_error_on_a_worker_is_a_failed_result_with_its_cause(
    client: Any,
) -> None:
    @agent(can=["fail"])
    def broken() -> None:
        "Fails."
        raise ValueError("no such region: Atlantis")

    script = Script(decide=[{"action": "execute", "run": [task("t1", "broken")]}])
    result = await router_with([broken], script, executor=client).run("fail")
    failed = result.task("t1")
    assert failed.status == "failed"
    assert failed.error is not None and "ValueError: no such region: Atlantis" in failed.error


async def test_calls_reach_the_scheduler_in_the_order_the_plan_lists_them(cluster: Any) -> None:
    # A client of its own: its first calls are the ones that start following the workers,
    # where racing submissions used to overtake each other (a quick task placed first
    # then queued behind long ones placed after it).
    client = distributed.Client(cluster.scheduler_address, set_as_default=False)
    try:
        names = [f"spinner{i}" for i in range(6)]
        spinners = [spinner(name, 120) for name in names]
        script = parallel(*(task(f"t{i}", name) for i, name in enumerate(names)))
        run = router_with(spinners, script, executor=client).start("spin")

        def arrived(dask_scheduler: Any) -> list[str]:  # the scheduler's tasks, oldest first
            keys = [str(k).partition("-")[0] for k in dask_scheduler.tasks]
            return [k for k in keys if k.startswith("spinner")]

        def all_arrived() -> bool:
            return len(client.run_on_scheduler(arrived)) == len(names)

        await asyncio.to_thread(wait_until, all_arrived, 20, "the calls to arrive")
        order = client.run_on_scheduler(arrived)
        run.stop()
        await run
        assert order == names
        wait_until(lambda: busy_threads(client) == 0, timeout=10, what="the workers to be free")
    finally:
        client.close()


async def test_stop_cancels_remote_agents_at_once_and_frees_their_workers(
    client: Any,
) -> None:
    @agent(can=["quick"])
    def quick() -> str:
        "Finishes at once."
        return "done"

    spinners = [spinner(f"spinner{i}", 120) for i in range(4)]
    script = parallel(task("t0", "quick"), *(task(f"t{i + 1}", f"spinner{i}") for i in range(4)))
    run = router_with([quick, *spinners], script, executor=client).start("spin")
    placed: set[str] = set()
    async for event in run.events():
        if isinstance(event, ev.TraceNote) and event.note == ev.WORKER_NOTE:
            placed.add(event.task_id)
        if "t0" in placed and len(placed) >= 3 and run.state.results.get("t0"):
            break
    assert busy_threads(client) == 2  # both workers busy with spinners
    run.stop()
    result = await run
    assert result.stop_reason == "stopped_by_user"
    assert result.data("t0") == "done"  # finished work is kept
    assert {result.task(f"t{i}").status for i in range(1, 5)} == {"cancelled"}
    # The spinning threads were told to stop: the workers are free again at once,
    # not in the two minutes the spinners would take.
    wait_until(lambda: busy_threads(client) == 0, timeout=10, what="the workers to be free")


async def test_a_timeout_cancels_the_remote_task_and_frees_its_worker(client: Any) -> None:
    slow = spinner("slow", 120, timeout=0.5)
    script = Script(decide=[{"action": "execute", "run": [task("t1", "slow")]}])
    result = await router_with([slow], script, executor=client).run("slow")
    assert result.task("t1").status == "failed"
    assert "timed out after 0.5 s" in (result.task("t1").error or "")
    wait_until(lambda: busy_threads(client) == 0, timeout=10, what="the worker to be free")


def test_a_bad_executor_is_refused_with_what_to_give() -> None:
    with pytest.raises(ConfigError, match=r"give 'local'.*'dask'.*scheduler address"):
        Router([where_sync], executor="gpu")
    assert Router([where_sync], executor="local").executor is None


async def test_a_scheduler_that_does_not_answer_is_a_failed_result_saying_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from notebook_router.cluster import connect

    monkeypatch.setattr(connect, "CONNECT_TIMEOUT_S", 1.0)
    script = Script(decide=[{"action": "execute", "run": [task("t1", "where_sync")]}])
    router = router_with([where_sync], script, executor="tcp://127.0.0.1:9")
    result = await router.run("where")
    error = result.task("t1").error or ""
    assert result.task("t1").status == "failed"
    assert "No Dask scheduler answered at tcp://127.0.0.1:9" in error
    assert "dask scheduler" in error


async def test_executor_dask_starts_a_local_cluster_once_and_reuses_it(client: Any) -> None:
    from notebook_router.cluster import connect

    def script() -> Script:
        return Script(decide=[{"action": "execute", "run": [task("t1", "where_sync", "one")]}])

    try:
        first = await router_with([where_sync], script(), executor="dask").run("where")
        started = connect.client_for(connect.LOCAL)
        again = await router_with([where_sync], script(), executor="dask").run("where")
        assert connect.client_for(connect.LOCAL) is started  # one cluster for the process
        own = worker_pids(started)
        assert first.data("t1")["pid"] in own and again.data("t1")["pid"] in own
        assert not own & worker_pids(client)  # not the session's cluster: a new one
        assert os.getpid() not in own
        # Your own default client stays Dask's default.
        assert distributed.default_client() is client
    finally:
        connect.close_all()


async def test_a_closed_clients_submitting_thread_is_gone(cluster: Any) -> None:
    # Calls reach a client through one submitting thread; once the client is closed no
    # thread of its own may be left in the kernel (a notebook opens and closes clients).
    def submitting() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if t.name.startswith("notebook_router-dask")}

    before = submitting()
    client = distributed.Client(cluster.scheduler_address, set_as_default=False)
    try:
        script = parallel(task("t1", "where_sync", "one"), task("t2", "where_sync", "two"))
        result = await router_with([where_sync], script, executor=client).run("where")
        assert {result.data(t)["pid"] for t in ("t1", "t2")} <= worker_pids(client)
    finally:
        client.close()
    wait_until(lambda: submitting() <= before, timeout=5, what="the submitting thread to end")
