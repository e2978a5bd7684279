"""The built-in reasoning agent: a reasoned answer to a question no other agent covers.

With a model it answers step by step over what the run knows (earlier
results, notebook outputs, the shared context) and general knowledge, and
says what the answer rests on. A reply that is not the JSON asked for is used
as plain prose when there is some. Offline there is nothing to reason with:
a question with options and criteria is scored like the decision agent does,
anything else is answered with what is needed (a model, a source, an agent): its
offline core, :mod:`notebook_router.offline.team.reasoning`.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.material import given_sources, numbered
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import GENERALIST
from notebook_router.result import AgentResult

REASONING = "reasoning"
SYSTEM = (
    "You reason carefully. Answer the question; think in short steps; use the context "
    "when it is relevant and cite it by number, e.g. [1]; say plainly what you are not "
    "sure of. 'answer' is what the user reads: complete, without the steps."
)


Reason = Callable[[str, AgentContext], AgentResult]
"""The reasoning agent's offline core (``reason(question, context)``)."""


class ReasoningReply(BaseModel):
    """What the model answers with."""

    answer: str = Field(min_length=1)
    steps: list[str] = Field(default_factory=list)
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)


class Reasoning(BuiltinAgent[Reason]):
    """Answers questions by reasoning (with a model): explanations, why and how, trade-offs."""

    name = REASONING
    roles = frozenset({GENERALIST})
    description = (
        "Reasoning: answers general questions no other agent covers, explains why and how, "
        "works through a problem step by step, and gives reasoned recommendations (needs a "
        "model; offline it says what it would need)."
    )
    capabilities = parse_capabilities(
        [
            ("reasoning", 0.8),
            ("explain", 0.7),
            ("why", 0.6),
            ("how", 0.4),
            ("think through", 0.7),
            ("general question", 0.6),
            ("logic", 0.6),
            ("argument", 0.5),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        question = task.description
        return await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(question, context),
            model=lambda: self._with_model(question, context),
        )

    async def _with_model(self, question: str, context: AgentContext) -> AgentResult:
        sources = given_sources(context, question)
        prompt = f"Question: {question}"
        if sources:
            prompt += f"\n\nContext:\n{numbered(sources)}"
        reply = await ask_json(
            context, prompt, system=SYSTEM, schema=ReasoningReply, purpose="agent.reasoning"
        )
        if reply.parsed is None:
            text = reply.plain_text
            if not text:
                return AgentResult.failed(f"the model gave no usable answer ({reply.problem})")
            return AgentResult(data=text, summary=text, confidence=0.5)
        steps = "\n".join(f"{i}. {s}" for i, s in enumerate(reply.parsed.steps, 1))
        return AgentResult(
            data=reply.parsed.answer if not steps else f"{reply.parsed.answer}\n\nSteps:\n{steps}",
            summary=reply.parsed.answer,
            confidence=reply.parsed.confidence,
            citations=tuple(s.citation() for s in sources),
        )
