"""How relevant each of a set of candidates (tools or agents) is to a request, and whether any fits.

One ranker for the offline tool router and the offline planner's agent
matcher. Text on both sides is read the same way (:func:`analyse`):

- words are stemmed with the one stemmer (:mod:`.stems`: "gratuities" and
  "gratuity" meet), apostrophes dropped, stopwords and conversational
  filler left out;
- the curated lexicon (``data/concepts.toml``) turns words and phrases into the
  concepts they ask for ("text message" → ``sms``, "gratuity" → ``tip``),
  longest phrase first;
- in a request, values it merely *gives* (numbers, quoted text, paths,
  dates, unknown names) are masked, and words one typo away from a known
  word are corrected.

Each request word or phrase is a *unit* whose alternatives (its stem and its
concepts) a candidate may match; a candidate's score is BM25 (:mod:`.bm25`) with,
per unit, its best alternative. Whether the best candidate *fits* is decided by its
coverage: the share of the request's information (IDF over the catalogue)
it matches. Words the catalogue and the lexicon have never seen count for
little there (they are usually what the request is about — "report",
"dentist" — not what it asks done), while a concept the lexicon knows but
the candidate lacks counts fully: "send a text message" to a tool that only
sends email leaves ``sms`` uncovered, so it does not fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

from notebook_router.language.bm25 import BM25Index
from notebook_router.language.lexicon import FILLER, STOPWORDS
from notebook_router.language.spans import find_spans
from notebook_router.language.spelling import Speller
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_word_spans, identifier_words

UNKNOWN_WEIGHT = 1.0
"""How much a word neither the catalogue nor the lexicon knows counts toward coverage."""
CORRECTED_WEIGHT = 0.8
MAX_PHRASE = 4
BACKGROUND = 50
"""IDF is worked out as if the catalogue held at least this many candidates, the
others unrelated to the request: a term one tool of two has is not rare, but one
tool of a realistic catalogue having it is, and a lone tool is judged as if
among such others."""

_MASKED_KINDS = frozenset(
    ["quoted", "email", "url", "path", "date", "time", "number", "assignment"]
)
# What follows these is what to say, not what to do: "email Bob *that the report is ready*".
_CONTENT = re.compile(r"(?:\b(?:that|saying|says)\b|:)(?=\s*\S)", re.IGNORECASE)


_words = identifier_words


def _build() -> tuple[dict[tuple[str, ...], frozenset[str]], frozenset[str]]:
    concepts: dict[str, list[str]] = table("concepts")
    phrases_of: dict[tuple[str, ...], set[str]] = {}
    for key, phrases in concepts.items():
        for phrase in (key.replace("_", " "), *phrases):
            stems = tuple(stem(w) for w in _words(phrase))
            if stems:
                phrases_of.setdefault(stems, set()).add(key)
    words = frozenset(w for phrases in concepts.values() for p in phrases for w in _words(p))
    return {k: frozenset(v) for k, v in phrases_of.items()}, words


_PHRASES, _LEXICON_WORDS = _build()
_STOP = STOPWORDS | FILLER


@cache
def _lexicon_speller() -> Speller:
    """The lexicon's words indexed for spelling once: every catalogue knows them, and
    indexing them again for each (a router, a team, a tool store) cost more than the rest
    of building it."""
    return Speller(dict.fromkeys(sorted(w for w in _LEXICON_WORDS if w.isalpha()), 1))


@dataclass(frozen=True, slots=True)
class Unit:
    """One word or phrase of a text: the terms it may match, and how much it counts."""

    text: str
    terms: frozenset[str]
    weight: float = 1.0
    lexical: bool = False
    """The lexicon knows it: a word for something tools do."""
    start: int = field(default=-1, compare=False)
    """Where the unit starts in the text it was read from (-1: not known)."""
    end: int = field(default=-1, compare=False)
    """Where it ends (exclusive; -1: not known)."""


_MEMO_CHARS = 2_000
"""Texts up to this long are read once (a tool's or agent's name and description, read
again by every catalogue built over it); longer ones, such as documents, each time."""


def analyse(text: str, *, masked: Iterable[tuple[int, int]] = ()) -> list[Unit]:
    """The units of ``text``; characters in ``masked`` spans are left out."""
    spans = tuple((start, end) for start, end in masked)
    if len(text) <= _MEMO_CHARS:
        return list(_analysed(text, spans))
    return _analyse(text, spans)


@lru_cache(maxsize=16_384)
def _analysed(text: str, masked: tuple[tuple[int, int], ...]) -> tuple[Unit, ...]:
    return tuple(_analyse(text, masked))


def _analyse(text: str, masked: tuple[tuple[int, int], ...]) -> list[Unit]:
    chars = list(text)
    for start, end in masked:
        chars[start:end] = " " * (end - start)
    words = _words("".join(chars))
    places = identifier_word_spans("".join(chars))
    if [w for w, _, _ in places] != words:  # never expected: then positions are not known
        places = [(w, -1, -1) for w in words]
    stems = [stem(w) for w in words]
    units: list[Unit] = []
    i = 0
    while i < len(words):
        for size in range(min(MAX_PHRASE, len(words) - i), 0, -1):
            concepts = _PHRASES.get(tuple(stems[i : i + size]))
            if concepts is None:
                continue
            if size == 1 and words[i] in _STOP:
                concepts = None  # a lone stopword in the lexicon ("off") says too little
                break
            text_ = " ".join(words[i : i + size])
            alternatives = set(concepts)
            if size == 1:
                alternatives.add(stems[i])
            start, end = places[i][1], places[i + size - 1][2]
            units.append(Unit(text_, frozenset(alternatives), lexical=True, start=start, end=end))
            i += size
            break
        else:
            concepts = None
        if concepts is None:
            word = words[i]
            if word not in _STOP and not word.isdigit() and len(word) > 1:
                _, start, end = places[i]
                units.append(Unit(word, frozenset([stems[i]]), start=start, end=end))
            i += 1
    return units


def document(fields: Iterable[tuple[str, float]]) -> dict[str, float]:
    """A candidate's bag of terms from ``(text, weight)`` fields: stems and concepts."""
    bag: dict[str, float] = {}
    for text, weight in fields:
        for unit in analyse(text):
            for t in unit.terms:
                bag[t] = bag.get(t, 0.0) + weight
    return bag


