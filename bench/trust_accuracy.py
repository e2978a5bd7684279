"""How often the offline router's data answers are right, flagged or silently wrong.

    python bench/trust_accuracy.py               # one JSON line
    python bench/trust_accuracy.py --misses      # also every non-right tuning item, after it
    python bench/trust_accuracy.py --set fresh   # the fresh set (tests/data/trust_fresh)
    python bench/trust_accuracy.py --set third   # the third set (tests/data/trust_third)

Runs every question of the trust set (tests/data/trust: questions over public tables
that ship inside PyPI packages, answers computed by independent pandas) through an
offline ``Router`` as a user would, every turn of a conversation in order, and judges
the last one with tests/trust_eval/scoring.py: **right**, **flagged** (the answer says
it is partial, or declines) or **silent_wrong** (wrong, yet presented as complete).
Prints {"bench": "trust_accuracy", "overall", "heldout", "tuning", "by_family",
"seconds"}. ``--set fresh`` and ``--set third`` run the other sets instead
(tests/data/trust_fresh, tests/data/trust_third: other tables, other questions, the same
judge and held-out rule; tests/data/trust_sets.py names them) and the line names the set:
"trust_accuracy_fresh", "trust_accuracy_third". ``--misses`` never lists a held-out item:
that third is kept out of tuning.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.data.trust_sets import SETS  # noqa: E402
from tests.trust_eval.harness import judge_item  # noqa: E402
from tests.trust_eval.scoring import heldout, summarise  # noqa: E402


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list every non-right tuning item")
    parser.add_argument("--family", help="only this family")
    parser.add_argument("--set", choices=sorted(SETS), default="trust", help="which trust set")
    args = parser.parse_args()
    trust_set = SETS[args.set]
    import matplotlib

    matplotlib.use("Agg")
    items = [i for i in trust_set.read_items() if args.family in (None, i["family"])]
    start = time.perf_counter()
    verdicts, misses = [], []
    for item in items:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            verdict, outcome = await judge_item(item, trust_set.load)
        verdicts.append((item, verdict))
        if verdict != "right" and not heldout(item):
            misses.append((item, verdict, outcome))
    seconds = round(time.perf_counter() - start, 1)
    print(json.dumps({"bench": trust_set.bench, **summarise(verdicts), "seconds": seconds}))
    if args.misses:
        for item, verdict, outcome in misses:
            record = {"id": item["id"], "verdict": verdict, "status": outcome.status,
                      "turns": item["turns"], "tasks": outcome.tasks,
                      "expected": [p.get("answer") for p in item["parts"]],
                      "answer": outcome.text[:400]}  # fmt: skip
            print(json.dumps(record, default=str), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
