"""What a model planner is sent: prompt tokens as the registry and the run grow.

    python bench/planner_workloads.py     # one JSON line

``agents_N``: tokens of the first decide request (system prompt, run state and
the JSON schema, by the project's estimate of about four characters a token)
with N registered agents, made from varied vocabularies so that their
descriptions are distinct and realistic. The goal is flat from 20 agents up:
past ``Limits.planner_agents`` only the relevant agents are listed.

``per_call_100_tasks_*``: the prompt tokens of each planner call over a run
whose planner (a scripted model) plans 100 tasks of an echo agent at once,
each a checkpoint so that it is asked after every result (the worst case: the
view grows with the run), then writes the answer; ``budget`` is
``Limits.planner_tokens``, which caps the run state in each of them. Token counts
are deterministic: ``repeats`` only checks that they are.
"""

from __future__ import annotations

import asyncio
import json
import statistics
from itertools import product
from typing import Any

from notebook_router import Limits, Router, agent
from notebook_router.agents.base import Agent
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage, estimate_tokens

VERBS = [
    ("forecast", "Forecasts"),
    ("translate", "Translates"),
    ("geocode", "Geocodes"),
    ("classify", "Classifies"),
    ("summarise", "Summarises"),
    ("validate", "Validates"),
    ("plot", "Plots"),
    ("deduplicate", "Deduplicates"),
    ("anonymise", "Anonymises"),
    ("rank", "Ranks"),
]
THINGS = [
    "invoices",
    "contracts",
    "sensor readings",
    "tweets",
    "emails",
    "product photos",
    "shipments",
    "patient records",
    "stock prices",
    "support tickets",
]
FIELDS = [
    "retail",
    "healthcare",
    "finance",
    "logistics",
    "energy",
    "education",
    "insurance",
    "media",
    "farming",
    "tourism",
]
SHAPES = [
    "{Verb} {thing} for {field} teams, from CSV files, spreadsheets or database tables.",
    "{Verb} {thing} in {field}: give it the records and it returns a short report.",
    "For {field} analysts: {verb}s {thing} and flags anything that looks unusual.",
    "{Verb} {thing} ({field}), with a confidence score for every item it handles.",
]
GOAL = "Forecast the energy sensor readings for next week and plot them"
TASKS = 100


def make_agents(n: int) -> list[Agent]:
    """``n`` agents with distinct names and descriptions, in one of four sentence shapes."""
    made: list[Agent] = []
    for i, ((verb, verbs), thing, field) in enumerate(product(VERBS, THINGS, FIELDS)):
        if i == n:
            break
        name = f"{verb}_{thing.replace(' ', '_')}_{field}"
        shape = SHAPES[i % len(SHAPES)]
        description = shape.format(Verb=verbs, verb=verb, thing=thing, field=field)

        def work(task: str, name: str = name) -> str:
            return f"{name}: {task}"

        made.append(agent(name=name, description=description, can=[verb, thing, field])(work))
    return made


def request_tokens(request: CompletionRequest) -> int:
    """The whole request: every message and the JSON schema sent with it."""
    schema = json.dumps(request.json_schema) if request.json_schema else ""
    return sum(estimate_tokens(m.content) for m in request.messages) + estimate_tokens(schema)


async def decide_prompt_tokens(n_agents: int) -> int:
    """Tokens of the first decide request of a run with ``n_agents`` registered agents."""
    provider = ScriptedProvider(fallback={"action": "complete", "reason": "done"}, usage=Usage())
    await Router(make_agents(n_agents), model=provider, builtins=False).run(GOAL)
    return request_tokens(next(r for r in provider.requests if r.purpose == "router.decide"))


class _HundredTasks:
    """A scripted planner: 100 tasks at once, each a checkpoint (so the planner is asked
    after every result: the worst case, the view growing with the run), then complete."""

    def __init__(self) -> None:
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose == "router.synthesise":
            return {"answer": "done"}
        if not self.planned:
            self.planned = True
            run = [
                {
                    "id": f"t{i}",
                    "agent": "echo",
                    "description": f"Echo item number {i}",
                    "checkpoint": True,
                }
                for i in range(1, TASKS + 1)
            ]
            return {"action": "parallel", "reason": "all at once", "run": run}
        prompt = str(request.messages[-1].content)
        running = '"status": "running"' in prompt or '"running": ' in prompt
        return {"action": "wait"} if running else {"action": "complete", "reason": "done"}


async def hundred_task_decide_tokens() -> list[int]:
    """Prompt tokens of each planner call (decisions and the answer) of a 100-task run."""

    @agent(can=["echo", "item"], description="Echoes one item back with a short finding.")
    async def echo(task: str) -> str:
        # Staggered, so results come back one by one and each is a planner call.
        await asyncio.sleep(0.005 * int(task.rsplit(" ", 1)[-1]))
        return f"{task}: found it, with a sentence or two of detail about what it holds."

    provider = ScriptedProvider(fallback=_HundredTasks(), usage=Usage())
    router = Router([echo], model=provider, limits=Limits(max_iterations=TASKS + 20))
    await router.run("Echo 100 items")
    return [request_tokens(r) for r in provider.requests if r.purpose.startswith("router.")]


async def planner_prompt_tokens(repeats: int) -> dict[str, Any]:
    """The ``planner_prompt_tokens`` benchmark line (see the module docstring)."""
    line: dict[str, Any] = {"bench": "planner_prompt_tokens"}
    for _ in range(max(repeats, 1)):
        figures = {f"agents_{n}": await decide_prompt_tokens(n) for n in (10, 100, 1000)}
        per_call = await hundred_task_decide_tokens()
        figures["per_call_100_tasks_median"] = int(statistics.median(per_call))
        figures["per_call_100_tasks_max"] = max(per_call)
        if "agents_10" in line and any(line[k] != v for k, v in figures.items()):
            raise AssertionError(f"token counts changed between repeats: {line} vs {figures}")
        line.update(figures)
    line["planner_calls_100_tasks"] = len(per_call)
    line["budget"] = Limits().planner_tokens
    return line


if __name__ == "__main__":
    print(json.dumps(asyncio.run(planner_prompt_tokens(1))), flush=True)
