"""A critic that checks each worker result before the planner moves on.

Optional: ``Router(critic=RuleCritic())`` turns it on. After every usable
result (fulfilled or partial) the run asks the critic for a verdict, ``ok``
or ``needs_more``, and records it as a ``critic`` event. A ``needs_more``
verdict keeps the plan open: the planner sees the note on the task and may
retry it with another agent (the offline planner does, once) instead of
completing. Nothing here calls a model, so the check costs microseconds.

The run's verification (:mod:`notebook_router.planner.verification`, on by
default for results of low confidence) speaks through the same verdict: the
claims it checked, the sources it scored, and the reworded task it sends back
(``retry``), or ``unverified`` once the result stands as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.language.numbers import NUMBER_WORDS
from notebook_router.language.phrases import phrase_table
from notebook_router.result import AgentResult
from notebook_router.verification.claims import ClaimCheck, SourceScore

Verdict = Literal["ok", "needs_more", "unverified"]

_COUNT_VERBS = phrase_table("critic").either("count_verbs")
"""How a task asks for a number of items (``language/data/critic.toml``)."""
_COUNT = re.compile(rf"\b{_COUNT_VERBS}\s+(\d{{1,3}})\b", re.I)
_COUNT_WORD = re.compile(
    rf"\b{_COUNT_VERBS}\s+(" + "|".join(NUMBER_WORDS) + r")\b",
    re.I,
)


class CriticVerdict(BaseModel):
    """The critic's view of one result."""

    model_config = ConfigDict(frozen=True)

    verdict: Verdict = Field(
        description=(
            "ok: good enough to build on; needs_more: not yet; unverified: it stands, but "
            "some of its claims could not be verified."
        )
    )
    notes: str = Field(default="", description="One or two sentences: what is wrong or missing.")
    missing: tuple[str, ...] = Field(default=(), description="Specific things still missing.")
    claims: tuple[ClaimCheck, ...] = Field(
        default=(), description="The claims verification checked, verified or not."
    )
    sources: tuple[SourceScore, ...] = Field(
        default=(), description="The result's cited sources, scored (best first)."
    )
    retry: str | None = Field(
        default=None, description="The task, reworded, that verification sent back."
    )
    retry_agent: str | None = Field(default=None, description="Who the retry went to.")

    @property
    def needs_more(self) -> bool:
        """True when the result is not good enough yet."""
        return self.verdict == "needs_more"


class Critic(Protocol):
    """Reviews a worker's result for the task it was given."""

    async def review(self, task: str, agent: str, result: AgentResult) -> CriticVerdict:
        """``ok`` or ``needs_more``, with notes."""
        ...


class RuleCritic:
    """Deterministic checks: a partial answer, an empty one, a shaky one, too few items.

    >>> import asyncio
    >>> verdict = asyncio.run(RuleCritic().review("List 3 restaurants", "food",
    ...     AgentResult(data=["Roscioli"])))
    >>> verdict.verdict, verdict.missing
    ('needs_more', ('2 more items (asked for 3, got 1)',))
    """

    def __init__(self, min_confidence: float = 0.5) -> None:
        self.min_confidence = min_confidence

    async def review(self, task: str, agent: str, result: AgentResult) -> CriticVerdict:
        return self.check(task, result)

    def check(self, task: str, result: AgentResult) -> CriticVerdict:
        """The verdict, synchronously (for callers without an event loop)."""
        notes: list[str] = []
        missing: list[str] = []
        if result.status == "partial":
            notes.append("only part of the task was done" + _colon(result.error))
            if result.error:
                missing.append(result.error)
        if _empty(result.data) and not result.media:
            notes.append("the result is empty")
            missing.append("a non-empty result")
        if result.confidence < self.min_confidence:
            notes.append(f"low confidence ({result.confidence:.2f} < {self.min_confidence:.2f})")
        wanted = _asked_count(task)
        got = _item_count(result.data)
        if wanted is not None and got is not None and got < wanted:
            notes.append(f"asked for {wanted} items, got {got}")
            missing.append(f"{wanted - got} more items (asked for {wanted}, got {got})")
        if not notes:
            return CriticVerdict(verdict="ok", notes="looks complete")
        return CriticVerdict(verdict="needs_more", notes="; ".join(notes), missing=tuple(missing))


def combine(first: CriticVerdict | None, second: CriticVerdict) -> CriticVerdict:
    """One verdict from a critic's and verification's: the sterner verdict, both notes."""
    if first is None:
        return second
    rank = {"ok": 0, "unverified": 1, "needs_more": 2}
    verdict = max(first.verdict, second.verdict, key=rank.__getitem__)
    notes = "; ".join(n for n in (first.notes, second.notes) if n and n != "looks complete")
    return second.model_copy(
        update={
            "verdict": verdict,
            "notes": notes or first.notes,
            "missing": first.missing + second.missing,
        }
    )


def _colon(text: str | None) -> str:
    return f": {text}" if text else ""


def _empty(data: Any) -> bool:
    if data is None:
        return True
    if isinstance(data, (str, bytes)):
        return not data.strip()
    if isinstance(data, (Sequence, Mapping, set)):
        return len(data) == 0
    return False


def _asked_count(task: str) -> int | None:
    match = _COUNT.search(task)
    if match:
        return int(match.group(1))
    match = _COUNT_WORD.search(task)
    return NUMBER_WORDS[match.group(1).lower()] if match else None


def _item_count(data: Any) -> int | None:
    if isinstance(data, (list, tuple)):
        return len(data)
    return None
