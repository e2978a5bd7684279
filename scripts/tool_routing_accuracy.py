"""Accuracy of ToolRouter on the labelled tool-routing set.

    python scripts/tool_routing_accuracy.py            # the test set, offline model
    python scripts/tool_routing_accuracy.py --dev      # the dev set (tuned on)
    python scripts/tool_routing_accuracy.py --model openai:gpt-4o-mini --errors
    python scripts/tool_routing_accuracy.py --catalog          # 129 tools, tuning file
    python scripts/tool_routing_accuracy.py --catalog --heldout  # 129 tools, held-out file
    python scripts/tool_routing_accuracy.py --catalog --sampled  # 2-37 candidates per request
    python scripts/tool_routing_accuracy.py --catalog --fresh    # written from the tool list alone
    python scripts/tool_routing_accuracy.py --catalog --lexical  # without word vectors

``--sampled`` routes each request among a seeded random candidate set of
2-37 tools, as a user with their own few tools would (BFCL's "multiple"
setting): the labelled tool when there is one, else the tool nearest the
request in the whole catalogue, with its 1-3 nearest neighbours (the tools
whose name and description are most like its own) and random others.

Prints one JSON line of figures; ``--errors`` also lists every miss.

- decision accuracy: the chosen tool (or null) equals the label;
- pick accuracy: over the requests some tool fits, the share routed to it;
- rejection (no-fit) precision / recall / F1: over the requests no tool fits
  (label null), how many declines were right / how many of those requests
  were declined, and their harmonic mean;
- input extraction: labelled input values produced exactly, out of all
  labelled values (a value on a misrouted request counts as missed), and the
  same restricted to requests routed to the right tool.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "tool_routing"
sys.path.insert(0, str(ROOT))

from notebook_router.tools import ToolRouter, ToolSpec  # noqa: E402
from notebook_router.tools.rules import catalog_for  # noqa: E402
from notebook_router.tools.word_vectors import bundled_embedder  # noqa: E402

SAMPLE_SIZES = (2, 37)


def load(
    requests_file: str = "requests.jsonl", folder: str = ""
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The tools and the labelled requests (``folder``: ``"catalog"`` for the 129-tool set)."""
    base = DATA / folder if folder else DATA
    tools = json.loads((base / "tools.json").read_text())
    lines = (base / requests_file).read_text().splitlines()
    return tools, [json.loads(line) for line in lines if line.strip()]


def same(expected: Any, got: Any) -> bool:
    """Labelled and extracted values agree (text case-insensitively, numbers by value)."""
    if isinstance(expected, str) and isinstance(got, str):
        return expected.strip().lower() == got.strip().lower()
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(
            same(e, g) for e, g in zip(expected, got, strict=True)
        )
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected is got
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        return float(expected) == float(got)
    return bool(expected == got)


def candidate_sets(
    specs: list[ToolSpec], requests: list[dict[str, Any]], seed: int
) -> list[list[ToolSpec]]:
    """Per request, a seeded random candidate set (see the module docstring)."""
    catalog = catalog_for(specs)
    relevance = catalog.relevance
    index = {spec.name: i for i, spec in enumerate(specs)}
    sets = []
    for n, item in enumerate(requests):
        rng = random.Random(seed * 100_003 + n)
        if item["tool"] is not None:
            anchor = index[item["tool"]]
        else:
            hits = relevance.rank(relevance.read(item["query"]), k=1)
            anchor = hits[0].doc if hits else rng.randrange(len(specs))
        anchor_text = f"{specs[anchor].name} {specs[anchor].description}"
        near = [h.doc for h in relevance.rank(relevance.read(anchor_text)) if h.doc != anchor]
        size = rng.randint(*SAMPLE_SIZES)
        chosen = [anchor, *near[: min(rng.randint(1, 3), size - 1)]]
        rest = [i for i in range(len(specs)) if i not in chosen]
        chosen += rng.sample(rest, max(0, size - len(chosen)))
        rng.shuffle(chosen)
        sets.append([specs[i] for i in chosen])
    return sets


