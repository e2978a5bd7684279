"""Verification by default: data answers, and results their agent is unsure of, are checked.

After each result the run's review step (``ResultReview.review``, where the optional critic
speaks too) asks :class:`Verification` about every result whose confidence is below the
threshold (``Router(verify=0.5)``, ``Limits.verify_below``, ``%%route --verify-below``;
0 turns verification off) and, with a model, about every data answer (a result whose
code ran: it carries the code as evidence) whatever its confidence. A result whose code
did not run (written, not approved) has nothing to verify and costs no model call.
Offline, a data answer is the deterministic analyst's, its numbers read off the very
result they would be checked against: checking them again would only stamp "verified"
on them (and scan every table), so offline the threshold alone decides.

The claims in the result's text are checked against the evidence the run has: the
result's own data, the tables earlier results made, the notebook's
tables, the shared context and tool outputs, and the sources it cites (which are
scored too). The verdict is a :class:`~notebook_router.verification.critic.CriticVerdict`:

- every claim found: ``ok``, and the answer says the claims are verified;
- a claim the data *contradicts* (it gives a different figure for the very thing the
  claim names), the first time: ``needs_more`` with the task reworded (``retry``), which
  the run starts again at once, with the same agent or the one the verifier model names
  (self-correction, once per task);
- a claim merely not found (the data neither bears it out nor says otherwise), or a
  contradicted one after the retry: ``unverified``; the result stands and the answer
  says which claims could not be verified (and which the data contradicts). Asking
  again could not do better for a figure the data knows nothing of.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from notebook_router.agents.registry import AgentRegistry
from notebook_router.agents.roles import VERIFY, has_role
from notebook_router.data.dask_data import is_dask_collection
from notebook_router.data.source import DataSource
from notebook_router.media import CODE_MIME
from notebook_router.planner.state import OK_STATUSES, RunState, Task
from notebook_router.providers.base import ModelClient
from notebook_router.providers.offline import is_offline
from notebook_router.result import AgentResult, ran_code
from notebook_router.text.preview import clip
from notebook_router.verification.claims import CONTRADICTED, ClaimCheck, SourceScore
from notebook_router.verification.critic import CriticVerdict
from notebook_router.verification.evidence import Evidence
from notebook_router.verification.judge import check_numbers
from notebook_router.verification.model_check import ask_model
from notebook_router.verification.sources import score_sources

log = logging.getLogger("notebook_router")

VERIFY_BELOW = 0.5
"""The default threshold: results less confident than this are verified."""

RETRIES = 1
"""How many times verification sends one task back (more would loop on a stubborn agent)."""


class Verification:
    """Checks the claims of results less confident than ``threshold`` and, with a model, of
    every data answer.

    ``model`` is the run's model client (accounted to ``verifier``): offline, numbers
    are checked against the data; with a model, a verifier prompt judges every claim.
    """

    def __init__(
        self,
        threshold: float,
        model: ModelClient,
        agents: AgentRegistry,
        data: DataSource | None = None,
    ) -> None:
        self.threshold = threshold
        # Accounted to the agent that verifies, when there is one: its checks are this.
        self.checker = next((a.name for a in agents if has_role(a, VERIFY)), "verification")
        self.model = model.bound_to(self.checker)
        self.agents = agents
        self.data = data
        self.offline = is_offline(model.provider)
        self.sent_back: dict[str, int] = {}
        """Per task, how many times verification sent it back."""

    def wants(self, task: Task, result: AgentResult) -> bool:
        """Whether ``result`` is checked: with a model, every data answer; any result less
        sure than the threshold, or answering a task sent back; never one whose code did
        not run."""
        if result.status not in OK_STATUSES or task.agent == self.checker:
            return False  # the verifier's own verdicts are not verified again
        ran = ran_code(result) if result.media else None  # most results carry no media
        if ran is False:
            return False
        if ran and not self.offline:
            return True
        # A threshold of 1 (a thorough run's) checks confident results too.
        unsure = result.confidence < self.threshold or self.threshold >= 1
        return unsure or task.id in self.sent_back

    async def check(self, state: RunState, task: Task, result: AgentResult) -> CriticVerdict:
        """The verdict on ``result`` of ``task`` (see the module docstring)."""
        text = claims_of(result)
        sources = _sources(state, task.id, f"{task.description} {text}")
        if not text:
            return CriticVerdict(verdict="ok", notes="no claim to verify", sources=sources)
        evidence = run_evidence(state, task.id, result, self.data)
        numbers = check_numbers(text, evidence, ignore=f"{state.goal}\n{task.description}")
        checks, retry, agent = numbers, None, None
        if not self.offline:
            checks, retry, agent = await self._ask(task, text, evidence, numbers)
        failed = [c for c in checks if not c.verified]
        if not failed:
            if not checks:
                return CriticVerdict(
                    verdict="unverified", notes="no claim could be checked", sources=sources
                )
            notes = f"verified {len(checks)} claims"
            return CriticVerdict(verdict="ok", notes=notes, claims=tuple(checks), sources=sources)
        notes = "not verified: " + "; ".join(clip(c.text, 80) for c in failed)
        # Sent back only for a contradicted claim (the model's rewording, else ours).
        wrong = [c for c in checks if c.contradicted]
        if wrong and retry is None:
            retry = reworded(task.description, wrong)
        if not wrong or retry is None or self.sent_back.get(task.id, 0) >= RETRIES:
            return CriticVerdict(
                verdict="unverified", notes=notes, claims=tuple(checks), sources=sources
            )
        self.sent_back[task.id] = self.sent_back.get(task.id, 0) + 1
        return CriticVerdict(
            verdict="needs_more",
            notes=notes,
            missing=tuple(f"a verified figure instead of {c.text}" for c in failed),
            claims=tuple(checks),
            sources=sources,
            retry=retry,
            retry_agent=agent if agent in self.agents else task.agent,
        )

    async def _ask(
        self, task: Task, text: str, evidence: Evidence, numbers: list[ClaimCheck]
    ) -> tuple[list[ClaimCheck], str | None, str | None]:
        try:
            checks, reply = await ask_model(
                self.model,
                task=task.description,
                text=text,
                evidence=evidence,
                numbers=numbers,
                purpose="router.verify",
                agents=self.agents.names(),
            )
        except Exception as exc:  # a broken verifier must not end the run: nothing is verified
            log.warning("notebook_router: verifying %s failed: %s", task.id, exc)
            whole = ClaimCheck(text=clip(text, 160), verified=False, evidence=f"not checked: {exc}")
            return [*numbers, whole], None, None
        if reply is None:
            return checks, None, None
        return checks, (reply.retry or "").strip() or None, reply.agent


def ran_nothing(state: RunState) -> bool:
    """Whether every result of the run is code that did not run (and there is one): a model
    asked to write the answer, or to check it, would spend a call on nothing."""
    results = [r for r in state.results.values() if r.ok]
    return bool(results) and all(ran_code(r) is False for r in results)


def claims_of(result: AgentResult) -> str:
    """The text whose claims are checked: the agent's summary, else its data if that is text."""
    if result.summary:
        return result.summary
    return result.data if isinstance(result.data, str) else ""


