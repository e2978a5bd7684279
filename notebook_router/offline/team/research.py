"""The research agent's offline core: the sources' passages that best match the question.

BM25 over the sources' sentences; the best passages are quoted, each cited, and with no
source (or none that matches) it says it has no general knowledge and what would give
it some.
"""

from __future__ import annotations

from collections import Counter

from notebook_router.agents.builtin.material import Source
from notebook_router.agents.builtin.replies import needs_a_model
from notebook_router.agents.builtin.research import Research
from notebook_router.language.bm25 import BM25Index
from notebook_router.language.lexicon import terms
from notebook_router.result import AgentResult
from notebook_router.text.extractive import split_sentences

PASSAGES = 3
"""Passages quoted in an offline answer."""


def give(agent: Research) -> None:
    """Give the research agent its offline core."""
    agent.rules = lexical_answer


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
