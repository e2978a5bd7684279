"""The built-in research agent: answers from sources, citing each one it used.

Its sources are what the run holds or the user gave (see
:mod:`~notebook_router.agents.builtin.material`) plus the hits of the search
function the user plugged in (``Router(search=fn)``, ``%route search FUNCTION``).
Offline it ranks the sources' passages against the question (BM25) and
answers with the best ones, quoted and cited; with no source it says it has
no general knowledge and what would give it some (its offline core,
:mod:`notebook_router.offline.team.research`). With a model, the model
answers from the numbered sources and names the ones it used; a reply that is
not the JSON asked for falls back to the lexical answer.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.material import (
    SearchFunction,
    Source,
    given_sources,
    numbered,
    searched,
    unread_files,
    with_unread,
)
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import FALLBACK, GENERALIST
from notebook_router.result import AgentResult

RESEARCH = "research"

SYSTEM = (
    "You are a research assistant. Answer the question using only the numbered sources. "
    "After each claim cite its source number in brackets, e.g. [2]. If the sources do not "
    "answer it, say so in the answer and leave 'used' empty."
)
GENERAL = (
    "You are a research assistant. No source was given for this question: answer from "
    "general knowledge, briefly, and say where the answer would need checking."
)


Passages = Callable[[str, list[Source]], AgentResult]
"""The research agent's offline core: the passages of the sources that best match the
question, each cited (``passages(question, sources)``)."""


class ResearchReply(BaseModel):
    """What the model answers with."""

    answer: str = Field(min_length=1)
    used: list[int] = Field(default_factory=list, description="numbers of the sources used")
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)


class Research(BuiltinAgent[Passages]):
    """Answers questions from given sources and a plugged-in search function, with citations."""

    name = RESEARCH
    roles = frozenset({GENERALIST, FALLBACK})
    description = (
        "Research: answers a question from sources and cites each one: results of earlier "
        "tasks, notebook outputs, files or URLs named in the task, the shared context, and "
        "the user's search function if one is plugged in (Router(search=...))."
    )
    capabilities = parse_capabilities(
        [
            ("research", 0.8),
            ("search", 0.7),
            ("look up", 0.6),
            ("find information", 0.6),
            ("sources", 0.7),
            ("cite", 0.7),
            ("evidence", 0.6),
            ("fact", 0.5),
        ]
    )

    def __init__(self, search: SearchFunction | None = None) -> None:
        self.search = search

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        question = task.description
        sources = given_sources(context, question)
        hits = await searched(self.search, question)
        if hits:
            context.trace("tool_call", f"search({question!r}): {len(hits)} hits")
        sources += hits
        unread = unread_files(context, question)
        result = await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(question, sources),
            model=lambda: self._with_model(question, sources, context),
        )
        return with_unread(result, unread)

    async def _with_model(
        self, question: str, sources: list[Source], context: AgentContext
    ) -> AgentResult:
        if not sources:
            reply = await ask_json(
                context, question, system=GENERAL, schema=ResearchReply, purpose="agent.research"
            )
            text = reply.parsed.answer if reply.parsed else reply.plain_text
            if not text:
                return AgentResult.failed(f"the model gave no usable answer ({reply.problem})")
            return AgentResult(
                status="partial",
                data=text,
                confidence=min(0.5, reply.parsed.confidence if reply.parsed else 0.4),
                error="no source was given: this is the model's general knowledge, uncited",
            )
        prompt = f"Question: {question}\n\nSources:\n{numbered(sources)}"
        reply = await ask_json(
            context, prompt, system=SYSTEM, schema=ResearchReply, purpose="agent.research"
        )
        if reply.parsed is None:
            fallback = self.offline_core(question, sources)
            return fallback.model_copy(
                update={
                    "error": f"the model's reply was unusable ({reply.problem}); "
                    "these are the passages that match best"
                }
            )
        used = [sources[i - 1] for i in reply.parsed.used if 1 <= i <= len(sources)]
        return AgentResult(
            data=reply.parsed.answer,
            confidence=reply.parsed.confidence if used else min(reply.parsed.confidence, 0.4),
            citations=tuple(s.citation() for s in used),
            status="fulfilled" if used else "partial",
            error=None if used else "the sources given do not answer this",
        )
