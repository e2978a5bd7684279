"""Offline routing quality on the labelled 129-tool set (tests/data/tool_routing/catalog).

    python bench/routing_quality.py

Prints two JSON lines. The first: {"bench": "routing_quality", "tools", "word_vectors",
"tune": {...}, "heldout": {...}, "fresh": {...}, and the same three as "..._sampled",
"seconds"} (``_sampled``: each request routed among a seeded random set of 2-37 candidates
holding its tool and that tool's neighbours; ``word_vectors``: the ``embeddings`` extra was
installed and used, and "lexical" holds the same figures without it). The second,
{"bench": "routing_quality_tune2", ...}, gives the same figures for the second and third
tuning files (catalog/TUNE2.md, catalog/TUNE3.md) as "tune2", "tune3", "tune2_sampled" and
"tune3_sampled".
Each part has the requests, the share that fit no tool, pick accuracy
(requests some tool fits, routed to it) and no-fit precision / recall / F1 (requests no tool
fits, declined). The lexicon and the word tables were tuned against the misses of the three
tuning files only, and the "does anything fit" model (notebook_router/tools/fit.toml) was
fitted on the first tuning file only (scripts/fit_tool_fit.py; the second and third show that
fit on requests it never saw); the
held-out file says how the router does on requests nobody tuned it for, and the fresh file
(written from the tool list alone, by someone who never saw the router or the other files:
catalog/FRESH.md) is the honest one.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from notebook_router.tools.word_vectors import bundled_embedder  # noqa: E402


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "tool_routing_accuracy", ROOT / "scripts" / "tool_routing_accuracy.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def _figures(bench: str, parts: Sequence[str]) -> dict[str, Any]:
    """One line of figures for the files ``parts`` (see the module docstring)."""
    script = _script()
    line: dict[str, Any] = {"bench": bench}
    started = time.perf_counter()
    line["word_vectors"] = bundled_embedder() is not None
    line["lexical"] = {}
    runs: list[tuple[str, int | None, bool]] = [(p, None, True) for p in parts]
    runs += [(p, 0, True) for p in parts]
    if line["word_vectors"]:
        runs += [(p, seed, False) for p, seed, _ in runs]
    for part, seed, vectors in runs:
        tools, requests = script.load(f"{part}.jsonl", "catalog")
        report = await script.evaluate(tools, requests, "offline", seed, vectors)
        line["tools"] = len(tools)
        into = line if vectors else line["lexical"]
        into[part if seed is None else f"{part}_sampled"] = {
            "requests": report["requests"],
            "no_fit_share": round(report["no_fit_requests"] / report["requests"], 3),
            "pick_accuracy": report["pick_accuracy"],
            "no_fit_precision": report["rejection_precision"],
            "no_fit_recall": report["rejection_recall"],
            "no_fit_f1": report["rejection_f1"],
        }
    line["seconds"] = round(time.perf_counter() - started, 2)
    return line


async def routing_quality() -> dict[str, Any]:
    """The first tuning file, the held-out and the fresh file (see the module docstring)."""
    return await _figures("routing_quality", ("tune", "heldout", "fresh"))


async def routing_quality_tune2() -> dict[str, Any]:
    """The second and third tuning files (catalog/TUNE2.md, TUNE3.md), as a line of their own."""
    return await _figures("routing_quality_tune2", ("tune2", "tune3"))


async def _main() -> None:
    print(json.dumps(await routing_quality()))
    print(json.dumps(await routing_quality_tune2()))


if __name__ == "__main__":
    asyncio.run(_main())
