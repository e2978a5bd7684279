"""Routing accuracy of ToolRouter(model="offline") on the hand-labelled set.

Floors sit a little below the measured figures (scripts/tool_routing_accuracy.py
prints them): a change that makes routing worse fails here. The offline rules
were tuned on dev_requests.jsonl, never on this set.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from notebook_router.tools import ToolSpec, check_inputs
from notebook_router.tools.word_vectors import bundled_embedder
from tests.scripts import load_script


def _script() -> ModuleType:
    return load_script("tool_routing_accuracy")


def test_the_labelled_set_is_well_formed() -> None:
    tools, requests = _script().load()
    specs = {s.name: s for s in (ToolSpec.from_openai(t) for t in tools)}
    assert len(specs) == len(tools) >= 50
    assert len(requests) >= 200
    assert sum(1 for r in requests if r["tool"] is None) >= 30
    assert len({r["query"] for r in requests}) == len(requests)
    for item in requests:
        if item["tool"] is None:
            assert not item.get("inputs"), item
            continue
        spec = specs[item["tool"]]
        checked = check_inputs(spec, item.get("inputs", {}), strict=True)
        assert not checked.problems, (item["query"], checked.problems)


async def test_offline_routing_accuracy_stays_above_its_floor() -> None:
    script = _script()
    tools, requests = script.load()
    report = await script.evaluate(tools, requests, "offline")
    misses = "\n".join(f"{m['query']!r}: {m['label']} -> {m['chosen']}" for m in report["misses"])
    assert report["decision_accuracy"] >= 0.90, misses
    assert report["pick_accuracy"] >= 0.91, misses
    assert report["rejection_precision"] >= 0.80, misses
    assert report["rejection_recall"] >= 0.85, misses
    assert report["input_extraction"] >= 0.94, misses
    assert report["input_extraction_when_routed_right"] >= 0.99, misses


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
async def test_offline_routing_over_129_tools_stays_above_its_floor(word_vectors: bool) -> None:
    """The 129-tool set (catalog/): pick accuracy and no-fit F1, the two tuning files,
    held-out and fresh files.

    Floors sit a little below the measured figures, by words alone and with
    the ``embeddings`` extra's word vectors. The fresh file's no-fit F1 (0.779 with
    word vectors) is short of the 0.80 wanted (docs/figures.md, "Routing requests to tools
    and agents", says what limits it).
    """
    if word_vectors and bundled_embedder() is None:
        pytest.skip("the [embeddings] extra is not installed: pip install '.[embeddings]'")
    script = _script()
    cases = (
        # file, sampling seed (2-37 candidates per request), pick floor and no-fit F1 floor:
        # by words alone, then with word vectors
        ("tune.jsonl", None, (0.87, 0.86), (0.88, 0.87)),
        ("tune2.jsonl", None, (0.84, 0.77), (0.85, 0.77)),
        ("heldout.jsonl", None, (0.79, 0.77), (0.82, 0.75)),
        ("fresh.jsonl", None, (0.80, 0.76), (0.81, 0.77)),
        ("tune.jsonl", 0, (0.90, 0.85), (0.91, 0.86)),
        ("tune2.jsonl", 0, (0.86, 0.79), (0.87, 0.79)),
        ("heldout.jsonl", 0, (0.85, 0.77), (0.87, 0.78)),
    )
    for name, seed, lexical, with_vectors in cases:
        pick, f1 = with_vectors if word_vectors else lexical
        tools, requests = script.load(name, "catalog")
        assert len(tools) >= 100
        assert sum(r["tool"] is None for r in requests) >= 0.3 * len(requests)
        report = await script.evaluate(tools, requests, "offline", seed, word_vectors)
        assert report["word_vectors"] is word_vectors
        misses = "\n".join(
            f"{m['query']!r}: {m['label']} -> {m['chosen']}" for m in report["misses"]
        )
        assert report["pick_accuracy"] >= pick, (name, seed, misses)
        assert report["rejection_f1"] >= f1, (name, seed, misses)


def test_the_second_tuning_file_is_well_formed() -> None:
    """catalog/tune2.jsonl (catalog/TUNE2.md): every label a catalogue tool or null, no
    repeated request, every tool with a request, about a third fitting no tool."""
    tools, requests = _script().load("tune2.jsonl", "catalog")
    names = {t["function"]["name"] for t in tools}
    assert len({r["query"] for r in requests}) == len(requests) >= 300
    assert all(r["tool"] is None or r["tool"] in names for r in requests)
    assert {r["tool"] for r in requests} - {None} == names
    assert 0.3 <= sum(r["tool"] is None for r in requests) / len(requests) <= 0.4
