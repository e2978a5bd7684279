"""What a check of a result finds: a verdict per claim, a score per cited source.

These are the run state's records of verification (the reducer folds them into a
task's record; the panel and the finished view show them), kept apart from how they
are worked out (:mod:`.evidence`, :mod:`.judge`, :mod:`.model_check`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

NOT_FOUND = "not found in (or computable from) the data or tool outputs"
CONTRADICTED = "contradicted by the data"


class ClaimCheck(BaseModel):
    """One claim of a result and whether the evidence bears it out."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(description="The claim as the result states it (a number, or a sentence).")
    verified: bool
    evidence: str = Field(default="", description="Where it was found, or why it was not.")

    @property
    def contradicted(self) -> bool:
        """The data gives a different figure for what the claim names (not merely: not found)."""
        return not self.verified and self.evidence.startswith(CONTRADICTED)


class SourceScore(BaseModel):
    """A cited source, scored: how relevant, how recent, how much the run used it (0..1)."""

    model_config = ConfigDict(frozen=True)

    source: str
    relevance: float
    recency: float
    use: float
    score: float
