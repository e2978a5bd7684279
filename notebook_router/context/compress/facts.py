"""The facts of a text, as compression counts them: the numbers and the names it states.

A fact is a number (figures, percentages, dates, times) or a named entity (a
capitalised name that is not just a sentence's first word, an acronym), found by
the one reader of values in a text, :func:`~notebook_router.language.spans.find_spans`.
Prose compression keeps the clauses that hold them; the compression benchmark counts
how many of a document's facts are still in its compressed text.
"""

from __future__ import annotations

from dataclasses import dataclass

from notebook_router.language.spans import Span, find_spans

FACT_KINDS = frozenset({"number", "date", "time", "name", "code"})
"""The span kinds that count as facts."""
NUMERIC = frozenset({"number", "date", "time"})


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact as written, where it stands, and whether it is a number or a name."""

    text: str
    start: int
    end: int
    numeric: bool


def facts_in(text: str) -> list[Fact]:
    """Every fact written in ``text``, in order.

    >>> [f.text for f in facts_in("Revenue in the North rose 14% to 1,200 (ECB data).")]
    ['North', '14%', '1,200', 'ECB']
    """
    return [_fact(s) for s in find_spans(text) if _counts(s)]


def fact_texts(text: str) -> set[str]:
    """The distinct facts of ``text``, as written."""
    return {f.text for f in facts_in(text)}


def retained(original: str, compressed: str) -> tuple[int, int]:
    """``(kept, total)``: how many of ``original``'s distinct facts ``compressed`` still
    states (as written, or with its thousands separators dropped)."""
    facts = fact_texts(original)
    kept = sum(1 for f in facts if f in compressed or f.replace(",", "") in compressed)
    return kept, len(facts)


def _counts(span: Span) -> bool:
    if span.kind not in FACT_KINDS:
        return False
    if span.kind == "number":  # a lone digit ("step 2", "1 of them") says little
        return len(span.text.strip()) > 1 or span.text.endswith("%")
    return True


def _fact(span: Span) -> Fact:
    return Fact(span.text.strip(), span.start, span.end, span.kind in NUMERIC)
