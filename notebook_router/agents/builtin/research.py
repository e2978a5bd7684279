"""The built-in research agent: answers from sources, citing each one it used.

Its sources are what the run holds or the user gave (see
:mod:`~notebook_router.agents.builtin.material`) plus the hits of the search
function the user plugged in (``Router(search=fn)``, ``%route search FUNCTION``).
Offline it ranks the sources' passages against the question (BM25) and
answers with the best ones, quoted and cited; with no source it says it has
no general knowledge and what would give it some. With a model, the model
answers from the numbered sources and names the ones it used; a reply that is
not the JSON asked for falls back to the lexical answer.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.material import (
    SearchFunction,
    Source,
    given_sources,
    numbered,
    searched,
    unread_files,
    with_unread,
)
from notebook_router.agents.builtin.replies import ask_json, needs_a_model
from notebook_router.agents.roles import FALLBACK, GENERALIST
from notebook_router.language.bm25 import BM25Index
from notebook_router.language.lexicon import terms
from notebook_router.providers.offline import is_offline
from notebook_router.result import AgentResult
from notebook_router.text.extractive import split_sentences

RESEARCH = "research"
PASSAGES = 3
"""Passages quoted in an offline answer."""

SYSTEM = (
    "You are a research assistant. Answer the question using only the numbered sources. "
    "After each claim cite its source number in brackets, e.g. [2]. If the sources do not "
    "answer it, say so in the answer and leave 'used' empty."
)
GENERAL = (
    "You are a research assistant. No source was given for this question: answer from "
    "general knowledge, briefly, and say where the answer would need checking."
)


class ResearchReply(BaseModel):
    """What the model answers with."""

    answer: str = Field(min_length=1)
    used: list[int] = Field(default_factory=list, description="numbers of the sources used")
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)


class Research(BaseAgent):
    """Answers questions from given sources and a plugged-in search function, with citations."""

    name = RESEARCH
    builtin = True
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
        if is_offline(context.model.provider):
            return with_unread(lexical_answer(question, sources), unread)
        return with_unread(await self._with_model(question, sources, context), unread)

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
            fallback = lexical_answer(question, sources)
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


def lexical_answer(question: str, sources: list[Source]) -> AgentResult:
    """The passages of ``sources`` that best match ``question``, each cited (no model)."""
    if not sources:
        return AgentResult.unable(
            "I have no general knowledge and no source was given for this. "
            + needs_a_model("answer it from general knowledge")
        )
    passages = [(s, p) for s in sources for p in split_sentences(s.text) or [s.text]]
    index = BM25Index(("", _bag(p)) for _, p in passages)
    hits = index.search(Counter(terms(question)), k=PASSAGES)
    if not hits:
        names = ", ".join(s.name for s in sources[:5])
        return AgentResult.unable(
            f"None of the sources I was given ({names}) mentions this, and I have no general "
            "knowledge. " + needs_a_model("answer beyond them")
        )
    best = hits[0].score
    chosen = [passages[h.doc] for h in hits if h.score >= best / 3]
    lines = [f"{p} [{s.name}]" for s, p in chosen]
    return AgentResult(
        data="\n".join(lines),
        summary=" ".join(lines),
        confidence=0.6 if len(chosen) > 1 else 0.5,
        citations=tuple(s.citation(p) for s, p in chosen),
        suggestions=("set a model to have these passages read and answered in prose",),
    )


def _bag(passage: str) -> dict[str, float]:
    bag: dict[str, float] = {}
    for token in terms(passage):
        bag[token] = bag.get(token, 0.0) + 1.0
    return bag
