"""The built-in decision agent: a recommendation over stated criteria, with its table.

Its result's data is the criteria table (a DataFrame when pandas is there,
else records): one row per option, a column per criterion, the score and the
rank; its summary says the choice and why. Offline it scores the options the
task names against the criteria it names, with the numbers the task or the
inputs give (:mod:`~notebook_router.agents.builtin.criteria`; its offline core is
:mod:`notebook_router.offline.team.decision`). With a model,
the model fills the table and argues the choice; a reply that is not the JSON
asked for falls back to the offline scoring when the task has the numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.criteria import Scoring, parse_question
from notebook_router.agents.builtin.material import given_sources, numbered
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import GENERALIST
from notebook_router.result import AgentResult

DECISION = "decision"
SYSTEM = (
    "You help decide. Score each option on each criterion from 0 (worst) to 10 (best), "
    "using the facts given where there are some, then choose and say why in one or two "
    "sentences, naming the criteria that decided it."
)


Score = Callable[[str, AgentContext], AgentResult]
"""The decision agent's offline core: the options the request names scored against its
criteria, with the numbers given (``score(request, context)``)."""


class OptionScores(BaseModel):
    """One option's row of the criteria table."""

    option: str
    scores: dict[str, float] = Field(default_factory=dict)
    note: str = ""


class DecisionReply(BaseModel):
    """What the model answers with."""

    criteria: list[str] = Field(min_length=1)
    table: list[OptionScores] = Field(min_length=1)
    choice: str
    why: str
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)


class Decision(BuiltinAgent[Score]):
    """Recommends one of several options over stated criteria, with the table behind it."""

    name = DECISION
    roles = frozenset({GENERALIST})
    description = (
        "Decision: recommends one of several options over stated criteria (e.g. choose "
        "between A, B and C on price and speed) and returns each option's scores on each "
        "criterion, the choice and why."
    )
    capabilities = parse_capabilities(
        [
            ("decide", 0.9),
            ("choose", 0.9),
            ("decision", 0.9),
            ("recommend", 0.7),
            ("criteria", 0.8),
            ("options", 0.7),
            ("trade-off", 0.7),
            ("pros and cons", 0.7),
            ("which is better", 0.6),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        request = task.description
        return await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(request, context),
            model=lambda: _with_model(request, context, self),
        )


async def _with_model(request: str, context: AgentContext, agent: Decision) -> AgentResult:
    options, criteria = parse_question(request)
    sources = given_sources(context, request)
    prompt = f"Task: {request}"
    if options or criteria:
        prompt += f"\nOptions: {', '.join(options) or '(find them)'}"
        prompt += f"\nCriteria: {', '.join(criteria) or '(choose sensible ones)'}"
    if sources:
        prompt += f"\n\nFacts:\n{numbered(sources)}"
    reply = await ask_json(
        context, prompt, system=SYSTEM, schema=DecisionReply, purpose="agent.decision"
    )
    parsed = reply.parsed
    if parsed is None:
        fallback = agent.offline_core(request, context)
        if fallback.ok:
            note = (
                f"the model's reply was unusable ({reply.problem}); scored from the numbers given"
            )
            return fallback.model_copy(update={"error": note, "status": "partial"})
        text = reply.plain_text
        if text:
            return AgentResult(
                status="partial",
                data=text,
                confidence=0.4,
                error="the model answered without the criteria table",
            )
        return AgentResult.failed(f"the model gave no usable decision ({reply.problem})")
    rows = []
    for row in parsed.table:
        record: dict[str, Any] = {"option": row.option}
        record.update({c: row.scores.get(c) for c in parsed.criteria})
        total = [v for v in row.scores.values() if isinstance(v, (int, float))]
        record["score"] = round(sum(total) / len(total), 2) if total else None
        record["note"] = row.note
        rows.append(record)
    rows.sort(key=lambda r: -(r["score"] or 0))
    for rank, record in enumerate(rows, 1):
        record["rank"] = rank
    return AgentResult(
        data=criteria_table(rows),
        summary=f"Choose {parsed.choice}: {parsed.why}",
        confidence=parsed.confidence,
        citations=tuple(s.citation() for s in sources),
    )


def criteria_table(rows: list[dict[str, Any]]) -> Any:
    """A DataFrame of ``rows`` when pandas is installed (tables show as tables), else the rows."""
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows)


__all__ = ["DECISION", "Decision", "Score", "Scoring", "criteria_table"]
