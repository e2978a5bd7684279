"""Started by the crash test: runs a task with a store, says READY once t1 is stored and t2
is running, then waits to be killed with SIGKILL."""

from __future__ import annotations

import asyncio
import sys

from notebook_router import Router
from notebook_router.store import SessionStore
from tests.store.resume_agents import AGENTS


async def main(path: str) -> None:
    store = SessionStore(path, flush_interval_s=0.05)
    router = Router(AGENTS, store=store)
    run = router.start("Load the numbers, then add them up")
    async for event in run.events():
        if event.kind == "task_started" and event.task_id == "t2":
            break
    store.flush()
    print("READY", run.id, flush=True)
    await asyncio.sleep(600)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
