"""Accuracy of the offline planner's choice of agent on the labelled agent-routing set.

    python scripts/agent_routing_accuracy.py              # AgentMatcher.best (the rule planner)
    python scripts/agent_routing_accuracy.py --ranker tree   # AgentTree.route (delegation)
    python scripts/agent_routing_accuracy.py --ranker offer  # AgentIndex.search (model planners)
    python scripts/agent_routing_accuracy.py --errors        # also list every miss
    python scripts/agent_routing_accuracy.py --fresh         # the set nobody tuned on

The tasks (``tests/data/agent_routing/tasks.jsonl``) were labelled from the
agents' descriptions alone. Each names its agent set: ``builtin`` is the
default ``Router()``'s agents, read from the code (so the set follows the
built-ins as they change); the others are in ``agents.json``. A task is
routed among its set's agents only, which is what the planner does for a
user's agents (they are ranked before the built-ins whenever one matches).

``fresh.jsonl`` was written later, from ``agents.json`` alone, by someone who
never saw a ranker or ``tasks.jsonl``, after the ranker's weights were chosen:
it is the honest figure (it has no ``builtin`` tasks).

Prints one JSON line: accuracy per set and overall (a task nothing matches
counts as a miss).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "agent_routing"
sys.path.insert(0, str(ROOT))

from notebook_router.agents.base import Agent  # noqa: E402
from notebook_router.agents.card import AgentCard, agent_card  # noqa: E402
from notebook_router.agents.discovery import AgentTree  # noqa: E402
from notebook_router.agents.function import FunctionAgent  # noqa: E402
from notebook_router.agents.matcher import AgentMatcher  # noqa: E402
from notebook_router.planner.agent_offer import AgentIndex  # noqa: E402

Ranker = Callable[[str], str | None]


def builtin_agents() -> list[Agent]:
    """The default router's agents, as its planner is given them."""
    from notebook_router.router import Router

    return [m.agent for m in Router().agents.tree().members.values()]


def user_agents(specs: Sequence[dict[str, Any]]) -> list[Agent]:
    """Agents with the names, descriptions and topics ``specs`` give (they never run)."""
    return [
        FunctionAgent(
            _unused,
            name=s["name"],
            description=s["description"],
            can=[c if isinstance(c, str) else tuple(c) for c in s["capabilities"]],
        )
        for s in specs
    ]


def _unused(task: str) -> str:
    return task


def load(tasks_file: str = "tasks.jsonl") -> tuple[dict[str, list[Agent]], list[dict[str, str]]]:
    """Every agent set by name, and the labelled tasks of ``tasks_file``."""
    specs = json.loads((DATA / "agents.json").read_text())
    sets = {name: user_agents(agents) for name, agents in specs.items()}
    sets["builtin"] = builtin_agents()
    lines = (DATA / tasks_file).read_text().splitlines()
    return sets, [json.loads(line) for line in lines if line.strip()]


def ranker(kind: str, agents: Sequence[Agent]) -> Ranker:
    """The choice of agent ``kind`` names, over ``agents``."""
    if kind == "matcher":
        matcher = AgentMatcher([agent_card(a) for a in agents])
        # What the rule planner does: the best match by words, else the nearest in meaning.
        return lambda task: matcher.best(task) or matcher.nearest(task)
    if kind == "tree":
        tree = AgentTree(agents)
        return lambda task: next((r.name for r in tree.route(task)), None)
    cards: list[AgentCard] = [agent_card(a) for a in agents]
    index = AgentIndex(cards)
    return lambda task: next(iter(index.search(task, 1)), None)


def accuracy(
    kind: str = "matcher", tasks_file: str = "tasks.jsonl"
) -> tuple[dict[str, Any], list[str]]:
    """The figures (one JSON line's worth) and the misses, for ranker ``kind``."""
    sets, tasks = load(tasks_file)
    rankers = {name: ranker(kind, agents) for name, agents in sets.items()}
    right: dict[str, int] = {}
    seen: dict[str, int] = {}
    misses: list[str] = []
    for row in tasks:
        got = rankers[row["agents"]](row["task"])
        seen[row["agents"]] = seen.get(row["agents"], 0) + 1
        if got == row["agent"]:
            right[row["agents"]] = right.get(row["agents"], 0) + 1
        else:
            misses.append(f"{row['agents']}: {row['task']!r} → {got} (want {row['agent']})")
    figures = {name: round(right.get(name, 0) / n, 3) for name, n in seen.items()}
    overall = round(sum(right.values()) / sum(seen.values()), 3)
    return {"ranker": kind, "tasks": sum(seen.values()), "overall": overall, **figures}, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranker", choices=["matcher", "tree", "offer"], default="matcher")
    parser.add_argument("--errors", action="store_true", help="list every miss on stderr")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="the tasks written from agents.json alone, after the ranker was tuned (fresh.jsonl)",
    )
    args = parser.parse_args()
    figures, misses = accuracy(args.ranker, "fresh.jsonl" if args.fresh else "tasks.jsonl")
    print(json.dumps(figures))
    if args.errors:
        for miss in misses:
            print(miss, file=sys.stderr)


if __name__ == "__main__":
    main()
