"""Prose at three levels: clean, key sentences, fact clauses.

* light: markup (HTML tags, Markdown emphasis, links, heading marks, rules) and
  repeated sentences go; paragraphs stay, in their own words;
* medium: the sentences that carry the text (central words, figures, conclusions,
  names; :func:`~notebook_router.text.extractive.sentence_scores`), as many as the budget
  takes and at most about a third of the text, in their original order;
* heavy: the core facts and relations: of each sentence that states a number or names
  something, the clauses that hold them ("revenue fell 14% in March"), the sentences
  with the most facts first while the budget lasts, in their original order.
"""

from __future__ import annotations

import math
import re

from notebook_router.context.compress.facts import facts_in
from notebook_router.context.compress.levels import CHARS_PER_TOKEN, Level
from notebook_router.language.lexicon import STOPWORDS, terms
from notebook_router.language.numbers import clause_of
from notebook_router.language.phrases import phrase_table
from notebook_router.text.extractive import sentence_scores, split_sentences

MAX_CHARS = 400_000
"""Characters of a text read (about a 150-page book); the rest is named as left out."""
_TAGS = re.compile(r"<[^>\n]{1,200}>")
_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\s]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|`+)(\S(?:.*?\S)?)\1")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.MULTILINE)
_RULE = re.compile(r"^\s*([-=*_~^#+\"'`])\1{2,}\s*$", re.MULTILINE)
_PARAGRAPHS = re.compile(r"\n\s*\n")
_LONG_RUN = re.compile(r"\S{80,}")
"""A run of characters too long to be a word (a URL's query, base64, a hash, a blob)."""
_LEAD = re.compile(rf"^{phrase_table('compression').either('clause_openers')}\s+", re.IGNORECASE)
_MEDIUM_SHARE = 1 / 3
"""At most this share of a text's sentences is kept at ``medium``."""


class Prose:
    """The compressor for text written to be read."""

    def original(self, value: object) -> str:
        return value if isinstance(value, str) else str(value)

    def tokens(self, value: object) -> int:
        return math.ceil(len(self.original(value)) / CHARS_PER_TOKEN)

    def shorten(self, value: object, level: Level, budget: int | None) -> tuple[str, list[str]]:
        text, dropped = _bounded(self.original(value))
        if level == "light":
            return light(text, dropped)
        sentences = _unique(split_sentences(_plain(text)))
        if level == "medium":
            return medium(sentences, budget, dropped)
        return heavy(sentences, budget, dropped)


def light(text: str, dropped: list[str]) -> tuple[str, list[str]]:
    """Markup and repeated sentences out; paragraphs kept."""
    seen: set[str] = set()
    paragraphs: list[str] = []
    repeated = 0
    for block in _PARAGRAPHS.split(_plain(text)):
        kept = []
        for sentence in split_sentences(block):
            key = _key(sentence)
            if key in seen:
                repeated += 1
                continue
            seen.add(key)
            kept.append(sentence)
        if kept:
            paragraphs.append(" ".join(kept))
    notes = ["markup and blank lines"]
    if repeated:
        notes.append(f"{repeated} repeated sentence{'s' if repeated > 1 else ''}")
    return "\n".join(paragraphs), [*notes, *dropped]


def medium(sentences: list[str], budget: int | None, dropped: list[str]) -> tuple[str, list[str]]:
    """The central sentences, up to the budget and about a third of the text."""
    if not sentences:
        return "", dropped
    scores = _scores(sentences)
    most = max(1, math.ceil(len(sentences) * _MEDIUM_SHARE))
    chars = budget * CHARS_PER_TOKEN if budget is not None else None
    chosen: list[int] = []
    used = 0
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], i)):
        size = len(sentences[i]) + 1
        if chosen and (len(chosen) >= most or (chars is not None and used + size > chars)):
            continue
        chosen.append(i)
        used += size
    left = len(sentences) - len(chosen)
    notes = [f"{left} of {len(sentences)} sentences"] if left else []
    return "\n".join(sentences[i] for i in sorted(chosen)), [*notes, *dropped]


