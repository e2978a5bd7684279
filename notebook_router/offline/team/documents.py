"""The documents agent's offline core: each document's own sentences, with where they are.

A summary keeps the sentences that carry the document (to the length asked for); a
question gets the sentences sharing the most words with it, each quoted with its page
("page 2") or section, and the document's tables and notes named.
"""

from __future__ import annotations

import re
from typing import Any

from notebook_router.agents.builtin.annotations import annotated
from notebook_router.agents.builtin.documents import DOCUMENTS, Documents, Read, finding
from notebook_router.language.lexicon import terms
from notebook_router.language.phrases import phrase_table
from notebook_router.media import Media
from notebook_router.readers.document import DocumentFacts
from notebook_router.readers.files import paths_named
from notebook_router.result import AgentResult, Citation
from notebook_router.text.extractive import LengthTarget, length_target, split_sentences, summarise

_QUESTION = re.compile(
    rf"\?\s*$|^\s*({phrase_table('documents').either('question.openers')})\b",
    re.IGNORECASE,
)
_GENERIC = frozenset(terms(" ".join(phrase_table("documents").words("question.generic"))))


def give(agent: Documents) -> None:
    """Give the documents agent its offline core."""
    agent.rules = extractive


def extractive(read: list[Read], request: str) -> AgentResult:
    """Each document's own sentences, with where they are: a summary, or the answer."""
    target = length_target(request)
    question = _QUESTION.search(request) is not None and not re.search(
        r"\bsummar", request, re.IGNORECASE
    )
    lines: list[str] = []
    found_in: list[dict[str, Any]] = []
    citations: list[Citation] = []
    media: list[Media] = []
    quoted_any = False
    for doc in read:
        found = _answer(doc.facts, request, target) if question else []
        if question and not found:
            lead = "It does not say anything that matches the question; what it says overall"
        else:
            lead = "What it says about that" if question else "Summary"
        picked = found or _summary(doc.facts, target)
        quoted_any = quoted_any or bool(picked)
        quotes = " ".join(f"“{s}” ({where})" for s, where in picked)
        line = f"{doc.name} ({doc.facts.summary()}). " + (
            f"{lead}: {quotes}" if picked else "It has no text to quote."
        )
        line += _tables(doc.facts) + "".join(f" Note: {n}." for n in doc.facts.notes)
        lines.append(line)
        found_in.append(finding(doc, line, [f"“{s}” ({w})" for s, w in picked]))
        citations += [Citation(source=f"{doc.name}, {w}", text=s) for s, w in picked]
        media.append(annotated(doc.media, DOCUMENTS, line, doc.facts))
    text = "\n\n".join(lines)
    return AgentResult(
        data=found_in[0] if len(found_in) == 1 else found_in,
        summary=text,
        confidence=0.7 if quoted_any else 0.3,
        citations=tuple(citations),
        media=tuple(media),
    )


def _summary(facts: DocumentFacts, target: LengthTarget) -> list[tuple[str, str]]:
    return [(s, _where(facts, s)) for s in summarise(facts.text, target)]


def _answer(facts: DocumentFacts, question: str, target: LengthTarget) -> list[tuple[str, str]]:
    """The sentences sharing the most words with the question (the document's own words)."""
    asked = set(terms(question)) - _GENERIC
    for path in paths_named(question):
        asked -= set(terms(path))
    if not asked:
        return []
    scored: list[tuple[int, int, str, str]] = []
    for part in facts.parts:
        for sentence in split_sentences(part.text):
            hits = len(asked & set(terms(sentence)))
            if hits:
                scored.append((hits, len(scored), sentence, part.where))
    best = sorted(scored, key=lambda s: (-s[0], s[1]))[: target.sentences or 3]
    return [(s, where) for _, _, s, where in sorted(best, key=lambda s: s[1])]


def _where(facts: DocumentFacts, sentence: str) -> str:
    flat = " ".join(sentence.split())
    for part in facts.parts:
        if flat in " ".join(part.text.split()):
            return part.where
    return facts.parts[0].where if facts.parts else "the document"


def _tables(facts: DocumentFacts) -> str:
    if not facts.tables:
        return ""
    first = facts.tables[0]
    head = " | ".join(first.rows[0]) if first.rows else ""
    more = f" and {len(facts.tables) - 1} more" if len(facts.tables) > 1 else ""
    return f" Tables: one on {first.where} (columns {head}){more}."
