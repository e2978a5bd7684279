"""Requests and responses that travel through a tree of agents, and how answers combine.

A request carries its ``path`` (the agents it passed through, ending with the
one holding it) and ``hops`` (``len(path) - 1``); a response carries the path
of the agent whose work answers it, its status and its confidence.

How a parent combines its children's answers (pure functions, below):

* **Alternatives** (the same request went to every child because the parent
  could not handle it): the best ``fulfilled`` answer wins, scored by
  confidence minus ``path_penalty`` per hop, so a nearer agent wins a tie;
  ``partial`` answers are combined (with the winner, if there is one); with
  no usable answer a ``needs_user_input`` child's question goes up; when
  every child is unable the parent reports ``unable`` with their reasons.
* **Parts** (the parent split the request with :class:`Delegate`): every
  part counts; all fulfilled → fulfilled, some missing → partial naming what
  is missing, a part that needs the user → ``needs_user_input``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.media import Media
from notebook_router.result import AgentResult, Citation, ResultStatus
from notebook_router.text.preview import preview

DelegationStatus = ResultStatus
"""fulfilled / partial / unable / needs_user_input / failed."""

PATH_PENALTY = 0.05
"""Confidence a fulfilled answer loses per hop when answers compete."""


class DelegationRequest(BaseModel):
    """One request as it travels down a tree of agents."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Hierarchical id: the task id, then .1, .2 ... per sub-request.")
    task_id: str = Field(description="The plan task this request serves.")
    task: str = Field(description="What is asked of the agent holding the request.")
    goal: str = ""
    path: tuple[str, ...] = Field(description="Agents the request passed through, ending here.")
    hops: int = Field(default=0, ge=0, description="Handoffs so far: len(path) - 1.")
    max_hops: int = Field(default=8, ge=0)
    parent_id: str | None = None

    @property
    def agent(self) -> str:
        """The agent holding the request."""
        return self.path[-1]

    def child(self, agent: str, index: int, task: str | None = None) -> DelegationRequest:
        """The request handed to ``agent`` (the ``index``-th sub-request of this one)."""
        return DelegationRequest(
            id=f"{self.id}.{index}",
            task_id=self.task_id,
            task=task if task is not None else self.task,
            goal=self.goal,
            path=(*self.path, agent),
            hops=self.hops + 1,
            max_hops=self.max_hops,
            parent_id=self.id,
        )


