"""What holding model-written analyst code to the question costs, and what it catches.

    python bench/model_contract.py            # one JSON line
    python bench/model_contract.py --misses   # also each tuning false alarm and miss, after it

Prints {"bench": "model_contract", "calls", "correct_code", "dropped", "check_ms"}:

- ``calls``: one data question ("how many days did the United States report more than
  1,000,000 daily vaccinations?") through a Router with a scripted model, per case (the
  code right first time; the country dropped, then corrected; dropped twice; code not
  run): the model calls by purpose, the task's status and the value it gave.
- ``correct_code``: the trust set's answers (tests/data/trust/answers: plain pandas
  written by hand, never calling the project) checked against their own questions'
  constraints: each one flagged is a false alarm (one more model call, and a partial
  answer if the model keeps its code). Single-turn items whose pandas is inline.
- ``dropped``: the same answers with one filter or group-by the question asks for
  removed (mutants that still run): how many the check catches.
- ``check_ms``: reading the question and checking one piece of code, median of 5, over
  a 200,000-row frame.

The trust set's held-out third (``tests/trust_eval/scoring.heldout``) is reported apart
and never listed by ``--misses``.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import copy
import json
import re
import statistics
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from notebook_router import Router  # noqa: E402
from notebook_router.agents.approval import CodePolicy  # noqa: E402
from notebook_router.analyst.code_check import constraints_for, unused  # noqa: E402
from notebook_router.planner.decisions import Synthesis  # noqa: E402
from notebook_router.providers.base import CompletionRequest  # noqa: E402
from notebook_router.providers.scripted import ScriptedProvider  # noqa: E402
from notebook_router.usage import Usage  # noqa: E402
from tests.data.trust.answers import common  # noqa: E402
from tests.data.trust.make_answers import read_items  # noqa: E402
from tests.data.trust.tables import load  # noqa: E402
from tests.trust_eval.scoring import heldout  # noqa: E402

QUESTION = "how many days did the United States report more than 1,000,000 daily vaccinations?"
RIGHT = (
    "us = vacc[vacc['country'] == 'United States']\n"
    "int((us['daily_vaccinations'] > 1_000_000).sum())"
)
DROPPED = "int((vacc['daily_vaccinations'] > 1_000_000).sum())"
DROPPED_AGAIN = "len(vacc.query('daily_vaccinations > 1e6'))"
ANSWERS = ROOT / "tests" / "data" / "trust" / "answers"


# ------------------------------------------------------------------ model calls


def _vaccinations(rows_per_country: int = 40) -> pd.DataFrame:
    days = pd.date_range("2021-01-01", periods=rows_per_country)
    above = {"United States": 26, "United Kingdom": 10, "Israel": 0}
    return pd.concat(
        [
            pd.DataFrame(
                {
                    "country": country,
                    "date": days,
                    "daily_vaccinations": np.where(
                        np.arange(rows_per_country) < n, 1_500_000, 400_000
                    ),
                }
            )
            for country, n in above.items()
        ],
        ignore_index=True,
    )


def _scripted(codes: list[str]) -> tuple[Callable[[CompletionRequest], Any], Counter[str]]:
    calls: Counter[str] = Counter()
    left = list(codes)

    def reply(request: CompletionRequest) -> Any:
        calls[request.purpose] += 1
        purpose = request.purpose
        if purpose == "router.decide":
            if calls[purpose] > 1:
                return {"action": "complete", "reason": "done"}
            task = {"id": "t1", "agent": "data_analyst", "description": QUESTION}
            return {"action": "execute", "run": [task]}
        if purpose.startswith("agent.code"):
            return f"```python\n{left.pop(0)}\n```"
        if purpose == "router.verify":
            return {"claims": []}
        return Synthesis(answer="done [t1]")

    return reply, calls


async def model_calls() -> dict[str, Any]:
    vacc = _vaccinations()
    cases: dict[str, tuple[list[str], CodePolicy]] = {
        "right_first_time": ([RIGHT], "auto"),
        "dropped_then_corrected": ([DROPPED, RIGHT], "auto"),
        "dropped_twice": ([DROPPED, DROPPED_AGAIN, RIGHT], "auto"),
        "code_not_run": ([RIGHT], "never"),
    }
    out: dict[str, Any] = {}
    for name, (codes, policy) in cases.items():
        reply, calls = _scripted(codes)
        provider = ScriptedProvider(fallback=reply, usage=Usage())
        run = Router(model=provider, data={"vacc": vacc}, code=policy).start(QUESTION)
        result = await run
        data = run.state.results["t1"].data
        out[name] = {
            "calls": sum(calls.values()),
            "by_purpose": dict(calls),
            "status": result.tasks[0].status,
            "value": data if isinstance(data, int) else None,
        }
    return out


# ------------------------------------------------------------------ the trust set's answers


def _inline_answers() -> dict[str, str]:
    """Each item's answer expression, where its pandas is written inline."""
    found: dict[str, str] = {}
    for path in sorted(ANSWERS.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Dict):
                continue
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(value, ast.Lambda):
                    body = ast.get_source_segment(source, value.body) or ""
                    if not re.search(r"\b_\w+\(", body):  # not in a private function of its module
                        found[str(key.value)] = body
    return found