async def evaluate(
    tools: list[dict[str, Any]],
    requests: list[dict[str, Any]],
    model: str = "offline",
    sample_seed: int | None = None,
    word_vectors: bool = True,
) -> dict[str, Any]:
    """The figures (see the module docstring) and the misses.

    ``sample_seed``: route each request among its own sampled candidate set.
    ``word_vectors``: rank by meaning too, when the ``embeddings`` extra is installed.
    """
    specs = [ToolSpec.from_openai(t) for t in tools]
    router = ToolRouter(specs, model=model, word_vectors=word_vectors)
    sets = candidate_sets(specs, requests, sample_seed) if sample_seed is not None else None
    right = declined_right = declined = no_fit = picked_right = 0
    values = values_right = values_routed = 0
    misses: list[dict[str, Any]] = []
    for n, item in enumerate(requests):
        if sets is not None:
            router = ToolRouter(sets[n], model=model, word_vectors=word_vectors)
        decision = await router.achoose(item["query"])
        label = item["tool"]
        right += decision.tool == label
        picked_right += label is not None and decision.tool == label
        no_fit += label is None
        declined += decision.tool is None
        declined_right += decision.tool is None and label is None
        expected = item.get("inputs", {}) if label else {}
        got = [same(v, decision.inputs.get(k)) for k, v in expected.items()]
        values += len(expected)
        if decision.tool == label:
            values_routed += len(expected)
            values_right += sum(got)
        wrong_inputs = [k for (k, v), ok in zip(expected.items(), got, strict=True) if not ok]
        if decision.tool != label or (decision.tool == label and wrong_inputs):
            misses.append(
                {
                    "query": item["query"],
                    "label": label,
                    "chosen": decision.tool,
                    "inputs": decision.inputs,
                    "wrong_inputs": wrong_inputs if decision.tool == label else [],
                    "reason": decision.reason,
                }
            )
    n = len(requests)
    precision = declined_right / declined if declined else 0.0
    recall = declined_right / no_fit if no_fit else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "word_vectors": word_vectors and bundled_embedder() is not None,
        "requests": n,
        "tools": len(tools) if sets is None else f"{SAMPLE_SIZES[0]}-{SAMPLE_SIZES[1]} sampled",
        "no_fit_requests": no_fit,
        "decision_accuracy": round(right / n, 3),
        "pick_accuracy": round(picked_right / (n - no_fit), 3) if n > no_fit else 0.0,
        "rejection_precision": round(precision, 3),
        "rejection_recall": round(recall, 3),
        "rejection_f1": round(f1, 3),
        "input_values": values,
        "input_extraction": round(values_right / values, 3) if values else 0.0,
        "input_extraction_when_routed_right": (
            round(values_right / values_routed, 3) if values_routed else 0.0
        ),
        "misses": misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", action="store_true", help="use the dev set")
    parser.add_argument("--catalog", action="store_true", help="the 129-tool set (tuning file)")
    parser.add_argument("--heldout", action="store_true", help="with --catalog: the held-out file")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="with --catalog: the set written from the tool list alone (catalog/FRESH.md)",
    )
    parser.add_argument("--sampled", action="store_true", help="2-37 candidates per request")
    parser.add_argument("--seed", type=int, default=0, help="with --sampled: the sampling seed")
    parser.add_argument("--lexical", action="store_true", help="no word vectors (offline)")
    parser.add_argument("--model", default="offline")
    parser.add_argument("--errors", action="store_true", help="list every miss")
    args = parser.parse_args()
    if args.catalog:
        part = "fresh" if args.fresh else "heldout" if args.heldout else "tune"
        tools, requests = load(f"{part}.jsonl", "catalog")
    else:
        tools, requests = load("dev_requests.jsonl" if args.dev else "requests.jsonl")
    seed = args.seed if args.sampled else None
    report = asyncio.run(evaluate(tools, requests, args.model, seed, not args.lexical))
    misses = report.pop("misses")
    print(json.dumps({"bench": "tool_routing_accuracy", "model": args.model, **report}))
    if args.errors:
        for miss in misses:
            print(json.dumps(miss), file=sys.stderr)


if __name__ == "__main__":
    main()
