"""The offline planner's choice of agent on the labelled agent-routing sets stays above its floor.

Floors sit a little below the measured figures (``scripts/agent_routing_accuracy.py``):
a change that routes tasks to the wrong agents more often fails here.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import load_script


def _script() -> ModuleType:
    return load_script("agent_routing_accuracy")


@pytest.mark.parametrize(
    ("kind", "tasks_file", "floor"),
    [
        ("matcher", "tasks.jsonl", 0.92),  # measured 0.935 (BM25 before: 0.870)
        ("matcher", "fresh.jsonl", 0.77),  # measured 0.787 (BM25 before: 0.775)
        ("tree", "tasks.jsonl", 0.92),
        ("offer", "tasks.jsonl", 0.92),
    ],
)
def test_agents_are_chosen_right_at_least_as_often_as_measured(
    kind: str, tasks_file: str, floor: float
) -> None:
    figures, misses = _script().accuracy(kind, tasks_file)
    assert figures["tasks"] >= 150
    assert figures["overall"] >= floor, "\n".join(misses)
