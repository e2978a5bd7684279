"""Whether the best candidate for a request fits it, or nothing does: a calibrated decision.

A fixed cut on one score cannot tell "send a text message" (shares "send"
with ``send_email``, fits nothing) from "coffee shop near me" (shares only
"near" with ``find_nearby_places``, fits it). The decision weighs several
kinds of evidence, each on a scale that means the same in any catalogue:

- **coverage**: the share of the request's information (IDF mass) the
  candidate matches (:attr:`.relevance.Ranked.coverage`);
- **name**: the share of the candidate's *name* the request says;
- **unknown**: the share of the request made of words neither the
  catalogue nor the lexicon knows — a request mostly about things no tool
  mentions ("charge my phone", "split the atom") is mostly out of scope;
- **inputs**: the share of the candidate's required inputs the request
  cannot supply (:func:`.extract.extract_inputs`): a tool whose required
  inputs the request has no value for is a weaker fit;
- **standing**: how far the best score stands above what the other
  candidates score for this request, as a z-score over a catalogue of at
  least :data:`.relevance.BACKGROUND` candidates (the missing ones score
  nothing, as unrelated tools would). One tool far above the rest is a
  clear answer; a best score among many similar ones is a shared common word.

These are combined as a logistic score (weights below, set once on the
tuning file's fitting and no-fit requests over the whole catalogue, then
checked on the held-out file and on sampled catalogues of 2-37 tools); the
candidate fits when its probability reaches :data:`THRESHOLD`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from notebook_router.tools.relevance import BACKGROUND

NAME_SHARE = 0.25
"""How much of the fit is the share of the candidate's *name* the request says."""
VALUE_SUPPORT = 0.15
UNKNOWN = 0.0
MISSING_INPUTS = -0.05
STANDING = 0.0
STANDING_BASE = 8.0
THRESHOLD = 0.39


@dataclass(frozen=True, slots=True)
class Evidence:
    """What is known about how well the best candidate fits (each 0..1 but ``standing``)."""

    coverage: float
    name: float
    unknown: float
    missing_inputs: float
    standing: float
    """z-score of the best score among the candidates' scores (see the module docstring)."""

    values_used: float = 0.0
    """Share of the values the request gives that the candidate's inputs take, when it
    takes all it requires (else 0)."""

    @property
    def score(self) -> float:
        """How well the candidate fits, calibrated so that :data:`THRESHOLD` splits."""
        return (
            (1 - NAME_SHARE) * self.coverage
            + NAME_SHARE * self.name
            + VALUE_SUPPORT * self.values_used
            + UNKNOWN * self.unknown
            + MISSING_INPUTS * self.missing_inputs
            + STANDING * math.log(max(self.standing, 1e-3) / STANDING_BASE)
        )

    @property
    def fits(self) -> bool:
        """The candidate fits well enough to be chosen."""
        return self.score >= THRESHOLD


def standing(best: float, others: Sequence[float], candidates: int) -> float:
    """z-score of ``best`` among ``others``, the rest of ``candidates`` (at least
    :data:`.relevance.BACKGROUND`) scoring zero."""
    pad = max(0, max(candidates, BACKGROUND) - 1 - len(others))
    scores = [best, *others, *([0.0] * pad)]
    spread = statistics.pstdev(scores)
    return (best - statistics.fmean(scores)) / spread if spread else 0.0
