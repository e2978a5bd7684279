"""Run every benchmark and print one JSON line per result.

    python bench/run.py            # the full set (a few minutes)
    python bench/run.py --quick    # fewer repeats, for a smoke check

Figures are medians over interleaved repeats, with the spread (min, max)
alongside, because this machine is shared and noisy: compare the ratios
measured within one run rather than absolute times across runs. LangGraph's
figures (dev extra) sit on the same lines as ``langgraph_*`` fields.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from workloads import (
    reference_loop,
    router_fanout,
    router_loop,
    router_stop_latency,
)

try:
    import langgraph_workloads as lg
except ImportError:  # the dev extra is not installed: report without LangGraph
    lg = None

ITERATIONS = 1000
SLEEP_S = 0.05


def emit(line: dict[str, Any]) -> None:
    """Print one result line."""
    print(json.dumps(line), flush=True)


def spread(values: list[float], digits: int = 3) -> dict[str, float]:
    """Median, min and max of ``values``."""
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
    }


async def repeat(fn: Callable[[], Awaitable[float]], times: int) -> list[float]:
    """Run ``fn`` ``times`` times; its return values.

    A full garbage collection runs before each repeat so that a collection
    owed by earlier work does not land inside a measurement. The collector
    stays on while measuring: its share of a long run's cost is real.
    """
    out = []
    for _ in range(times):
        gc.collect()
        out.append(await fn())
    return out


async def loop_overhead(repeats: int) -> None:
    await router_loop(200)
    await reference_loop(200)
    ours, floor, ratios = [], [], []
    for _ in range(repeats):  # interleaved, so both see the same machine
        gc.collect()
        r = await router_loop(ITERATIONS) / ITERATIONS * 1e6
        gc.collect()
        f = await reference_loop(ITERATIONS) / ITERATIONS * 1e6
        ours.append(r)
        floor.append(f)
        ratios.append(r / f)
    line: dict[str, Any] = {
        "bench": "loop_overhead",
        "iterations": ITERATIONS,
        "us_per_iter": round(statistics.median(ours), 2),
        "floor_us_per_iter": round(statistics.median(floor), 2),
        "ratio": round(statistics.median(ratios), 2),
        "us_spread": spread(ours, 2),
        "ratio_spread": spread(ratios, 2),
        "repeats": repeats,
    }
    if lg is not None:
        lgs = await repeat(lambda: lg.langgraph_loop(ITERATIONS), max(3, repeats // 3))
        line["langgraph_us_per_iter"] = round(statistics.median(lgs) / ITERATIONS * 1e6, 1)
    emit(line)


async def fanout(repeats: int) -> None:
    for k in (1, 4, 16, 64):
        ours = await repeat(lambda k=k: router_fanout(k), repeats)  # type: ignore[misc]
        floor = await repeat(lambda k=k: _gather(k), repeats)  # type: ignore[misc]
        line: dict[str, Any] = {
            "bench": "fanout",
            "k": k,
            "ratio": round(statistics.median(ours) / SLEEP_S, 3),
            "ratio_spread": spread([x / SLEEP_S for x in ours]),
            "floor_ratio": round(statistics.median(floor) / SLEEP_S, 3),
            "repeats": repeats,
        }
        if lg is not None:
            lgs = await repeat(lambda k=k: lg.langgraph_fanout(k), repeats)  # type: ignore[misc]
            line["langgraph_ratio"] = round(statistics.median(lgs) / SLEEP_S, 3)
        emit(line)


async def _gather(k: int) -> float:
    start = time.perf_counter()
    await asyncio.gather(*(asyncio.sleep(SLEEP_S) for _ in range(k)))
    return time.perf_counter() - start


async def stop_latency(repeats: int) -> None:
    ours = [x * 1000 for x in await repeat(router_stop_latency, repeats)]
    line: dict[str, Any] = {
        "bench": "stop_latency",
        "ms": round(statistics.median(ours), 3),
        "ms_spread": spread(ours),
        "agents": 8,
        "repeats": repeats,
    }
    if lg is not None:
        lgs = [x * 1000 for x in await repeat(lg.langgraph_stop_latency, repeats)]
        line["langgraph_ms"] = round(statistics.median(lgs), 3)
    emit(line)


async def state_growth(repeats: int) -> None:
    small, large, ratios = [], [], []
    for _ in range(repeats):
        gc.collect()
        s = await router_loop(ITERATIONS, context_entries=10) / ITERATIONS * 1e6
        gc.collect()
        b = await router_loop(ITERATIONS, context_entries=10_000) / ITERATIONS * 1e6
        small.append(s)
        large.append(b)
        ratios.append(b / s)
    line: dict[str, Any] = {
        "bench": "state_growth",
        "ratio": round(statistics.median(ratios), 3),
        "ratio_spread": spread(ratios),
        "us_per_iter_10": round(statistics.median(small), 2),
        "us_per_iter_10000": round(statistics.median(large), 2),
        "repeats": repeats,
    }
    if lg is not None:
        runs = max(2, repeats // 3)
        lg_small = await repeat(lambda: lg.langgraph_loop(ITERATIONS, 10, checkpoint=True), runs)
        lg_large = await repeat(
            lambda: lg.langgraph_loop(ITERATIONS, 10_000, checkpoint=True), runs
        )
        line["langgraph_ratio"] = round(
            statistics.median(lg_large) / statistics.median(lg_small), 2
        )
        line["langgraph_us_per_iter_10"] = round(statistics.median(lg_small) / ITERATIONS * 1e6, 1)
        line["langgraph_us_per_iter_10000"] = round(
            statistics.median(lg_large) / ITERATIONS * 1e6, 1
        )
    emit(line)


async def store_overhead(repeats: int) -> None:
    """Loop cost with the session store on / off (goal <= 1.2)."""
    import tempfile

    from store_workloads import stored_loop

    from notebook_router.store import SessionStore

    with tempfile.TemporaryDirectory() as folder:
        store = SessionStore(folder, expiry=None)
        await router_loop(200)
        await stored_loop(200, store)
        off, on, ratios, flush, cpu = [], [], [], [], []
        for _ in range(repeats):
            gc.collect()
            c0 = time.process_time()
            o = await router_loop(ITERATIONS) / ITERATIONS * 1e6
            c1 = time.process_time()
            gc.collect()
            c2 = time.process_time()
            seconds, flushed = await stored_loop(ITERATIONS, store)
            c3 = time.process_time()  # both threads, the final flush included
            s = seconds / ITERATIONS * 1e6
            off.append(o)
            on.append(s)
            ratios.append(s / o)
            flush.append(flushed * 1000)
            cpu.append((c3 - c2) / (c1 - c0))
        size = store.size_bytes()
        store.close()
    emit(
        {
            "bench": "store_overhead",
            "ratio": round(statistics.median(ratios), 3),
            "ratio_spread": spread(ratios),
            "us_per_iter_off": round(statistics.median(off), 2),
            "us_per_iter_on": round(statistics.median(on), 2),
            "cpu_ratio": round(statistics.median(cpu), 3),
            "cpu_ratio_spread": spread(cpu),
            "flush_after_run_ms": spread(flush, 2),
            "db_bytes": size,
            "iterations": ITERATIONS,
            "repeats": repeats,
        }
    )


async def store_growth(repeats: int) -> None:
    """Step cost with the store on, at 10,000 context entries / at 10 (goal <= 1.2)."""
    import tempfile

    from store_workloads import stored_loop

    from notebook_router.store import SessionStore

    with tempfile.TemporaryDirectory() as folder:
        store = SessionStore(folder, expiry=None)
        await stored_loop(200, store)
        small, large, ratios = [], [], []
        for _ in range(repeats):
            gc.collect()
            s = (await stored_loop(ITERATIONS, store, context_entries=10))[0]
            gc.collect()
            b = (await stored_loop(ITERATIONS, store, context_entries=10_000))[0]
            small.append(s / ITERATIONS * 1e6)
            large.append(b / ITERATIONS * 1e6)
            ratios.append(b / s)
        store.close()
    emit(
        {
            "bench": "store_growth",
            "ratio": round(statistics.median(ratios), 3),
            "ratio_spread": spread(ratios),
            "us_per_iter_10": round(statistics.median(small), 2),
            "us_per_iter_10000": round(statistics.median(large), 2),
            "repeats": repeats,
        }
    )


async def main(quick: bool) -> None:
    repeats = 3 if quick else 15
    emit(
        {
            "bench": "environment",
            "python": platform.python_version(),
            "machine": platform.machine(),
            "langgraph": lg is not None,
        }
    )
    await loop_overhead(repeats)
    await fanout(repeats)
    await stop_latency(repeats)
    await state_growth(repeats)
    await store_overhead(repeats)
    await store_growth(repeats)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    asyncio.run(main(parser.parse_args().quick))
