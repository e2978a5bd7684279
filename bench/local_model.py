"""The local model (SmolLM2-135M via llama-cpp-python): speed and plan quality.

    python bench/local_model.py

Prints one JSON line: generation speed (output tokens per second of model
time, over every planner call), and plan quality on the example tasks,
scored against the plans the rule planner (the offline model's) makes for them (which agents,
run to completion or not). Needs the [local] extra; says so otherwise.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import statistics
import sys
import time

TASKS = [
    "Load the sales table for the North region, then plot monthly revenue, "
    "summarise the trend and forecast next quarter",
    "Compare the regions",
    "Load the sales table for the East region and summarise the trend",
    "Forecast next quarter for the West region",
]


async def main() -> None:
    if importlib.util.find_spec("llama_cpp") is None:
        print(json.dumps({"bench": "local_model", "skipped": "pip install '.[local]' to measure"}))
        return
    from notebook_router import Limits, Router
    from notebook_router.examples.sales import AGENTS
    from notebook_router.providers.base import Completion, CompletionRequest
    from notebook_router.providers.local import LocalProvider

    provider = LocalProvider()
    speeds: list[float] = []
    original = provider.complete

    async def timed(request: CompletionRequest) -> Completion:
        started = time.perf_counter()
        completion = await original(request)
        elapsed = time.perf_counter() - started
        if completion.usage.output_tokens:
            speeds.append(completion.usage.output_tokens / elapsed)
        return completion

    provider.complete = timed  # type: ignore[method-assign]
    matched = completed = total = 0
    details = []
    for task in TASKS:
        reference = await Router(AGENTS).run(task)
        wanted = [t.agent for t in reference.tasks]
        started = time.perf_counter()
        result = await Router(
            AGENTS, model=provider, limits=Limits(max_iterations=8, timeout_s=600)
        ).run(task)
        got = [t.agent for t in result.tasks]
        total += len(wanted)
        matched += sum(1 for a in wanted if a in got)
        completed += result.stop_reason == "completed"
        details.append(
            {
                "task": task[:60],
                "stop": result.stop_reason,
                "want": wanted,
                "got": got,
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    print(
        json.dumps(
            {
                "bench": "local_model",
                "model": "SmolLM2-135M-Instruct Q4_1",
                "tokens_per_s": round(statistics.median(speeds), 1) if speeds else None,
                "tokens_per_s_spread": [round(min(speeds), 1), round(max(speeds), 1)]
                if speeds
                else None,
                "calls": len(speeds),
                "agent_recall": round(matched / total, 2) if total else None,
                "completed": f"{completed}/{len(TASKS)}",
                "runs": details,
            }
        )
    )


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
