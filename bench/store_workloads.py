"""The loop-overhead workload with the session store on (see ``workloads.router_loop``).

Same planner, agent and budgets as ``router_loop``; the only difference is
``Router(..., store=...)``, which records every event, task, result and
context change to a real SQLite file (WAL) in a temporary folder.
"""

from __future__ import annotations

import time

import workloads
from workloads import BIG_BUDGETS, StubPlanner, _stub

from notebook_router import Limits, Router
from notebook_router.context.shared import SharedContext
from notebook_router.store import SessionStore


async def stored_loop(
    n: int, store: SessionStore, context_entries: int = 10
) -> tuple[float, float]:
    """(seconds for the run, seconds to flush what was still queued when it ended)."""
    # Looked up on the module at call time, so instructions.py's one patch covers both loops.
    decisions = iter(workloads._serial_decisions(n))
    router = Router(
        [_stub],
        planner=StubPlanner(lambda call: next(decisions)),
        limits=Limits(max_iterations=n + 10, **BIG_BUDGETS),
        store=store,
    )
    context = SharedContext({f"k{i}": i for i in range(context_entries)})
    seen = 0

    def subscriber(event: object) -> None:  # as router_loop's: the store is the only difference
        nonlocal seen
        seen += 1

    start = time.perf_counter()
    run = router.start("benchmark", context=context)
    run.subscribe(subscriber)
    result = await run
    elapsed = time.perf_counter() - start
    assert result.iterations == n + 1 and result.stop_reason == "completed", result.stop_detail
    assert seen > 4 * n
    flush_start = time.perf_counter()
    store.flush()
    flushed = time.perf_counter() - flush_start
    stored = store.run(result.run_id)
    assert stored.status == "finished" and stored.tasks == n, stored
    return elapsed, flushed
