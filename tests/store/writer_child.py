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
    store = SessionStore(path, flush_interval_s=0.01)
    router = Router(AGENTS, store=store)
    await asyncio.sleep(max(0.0, start_at - time.time()))  # both processes begin together
    for i in range(runs):
        await router.run("Load the numbers, then add them up")
        store.facts.add(f"fact {i} from {os.getpid()}", topic="concurrency")
        cache = store.combo_cache()
        cache.store("", [], f"numbers {os.getpid()} {i}", ["numbers", "total"], fingerprint="f")
        if cache.lookup("", [], "shared numbers", fingerprint="f") is None:
            cache.store("", [], "shared numbers", ["x"], fingerprint="f")
    store.close()
    print("DONE", store.writer.failures, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