@dataclass(frozen=True, slots=True)
class Ranked:
    """One candidate's relevance to a request."""

    doc: int
    score: float
    """BM25 over the request's units (best alternative per unit)."""
    coverage: float
    """Share of the request's information the candidate matches, 0..1."""


@dataclass
class Query:
    """A request read against a catalogue: its units, and the typos fixed."""

    units: list[Unit]
    corrected: dict[str, str] = field(default_factory=dict)
    given: list[tuple[int, int, str]] = field(default_factory=list)
    """What was masked as given rather than asked for: (start, end, kind), kind a span's
    kind (``"name"`` for a name nothing knows) or ``"content"`` for what to say."""


class Catalogue:
    """Candidates as bags of terms, ranked by :meth:`rank` for a request."""

    def __init__(
        self,
        bags: Sequence[dict[str, float]],
        raw_words: Iterable[str] = (),
        *,
        background: int = BACKGROUND,
        lengths: Sequence[float] | None = None,
    ) -> None:
        """``background``: the least catalogue size IDF assumes (0: the catalogue as it is).

        ``lengths``: each candidate's length for BM25's normalisation, when not the
        sum of its bag (terms that only add evidence, such as phrases of words the
        bag already holds, should not make a candidate look longer).
        """
        self.index = BM25Index(background=background)
        for doc, bag in enumerate(bags):
            self.index.add("", bag, None if lengths is None else lengths[doc])
        self.bags = self.index.bags
        self.df = self.index.df
        self.size = self.index.size
        self.unseen_idf = self.index.unseen_idf
        vocabulary: dict[str, int] = {}
        for w in (*raw_words, *_LEXICON_WORDS):
            if w.isalpha():
                vocabulary[w] = vocabulary.get(w, 0) + 1
        self.vocabulary = vocabulary
        self._speller = Speller(vocabulary, shared=_lexicon_speller())

    def idf(self, term: str) -> float:
        """BM25 IDF (non-negative); a term no candidate has is as informative as any."""
        return self.index.idf_of(term)

    def read(self, text: str) -> Query:
        """``text`` as units, with given values masked and typos corrected."""
        given: list[tuple[int, int, str]] = []
        for span in find_spans(text):
            unknown_name = span.kind in ("name", "code") and not self._knows(span.text)
            if span.kind == "path":
                # A file's name is a value, but its extension says what kind of thing
                # the request is about ("report.pdf", "clip.mp4"): that stays a word.
                dot = span.text.rfind(".")
                cut = span.start + dot if 0 < dot < len(span.text) - 1 else span.end
                given.append((span.start, cut, span.kind))
            elif span.kind in _MASKED_KINDS or unknown_name:
                given.append((span.start, span.end, span.kind))
        content = _CONTENT.search(text)
        if content is not None and content.start() > 0:
            given.append((content.end(), len(text), "content"))
        masked = [(start, end) for start, end, _ in given]
        query = Query(units=[], given=given)
        for unit in analyse(text, masked=masked):
            if unit.lexical or any(t in self.df for t in unit.terms):
                query.units.append(unit)
                continue
            fixed = self._speller.correct(unit.text) if " " not in unit.text else None
            if fixed is not None:
                again = analyse(fixed)
                if again:
                    query.corrected[unit.text] = fixed
                    query.units.extend(
                        replace(u, weight=CORRECTED_WEIGHT, start=unit.start, end=unit.end)
                        for u in again
                    )
                    continue
            query.units.append(unit)
        return query

    def name_coverage(self, doc: int, names: Sequence[Unit], query: Query) -> float:
        """Share of a candidate's name (by IDF) the request says (``play_music`` wants music)."""
        said = set().union(*(u.terms for u in query.units)) if query.units else set()
        total = hit = 0.0
        for unit in names:
            mass = max(self.idf(t) for t in unit.terms)
            total += mass
            if unit.terms & said:
                hit += mass
        return hit / total if total else 0.0

    def _knows(self, text: str) -> bool:
        """A capitalised word that names something tools do ("Celsius", "AQI", "Slack")."""
        return all(u.lexical or any(t in self.df for t in u.terms) for u in analyse(text)) and bool(
            analyse(text)
        )

    def _mass(self, unit: Unit) -> float:
        """How much ``unit`` weighs in coverage: its IDF, little if nothing knows it."""
        known = [t for t in unit.terms if t in self.df]
        if known:
            return unit.weight * max(self.idf(t) for t in known)
        if unit.lexical:
            return unit.weight * self.unseen_idf  # a concept no candidate offers
        return unit.weight * UNKNOWN_WEIGHT * self.unseen_idf

    def rank(self, query: Query, k: int | None = None) -> list[Ranked]:
        """Candidates sharing a term with ``query``, best first (ties: catalogue order)."""
        scores: dict[int, float] = {}
        covered: dict[int, float] = {}
        total = 0.0
        for unit in query.units:
            mass = self._mass(unit)
            total += mass
            best: dict[int, float] = {}
            for t in unit.terms:
                for doc, impact in self.index.impacts(t):
                    if impact > best.get(doc, 0.0):
                        best[doc] = impact
            for doc, impact in best.items():
                scores[doc] = scores.get(doc, 0.0) + unit.weight * impact
                covered[doc] = covered.get(doc, 0.0) + mass
        ranked = sorted(scores, key=lambda d: (-scores[d], d))
        if k is not None:
            ranked = ranked[:k]
        return [
            Ranked(d, scores[d], min(1.0, covered[d] / total) if total else 0.0) for d in ranked
        ]