def heavy(sentences: list[str], budget: int | None, dropped: list[str]) -> tuple[str, list[str]]:
    """The clauses holding facts, sentences richest in facts first, up to the budget."""
    lines: list[tuple[int, int, str]] = []  # (facts, position, clauses)
    for i, sentence in enumerate(sentences):
        found = facts_in(sentence)
        if found:
            lines.append((len(found), i, _clauses(sentence, [(f.start, f.end) for f in found])))
    if not lines:  # nothing stated as a fact: the one sentence that best carries the text
        text, _ = medium(sentences, budget, [])
        first = text.split("\n", 1)[0]
        return first, [f"{len(sentences) - 1} of {len(sentences)} sentences", *dropped]
    chars = budget * CHARS_PER_TOKEN if budget is not None else None
    if chars is not None and sum(len(line[2]) + 1 for line in lines) > chars:
        # Tight: the clauses in telegraphic form ("Item 1 measured 7 grams Oslo lab").
        lines = [(n, i, _telegraphic(clauses)) for n, i, clauses in lines]
    chosen: list[tuple[int, str]] = []
    used = 0
    for _, i, clauses in sorted(lines, key=lambda line: (-line[0], line[1])):
        if chosen and chars is not None and used + len(clauses) + 1 > chars:
            continue
        chosen.append((i, clauses))
        used += len(clauses) + 1
    notes = [f"{len(sentences) - len(chosen)} of {len(sentences)} sentences"]
    if len(chosen) < len(lines):
        notes.append(f"{len(lines) - len(chosen)} sentences with facts (over the budget)")
    notes.append("the words around each fact")
    return "\n".join(text for _, text in sorted(chosen)), [*notes, *dropped]


def _clauses(sentence: str, spans: list[tuple[int, int]]) -> str:
    """The clauses of ``sentence`` that hold one of ``spans``, joined, in order."""
    bounds: list[tuple[int, int]] = []
    for start, end in spans:
        begin, finish = clause_of(sentence, start, end)
        if bounds and begin <= bounds[-1][1]:
            bounds[-1] = (bounds[-1][0], max(finish, bounds[-1][1]))
        else:
            bounds.append((begin, finish))
    parts = [_LEAD.sub("", sentence[b:e].strip(" ,;:()[]")) for b, e in bounds]
    return "; ".join(p for p in parts if p)


def _telegraphic(text: str) -> str:
    """``text`` without its function words (those holding no digit)."""
    kept = [w for w in text.split() if any(c.isdigit() for c in w) or _bare(w) not in STOPWORDS]
    return " ".join(kept)


def _bare(word: str) -> str:
    return word.strip(".,;:!?()[]\"'“”‘’").lower()


def _scores(sentences: list[str]) -> list[float]:
    scores = sentence_scores(sentences)
    # Names are what a reader of a shortened text most often looks for, after figures.
    return [
        s + (0.3 if any(not f.numeric for f in facts_in(t)) else 0.0)
        for s, t in zip(scores, sentences, strict=True)
    ]


def _plain(text: str) -> str:
    """``text`` without markup: tags, link targets, emphasis marks, heading marks, rules."""
    text = _LONG_RUN.sub(_shortened, text)
    text = _TAGS.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\2", text)
    text = _HEADING.sub("", text)
    return _RULE.sub("", text)


def _shortened(match: re.Match[str]) -> str:
    run = match.group()
    return f"{run[:24]}…({len(run):,} characters)"


def _unique(sentences: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for sentence in sentences:
        key = _key(sentence)
        if key not in seen:
            seen.add(key)
            out.append(sentence)
    return out


def _key(sentence: str) -> str:
    return " ".join(terms(sentence)) or sentence


def _bounded(text: str) -> tuple[str, list[str]]:
    """``text`` up to :data:`MAX_CHARS` (cut at a paragraph or sentence), and what that left out."""
    if len(text) <= MAX_CHARS:
        return text, []
    cut = max(text.rfind("\n", 0, MAX_CHARS), text.rfind(". ", 0, MAX_CHARS) + 1)
    cut = cut if cut > MAX_CHARS // 2 else MAX_CHARS
    return text[:cut], [f"the text past its first {cut:,} characters (of {len(text):,})"]
