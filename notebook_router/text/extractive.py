"""Extractive summaries: the sentences of a text that carry it, in their own words.

No model and no dependency: each sentence is scored by how central its words
are to the whole text (how often the text uses them), with a bonus for the
sentences a reader would not want cut, those holding numbers and those
stating a conclusion ("therefore", "overall", "as a result"). The best ones
are kept, in their original order, up to a length target.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from notebook_router.language.lexicon import terms
from notebook_router.language.numbers import NUMBER_WORDS
from notebook_router.language.phrases import phrase_table

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*\n|\n\s*[-*•]\s+")
_NUMBER = re.compile(r"\d")
_SAID = phrase_table("summaries")
"""How a request asks for a summary's length, and a text concludes (``language/data``)."""


def _w(group: str) -> str:
    return _SAID.either(group, space=" ")


_CONCLUSION = re.compile(rf"\b({_w('conclusion')})\b", re.IGNORECASE)
_WORDS = "|".join(NUMBER_WORDS)
_WORD_TARGET = re.compile(r"\b(\d+)\s+words?\b", re.IGNORECASE)
_SENTENCE_TARGET = re.compile(
    r"\b(\d+|" + _WORDS + r")\s+"
    rf"{_w('units')}\b",
    re.IGNORECASE,
)
# A length instruction at either end of the material ("... in 1 sentence", "Briefly: ...").
_LENGTH_AT_END = re.compile(
    rf"[\s,;:-]*\b(?:{_w('length_by')}\s+(?:about\s+|at most\s+)?"
    r"(?:\d+|" + _WORDS + r")\s+"
    rf"{_w('units_or_words')}|briefly|in short)[\s.!]*$",
    re.IGNORECASE,
)
_SHORT = re.compile(rf"\b({_w('short')})\b", re.I)
_LONG = re.compile(rf"\b({_w('long')})\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class LengthTarget:
    """How long a summary should be: a number of sentences, or of words."""

    sentences: int | None = None
    words: int | None = None


def length_target(request: str) -> LengthTarget:
    """The length the request asks for: "in 3 sentences", "in 50 words", "briefly".

    >>> length_target("Summarise this in two sentences")
    LengthTarget(sentences=2, words=None)
    """
    found = _SENTENCE_TARGET.search(request)
    if found:
        word = found.group(1).lower()
        return LengthTarget(sentences=max(1, NUMBER_WORDS.get(word) or int(word)))
    found = _WORD_TARGET.search(request)
    if found:
        return LengthTarget(words=max(5, int(found.group(1))))
    if _SHORT.search(request):
        return LengthTarget(sentences=2)
    if _LONG.search(request):
        return LengthTarget(sentences=8)
    return LengthTarget()


def without_length(text: str) -> str:
    """``text`` less a length instruction at its end ("... in 1 sentence"): an
    instruction, not part of the material to summarise."""
    return _LENGTH_AT_END.sub("", text).strip()


def split_sentences(text: str) -> list[str]:
    """``text`` as sentences (and bullet items), stripped, empty ones dropped."""
    parts = _SENTENCE_END.split(text)
    return [" ".join(p.split()) for p in parts if p and p.strip()]


def summarise(text: str, target: LengthTarget | None = None) -> list[str]:
    """The sentences that best carry ``text``, in their original order.

    Without a target: about a third of the sentences, between 2 and 5.
    """
    sentences = _unique(split_sentences(text))
    if not sentences:
        return []
    target = target or LengthTarget()
    scores = sentence_scores(sentences)
    order = sorted(range(len(sentences)), key=lambda i: (-scores[i], i))
    if target.words is not None:
        chosen: list[int] = []
        used = 0
        for i in order:
            size = len(sentences[i].split())
            if chosen and used + size > target.words:
                continue
            chosen.append(i)
            used += size
        keep = chosen
    else:
        wanted = target.sentences or max(2, min(5, math.ceil(len(sentences) / 3)))
        keep = order[:wanted]
    return [sentences[i] for i in sorted(keep)]


def sentence_scores(sentences: list[str]) -> list[float]:
    """How much each sentence carries the text: the centrality of its words, with a bonus
    for figures, for conclusions, and for the opening and closing sentences."""
    bags = [terms(s) for s in sentences]
    frequency = Counter(t for bag in bags for t in set(bag))
    top = max(frequency.values(), default=1)
    scores: list[float] = []
    last = len(sentences) - 1
    for i, (sentence, bag) in enumerate(zip(sentences, bags, strict=True)):
        centrality = sum(frequency[t] / top for t in set(bag)) / math.sqrt(len(bag) or 1)
        score = centrality
        if _NUMBER.search(sentence):
            score += 0.5  # figures are what a reader of a summary looks for
        if _CONCLUSION.search(sentence):
            score += 0.5
        if i == 0:
            score += 0.3  # openings state the subject
        elif i == last and last > 1:
            score += 0.2  # and endings the conclusion
        scores.append(score)
    return scores


def _unique(sentences: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for sentence in sentences:
        key = " ".join(terms(sentence)) or sentence
        if key not in seen:
            seen.add(key)
            out.append(sentence)
    return out
