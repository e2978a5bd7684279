"""Judging the numbers a result's text claims against the evidence (offline).

Each number must be found in the evidence, or be computable from it, to the precision
it is written with, and about what its sentence names ("North's total" is checked against
North's figures, not the grand total). A number not found is *unverified*; one the data
gives differently for the very thing it names is *contradicted*.

>>> from notebook_router.verification.evidence import Evidence
>>> evidence = Evidence()
>>> evidence.add({"North": 1200.0, "South": 800.0}, "totals")
>>> [(c.text, c.verified) for c in check_numbers("North sold 1,200 and South 950.", evidence)]
[('1,200', True), ('950', False)]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from notebook_router.language.numbers import Number, claimed_numbers, clause_of, sentence_of
from notebook_router.verification.claims import CONTRADICTED, NOT_FOUND, ClaimCheck
from notebook_router.verification.evidence import AGGREGATES, BETWEEN, Evidence, Fact

# ------------------------------------------------------------------ judging a claim

CLOSE = 0.25
"""A figure this near (relatively) to the data's figure for the same thing, but not within
its written precision, is contradicted: a slip, not a different quantity."""


def _fits(claim: Number, fact: Fact) -> bool:
    """Whether ``fact`` is the same kind of number as ``claim`` (a share, a ratio, an amount)."""
    if claim.ratio:
        return fact.stat == "ratio"
    if claim.percent:
        return fact.stat != "ratio"
    return not fact.percent and fact.stat != "ratio"


def _matches(evidence: Evidence, claim: Number, labels: frozenset[str]) -> list[Fact]:
    """The facts ``claim`` states, to its precision, among those about ``labels``."""
    wanted = [(claim.value, claim.tolerance, True)]
    if claim.percent:  # 35% may be held as 0.35
        wanted.append((claim.value / 100, claim.tolerance / 100, False))
    if claim.bound:  # "over 350K": a figure above it, within a quarter
        low, high = sorted(
            (claim.value, claim.value * (1 + CLOSE if claim.bound == "above" else 1 - CLOSE))
        )
        wanted = [((low + high) / 2, (high - low) / 2 + claim.tolerance, True)]
    found = []
    for value, tolerance, as_written in wanted:
        for fact in evidence.near(value, tolerance):
            if claim.percent and not as_written and fact.percent:
                continue
            # A difference or change between figures only stands for one said so ("ahead
            # of", "grew"): else a share of 30% would be "verified" by a 29.7% gap.
            said = claim.ratio or claim.hint in BETWEEN
            if said and fact.stat not in BETWEEN and fact.labels is not None:
                continue  # "ahead by 95,000" is a gap, not some group's mean
            between = fact.stat in BETWEEN and not said
            if _fits(claim, fact) and _about(fact, labels) and not between:
                found.append(fact)
    return found


def _about(fact: Fact, labels: frozenset[str]) -> bool:
    return not labels or fact.labels is None or bool(fact.labels & labels)


class _Context(NamedTuple):
    labels: frozenset[str]
    """The labels its clause names (or the nearest one in its sentence)."""
    subject: str | None
    """The label it is most likely a figure of."""
    columns: frozenset[str]
    written: str
    """The subject as the text writes it."""


def _context(evidence: Evidence, text: str, claim: Number) -> _Context:
    begin, end = sentence_of(text, claim.start, claim.end)
    named = [(begin + at, label) for at, label in evidence.labels_in(text[begin:end])]
    c_begin, c_end = clause_of(text, claim.start, claim.end)
    clause = [(at, label) for at, label in named if c_begin <= at < c_end]
    before = [label for at, label in clause if at < claim.start]
    after = [label for at, label in clause if at > claim.start]
    subject = before[-1] if before else after[0] if after else None
    if subject is not None:  # as the text writes it: "North", not "north"
        at = next(at for at, label in clause if label == subject)
        written = text[at : at + len(subject)]
    labels = frozenset(label for _, label in clause)
    if not clause:  # "(0.28M)", "it grew 5.7%": about the sentence's one label, if it has one
        labels = frozenset(label for _, label in named)
        subject = next(iter(labels)) if len(labels) == 1 else None
        written = named[0][1] if named else ""
        if subject is not None:
            written = text[named[0][0] : named[0][0] + len(subject)]
    words = set(re.findall(r"\w+", text[c_begin:c_end].lower()))
    columns = frozenset(column for column in evidence.columns() if column.lower() in words)
    return _Context(labels, subject, columns, written if subject is not None else "")


def judge(evidence: Evidence, text: str, claim: Number) -> ClaimCheck:
    """Whether ``claim`` (a number of ``text``) is verified, merely not found, or contradicted:
    the data holds a different figure for the very thing it names."""
    context = _context(evidence, text, claim)
    found = _matches(evidence, claim, context.labels)
    if found:
        return ClaimCheck(text=claim.text, verified=True, evidence=found[0].where)
    wrong = None if claim.bound else _contradiction(evidence, claim, context)
    return ClaimCheck(text=claim.text, verified=False, evidence=wrong or NOT_FOUND)


def _contradiction(evidence: Evidence, claim: Number, context: _Context) -> str | None:
    subject, hint = context.subject, claim.hint
    if hint in ("diff", "change"):
        hint = "change" if claim.percent else "diff"
    if claim.ratio:
        hint = "ratio"
    same = [
        f
        for f in evidence.about(subject)
        if _fits(claim, f) and (claim.ratio or f.percent == claim.percent)
    ]
    if subject is not None:
        if hint in BETWEEN:
            same = [f for f in same if f.stat == hint and _about(f, context.labels)]
        elif hint:
            same = [f for f in same if f.stat == hint]
        else:
            same = [f for f in same if f.stat not in BETWEEN]
    elif hint in AGGREGATES and context.columns:  # "total revenue was 1.3M"
        same = [f for f in same if f.stat == hint and f.column in context.columns]
    else:
        return None
    named = [f for f in same if f.labels is not None and f.labels <= context.labels]
    nearest = min(named or same, key=lambda f: abs(f.value - claim.value), default=None)
    if nearest is not None and (
        hint or abs(nearest.value - claim.value) <= CLOSE * abs(nearest.value)
    ):
        return f"{CONTRADICTED}: {nearest.where} is {_shown(nearest)}"
    if subject is None or claim.percent or claim.ratio or len(context.labels) > 1:
        return None  # "East and West made 669,250" may well add them up
    # A figure of something else named as the subject's: "North made 1.2M" (the grand total).
    elsewhere = [
        f
        for f in _matches(evidence, claim, frozenset())
        if f.stat in AGGREGATES and f.labels is not None and subject not in f.labels
    ]
    if elsewhere:
        said = f"{CONTRADICTED}: {claim.text} is {elsewhere[0].where}, not {context.written}'s"
        own = [f for f in same if f.stat == "sum"]
        return said + (f" ({own[0].where} is {_shown(own[0])})" if own else "")
    largest = max(same, key=lambda f: abs(f.value), default=None)
    if largest is not None and abs(claim.value) > 1.5 * abs(largest.value):
        most = f"{largest.where} is {_shown(largest)}"
        return f"{CONTRADICTED}: more than any figure the data has for {context.written} ({most})"
    return None


def _shown(fact: Fact) -> str:
    value = fact.value
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
    return f"{text}%" if fact.percent else text


def check_numbers(text: str, evidence: Evidence, *, ignore: str = "") -> list[ClaimCheck]:
    """Each number ``text`` claims, verified if ``evidence`` holds it (or holds what it is
    computed from) for what the text says it is about, to the precision it is written
    with; a figure the data gives differently is marked contradicted (see :func:`judge`)."""
    return [judge(evidence, text, claim) for claim in claimed_numbers(text, ignore=ignore)]
