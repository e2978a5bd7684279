"""A task sent back for a better answer never loses the answer it had.

Verification (or a critic) may start a finished task again, reworded. If that
attempt fails, times out or is stopped, the first answer is filed again,
marked as not verified: finished work is never thrown away.
"""

from __future__ import annotations

import asyncio
import threading

from notebook_router import Router, agent
from notebook_router.agents.base import Agent
from notebook_router.result import AgentResult
from notebook_router.verification.critic import CriticVerdict

FIRST = "North led with 377,900 in revenue."


class SendBackOnce:
    """A critic that sends every task back once, reworded (as verification does)."""

    def __init__(self) -> None:
        self.sent: set[str] = set()

    async def review(self, task: str, agent: str, result: AgentResult) -> CriticVerdict:
        if task in self.sent:
            return CriticVerdict(verdict="ok")
        self.sent.add(task)
        return CriticVerdict(verdict="needs_more", retry=f"{task} (check the figure)")


def _reporter(second: str) -> Agent:
    calls: list[str] = []

    @agent(can=["regional report"], timeout=0.5)
    async def regional(task: str) -> AgentResult:
        """Reports on regions."""
        calls.append(task)
        if len(calls) == 1:
            return AgentResult(summary=FIRST, confidence=0.4)
        if second == "fail":
            raise RuntimeError("the data service went away")
        await asyncio.sleep(30)  # hangs: times out, or is stopped
        return AgentResult(summary="late")

    return regional


async def _run(second: str, *, stop_after_s: float | None = None) -> str:
    router = Router([_reporter(second)], critic=SendBackOnce(), verify=None)
    run = router.start("Write a regional report on revenue")
    if stop_after_s is not None:
        threading.Timer(stop_after_s, run.stop).start()
    result = await asyncio.wait_for(run, timeout=20)
    task = result.tasks[0]
    assert task.status == "partial", (task.status, task.error)
    assert FIRST in result.answer
    assert "kept the first answer, not verified" in (task.error or "")
    return task.error or ""


async def test_a_retry_that_fails_keeps_the_first_answer() -> None:
    assert "data service went away" in await _run("fail")


async def test_a_retry_that_times_out_keeps_the_first_answer() -> None:
    assert "timed out" in await _run("hang")


async def test_stop_during_a_retry_keeps_the_first_answer() -> None:
    assert "cancelled" in await _run("hang", stop_after_s=0.2)
