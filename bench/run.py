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
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from cluster_workloads import cluster_benchmarks
from compression_workloads import context_compression
from first_run_workloads import first_run
from import_workloads import import_time
from latency_workloads import latency_composite, latency_prefetch
from mcp_workloads import mcp_tool_routing
from planner_workloads import planner_prompt_tokens
from routing_quality import routing_quality, routing_quality_tune2
from streaming_workloads import time_to_first_token
from workloads import (
    reference_loop,
    router_fanout,
    router_loop,
    router_plan_ahead,
    router_stop_latency,
    router_tree_fanout,
)

try:
    import langgraph_workloads as lg

    HAVE_LANGGRAPH = True
except ImportError:  # the dev extra is not installed: report without LangGraph
    HAVE_LANGGRAPH = False

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


async def plan_ahead_loop(repeats: int) -> None:
    """Step cost when the plan runs itself (a 1,000-step chain planned at once) / floor."""
    await router_plan_ahead(200)
    ours, ratios = [], []
    for _ in range(repeats):
        gc.collect()
        r = await router_plan_ahead(ITERATIONS) / ITERATIONS * 1e6
        gc.collect()
        f = await reference_loop(ITERATIONS) / ITERATIONS * 1e6
        ours.append(r)
        ratios.append(r / f)
    emit(
        {
            "bench": "plan_ahead_loop",
            "steps": ITERATIONS,
            "us_per_step": round(statistics.median(ours), 2),
            "ratio": round(statistics.median(ratios), 2),
            "ratio_spread": spread(ratios, 2),
            "repeats": repeats,
        }
    )


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
    if HAVE_LANGGRAPH:
        lgs = await repeat(lambda: lg.langgraph_loop(ITERATIONS), max(3, repeats // 3))
        line["langgraph_us_per_iter"] = round(statistics.median(lgs) / ITERATIONS * 1e6, 1)
    emit(line)


async def fanout(repeats: int) -> None:
    for k in (1, 4, 16, 64):
        ours = await repeat(partial(router_fanout, k), repeats)
        floor = await repeat(partial(_gather, k), repeats)
        line: dict[str, Any] = {
            "bench": "fanout",
            "k": k,
            "ratio": round(statistics.median(ours) / SLEEP_S, 3),
            "ratio_spread": spread([x / SLEEP_S for x in ours]),
            "floor_ratio": round(statistics.median(floor) / SLEEP_S, 3),
            "repeats": repeats,
        }
        if HAVE_LANGGRAPH:
            lgs = await repeat(partial(lg.langgraph_fanout, k), repeats)
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
    if HAVE_LANGGRAPH:
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
    if HAVE_LANGGRAPH:
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


def tool_store(repeats: int, n_tools: int = 10_000, n_queries: int = 200) -> None:
    """Top-5 retrieval over 10,000 synthetic tools in 20 namespaces, and the index build.

    Every query is timed on its own; the line gives the median over all of
    them (with the spread of per-repeat medians), the 90th percentile, the
    same queries restricted to one namespace, and the same queries without numpy
    (the optional accelerator) as an in-run baseline.
    """
    from tool_workloads import make_queries, make_tools

    from notebook_router.tools import ToolStore
    from notebook_router.tools.retrieval import LexicalRetriever

    tools = make_tools(n_tools)
    queries = make_queries(tools, n_queries)
    builds, adds, firsts, store = [], [], [], None
    for _ in range(max(1, repeats // 5)):
        gc.collect()
        start = time.perf_counter()
        store = ToolStore()
        for namespace, spec in tools:
            store.add(spec, namespace)  # each tool is indexed as it is added
        added = time.perf_counter()
        store.search(queries[0][0], 5)  # the first search: should cost what any search does
        builds.append(time.perf_counter() - start)
        adds.append(added - start)
        firsts.append((time.perf_counter() - added) * 1000)
    assert store is not None
    assert isinstance(store.retriever, LexicalRetriever)  # the default
    index = store.retriever.index
    medians, scoped, pooled, pure, hits = [], [], [], [], 0
    vectorised = index.vectorised
    for _ in range(repeats):
        gc.collect()
        times, scoped_times = [], []
        for text, name in queries:
            start = time.perf_counter()
            found = store.search(text, 5)
            times.append((time.perf_counter() - start) * 1000)
            hits += name in [h.tool.name for h in found]
            domain = name.split("_")[0]
            start = time.perf_counter()
            store.search(text, 5, f"tools/{domain}/*")
            scoped_times.append((time.perf_counter() - start) * 1000)
        medians.append(statistics.median(times))
        scoped.append(statistics.median(scoped_times))
        pooled.extend(times)
        # The same queries without numpy (what a core install without it gets).
        index.vectorised, pure_times = False, []
        for text, _ in queries:
            start = time.perf_counter()
            store.search(text, 5)
            pure_times.append((time.perf_counter() - start) * 1000)
        index.vectorised = vectorised
        pure.append(statistics.median(pure_times))
    pooled.sort()
    emit(
        {
            "bench": "tool_store",
            "tools": n_tools,
            "namespaces": len(store.namespaces()),
            "queries": n_queries,
            "top5_ms": round(statistics.median(pooled), 3),
            "top5_ms_spread": spread(medians),
            "top5_p90_ms": round(pooled[int(0.9 * len(pooled))], 3),
            "scoped_top5_ms": round(statistics.median(scoped), 3),
            "speedup_vs_pure_python": round(
                statistics.median(pure) / statistics.median(medians), 2
            ),
            "numpy": vectorised,
            "pure_python_top5_ms": round(statistics.median(pure), 3),
            "pure_python_top5_ms_spread": spread(pure),
            "hit_at_5": round(hits / (len(queries) * repeats), 3),
            "build_s": round(statistics.median(builds), 3),
            "build_s_spread": spread(builds),
            "add_s": round(statistics.median(adds), 3),
            "first_search_ms": spread(firsts),
            "repeats": repeats,
        }
    )


def data_context(repeats: int) -> None:
    """Describing a namespace of 200 variables with 10 DataFrames of 1,000,000 rows.

    Goals: 50 ms cold (a new scanner, nothing cached), 5 ms warm (the same
    namespace again, nothing changed). ``one_changed_ms`` is a warm scan
    after one frame was replaced; ``render_ms`` turns a scan into prompt text.
    The sample-position cache is cleared before every cold scan.
    """
    from data_workloads import FRAMES, ROWS, VARIABLES, make_namespace

    from notebook_router.data import NamespaceScanner
    from notebook_router.data.sampling import sample_rows

    namespace = make_namespace()
    cold, warm, changed, render = [], [], [], []
    context = None
    for _ in range(repeats):
        sample_rows.cache_clear()
        gc.collect()
        scanner = NamespaceScanner()
        start = time.perf_counter()
        context = scanner.scan(namespace)
        cold.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        scanner.scan(namespace)
        warm.append((time.perf_counter() - start) * 1000)
        namespace["sales_0"] = namespace["sales_0"].assign()  # a new frame under the same name
        start = time.perf_counter()
        context = scanner.scan(namespace)
        changed.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        context.render(8000)
        render.append((time.perf_counter() - start) * 1000)
    assert context is not None
    emit(
        {
            "bench": "data_context",
            "variables": VARIABLES,
            "frames": FRAMES,
            "rows": ROWS,
            "described": len(context.variables),
            "data_objects": len(context.data),
            "cold_ms": round(statistics.median(cold), 3),
            "cold_ms_spread": spread(cold),
            "warm_ms": round(statistics.median(warm), 3),
            "warm_ms_spread": spread(warm),
            "one_changed_ms": round(statistics.median(changed), 3),
            "render_ms": round(statistics.median(render), 3),
            "repeats": repeats,
        }
    )


def analyst_question(repeats: int) -> None:
    """A question read to its operation on a table of 1,000,000 rows / of 1,000 rows.

    The offline analyst reads each question against the table: its schema (read again
    each time: a kind decided by a cell a quick signal cannot see must not go stale), the
    values the question names and the spellings of a label (counted once per frame, in
    the value index). ``ratio`` is large / small, per question, warm. The questions name
    labels typed in several cases and places, which each read the column's labels.
    """
    from data_workloads import question_tables

    from notebook_router.analyst.schema import frame_schemas
    from notebook_router.analyst.understand import understand

    questions = (
        "what share of chat tickets are high priority?",
        "total amount per channel",
        "how many tickets from Germany?",
        "average units for email tickets in France",
    )
    small, large = question_tables(1_000), question_tables(1_000_000)
    costs: dict[int, list[float]] = {1_000: [], 1_000_000: []}
    for _ in range(repeats):
        for frames in (small, large):
            understand(questions[0], frame_schemas(frames), "tickets")  # warm: read once
            rows = len(frames["tickets"])
            for question in questions:
                start = time.perf_counter()
                understand(question, frame_schemas(frames), "tickets")
                costs[rows].append((time.perf_counter() - start) * 1000)
    ratios = [b / s for s, b in zip(costs[1_000], costs[1_000_000], strict=True)]
    emit(
        {
            "bench": "analyst_question",
            "ratio": round(statistics.median(ratios), 3),
            "ratio_spread": spread(ratios),
            "ms_1000_rows": round(statistics.median(costs[1_000]), 3),
            "ms_1000000_rows": round(statistics.median(costs[1_000_000]), 3),
            "ms_1000000_rows_spread": spread(costs[1_000_000]),
            "questions": len(questions),
            "repeats": repeats,
        }
    )


async def tree_fanout(repeats: int) -> None:
    """One task through an agent group of K 50 ms children: hop bookkeeping at scale."""
    for k in (4, 16, 64):
        ours = await repeat(partial(router_tree_fanout, k), repeats)
        flat = await repeat(partial(router_fanout, k), repeats)
        emit(
            {
                "bench": "tree_fanout",
                "k": k,
                "ratio": round(statistics.median(ours) / SLEEP_S, 3),
                "ratio_spread": spread([x / SLEEP_S for x in ours]),
                "flat_ratio": round(statistics.median(flat) / SLEEP_S, 3),
                "repeats": repeats,
            }
        )


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


async def store_bytes(repeats: int) -> None:
    """Bytes of session database per offline run over a small DataFrame (a fresh file each)."""
    import tempfile

    from store_workloads import OFFLINE_QUESTIONS, offline_run_bytes

    lines = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as folder:
            lines.append(await offline_run_bytes(folder))
    per_run = [line["bytes_per_run"] for line in lines]
    middle = sorted(lines, key=lambda line: line["bytes_per_run"])[len(lines) // 2]
    emit(
        {
            "bench": "store_bytes_per_run",
            "bytes_per_run": round(statistics.median(per_run)),
            "bytes_per_run_spread": spread(per_run, 0),
            "table_bytes_per_run": middle["table_bytes_per_run"],
            "empty_bytes": middle["empty_bytes"],
            "first_run_bytes": spread([line["first_run_bytes"] for line in lines], 0),
            "questions": len(OFFLINE_QUESTIONS),
            "repeats": repeats,
        }
    )


async def code_runner(repeats: int) -> None:
    """Model-written code: what running it costs, and how fast Stop ends it.

    ``overhead_ms``: ``run_code`` of a trivial cell against a namespace of 200
    variables with a 1,000,000-row DataFrame (the worker-thread hand-off, the
    scratch namespace, capture). ``stop_ms``: from ``run.stop()`` to the finished
    run, while the model's code spins in a Python loop (code policy auto).
    """
    import numpy as np
    import pandas as pd

    from notebook_router import Router
    from notebook_router.code import run_code
    from notebook_router.planner import events as ev
    from notebook_router.providers.base import CompletionRequest
    from notebook_router.providers.scripted import ScriptedProvider
    from notebook_router.usage import Usage

    frame = pd.DataFrame({"x": np.arange(1_000_000), "y": np.ones(1_000_000)})
    namespace: dict[str, Any] = {f"v{i}": i for i in range(199)} | {"df": frame}

    async def overhead() -> float:
        started = time.perf_counter()
        outcome = await run_code("df.shape[0] + v7", namespace)
        assert outcome.ok
        return time.perf_counter() - started

    def spin(request: CompletionRequest) -> Any:
        if request.purpose == "router.decide":
            return {
                "action": "execute",
                "run": [{"id": "t1", "agent": "coder", "description": "spin", "depends_on": []}],
            }
        if request.purpose.startswith("agent.code"):
            return "```python\nwhile True:\n    pass\n```"
        return {"answer": "stopped"}

    async def stop() -> float:
        router = Router(
            model=ScriptedProvider(fallback=spin, usage=Usage()), data=namespace, code="auto"
        )
        run = router.start("spin")
        async for event in run.events():
            if isinstance(event, ev.TraceNote) and event.note == "code":
                break
        await asyncio.sleep(0.05)  # the loop is spinning in the worker thread
        started = time.perf_counter()
        run.stop()
        await run
        return time.perf_counter() - started

    costs = [x * 1000 for x in await repeat(overhead, repeats * 4)]
    stops = [x * 1000 for x in await repeat(stop, repeats)]
    emit(
        {
            "bench": "code_runner",
            "overhead_ms": round(statistics.median(costs), 3),
            "overhead_ms_spread": spread(costs),
            "stop_ms": round(statistics.median(stops), 3),
            "stop_ms_spread": spread(stops),
            "variables": len(namespace),
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
            "langgraph": HAVE_LANGGRAPH,
        }
    )
    await loop_overhead(repeats)
    await plan_ahead_loop(repeats)
    await fanout(repeats)
    await stop_latency(repeats)
    await state_growth(repeats)
    tool_store(repeats)
    data_context(repeats)
    analyst_question(repeats)
    await tree_fanout(repeats)
    await store_overhead(repeats)
    await store_growth(repeats)
    await store_bytes(1 if quick else 3)  # 68 offline runs each: ~15 s
    await code_runner(repeats)
    # Model-speed figures: model calls on the critical path, streaming, prompt size.
    emit(await latency_composite(1 if quick else 5))  # seconds per run: few repeats
    emit(await latency_prefetch(1 if quick else 5))
    emit(await time_to_first_token(repeats))
    emit(await planner_prompt_tokens(1))  # deterministic counts
    emit(import_time(repeats))
    emit(await routing_quality())  # deterministic figures: one pass
    emit(await routing_quality_tune2())  # the second tuning file, a line of its own
    if not quick:  # three MCP server processes to start: left out of the smoke check
        emit(mcp_tool_routing(repeats))
    # Deterministic too: one pass over 36 documents of each kind (8 for a smoke check).
    emit(context_compression(8 if quick else 36))
    # Fresh kernels, two per repeat (with the warm-up at %load_ext and without): ~20 s each.
    emit(first_run(1 if quick else 5))
    for line in await cluster_benchmarks(quick):  # a Dask cluster: last, it takes the cores
        emit(line)


if __name__ == "__main__":  # the cluster's worker processes re-import nothing of this
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    asyncio.run(main(parser.parse_args().quick))
