"""Accuracy of the offline analyst on its development set (tests/data/analysis).

    python bench/analyst_accuracy.py            # one JSON line
    python bench/analyst_accuracy.py --misses   # also every miss, one per line, after it

Prints {"bench": "analyst_accuracy", "items", "accuracy", "right", "flagged",
"silent_wrong", "by_family", "seconds", "heldout": {"items", "accuracy", "right",
"flagged", "silent_wrong"}}: accuracy is the share of questions scored right by
tests/analyst_eval/scoring.py, overall and per family; a miss is flagged when the
analysis declined or said it is partial, silent_wrong when it was presented as a
complete answer; seconds is the time spent
inside the analyst, with the datasets already loaded. Says so when
notebook_router.analyst is not there yet.

About a third of the questions (chosen by a hash of their id, see
``tests/analyst_eval/scoring.heldout``) are held out: the analyst is improved
against the misses of the rest only (``--misses`` never lists a held-out one),
so the held-out accuracy says how well it does on questions nobody tuned it for.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.analyst_eval.scoring import evaluate, heldout  # noqa: E402
from tests.data.analysis import answers  # noqa: E402
from tests.data.analysis.datasets import NAMES, load  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list every miss after the figures")
    args = parser.parse_args()
    if importlib.util.find_spec("notebook_router.analyst") is None:
        print(
            json.dumps(
                {"bench": "analyst_accuracy", "skipped": "notebook_router.analyst is missing"}
            )
        )
        return
    analyse = importlib.import_module("notebook_router.analyst").analyse
    for name in NAMES:
        load(name)  # warm the cache so the timing is the analyst's
    items = answers.read()
    report = evaluate(analyse, items)
    held = evaluate(analyse, [item for item in items if heldout(item)])
    figures = {
        k: held.summary()[k] for k in ("items", "accuracy", "right", "flagged", "silent_wrong")
    }
    print(json.dumps({"bench": "analyst_accuracy", **report.summary(), "heldout": figures}))
    if args.misses:
        tuning = evaluate(analyse, [item for item in items if not heldout(item)])
        print(tuning.describe_misses(), flush=True)


if __name__ == "__main__":
    main()