def reworded(description: str, failed: list[ClaimCheck]) -> str:
    """``description`` sent back with the figures the data contradicts (the offline rewording).

    >>> wrong = ClaimCheck(text="1,350", verified=False, evidence="contradicted by the data: x")
    >>> reworded("North's revenue", [wrong]).split(";")[0]
    "North's revenue (check before answering: the data contradicts 1,350 (x)"
    """
    figures = ", ".join(
        f"{c.text} ({c.evidence.removeprefix(CONTRADICTED + ': ')})" for c in failed[:5]
    )
    return (
        f"{description} (check before answering: the data contradicts {figures}; "
        "work each figure out from the data and report only those)"
    )


def run_evidence(
    state: RunState, task_id: str, result: AgentResult, data: DataSource | None
) -> Evidence:
    """Everything the run can check ``result``'s claims against."""
    evidence = Evidence()
    for name, value in _evidence(state, task_id, result):
        evidence.add(value, name)
    if data is not None:  # named as the notebook has them (a list of records stays one)
        data.scan()
        for name, table in data.tables().items():
            if is_dask_collection(table):  # reading it would compute it whole; the
                continue  # result's data, computed from it on the cluster, is evidence
            evidence.add(table, name, shown=data.namespace.get(name))
    return evidence


def _evidence(state: RunState, task_id: str, result: AgentResult) -> Iterator[tuple[str, Any]]:
    if not isinstance(result.data, str) and result.data is not None:
        yield "the result's data", result.data
    for media in result.media:  # tool outputs (the code itself is no evidence)
        if media.is_text and media.mime_type != CODE_MIME and isinstance(media.data, str):
            yield media.description or media.mime_type, media.data
    for citation in result.citations:
        yield f"source {citation.source}", citation.text
    for other_id, other in state.results.items():
        if other_id != task_id and other.ok and not isinstance(other.data, str):
            yield f"the result of {other_id}", other.data
    for key in state.context:
        yield f"context {key}", state.context.get(key)


def _sources(state: RunState, task_id: str, about: str) -> tuple[SourceScore, ...]:
    """The sources ``task_id``'s result cites, scored; use counts every result's citations."""
    result = state.results.get(task_id)
    if result is None or not result.citations:
        return ()
    cited = {c.source for c in result.citations}
    uses = [(c.source, c.text, c.url) for r in state.results.values() for c in r.citations]
    return tuple(s for s in score_sources(uses, about) if s.source in cited)
