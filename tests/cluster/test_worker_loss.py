"""A worker that dies mid-task: its task fails with the cause, the rest of the run goes on."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from notebook_router import agent
from notebook_router.planner import events as ev
from tests.cluster.conftest import close_cluster, start_cluster
from tests.conftest import Script, router_with, task

pytestmark = pytest.mark.cluster


@pytest.fixture
def own_cluster() -> Iterator[Any]:
    """A cluster of its own: killing a worker must not disturb the other tests' one."""
    cluster, client = start_cluster(workers=2)
    try:
        yield client
    finally:
        close_cluster(cluster, client)


@agent(can=["doomed"])
def doomed() -> str:
    "Works (in Python, so a stop reaches it) long enough for its worker to be killed."
    import time

    end = time.monotonic() + 60
    while time.monotonic() < end:
        pass
    return "never"


@agent(can=["steady"])
def steady() -> str:
    "Finishes quickly on the other worker."
    return "steady done"


async def _kill_doomed_then_run_steady(client: Any) -> tuple[Any, dict[str, str], float]:
    """Run ``doomed``, SIGKILL the worker process it starts on at once, then ``steady``;
    the run's result, the killed worker's address and pid, and how long the run took
    from the kill."""
    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "doomed")]},
            {"action": "execute", "run": [task("t2", "steady")]},
        ]
    )
    run = router_with([doomed, steady], script, executor=client).start("doomed, then steady")
    killed: dict[str, str] = {}
    killed_at = 0.0
    async for event in run.events():
        if not isinstance(event, ev.TraceNote) or event.note != ev.WORKER_NOTE:
            continue
        if event.task_id == "t1" and not killed:
            killed.update(event.data)
            os.kill(int(event.data["pid"]), signal.SIGKILL)
            killed_at = time.monotonic()
    result = await run
    return result, killed, time.monotonic() - killed_at


def _lost_and_went_on(result: Any, killed: dict[str, str], after_kill_s: float) -> None:
    # Nothing waited for the lost work, nor for Dask's second try of it on another
    # worker (the run stopped that one): not the minute the agent would have taken.
    assert after_kill_s < 20
    lost = result.task("t1")
    assert lost.status == "failed"
    assert lost.error is not None
    assert f"the worker {killed['worker']} running it died mid-task" in lost.error
    # The planner goes on with the rest of the work: another worker runs the next task.
    assert result.data("t2") == "steady done"
    assert result.task("t2").where not in (None, killed["worker"])


async def test_a_killed_worker_becomes_a_failed_result_with_its_cause(own_cluster: Any) -> None:
    _lost_and_went_on(*await _kill_doomed_then_run_steady(own_cluster))


async def test_a_loss_the_scheduler_could_not_report_is_seen_when_dask_runs_the_call_again(
    own_cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker's events never reach the kernel, as when it dies before the scheduler
    # has the kernel's subscription to them: Dask quietly starts the call again on the
    # other worker, and that second start is the news of the loss.
    from notebook_router.cluster.watch import ClusterWatch

    monkeypatch.setattr(ClusterWatch, "_follow", lambda self, worker: None)
    _lost_and_went_on(*await _kill_doomed_then_run_steady(own_cluster))


@agent(can=["churn", "forecast"])
def churn_forecast(task: str) -> str:
    "Forecasts churn for the quarter (long enough for its worker to be killed)."
    import time

    end = time.monotonic() + 60
    while time.monotonic() < end:
        pass
    return "never"


@agent(can=["churn"])
def churn_estimate(task: str) -> str:
    "A simpler churn estimate."
    return "churn 4.2%"


async def test_the_planner_reroutes_a_task_whose_worker_died_and_the_breaker_counts_it(
    own_cluster: Any,
) -> None:
    # The offline planner, not a script: it picks the agent that fits best, and when
    # that one's worker dies it gives the task to the next one that fits.
    from notebook_router import Router

    router = Router([churn_forecast, churn_estimate], executor=own_cluster, builtins=False)
    run = router.start("forecast churn for the quarter")
    tried: list[str] = []
    async for event in run.events():
        if isinstance(event, ev.TaskStarted):
            tried.append(event.agent)
        if isinstance(event, ev.TraceNote) and event.note == ev.WORKER_NOTE and len(tried) == 1:
            os.kill(int(event.data["pid"]), signal.SIGKILL)
    result = await run
    assert tried == ["churn_forecast", "churn_estimate"]
    assert result.data("t1") == "churn 4.2%"
    assert router.breaker.consecutive_failures("churn_forecast") == 1
