"""Fit the offline tool router's "does the best tool fit?" model (notebook_router/tools/fit.toml).

    python scripts/fit_tool_fit.py            # fit on the tuning file, write fit.toml
    python scripts/fit_tool_fit.py --check    # print the 5-fold cross-validation only
    python scripts/fit_tool_fit.py --sweep    # cross-validated figures per L2 and threshold

Each request of ``tests/data/tool_routing/catalog/tune.jsonl`` (and only that file: the
held-out and fresh files are for measuring) is routed over the 129 tools with the
word vectors when the ``embeddings`` extra is installed; the best candidate's evidence
(:meth:`notebook_router.tools.fit.Evidence.features`) is one row, labelled 1 when some
tool fits the request and 0 when none does. An L2-regularised logistic regression
(``L2`` on the weights, not the intercept) is fitted by L-BFGS. The decision then
accepts a candidate when the log-odds reach 0.

``--sweep`` prints, for each L2 strength and decision threshold of a small grid, the
pick accuracy and no-fit F1 of the 5-fold cross-validation on the tuning file, averaged
over ``SWEEP_SEEDS`` shuffles into folds (one JSON line each): where the decision could
sit, by the tuning file alone, and whether a point gains more than the spread between
shuffles.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from notebook_router.tools import ToolSpec  # noqa: E402
from notebook_router.tools.fit import FEATURES, WEIGHTS  # noqa: E402
from notebook_router.tools.rules import best_candidate  # noqa: E402
from notebook_router.tools.word_vectors import bundled_embedder  # noqa: E402

CATALOG = ROOT / "tests" / "data" / "tool_routing" / "catalog"
TUNING_FILE = CATALOG / "tune.jsonl"
L2 = 1.0
FOLDS = 5
SWEEP_SEEDS = 8
SWEEP_L2 = (0.3, 1.0, 3.0)
SWEEP_THRESHOLDS = (-0.5, -0.25, 0.0, 0.25, 0.5)


def rows() -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Features, labels (some tool fits) and whether the best candidate is the labelled tool."""
    specs = [ToolSpec.from_openai(t) for t in json.loads((CATALOG / "tools.json").read_text())]
    embedder = bundled_embedder()
    features, fits, right = [], [], []
    for line in TUNING_FILE.read_text().splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        choice = best_candidate(item["query"], specs, embedder=embedder)
        if choice is None or choice.accounting.mismatch:
            continue  # nothing to weigh, or not the operation asked: declined whatever the weights
        found = choice.evidence.features()
        features.append([found[name] for name in FEATURES])
        fits.append(item["tool"] is not None)
        right.append(choice.spec.name == item["tool"])
    return np.array(features, float), np.array(fits, float), np.array(right, bool)


def fit(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], l2: float = L2) -> np.ndarray[Any, Any]:
    """Weights then intercept of the L2-regularised logistic regression of ``y`` on ``x``."""
    design = np.hstack([x, np.ones((len(x), 1))])

    def loss(w: np.ndarray[Any, Any]) -> float:
        z = design @ w
        return float(np.sum(np.logaddexp(0, z) - y * z) + l2 * np.sum(w[:-1] ** 2) / 2)

    def gradient(w: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        p = 1 / (1 + np.exp(-(design @ w)))
        g = design.T @ (p - y)
        g[:-1] += l2 * w[:-1]
        return np.asarray(g)

    found = minimize(loss, np.zeros(design.shape[1]), jac=gradient, method="L-BFGS-B")
    return np.asarray(found.x)


def cross_validate(
    x: np.ndarray[Any, Any],
    y: np.ndarray[Any, Any],
    right: np.ndarray[Any, Any],
    l2: float = L2,
    threshold: float = 0.0,
    seed: int = 0,
) -> dict[str, float]:
    """Pick accuracy and no-fit F1 over the tuning file, each fold scored by the others' fit
    (accepting from log-odds ``threshold``), the folds drawn by ``seed``."""
    order = np.random.default_rng(seed).permutation(len(x))
    accept = np.zeros(len(x), bool)
    for fold in range(FOLDS):
        test = order[fold::FOLDS]
        train = np.setdiff1d(order, test)
        w = fit(x[train], y[train], l2)
        accept[test] = x[test] @ w[:-1] + w[-1] >= threshold
    fits = y.astype(bool)
    declined = ~accept
    hits = int((declined & ~fits).sum())
    precision = hits / max(1, int(declined.sum()))
    recall = hits / max(1, int((~fits).sum()))
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "pick_accuracy": round(float((accept & right).sum() / fits.sum()), 3),
        "no_fit_f1": round(f1, 3),
    }


def sweep(
    x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], right: np.ndarray[Any, Any]
) -> list[dict[str, float]]:
    """Per L2 strength and threshold of the grid, the cross-validated figures' mean and
    spread (standard deviation) over ``SWEEP_SEEDS`` shuffles."""
    out = []
    for l2 in SWEEP_L2:
        for threshold in SWEEP_THRESHOLDS:
            runs = [cross_validate(x, y, right, l2, threshold, s) for s in range(SWEEP_SEEDS)]
            picks = np.array([r["pick_accuracy"] for r in runs])
            scores = np.array([r["no_fit_f1"] for r in runs])
            out.append(
                {
                    "l2": l2,
                    "threshold": threshold,
                    "pick_accuracy": round(float(picks.mean()), 3),
                    "pick_spread": round(float(picks.std()), 3),
                    "no_fit_f1": round(float(scores.mean()), 3),
                    "no_fit_f1_spread": round(float(scores.std()), 3),
                }
            )
    return out


def write(w: np.ndarray[Any, Any], checked: dict[str, float], n: int) -> None:
    lines = [
        "# The offline tool router's fit model (notebook_router/tools/fit.py): the log-odds that",
        "# the best candidate fits a request are intercept + sum(weight * feature).",
        "# Fitted by scripts/fit_tool_fit.py on the tuning file only,",
        f"# {TUNING_FILE.relative_to(ROOT)} ({n} requests with a candidate to weigh),",
        f"# L2 = {L2}; {FOLDS}-fold cross-validation on that file: pick accuracy "
        f"{checked['pick_accuracy']}, no-fit F1 {checked['no_fit_f1']}.",
        f"intercept = {w[-1]:.4f}",
        "",
        "[weights]",
        *(f"{name} = {weight:.4f}" for name, weight in zip(FEATURES, w[:-1], strict=True)),
    ]
    WEIGHTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    parser.add_argument(
        "--sweep", action="store_true", help="cross-validated figures per L2 and threshold"
    )
    args = parser.parse_args()
    x, y, right = rows()
    if args.sweep:
        for line in sweep(x, y, right):
            print(json.dumps(line))
        return
    checked = cross_validate(x, y, right)
    print(json.dumps({"requests": len(x), "cross_validation": checked}))
    if not args.check:
        write(fit(x, y), checked, len(x))
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
