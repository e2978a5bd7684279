"""Started by the crash test: runs a task with a store, says READY once t1 is stored and t2
is running, then waits to be killed with SIGKILL."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from notebook_router import Router
from notebook_router.store import SessionStore
from tests.store.resume_agents import AGENTS


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


async def main(path: str) -> None:
    store = SessionStore(path, flush_interval_s=0.05)
    router = Router(AGENTS, store=store)
    run = router.start("Load the numbers, then add them up")
    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t2":
            break
    calls = Path(os.environ["NR_CALLS"])
    for _ in range(200):  # until the agent is really running, not just scheduled
        if "total" in _read(calls):
            break
        await asyncio.sleep(0.05)
    store.flush()
    print("READY", run.id, flush=True)
    await asyncio.sleep(600)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
