"""A result's status follows what it says it left out.

An agent may name the parts of its task its answer does not use (the result's
``left_out``: "“in 2020” (no column holds a year)") while its status says
``fulfilled``. The user reads what was left out; the run's headline reads the status.
Where the two disagree the list is the honest one, so the status is brought down to
``partial`` and what was left out becomes the result's error (which the run's headline
and answer show).

Only the structured list counts, never the answer's wording: an answer that quotes
"this answers only part of the question" from a document, or says "covers only part
of the region", has left nothing of its task out.
"""

from __future__ import annotations

from notebook_router.result import AgentResult

ADMITTED_CONFIDENCE = 0.5
"""The most confidence a result that left part of its task out keeps (as the analyst's
partials)."""


def admitted_gap(result: AgentResult) -> str | None:
    """What ``result`` says it left out, in one line, or None when it left nothing out.

    >>> admitted_gap(AgentResult(data=4, left_out=("“in 2020” (no column holds a year)",)))
    'left out “in 2020” (no column holds a year)'
    >>> admitted_gap(AgentResult(data=4, summary="This answers only part of it.")) is None
    True
    """
    if not result.left_out:
        return None
    return "left out " + "; ".join(result.left_out)


def as_admitted(result: AgentResult) -> AgentResult:
    """``result``, ``partial`` with what it left out as the error when it is
    ``fulfilled`` but names a part of its task it did not use; else ``result`` itself."""
    if result.status != "fulfilled":
        return result
    gap = admitted_gap(result)
    if gap is None:
        return result
    return result.model_copy(
        update={
            "status": "partial",
            "error": result.error or gap,
            "confidence": min(result.confidence, ADMITTED_CONFIDENCE),
        }
    )
