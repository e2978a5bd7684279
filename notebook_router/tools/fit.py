"""Whether the best candidate for a request fits it, or nothing does: a small logistic model.

A fixed cut on one score cannot tell "send a text message" (shares "send"
with ``send_email``, fits nothing) from "coffee shop near me" (shares only
"near" with ``find_nearby_places``, fits it). The decision weighs evidence
that means the same in any catalogue:

- **coverage**: the share of the request's information (IDF mass) the
  candidate matches (:attr:`.relevance.Ranked.coverage`);
- **name**: the share of the candidate's *name* the request says;
- **missing inputs**: the share of the candidate's required inputs the
  request cannot supply (:func:`.extract.extract_inputs`);
- **the word-by-word accounting** (:mod:`.absorb`): how many of the request's
  pieces the candidate's purpose absorbs, how many its inputs take, and what
  is left over: words the lexicon knows as something tools do ("*book* a
  flight" of a flight search), other words ("book a *massage*"), and the
  request's verb ("*sell* my bitcoin"); and the share of the request's content
  left over (:attr:`.absorb.Accounting.left_share`): one word left of two is
  more against a fit than one of ten.

The candidate fits when the log-odds ``intercept + Σ weight × feature``
reaches 0. The weights live in ``fit.toml`` beside this module; they were
fitted by ``scripts/fit_tool_fit.py`` (an L2-regularised logistic regression)
on the tuning file's requests only (``tests/data/tool_routing/catalog/
tune.jsonl``), each labelled by whether some tool fits it, and chosen among
feature sets by cross-validation on that file. The held-out and fresh files
only measure the result. With word vectors (:mod:`.word_vectors`), similarity
in meaning was tried as evidence before and left out: it lowered the no-fit
F1 on every file, because a request no tool fits is usually *near* one in
meaning. The vectors rank the candidates; they do not decide the fit.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from notebook_router.tools.absorb import Accounting

WEIGHTS = Path(__file__).with_name("fit.toml")
FEATURES = (
    "coverage",
    "name",
    "missing_inputs",
    "left_lexical",
    "left_words",
    "left_verb",
    "left_object",
    "inputs",
    "purpose",
    "left_share",
)
"""The evidence the model reads, in the order ``fit.toml`` lists its weights."""


@dataclass(frozen=True)
class Model:
    """The logistic model's intercept and one weight per feature."""

    intercept: float
    weights: dict[str, float]


@cache
def model() -> Model:
    """The fitted model, read once from ``fit.toml``."""
    with WEIGHTS.open("rb") as file:
        loaded = tomllib.load(file)
    weights = {name: float(loaded["weights"][name]) for name in FEATURES}
    return Model(intercept=float(loaded["intercept"]), weights=weights)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What is known about how well the best candidate fits a request."""

    coverage: float
    name: float
    missing_inputs: float
    accounting: Accounting = field(default_factory=lambda: Accounting(()))
    """The request word by word: what the candidate absorbs, what is left over."""

    def features(self) -> dict[str, float]:
        """The model's inputs (see the module docstring)."""
        pieces = self.accounting.pieces
        left = [p for p in pieces if p.role == "left"]
        return {
            "coverage": self.coverage,
            "name": self.name,
            "missing_inputs": self.missing_inputs,
            "left_lexical": sum(1.0 for p in left if p.lexical and not p.verb and not p.object),
            "left_words": sum(
                1.0 for p in left if not p.lexical and not p.value and not p.verb and not p.object
            ),
            "left_verb": 1.0 if any(p.verb for p in left) else 0.0,
            "left_object": 1.0 if any(p.object for p in left) else 0.0,
            "inputs": sum(1.0 for p in pieces if p.role == "input"),
            "purpose": sum(1.0 for p in pieces if p.role == "purpose"),
            "left_share": self.accounting.left_share,
        }

    @property
    def score(self) -> float:
        """The log-odds that the candidate fits (0: as likely as not)."""
        fitted = model()
        features = self.features()
        return fitted.intercept + sum(w * features[name] for name, w in fitted.weights.items())

    @property
    def probability(self) -> float:
        """The chance, by the model, that the candidate fits."""
        return 1.0 / (1.0 + math.exp(-self.score))

    @property
    def fits(self) -> bool:
        """The candidate does what the request asks (:mod:`.operation`) and fits well enough
        to be chosen."""
        return not self.accounting.mismatch and self.score >= 0.0
