"""The same four workloads on LangGraph, for an honest comparison (dev extra only).

Each graph mirrors the router workload: a decide node and an agent node in a
loop; a fan-out with ``Send``; cancellation of a running invocation; and the
loop again with a checkpointer (LangGraph's way of persisting a run) over a
small and a large context.
"""

from __future__ import annotations

import asyncio
import contextlib
import operator
import time
from typing import Annotated, Any, TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send


def _merge(left: dict[str, Any], right: dict[str, Any]) -> dict[str, Any]:
    return {**left, **right}


class LoopState(TypedDict):
    i: int
    n: int
    results: Annotated[dict[str, Any], _merge]
    context: Annotated[dict[str, Any], _merge]


def _loop_graph(checkpointer: Any = None) -> Any:
    async def decide(state: LoopState) -> dict[str, Any]:
        return {}

    async def agent(state: LoopState) -> dict[str, Any]:
        i = state["i"]
        task_id = f"s{i}"
        return {
            "i": i + 1,
            "results": {task_id: len(task_id)},
            "context": {f"k{len(task_id) % 10}": task_id},
        }

    def route(state: LoopState) -> str:
        return "agent" if state["i"] < state["n"] else END

    graph = StateGraph(LoopState)
    graph.add_node("decide", decide)
    graph.add_node("agent", agent)
    graph.add_edge(START, "decide")
    graph.add_conditional_edges("decide", route, ["agent", END])
    graph.add_edge("agent", "decide")
    return graph.compile(checkpointer=checkpointer)


async def langgraph_loop(n: int, context_entries: int = 10, checkpoint: bool = False) -> float:
    """Seconds for ``n`` decide→agent steps."""
    app = _loop_graph(InMemorySaver() if checkpoint else None)
    state = {"i": 0, "n": n, "results": {}, "context": {f"k{i}": i for i in range(context_entries)}}
    config: dict[str, Any] = {"recursion_limit": 2 * n + 10}
    if checkpoint:
        config["configurable"] = {"thread_id": "bench"}
    start = time.perf_counter()
    out = await app.ainvoke(state, config)
    elapsed = time.perf_counter() - start
    assert out["i"] == n
    return elapsed


class FanState(TypedDict):
    k: int
    done: Annotated[list[int], operator.add]


def _fan_graph(work: Any) -> Any:
    def dispatch(state: FanState) -> list[Send]:
        return [Send("work", {"i": i}) for i in range(state["k"])]

    graph = StateGraph(FanState)
    graph.add_node("work", work)
    graph.add_conditional_edges(START, dispatch, ["work"])
    graph.add_edge("work", END)
    return graph.compile()


async def langgraph_fanout(k: int) -> float:
    """Wall seconds for ``k`` independent 50 ms nodes."""

    async def work(state: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(0.05)
        return {"done": [1]}

    app = _fan_graph(work)
    start = time.perf_counter()
    out = await app.ainvoke({"k": k, "done": []})
    elapsed = time.perf_counter() - start
    assert len(out["done"]) == k
    return elapsed


async def langgraph_stop_latency(k: int = 8) -> float:
    """Seconds from cancelling a running invocation until it and its nodes have ended."""
    exits: list[float] = []

    async def work(state: dict[str, Any]) -> dict[str, Any]:
        try:
            await asyncio.sleep(10)
        finally:
            exits.append(time.perf_counter())
        return {"done": [1]}

    app = _fan_graph(work)
    task = asyncio.ensure_future(app.ainvoke({"k": k, "done": []}))
    await asyncio.sleep(0.1)
    start = time.perf_counter()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    returned = time.perf_counter()
    assert len(exits) == k
    return max([returned, *exits]) - start
