"""Started twice at once by the concurrency test: many runs into one database file."""

from __future__ import annotations

import asyncio
import os
import sys
import time

from notebook_router import Router
from notebook_router.store import SessionStore
from tests.store.resume_agents import AGENTS


async def main(path: str, runs: int, start_at: float) -> None:
    store = SessionStore(path, flush_interval_s=0.01, flush_every=8)
    router = Router(AGENTS, store=store)
    await asyncio.sleep(max(0.0, start_at - time.time()))  # both processes begin together
    for i in range(runs):
        await router.run("Load the numbers, then add them up")
        store.facts.add(f"fact {i} from {os.getpid()}", topic="concurrency")
        store.combo_cache().put(f"{os.getpid()}-{i}", ["numbers", "total"], ttl=60)
        store.combo_cache().get("shared") or store.combo_cache().put("shared", ["x"], ttl=60)
    store.close()
    print("DONE", store.writer.failures, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
