"""``latency_composite``: a composite request at model speed, against its critical path.

The request is the quickstart's: "load the sales table for the North region,
then plot monthly revenue, summarise the trend and forecast next quarter".
The planner stands in for a real model: the rule planner's decisions, each
delivered after :data:`MODEL_S` (a model call), with the prompt a model
planner would be sent counted in tokens. The agents are the sales examples,
each slowed to a model-backed agent's pace (1-3 s).

The critical path is what no scheduler can beat: the plan call, the load,
the slowest of the three that need the table, and the answer call (plus, in
the failure variant, the decision about the failure when it lies on the path).
``baseline`` asks the planner after every result, as the loop did before
plan-ahead; ``plan_ahead`` is the loop now.

``latency_prefetch``: the same request naming the notes file the load step reads
(:data:`NOTES_MB` of text), run with the files a request names read while the
planner makes its first decision and without (``Limits(prefetch=False)``). The
critical path is the one above: the read can overlap the plan call, so it is not on it.

    python bench/latency_workloads.py   # prints the JSON lines
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from notebook_router import Limits, Router
from notebook_router.agents.base import Agent, AgentContext, TaskRequest
from notebook_router.examples.sales import AGENTS
from notebook_router.offline.planner import RulePlanner
from notebook_router.planner import prompts
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.readers.files import file_media
from notebook_router.result import AgentResult
from notebook_router.usage import estimate_tokens

REQUEST = (
    "Load the sales table for the North region, then plot monthly revenue, "
    "summarise the trend and forecast next quarter"
)
MODEL_S = 0.8
"""Seconds a planner call takes (a model's decision or answer)."""
AGENT_S = {"sales_data": 1.0, "chart": 2.0, "trend_writer": 3.0, "forecaster": 1.5}
"""Seconds each agent takes; unlisted agents (a retry's stand-in) answer at once."""


class ModelPaced:
    """The rule planner at a model's pace, counting calls and the tokens a model would see."""

    def __init__(self, *, every_result: bool) -> None:
        self._rules = RulePlanner()
        self._views = ViewBuilder()
        self.consult_after_each_result = every_result
        self.calls = 0
        self.tokens = 0

    async def decide(self, call: PlannerCall) -> Decision:
        self._count(prompts.DECIDE, call)
        await asyncio.sleep(MODEL_S)
        decision = await self._rules.decide(call)
        self.tokens += estimate_tokens(decision.model_dump_json(exclude_defaults=True))
        return decision

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        self._count(prompts.REDIRECT, call)
        await asyncio.sleep(MODEL_S)
        return await self._rules.redirect(call, message)

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        self._count(prompts.SYNTHESISE, call)
        await asyncio.sleep(MODEL_S)
        synthesis = await self._rules.synthesise(call)
        self.tokens += estimate_tokens(synthesis.answer)
        return synthesis

    def _count(self, system: str, call: PlannerCall) -> None:
        self.calls += 1
        view = self._views.build(call.state, call.agents)
        self.tokens += estimate_tokens(system) + estimate_tokens(prompts.render_view(view))


class Slowed:
    """One of the sales agents at a model-backed agent's pace (failing, if told to)."""

    def __init__(self, inner: Any, seconds: float, *, fail: bool = False) -> None:
        self._inner = inner
        self.name = inner.name
        self.description = inner.description
        self.capabilities = inner.capabilities
        self.timeout_s: float | None = None
        self._seconds = seconds
        self._fail = fail

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult | Any:
        await asyncio.sleep(self._seconds)
        if self._fail:
            raise RuntimeError("the forecasting service is down")
        return await self._inner.run(task, context)


class ReadsNotes(Slowed):
    """The load step, reading the notes file the request names as an agent does."""

    def __init__(self, inner: Any, seconds: float, notes: Path, read_s: list[float]) -> None:
        super().__init__(inner, seconds)
        self._notes = notes
        self._read_s = read_s

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult | Any:
        started = time.perf_counter()
        file_media(self._notes)  # the bytes read ahead while the planner thought, if they were
        self._read_s.append(time.perf_counter() - started)
        return await super().run(task, context)


async def composite(
    *, every_result: bool, fail: bool, notes: Path | None = None, prefetch: bool = True
) -> dict[str, float]:
    """One run; its wall time, the critical path, model calls and tokens (``notes``: the
    file the request names and the load step reads)."""
    agents: list[Agent] = [
        Slowed(a, AGENT_S.get(a.name, 0.0), fail=fail and a.name == "forecaster") for a in AGENTS
    ]
    request = REQUEST
    read_s: list[float] = []
    if notes is not None:
        agents = [
            ReadsNotes(a, AGENT_S[a.name], notes, read_s) if a.name == "sales_data" else a
            for a in agents
        ]
        request = f"{REQUEST} (the notes are in {notes.name})"
    planner = ModelPaced(every_result=every_result)
    limits = Limits(prefetch=prefetch)
    run = Router(agents, planner=planner, limits=limits).start(request)
    started = time.perf_counter()
    result = await run
    wall = time.perf_counter() - started
    # A failed branch leaves its part unanswered: the run must say so, not "completed".
    expected = "partly_answered" if fail else "completed"
    assert result.stop_reason == expected, result.stop_detail
    return {
        "wall_s": wall,
        "critical_path_s": _critical_path(fail),
        "model_calls": planner.calls,
        "tokens": planner.tokens,
        "read_s": sum(read_s),
    }


def _critical_path(fail: bool) -> float:
    after_load = [AGENT_S["chart"], AGENT_S["trend_writer"], AGENT_S["forecaster"]]
    if fail:  # the failure must be decided on (a model call) before its retry runs
        after_load[-1] = AGENT_S["forecaster"] + MODEL_S
    return MODEL_S + AGENT_S["sales_data"] + max(after_load) + MODEL_S


async def latency_composite(repeats: int) -> dict[str, Any]:
    """The JSON line: plan-ahead against the decide-after-every-result baseline."""
    line: dict[str, Any] = {"bench": "latency_composite", "model_s": MODEL_S, "agents_s": AGENT_S}
    for variant, fail in (("", False), ("one_fails_", True)):
        for style, every in (("baseline_", True), ("", False)):
            runs = [await composite(every_result=every, fail=fail) for _ in range(repeats)]
            ratios = [r["wall_s"] / r["critical_path_s"] for r in runs]
            prefix = f"{variant}{style}"
            line[f"{prefix}wall_over_critical_path"] = round(statistics.median(ratios), 3)
            line[f"{prefix}wall_over_critical_path_spread"] = [
                round(min(ratios), 3),
                round(max(ratios), 3),
            ]
            line[f"{prefix}wall_s"] = round(statistics.median(r["wall_s"] for r in runs), 2)
            line[f"{prefix}critical_path_s"] = round(runs[0]["critical_path_s"], 2)
            line[f"{prefix}model_calls"] = max(int(r["model_calls"]) for r in runs)
            line[f"{prefix}tokens"] = int(statistics.median(r["tokens"] for r in runs))
    line["repeats"] = repeats
    return line


NOTES_MB = 40
"""Size of the notes file the request names (under the 50 MB a file may be to be read)."""


@contextlib.contextmanager
def _notes_file() -> Iterator[Path]:
    """A folder holding the notes file, as the working folder (names resolve against it)."""
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        notes = Path(folder) / "north_notes.txt"
        line = "North, 2024-03, revenue 1234.50, units 17, a note on the month's trade\n"
        notes.write_text(line * (NOTES_MB * 1_000_000 // len(line)))
        os.chdir(folder)
        try:
            yield notes
        finally:
            os.chdir(here)


async def latency_prefetch(repeats: int) -> dict[str, Any]:
    """The JSON line: the request naming a file, with and without prefetch, alternated."""
    line: dict[str, Any] = {"bench": "latency_prefetch", "model_s": MODEL_S, "notes_mb": NOTES_MB}
    runs: dict[str, list[dict[str, float]]] = {"": [], "no_prefetch_": []}
    with _notes_file() as notes:
        for _ in range(repeats):  # alternated: the machine's drift hits both alike
            for prefix, on in (("", True), ("no_prefetch_", False)):
                one = await composite(every_result=False, fail=False, notes=notes, prefetch=on)
                runs[prefix].append(one)
    for prefix, done in runs.items():
        ratios = [r["wall_s"] / r["critical_path_s"] for r in done]
        walls = [r["wall_s"] for r in done]
        line[f"{prefix}wall_over_critical_path"] = round(statistics.median(ratios), 3)
        line[f"{prefix}wall_over_critical_path_spread"] = [
            round(min(ratios), 3),
            round(max(ratios), 3),
        ]
        line[f"{prefix}wall_s"] = round(statistics.median(walls), 3)
        line[f"{prefix}wall_s_spread"] = [round(min(walls), 3), round(max(walls), 3)]
        line[f"{prefix}model_calls"] = max(int(r["model_calls"]) for r in done)
        reads = [r["read_s"] * 1000 for r in done]  # the load step's own read of the file
        line[f"{prefix}read_ms"] = round(statistics.median(reads), 1)
        line[f"{prefix}read_ms_spread"] = [round(min(reads), 1), round(max(reads), 1)]
    line["critical_path_s"] = round(_critical_path(False), 2)
    line["saved_ms"] = round((line["no_prefetch_wall_s"] - line["wall_s"]) * 1000, 1)
    line["repeats"] = repeats
    return line


if __name__ == "__main__":
    print(json.dumps(asyncio.run(latency_composite(3))), flush=True)
    print(json.dumps(asyncio.run(latency_prefetch(5))), flush=True)
