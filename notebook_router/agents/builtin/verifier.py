"""The built-in verifier: "verify that ..." checked against the evidence the run has.

Asked for by name or by a request ("verify that North's revenue is 1,200", "check
these figures"), it checks the request's claims, and the results it is handed, against
the data: the results of the tasks it depends on, the notebook's tables, what agents
wrote to the shared context, and the text outputs that came with them. Offline it
checks numbers (:mod:`notebook_router.verification.judge`); with a model, a verifier
prompt gives a verdict per claim. The run calls the same checks by itself on a result
whose confidence is low (:mod:`notebook_router.planner.verification`).
"""

from __future__ import annotations

import re

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.cores import by_rules_or_model
from notebook_router.agents.roles import GENERALIST, VERIFY
from notebook_router.language.phrases import phrase_table
from notebook_router.result import AgentResult
from notebook_router.verification.claims import ClaimCheck
from notebook_router.verification.evidence import Evidence
from notebook_router.verification.judge import check_numbers
from notebook_router.verification.model_check import ask_model

VERIFIER = "verifier"
"""The built-in verifier's name (the run never verifies the verifier's own verdicts)."""

_SAID = phrase_table("verifying")
"""How a task asks for a check (``language/data/verifying.toml``)."""
_ASK = re.compile(
    rf"^\s*(?:please\s+)?{_SAID.either('verbs', space=' ')}"
    rf"(?:\s+{_SAID.either('connectives')})?\s*",
    re.I,
)


class Verifier(BaseAgent):
    """Checks claims against the data and earlier results; says which hold and which do not."""

    name = VERIFIER
    builtin = True
    roles = frozenset({GENERALIST, VERIFY})
    description = (
        "Verifies claims (numbers, totals, facts) against the evidence the run has: the "
        "notebook's tables, earlier results and tool outputs. Use it for 'verify that ...', "
        "'check these numbers', 'is it true that ...'. Says which claims are verified and "
        "which are not."
    )
    capabilities = parse_capabilities(
        [
            ("verify", 0.9),
            ("verification", 0.9),
            ("fact check", 0.9),
            ("check claims", 0.8),
            ("double check", 0.8),
            ("validate", 0.7),
            ("confirm", 0.6),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        evidence = gather_evidence(context)
        claims = _ASK.sub("", task.description) or task.description
        claims = "\n".join([claims, *_handed_text(context)])
        if not evidence.sources:
            return AgentResult.unable(
                "there is nothing to check the claims against: load the data into the "
                "notebook, or ask for the verification after the task that produced the result"
            )
        numbers = check_numbers(claims, evidence)
        checks, confidence = await by_rules_or_model(
            context,
            rules=lambda: (numbers, 0.9),  # offline, the numbers checked are the verdict
            model=lambda: _judged(task, context, claims, evidence, numbers),
        )
        if not checks:
            # Nothing was checked: a question sent here, not a claim, is not partly done.
            return AgentResult.unable(
                "Found no claim to check: offline I check numbers (totals, counts, "
                "averages, shares) against the data; give me the figures to verify."
            )
        return AgentResult(
            data=[c.model_dump() for c in checks],
            summary=summarise_checks(checks),
            confidence=confidence,
        )


async def _judged(
    task: TaskRequest,
    context: AgentContext,
    claims: str,
    evidence: Evidence,
    numbers: list[ClaimCheck],
) -> tuple[list[ClaimCheck], float]:
    """The model's verdict on each claim, with the number checks to go on."""
    checks, _ = await ask_model(
        context.model,
        task=task.description,
        text=claims,
        evidence=evidence,
        numbers=numbers,
        purpose=f"agent.{VERIFIER}",
    )
    return checks, 0.7


def gather_evidence(context: AgentContext) -> Evidence:
    """What an agent's context can vouch for: its inputs, the shared context, the notebook's
    tables and the text media handed to it."""
    evidence = Evidence()
    for task_id, value in context.inputs.by_task.items():
        if not isinstance(value, str):  # a text result is a claim to check, not evidence
            evidence.add(value, f"the result of {task_id}")
    for key in context.shared:
        evidence.add(context.shared.get(key), f"context {key}")
    for media in context.media:
        if media.is_text and isinstance(media.data, str):
            evidence.add(media.data, media.description or media.mime_type)
    source = context.data
    if source is not None:
        source.scan()
        for name, table in source.tables().items():
            evidence.add(table, name, shown=source.namespace.get(name))
    return evidence


def _handed_text(context: AgentContext) -> list[str]:
    """Text results of the tasks this one depends on: their claims are checked too."""
    return [v for v in context.inputs.by_task.values() if isinstance(v, str)]


def summarise_checks(checks: list[ClaimCheck]) -> str:
    """One paragraph: which claims are verified (and where), which are not (and why).

    >>> summarise_checks([ClaimCheck(text="1,200", verified=True, evidence="sum of revenue")])
    'Verified 1 of 1 claims: 1,200 (sum of revenue).'
    """
    good = [c for c in checks if c.verified]
    bad = [c for c in checks if not c.verified]
    parts = [f"Verified {len(good)} of {len(checks)} claims"]
    if good:
        parts[0] += ": " + "; ".join(_said(c) for c in good)
    if bad:
        parts.append("Not verified: " + "; ".join(_said(c) for c in bad))
    return ". ".join(parts) + "."


def _said(check: ClaimCheck) -> str:
    return f"{check.text} ({check.evidence})" if check.evidence else check.text


__all__ = ["VERIFIER", "Verifier", "gather_evidence", "summarise_checks"]
