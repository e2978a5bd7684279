"""Whether the best candidate for a request fits it, or nothing does: a calibrated decision.

A fixed cut on one score cannot tell "send a text message" (shares "send"
with ``send_email``, fits nothing) from "coffee shop near me" (shares only
"near" with ``find_nearby_places``, fits it). The decision weighs several
kinds of evidence, each on a scale that means the same in any catalogue:

- **coverage**: the share of the request's information (IDF mass) the
  candidate matches (:attr:`.relevance.Ranked.coverage`);
- **name**: the share of the candidate's *name* the request says;
- **inputs**: the share of the candidate's required inputs the request
  cannot supply (:func:`.extract.extract_inputs`): a tool whose required
  inputs the request has no value for is a weaker fit;
- **values**: the share of the values the request gives that the candidate's
  inputs take.

These are added up with the weights below (a linear score, set on the
tuning file's fitting and no-fit requests over the whole catalogue, then
checked on the held-out file and on sampled catalogues of 2-37 tools); the
candidate fits when the score reaches :data:`THRESHOLD`. Two more kinds of
evidence were measured and left out because they lowered pick accuracy on
the sampled catalogues: the share of the request in words nothing knows, and
how far the best score stands above the other candidates' (a z-score). With
word vectors (:mod:`.word_vectors`), the request's similarity in meaning to
the candidate was tried as evidence too, at several weights: it lowered the
no-fit F1 on every file (0.65 → 0.48-0.61 held out), because a request no
tool fits is usually *near* one in meaning ("send a text message" and
``send_email``). The vectors rank the candidates; they do not decide the fit.
"""

from __future__ import annotations

from dataclasses import dataclass

NAME_SHARE = 0.25
"""How much of the fit is the share of the candidate's *name* the request says."""
VALUE_SUPPORT = 0.15
MISSING_INPUTS = -0.05
THRESHOLD = 0.39


@dataclass(frozen=True, slots=True)
class Evidence:
    """What is known about how well the best candidate fits (each 0..1)."""

    coverage: float
    name: float
    missing_inputs: float

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
            + MISSING_INPUTS * self.missing_inputs
        )

    @property
    def fits(self) -> bool:
        """The candidate fits well enough to be chosen."""
        return self.score >= THRESHOLD
