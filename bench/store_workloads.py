"""The loop-overhead workload with the session store on (see ``workloads.router_loop``).

Same planner, agent and budgets as ``router_loop``; the only difference is
``Router(..., store=...)``, which records every event, task, result and
context change to a real SQLite file (WAL) in a temporary folder.
"""

from __future__ import annotations

import time
from typing import Any

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


OFFLINE_QUESTIONS = (
    "What is the average revenue by region?",
    "Plot monthly revenue by month",
    "Which region had the highest total revenue?",
    "How many rows per region?",
)
"""What a notebook asks of a small table: the offline analyst answers with a table or a chart."""


def small_sales() -> Any:
    """96 rows: 24 months × 4 regions of revenue (dates, text, numbers)."""
    import pandas as pd

    return pd.DataFrame(
        {
            "month": pd.date_range("2024-01-01", periods=24, freq="MS").repeat(4),
            "region": ["North", "South", "East", "West"] * 24,
            "revenue": [float(i * 7 % 101) for i in range(96)],
        }
    )


def _pages_by_table(store: SessionStore) -> dict[str, int]:
    rows = store.db.query("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name")
    return {r["name"]: int(r["bytes"]) for r in rows}


async def offline_run_bytes(folder: str, runs: int = 64) -> dict[str, Any]:
    """What offline runs over a small DataFrame add to a session database, on disk.

    A fresh database in ``folder`` (the notebook's, with memory on), four warm-up runs
    that start the tables' pages, then ``runs`` more cycling through
    :data:`OFFLINE_QUESTIONS`: bytes of the files (database, log and its index, the
    log folded as each run ends) per run, and each table's share of the pages.
    """
    store = SessionStore(folder, expiry=None)
    empty = store.size_bytes()
    router = Router(store=store, data={"sales": small_sales()}, memory=True)
    await router.run(OFFLINE_QUESTIONS[0])
    store.flush()
    first = store.size_bytes() - empty
    for question in OFFLINE_QUESTIONS[1:]:
        await router.run(question)
    store.flush()
    before, tables_before = store.size_bytes(), _pages_by_table(store)
    for i in range(runs):
        await router.run(OFFLINE_QUESTIONS[i % len(OFFLINE_QUESTIONS)])
    store.flush()
    after, tables_after = store.size_bytes(), _pages_by_table(store)
    store.close()
    grown = {
        name: round((size - tables_before.get(name, 0)) / runs)
        for name, size in tables_after.items()
        if size != tables_before.get(name, 0)
    }
    return {
        "empty_bytes": empty,
        "first_run_bytes": first,
        "bytes_per_run": (after - before) / runs,
        "table_bytes_per_run": dict(sorted(grown.items(), key=lambda kv: -kv[1])),
    }