class _Frames(ast.NodeTransformer):
    """``t("penguins")`` becomes the variable the item's frame has."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func, args = node.func, node.args
        if isinstance(func, ast.Name) and func.id == "t" and args:
            table = args[0]
            if isinstance(table, ast.Constant) and isinstance(table.value, str):
                return ast.Name(id=self.names.get(table.value, table.value), ctx=ast.Load())
        return node


def _names(node: ast.AST, column: str) -> bool:
    """Whether ``node`` refers to ``column`` (a string or query naming it, an attribute)."""
    word = re.compile(rf"(?<![\w`]){re.escape(column)}(?![\w`])")
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and word.search(n.value):
            return True
        if isinstance(n, ast.Attribute) and n.attr == column:
            return True
    return False


class _DropFilter(ast.NodeTransformer):
    """The code without its condition on ``column`` (one of ``a & b``, of a query's ``and``)."""

    def __init__(self, column: str) -> None:
        self.column, self.done = column, False

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.BitAnd):
            left, right = _names(node.left, self.column), _names(node.right, self.column)
            if left != right:
                self.done = True
                return node.right if left else node.left
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        keep = [v for v in node.values if not _names(v, self.column)]
        if isinstance(node.op, ast.And) and keep and len(keep) < len(node.values):
            self.done = True
            return keep[0] if len(keep) == 1 else ast.BoolOp(op=ast.And(), values=keep)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func, args = node.func, node.args
        if not (isinstance(func, ast.Attribute) and func.attr in ("query", "eval") and args):
            return node
        text = args[0]
        if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
            return node
        parts = re.split(r"\s+(?:and|&)\s+", text.value)
        keep = [p for p in parts if not _names(ast.Constant(p), self.column)]
        if len(keep) == len(parts):
            return node
        self.done = True
        if not keep:
            return func.value if func.attr == "query" else ast.Constant(True)
        node.args = [ast.Constant(" and ".join(keep)), *args[1:]]
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        mask = isinstance(node.slice, (ast.Compare, ast.Call, ast.UnaryOp))
        if mask and not self.done and _names(node.slice, self.column):
            self.done = True
            return node.value
        return node


class _DropGroup(ast.NodeTransformer):
    """The code without its ``groupby`` on ``column``."""

    def __init__(self, column: str) -> None:
        self.column, self.done = column, False

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "groupby" and _names(node, self.column):
            self.done = True
            return func.value
        return node


def _runs(code: str, frames: dict[str, pd.DataFrame]) -> bool:
    scope: dict[str, Any] = {**vars(common), **frames}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            eval(code, scope)  # the answers module's own expression, mutated
    except Exception:
        return False
    return True


def trust_answers(misses: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """False alarms on the answers as written, and catches of their one-part-dropped mutants."""
    codes = _inline_answers()
    correct = {side: Counter[str]() for side in ("tuning", "heldout")}
    dropped = {side: Counter[str]() for side in ("tuning", "heldout")}
    for item in read_items():
        answer = codes.get(item["id"])
        if answer is None or len(item["turns"]) != 1 or item["family"] == "unanswerable":
            continue
        names = {table: var for var, table in item["frames"].items()}
        tree = _Frames(names).visit(ast.parse(answer, mode="eval"))
        frames = {var: load(table) for var, table in item["frames"].items()}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            asked = constraints_for(item["turns"][0], frames)
        side = "heldout" if heldout(item) else "tuning"
        gaps = unused(ast.unparse(tree), asked)
        correct[side].update(items=1, with_constraints=int(bool(asked)), flagged=int(bool(gaps)))
        if gaps and side == "tuning":
            misses.append({"id": item["id"], "false_alarm": gaps, "question": item["turns"][0]})
        if gaps:
            continue
        mutations: list[tuple[str, _DropFilter | _DropGroup]] = [
            *((f.column, _DropFilter(f.column)) for f in asked.filters),
            *((g, _DropGroup(g)) for g in asked.group_by),
        ]
        for column, mutation in mutations:
            code = ast.unparse(mutation.visit(copy.deepcopy(tree)))
            if not mutation.done or not _runs(code, frames):
                continue
            caught = bool(unused(code, asked))
            dropped[side].update(mutants=1, caught=int(caught))
            if not caught and side == "tuning":
                misses.append({"id": item["id"], "missed": column, "code": code})
    return {k: dict(v) for k, v in correct.items()}, {k: dict(v) for k, v in dropped.items()}


def check_ms() -> float:
    rng = np.random.default_rng(0)
    n = 200_000
    vacc = pd.DataFrame(
        {
            "country": rng.choice(["United States", "United Kingdom", "Israel"], n),
            "daily_vaccinations": rng.integers(0, 2_000_000, n),
        }
    )
    times = []
    for _ in range(5):
        start = time.perf_counter()
        unused(RIGHT, constraints_for(QUESTION, {"vacc": vacc}))
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list tuning false alarms, misses")
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    misses: list[dict[str, Any]] = []
    correct, dropped = trust_answers(misses)
    line = {
        "bench": "model_contract",
        "calls": asyncio.run(model_calls()),
        "correct_code": correct,
        "dropped": dropped,
        "check_ms": check_ms(),
    }
    print(json.dumps(line), flush=True)
    if args.misses:
        for miss in misses:
            print(json.dumps(miss), flush=True)


if __name__ == "__main__":
    main()
