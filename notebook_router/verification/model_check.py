"""Verifying a result's claims with a model: a verdict per claim as JSON, never a crash."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from notebook_router.errors import NotebookRouterError
from notebook_router.providers.base import ModelClient
from notebook_router.text.json_reply import parse_model_output
from notebook_router.text.preview import clip
from notebook_router.verification.claims import CONTRADICTED, ClaimCheck
from notebook_router.verification.evidence import Evidence

# ------------------------------------------------------------------ with a model

VERIFY_PROMPT = """\
You verify the claims in an agent's result against the evidence given, and nothing else.
Reply with one JSON object: {"claims": [{"claim": "...", "verdict": "verified" |
"unverified" | "contradicted", "evidence": "where it is found, or why not"}], "retry":
"the task reworded so that an agent can get it right, or null", "agent": "the agent to
retry with, or null for the same one"}.
- One entry per factual claim (numbers, names, dates, conclusions); "verified" only when the
  evidence states it or it can be computed from the evidence.
- "Number check" lists the numbers already looked up in the data: trust it.
"""

Verdict = Literal["verified", "unverified", "contradicted"]


class ClaimVerdict(BaseModel):
    """The verifier model's verdict on one claim."""

    claim: str = Field(max_length=500)
    verdict: Verdict
    evidence: str = Field(default="", max_length=500)


class VerifierReply(BaseModel):
    """The verifier model's reply: a verdict per claim, and how to retry the task."""

    claims: list[ClaimVerdict] = Field(default_factory=list, max_length=50)
    retry: str | None = Field(default=None, max_length=1000)
    agent: str | None = None


UNREADABLE = "the verifier's reply could not be read"


async def ask_model(
    model: ModelClient,
    *,
    task: str,
    text: str,
    evidence: Evidence,
    numbers: Sequence[ClaimCheck],
    purpose: str,
    agents: Sequence[str] = (),
) -> tuple[list[ClaimCheck], VerifierReply | None]:
    """The model's verdict on each claim of ``text``; every claim unverified if it cannot say.

    Returns the checks and the reply (None when it could not be read: then the number
    checks stand, and ``text`` as a whole is one unverified claim).
    """
    checked = "\n".join(
        f"- {c.text}: {'found' if c.verified else 'NOT found'} ({c.evidence})" for c in numbers
    )
    prompt = (
        f"Task: {clip(task, 1000)}\n\nResult to verify:\n{clip(text, 4000)}\n\n"
        f"Evidence:\n{evidence.describe()}\n\nNumber check:\n{checked or '(no numbers)'}"
    )
    if agents:
        prompt += f"\n\nAgents: {', '.join(agents)}"
    try:
        reply = parse_model_output(
            await model.ask(prompt, system=VERIFY_PROMPT, purpose=purpose), VerifierReply
        )
    except (NotebookRouterError, ValueError):  # a broken reply is unverified, not a crash
        whole = ClaimCheck(text=clip(text, 160), verified=False, evidence=UNREADABLE)
        return [*numbers, whole], None
    checks = [
        ClaimCheck(
            text=clip(c.claim, 160),
            verified=c.verdict == "verified",
            evidence=f"{CONTRADICTED}: {c.evidence}" if c.verdict == "contradicted" else c.evidence,
        )
        for c in reply.claims
    ]
    return checks, reply