class DelegationResponse(BaseModel):
    """What comes back up for one request."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    request_id: str
    agent: str = Field(description="The agent the request was addressed to.")
    status: DelegationStatus
    data: Any = None
    summary: str | None = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    path: tuple[str, ...] = Field(description="Path of the agent whose work is the answer.")
    hops: int = 0
    error: str | None = None
    """Why the answer is unable, failed or partial."""
    left_out: tuple[str, ...] = ()
    """The parts of the task the answer says it does not use (see
    :attr:`notebook_router.result.AgentResult.left_out`)."""
    question: str | None = None
    """For ``needs_user_input``: what to ask the user."""
    reasons: tuple[str, ...] = ()
    """One line per child that could not help (``path: reason``)."""
    parts: tuple[DelegationResponse, ...] = ()
    """The answers combined into this one (empty when it is one agent's own answer)."""
    media: tuple[Media, ...] = ()
    citations: tuple[Citation, ...] = ()

    @property
    def ok(self) -> bool:
        """True for answers a parent can build on (fulfilled or partial)."""
        return self.status in ("fulfilled", "partial")

    @property
    def answered_by(self) -> str:
        """The agent whose work this is (the end of ``path``)."""
        return self.path[-1]

    def line(self) -> str:
        """``path: what happened`` in one line (for reasons and traces)."""
        where = " → ".join(self.path)
        if self.ok:
            return f"{where}: {self.summary or preview(self.data, 120)}"
        return f"{where}: {self.status}: {self.question or self.error or 'no reason given'}"

    def to_result(self) -> AgentResult:
        """The :class:`AgentResult` the planner files for the task."""
        error = self.question if self.status == "needs_user_input" else self.error
        if self.status in ("unable", "failed") and self.reasons:
            error = f"{error or self.status}: " + "; ".join(self.reasons)
        return AgentResult(
            status=self.status,
            data=self.data,
            confidence=self.confidence,
            summary=self.summary,
            error=error,
            left_out=self.left_out,
            media=self.media,
            citations=self.citations,
        )


class Ask(BaseModel):
    """One part of a request a parent splits (see :class:`Delegate`)."""

    model_config = ConfigDict(frozen=True)

    task: str = Field(min_length=1, description="What to ask.")
    to: str | None = Field(
        default=None,
        description="A child or deeper descendant by name; omit to route by capabilities.",
    )


class Delegate:
    """Returned by a parent agent to split its request among its descendants.

    Each part is ``(agent, task)``, an :class:`Ask`, or a bare task string
    (routed to the best-matching descendant by capability, with a depth
    penalty). The parts run in parallel and their answers are combined.

    >>> Delegate(("flights", "Flights to Rome"), "Great food in Rome").asks[1].to is None
    True
    """

    __slots__ = ("asks",)

    def __init__(self, *parts: Ask | tuple[str, str] | str) -> None:
        asks = []
        for part in parts:
            if isinstance(part, Ask):
                asks.append(part)
            elif isinstance(part, str):
                asks.append(Ask(task=part))
            elif isinstance(part, tuple) and len(part) == 2:
                asks.append(Ask(to=part[0], task=part[1]))
            else:
                raise TypeError(
                    f"Delegate parts are (agent, task) pairs, Ask objects or task strings; "
                    f"got {part!r}."
                )
        if not asks:
            raise TypeError("Delegate needs at least one part.")
        self.asks = tuple(asks)

    def __repr__(self) -> str:
        parts = ", ".join(f"{a.to or '?'}: {a.task}" for a in self.asks)
        return f"Delegate({parts})"


def response_from_result(request: DelegationRequest, result: AgentResult) -> DelegationResponse:
    """An agent's own result as a response to ``request``."""
    question = result.error if result.status == "needs_user_input" else None
    return DelegationResponse(
        request_id=request.id,
        agent=request.agent,
        status=result.status,
        data=result.data,
        summary=result.summary,
        confidence=result.confidence,
        path=request.path,
        hops=request.hops,
        error=None if question else result.error,
        left_out=result.left_out,
        question=question,
        media=result.media,
        citations=result.citations,
    )


def refusal(
    request: DelegationRequest, status: Literal["unable", "failed"], reason: str
) -> DelegationResponse:
    """A response saying why ``request`` was not (or could not be) handled."""
    return DelegationResponse(
        request_id=request.id,
        agent=request.agent,
        status=status,
        confidence=0.0,
        path=request.path,
        hops=request.hops,
        error=reason,
    )


def score(response: DelegationResponse, path_penalty: float = PATH_PENALTY) -> float:
    """How a fulfilled answer ranks against others: confidence minus the path-length penalty."""
    return response.confidence - path_penalty * response.hops


def resolve_alternatives(
    request: DelegationRequest,
    responses: Sequence[DelegationResponse],
    *,
    own: DelegationResponse | None = None,
    path_penalty: float = PATH_PENALTY,
) -> DelegationResponse:
    """Combine children's answers to the same request (the parent could not handle it).

    ``own`` is the parent's own answer when it was ``partial`` (kept as one
    of the parts) or unable/failed (its reason joins the children's).
    """
    fulfilled = [r for r in responses if r.status == "fulfilled"]
    partial = [r for r in responses if r.status == "partial"]
    if own is not None and own.status == "partial":
        partial.insert(0, own)
    if fulfilled:
        # max() keeps the first of equal scores: children earlier in the list win ties.
        winner = max(fulfilled, key=lambda r: score(r, path_penalty))
        if not partial:
            return _relay(request, winner)
        return _combined(request, "fulfilled", [winner, *partial], winner.confidence)
    if partial:
        return _combined(request, "partial", partial, min(r.confidence for r in partial))
    asking = [r for r in responses if r.status == "needs_user_input"]
    if asking:
        return _relay(request, asking[0])
    return _nobody(request, responses, own)


def combine_parts(
    request: DelegationRequest, responses: Sequence[DelegationResponse]
) -> DelegationResponse:
    """Combine the answers to the parts a parent split its request into."""
    usable = [r for r in responses if r.ok]
    missing = [r for r in responses if not r.ok]
    asking = [r for r in missing if r.status == "needs_user_input"]
    if asking:
        question = asking[0].question
        base = _combined(request, "needs_user_input", usable, 0.0) if usable else None
        return DelegationResponse(
            request_id=request.id,
            agent=request.agent,
            status="needs_user_input",
            data=base.data if base else None,
            summary=base.summary if base else None,
            confidence=0.0,
            path=asking[0].path,
            hops=asking[0].hops,
            question=question,
            reasons=tuple(r.line() for r in missing if r is not asking[0]),
            parts=tuple(usable),
        )
    if not usable:
        return _nobody(request, responses, None)
    whole = not missing and all(r.status == "fulfilled" for r in usable)
    combined = _combined(
        request,
        "fulfilled" if whole else "partial",
        usable,
        min(r.confidence for r in usable),
    )
    if missing:
        combined = combined.model_copy(
            update={
                "error": "missing: " + "; ".join(r.line() for r in missing),
                "reasons": tuple(r.line() for r in missing),
            }
        )
    return combined


def _relay(request: DelegationRequest, answer: DelegationResponse) -> DelegationResponse:
    # A child's answer passed up unchanged, addressed to this request.
    return answer.model_copy(update={"request_id": request.id, "agent": request.agent})


def _combined(
    request: DelegationRequest,
    status: DelegationStatus,
    parts: Sequence[DelegationResponse],
    confidence: float,
) -> DelegationResponse:
    data: dict[str, Any] = {}
    for part in parts:
        key = part.answered_by
        if key in data:
            key = f"{key}@{part.request_id}"
        data[key] = part.data
    summary = "; ".join(f"{p.answered_by}: {p.summary or preview(p.data, 160)}" for p in parts)
    return DelegationResponse(
        request_id=request.id,
        agent=request.agent,
        status=status,
        data=data,
        summary=summary,
        confidence=confidence,
        path=request.path,
        hops=request.hops,
        parts=tuple(parts),
        # what a whole answer among them left out (a partial one's gap makes the whole partial)
        left_out=tuple(x for p in parts if p.status == "fulfilled" for x in p.left_out),
        media=tuple(m for p in parts for m in p.media),
        citations=tuple(c for p in parts for c in p.citations),
    )


def _nobody(
    request: DelegationRequest,
    responses: Sequence[DelegationResponse],
    own: DelegationResponse | None,
) -> DelegationResponse:
    # Each child's line, then the lines it gathered itself: the real cause of a
    # refusal deep in the tree (a cycle, a timeout, max hops) reaches the top.
    reasons = [line for r in responses for line in (r.line(), *r.reasons)]
    if own is not None and not own.ok:
        reasons.insert(0, own.line())
    every_failed = bool(responses) and all(r.status == "failed" for r in responses)
    who = ", ".join(r.agent for r in responses) or "no agent"
    verb = "failed" if every_failed else "could not help"
    return DelegationResponse(
        request_id=request.id,
        agent=request.agent,
        status="failed" if every_failed else "unable",
        confidence=0.0,
        path=request.path,
        hops=request.hops,
        error=f"{request.agent} and its agents ({who}) {verb}",
        reasons=tuple(reasons),
    )
