"""A result's status follows what its own text admits.

An agent may say in its answer that it did only part of the job ("This answers only
part of the question: I did not use ...") while its status says ``fulfilled``. The
user reads the text; the run's headline reads the status. Where the two disagree the
text is the honest one, so the status is brought down to ``partial`` and the admission
becomes the result's error (which the run's headline and answer show).
"""

from __future__ import annotations

import re

from notebook_router.result import AgentResult

_ADMISSION = re.compile(r"\bThis answers only part of the (?:question|request|task)\b")
"""The sentence the product's own partial answers open their gap with (the analyst's,
the comparison's, a joined question's). Only that sentence counts: free text that merely
says "covers only part of the region" or "I did not apply late fees" is no admission."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
ADMITTED_CONFIDENCE = 0.5
"""The most confidence a result whose text admits a gap keeps (as the analyst's partials)."""


def admitted_gap(text: str | None) -> str | None:
    """The sentence of ``text`` that admits only part was done, or None.

    >>> admitted_gap("The mean is 4. This answers only part of the question: no year.")
    'This answers only part of the question: no year.'
    >>> admitted_gap("Every row was used.") is None
    True
    >>> admitted_gap("Sent 12 invoices. I did not apply late fees: none was overdue.") is None
    True
    """
    if not text:
        return None
    match = _ADMISSION.search(text)
    if match is None:
        return None
    starts = [m.end() for m in _SENTENCE_END.finditer(text) if m.end() <= match.start()]
    start = starts[-1] if starts else 0
    ends = [m.start() for m in _SENTENCE_END.finditer(text) if m.start() >= match.end()]
    return text[start : ends[0] if ends else len(text)].strip()


def as_admitted(result: AgentResult) -> AgentResult:
    """``result``, ``partial`` with its admission as the error when it is ``fulfilled``
    but its summary says it did only part of the work; else ``result`` itself."""
    if result.status != "fulfilled":
        return result
    gap = admitted_gap(result.summary)
    if gap is None:
        return result
    return result.model_copy(
        update={
            "status": "partial",
            "error": result.error or gap,
            "confidence": min(result.confidence, ADMITTED_CONFIDENCE),
        }
    )
