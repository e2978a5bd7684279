"""The analyst's development set: questions and their independently computed answers.

    python tests/data/analysis/answers.py      # rewrites questions.jsonl

Each question (in ask_stats.py, ask_rows.py, ask_tests.py, ask_time.py and ask_other.py) is paired
with a short hand-written pandas/scipy function that computes its answer from the
frame ``datasets.load(dataset)``; that function is the truth. Answers never come from
``notebook_router.analyst`` (nothing here imports it), so the set measures the analyst
rather than repeating it. The conventions behind the numbers (sample std, pandas'
skew and excess kurtosis, linear quantiles, percentages 0-100, ``np.polyfit`` trends,
scipy's tests) are in those modules' docstrings.

``build()`` writes one JSON object per line, as the analyst contract describes:
``id``, ``dataset``, optional ``frame`` (the variable name the question uses when it
is not the dataset's), ``family``, ``question``, ``kind``, ``answer``, ``tolerance``.
A question that asks for N decimals stores the rounded answer with tolerance
0.5 * 10**-N; others 1e-6. Records come family by family (registry.FAMILIES order),
each family in the order its questions are defined, and ids number each dataset's
questions in that order (``iris-001``, ...), whatever order the modules load in.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The question modules register themselves on import.
from tests.data.analysis import (  # noqa: E402, F401
    ask_other,
    ask_rows,
    ask_stats,
    ask_tests,
    ask_time,
)
from tests.data.analysis.datasets import load  # noqa: E402
from tests.data.analysis.registry import FAMILIES, QUESTIONS, item  # noqa: E402

QUESTIONS_FILE = Path(__file__).with_name("questions.jsonl")


def items() -> list[dict[str, Any]]:
    """Every question as its questions.jsonl record, answered afresh."""
    numbers: Counter[str] = Counter()
    records = []
    for question in sorted(QUESTIONS, key=lambda q: FAMILIES.index(q.family)):
        numbers[question.dataset] += 1
        ident = f"{question.dataset}-{numbers[question.dataset]:03d}"
        records.append(item(question, ident, load(question.dataset)))
    return records


def dumps(records: list[dict[str, Any]]) -> str:
    """The questions.jsonl text for ``records``."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def read(path: Path = QUESTIONS_FILE) -> list[dict[str, Any]]:
    """The records stored in questions.jsonl."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def build(path: Path = QUESTIONS_FILE) -> list[dict[str, Any]]:
    """Recompute every answer and write questions.jsonl."""
    records = items()
    path.write_text(dumps(records))
    return records


if __name__ == "__main__":
    written = build()
    families = Counter(r["family"] for r in written)
    print(f"wrote {len(written)} questions to {QUESTIONS_FILE}: {dict(sorted(families.items()))}")
