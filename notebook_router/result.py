"""The uniform result every agent returns, whatever it is built on."""

from __future__ import annotations

import traceback
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.media import CODE_MIME, Media
from notebook_router.usage import ZERO_USAGE, Usage

ResultStatus = Literal["fulfilled", "partial", "unable", "needs_user_input", "failed"]
"""fulfilled: done. partial: some of it. unable: not this agent's job.
needs_user_input: it cannot go on without an answer from the user (the question is in
``error``). failed: it broke."""

RESULT_STATUSES: tuple[ResultStatus, ...] = (
    "fulfilled",
    "partial",
    "unable",
    "needs_user_input",
    "failed",
)


class Citation(BaseModel):
    """A source an agent relied on: a document, a URL, a notebook output."""

    model_config = ConfigDict(frozen=True)

    source: str
    text: str = ""
    url: str | None = None


class AgentResult(BaseModel):
    """What an agent hands back to the planner.

    Agents rarely build one by hand: a function agent's plain return value
    becomes ``data``, an exception becomes a ``failed`` result and
    :class:`~notebook_router.errors.Unable` becomes ``unable``.

    >>> AgentResult(data={"rows": 12}, confidence=0.9).status
    'fulfilled'
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    status: ResultStatus = "fulfilled"
    data: Any = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    # Tuples, not lists: a result is built for every task, and empty tuples
    # cost nothing to create (lists given here are accepted and converted).
    suggestions: tuple[str, ...] = ()
    media: tuple[Media, ...] = ()
    citations: tuple[Citation, ...] = ()
    usage: Usage = ZERO_USAGE
    error: str | None = None
    """Why the result is ``unable`` or ``failed``, a caveat on ``partial``, or the
    question to ask the user for ``needs_user_input``."""
    summary: str | None = None
    """The agent's own one-line account of what it produced; synthesis prefers it."""
    left_out: tuple[str, ...] = ()
    """The parts of the task the answer does not use, each in the task's words with why
    ("“in 2020” (no column holds a year)"). A ``fulfilled`` result that names any is
    filed as ``partial`` (the planner reads this list, never the summary's wording)."""
    value: Any = Field(default=None, exclude=True)
    """The answer's headline value when ``data`` is the table it comes from ("dodge", for
    "which manufacturer has the most cars?", beside the ranking); None otherwise."""

    @property
    def ok(self) -> bool:
        """True for results the plan can build on (fulfilled or partial)."""
        return self.status in ("fulfilled", "partial")

    @classmethod
    def failed(cls, error: str, **fields: Any) -> AgentResult:
        """A failed result with a reason."""
        return cls(status="failed", error=error, confidence=0.0, **fields)

    @classmethod
    def needs_input(cls, question: str, **fields: Any) -> AgentResult:
        """A ``needs_user_input`` result: the planner asks the user ``question``."""
        return cls(status="needs_user_input", error=question, confidence=0.0, **fields)

    @classmethod
    def unable(cls, reason: str, **fields: Any) -> AgentResult:
        """An ``unable`` result: the task is not this agent's job."""
        return cls(status="unable", error=reason, confidence=0.0, **fields)


def ran_code(result: AgentResult) -> bool | None:
    """Whether ``result`` is the answer of code that ran (True), code that did not run
    (False: written, not approved), or carries no code at all (None)."""
    codes = [m for m in result.media if m.mime_type == CODE_MIME]
    if not codes:
        return None
    return any(m.metadata.get("ran", True) is not False for m in codes)


def coerce_result(value: Any) -> AgentResult:
    """Turn whatever an agent returned into an :class:`AgentResult`."""
    if isinstance(value, AgentResult):
        return value
    if isinstance(value, Media):
        return AgentResult(data=value.description or value.mime_type, media=(value,))
    return AgentResult(data=value)


def describe_exception(exc: BaseException) -> str:
    """``Type: message (at function, line n)``: an agent's crash in one line."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].name}, line {frames[-1].lineno})" if frames else ""
    message = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {message}{where}"
