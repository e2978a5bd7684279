"""Where a request points at something the notebook showed, and what it asks about it.

:func:`mentions` finds, with their spans, the phrases that point at an output:

* explicit ones: ``Out[2]``, ``In[3]``, ``@cell:abc``;
* a kind of output named as a pointer: "the audio clip above", "that plot", "the
  recording", "the second chart", "the last output" (a determiner, an ordinal or
  "above" makes the noun a pointer: "a chart" is a new one). A noun tied to the
  explicit reference after it ("the audio in Out[2]") is *pinned*: it says what
  ``Out[2]`` is and points at nothing else;
* the pronoun "it" ("is there silence in it?"), unless it is the dummy "it" of "is it
  possible" or "it seems", or a clause's own ("if it fails"). A pronoun after words
  it may stand for ("load the sales table and plot it") has an *antecedent* in the
  request and points at no output of its own.

:func:`kinds_asked` says which kinds of media the request asks about by their
properties ("how long", "silence" are audio's; "trend", "axis" a chart's), outside
its pointing phrases ("the second chart" asks nothing about seconds), and
:func:`asks_about` whether it names or asks about a medium a reader reads. The words
are ``data/references.toml``'s.

>>> [(m.phrase, sorted(m.kinds)) for m in mentions("how long is the audio clip above?")]
[('the audio clip above', ['audio'])]
>>> sorted(kinds_asked("what is the duration of Out[2]?"))
['audio', 'video']
>>> [(m.phrase, m.pronoun, m.antecedent) for m in mentions("is there silence in it?")]
[('it', True, False)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from notebook_router.language.clauses import TONE, VERBS
from notebook_router.language.lexicon import is_filler, term, terms
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

ANY = "any"
"""The kind of "the last output", "the result above": any output at all."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A phrase of a request that points at something the notebook showed."""

    phrase: str
    start: int
    end: int
    kinds: frozenset[str] = frozenset()
    """The kinds of output the phrase names (``audio``, ``image``, ``video``, ``document``,
    ``table``, ``any``; "clip" names audio or video); empty for explicit references and
    pronouns."""
    position: int | None = None
    """Which of the matching outputs: 0 the oldest, -1 the newest; None (no ordinal) the
    most recent one."""
    explicit: str | None = None
    """``Out``, ``In`` or ``cell`` for ``Out[2]``, ``In[3]``, ``@cell:abc``."""
    target: str = ""
    """The number or cell id of an explicit reference."""
    pinned: bool = False
    """A kind phrase tied to the explicit reference right after it ("the audio in Out[2]")."""
    pronoun: bool = False
    antecedent: bool = False
    """A pronoun after words of the request it may stand for (it then points at no output)."""
    strong: bool = False
    """A pointer beyond doubt: an ordinal or "above" ("the chart above", "the last output"),
    where a plain determiner ("the report") may name something new."""


@dataclass(frozen=True, slots=True)
class _Kind:
    media: tuple[str, ...]
    nouns: tuple[str, ...]
    aspects: dict[str, tuple[tuple[str, ...], ...]]
    """Each aspect's words as terms ("sample rate" → ("sampl", "rate"))."""

    @property
    def properties(self) -> tuple[tuple[str, ...], ...]:
        return tuple(p for words in self.aspects.values() for p in words)


@cache
def _kinds() -> dict[str, _Kind]:
    kinds: dict[str, Any] = table("references")["kinds"]
    return {
        name: _Kind(
            media=tuple(entry["media"]),
            nouns=tuple(entry["nouns"]),
            aspects={
                aspect: tuple(t for p in said if (t := tuple(terms(p))))
                for aspect, said in entry["properties"].items()
            },
        )
        for name, entry in kinds.items()
    }


def kinds() -> tuple[str, ...]:
    """Every kind of output the tables know, in their order."""
    return tuple(_kinds())


def media_of(kind: str) -> tuple[str, ...]:
    """The media types (prefixes end in "/") the readers of ``kind`` take; () for none."""
    found = _kinds().get(kind)
    return () if found is None else found.media


def kind_of(mime: str) -> str | None:
    """The kind of output a media type is ("audio/wav" → audio); None when no reader's."""
    for name, kind in _kinds().items():
        if any(_covers(m, mime) for m in kind.media):
            return name
    return None


def read_kinds(reads: tuple[str, ...]) -> frozenset[str]:
    """The kinds of the media types ``reads`` (whole types or prefixes such as ``audio/``,
    as ``BaseAgent.reads`` gives them): ("audio/wav",) → audio."""
    return frozenset(
        name
        for name, kind in _kinds().items()
        if any(_covers(r, m) or _covers(m, r) for r in reads for m in kind.media)
    )


def _covers(pattern: str, mime: str) -> bool:
    return mime == pattern or (pattern.endswith("/") and mime.startswith(pattern))


def position(word: str) -> int | None:
    """The place an ordinal names among outputs ("second" → 1, "last" → -1); None for
    any other word."""
    found: int | None = table("references")["positions"].get(" ".join(word.lower().split()))
    return found


def kinds_called(noun: str) -> frozenset[str]:
    """The kinds a noun names ("figure" → image; "clip" → audio, video)."""
    word = " ".join(noun.lower().split())
    singular = {word, word[:-1] if word.endswith("s") else word}
    return frozenset(name for name, kind in _kinds().items() if singular & set(kind.nouns))


# ---------------------------------------------------------------------- patterns


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    ref = table("references")["reference"]
    nouns = alternation(n for k in _kinds().values() for n in k.nouns)
    positions = alternation(table("references")["positions"])
    determiners = alternation(ref["determiners"])
    modifiers = alternation(ref["modifiers"])
    after = alternation(ref["after"])
    noun = rf"(?P<noun>{nouns})(?:e?s)?"
    phrase = (
        rf"(?<![\w-])(?:(?P<det>{determiners})\s+)?(?:(?P<ord>{positions})\s+)?"
        rf"(?:(?:{modifiers})\s+)*{noun}(?:\s+(?P<after>{after}))?(?![\w-])"
    )
    explicit = (
        r"\bOut\s*\[\s*(?P<out>\d+)\s*\]|\bIn\s*\[\s*(?P<inn>\d+)\s*\]|@cell:(?P<cell>[\w\-]+)"
    )
    pinning = alternation(ref["pinning"])
    pronoun = table("references")["pronoun"]
    dummy = alternation(pronoun["dummy_before"])
    linking = alternation(pronoun["linking"])
    return {
        "phrase": re.compile(phrase, re.IGNORECASE),
        "explicit": re.compile(explicit),
        "pinned": re.compile(rf"\s*(?:\(\s*|(?:{pinning})\s+)(?:{explicit})", re.IGNORECASE),
        "pronoun": re.compile(rf"\b(?:{alternation(pronoun['words'])})\b", re.IGNORECASE),
        "dummy": re.compile(rf"\s+(?:(?:{linking})\s+)?(?:{dummy})\b", re.IGNORECASE),
    }


@cache
def _not_after() -> frozenset[str]:
    return frozenset(table("references")["pronoun"]["not_after"])


# ---------------------------------------------------------------------- mentions


def mentions(text: str) -> list[Mention]:
    """Every phrase of ``text`` that points at an output, in text order (spans never overlap)."""
    found = _explicit(text) + _kind_phrases(text)
    taken = [(m.start, m.end) for m in found]
    found += _pronouns(text, found, taken)
    return sorted(found, key=lambda m: m.start)


def _explicit(text: str) -> list[Mention]:
    refs = []
    for m in _patterns()["explicit"].finditer(text):
        kind, target = next((k, v) for k, v in m.groupdict().items() if v is not None)
        name = {"out": "Out", "inn": "In", "cell": "cell"}[kind]
        refs.append(Mention(m.group(0), m.start(), m.end(), explicit=name, target=target))
    return refs


def _kind_phrases(text: str) -> list[Mention]:
    refs = []
    for m in _patterns()["phrase"].finditer(text):
        det, ordinal, after = m.group("det"), m.group("ord"), m.group("after")
        kinds = kinds_called(m.group("noun"))
        if not (det or ordinal or after) or not kinds:
            continue  # "a chart", "plot revenue": a new thing, not one shown
        strong = bool(ordinal or after)
        if ANY in kinds and not strong:
            continue  # "the result of 2 + 2" is no output; "the result above" is
        refs.append(
            Mention(
                m.group(0),
                m.start(),
                m.end(),
                kinds=kinds,
                position=None if ordinal is None else position(ordinal),
                pinned=_patterns()["pinned"].match(text, m.end()) is not None,
                strong=strong,
            )
        )
    return refs


def _pronouns(text: str, found: list[Mention], taken: list[tuple[int, int]]) -> list[Mention]:
    refs: list[Mention] = []
    for m in _patterns()["pronoun"].finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        before = text[: m.start()]
        last = identifier_words(before)[-1:]
        if last and last[0] in _not_after():
            continue  # "if it fails": a clause of its own
        if _patterns()["dummy"].match(text, m.end()):
            continue  # "it seems", "is it possible", "it would be better"
        earlier = [r for r in (*found, *refs) if r.end <= m.start()]
        antecedent = bool(earlier) or _stands_for(before)
        refs.append(Mention(m.group(0), m.start(), m.end(), pronoun=True, antecedent=antecedent))
    return refs


def _stands_for(before: str) -> bool:
    """Whether the words before a pronoun name something it may stand for: a content
    word that is no property word, no verb of work ("describe") or tone ("please"), and
    not the word governing the pronoun ("plot" in "plot it")."""
    said = _said(before, [])
    spans = word_spans(before)
    if said and spans and said[-1][1] == spans[-1][1]:
        said = said[:-1]  # the word right before governs the pronoun ("plot it")
    covered = _property_words(said, _kinds().values())
    return any(
        i not in covered and not is_filler(word) and found not in VERBS and found not in TONE
        for i, (word, _, found) in enumerate(said)
    )


# ---------------------------------------------------------------------- properties


def kinds_asked(text: str, found: list[Mention] | None = None) -> frozenset[str]:
    """The kinds of media whose properties ``text`` asks about ("how long", "silence":
    audio; "trend", "axis": image), its pointing phrases left out ("the second chart"
    asks nothing about seconds)."""
    said = _said(text, mentions(text) if found is None else found)
    return frozenset(name for name, kind in _kinds().items() if _property_words(said, [kind]))


def aspects_asked(text: str, kind: str) -> frozenset[str]:
    """The aspects of a ``kind`` of media ``text`` asks about ("what is the trend in it?"
    → {"trend"} for an image; "how long is it, and is it quiet?" → {"duration",
    "silence"} for audio), its pointing phrases left out."""
    found = _kinds().get(kind)
    if found is None:
        return frozenset()
    said = _said(text, mentions(text))
    return frozenset(
        aspect
        for aspect, words in found.aspects.items()
        if _property_words(said, [_Kind((), (), {aspect: words})])
    )


def asks_about(text: str, reads: tuple[str, ...]) -> int | None:
    """Where ``text`` first points at, or asks about a property of, a medium of the types
    ``reads`` (see :func:`read_kinds`), as an index into ``terms(text)``; None when it
    does neither.

    A pointing phrase counts by its noun ("the recording above" is audio's or video's),
    a property by its words ("how long" is audio's), wherever the text says them.
    """
    wanted = read_kinds(reads)
    if not wanted:
        return None
    found = mentions(text)
    offsets = [m.start for m in found if m.kinds & wanted]
    said = _said(text, found)
    covered = _property_words(said, [_kinds()[name] for name in wanted])
    offsets += [said[i][1] for i in covered]
    return min(len(terms(text[:offset])) for offset in offsets) if offsets else None


def points_at(text: str, pointed: list[tuple[str, str]]) -> int | None:
    """Where ``text`` first says one of the phrases (or names one of the sources) that
    pointed at the run's media, ``pointed`` as (phrase, source) pairs ("it", "Out[2]"), as
    an index into ``terms(text)``; None when it says none. A pronoun counts only as a
    pointer ("describe it", not "is it possible" or "plot the table and save it")."""
    offsets = []
    for m in mentions(text):
        if m.pronoun and m.antecedent:
            continue
        said = " ".join(m.phrase.lower().split())
        if any(said == " ".join(p.lower().split()) or m.phrase == s for p, s in pointed):
            offsets.append(m.start)
    for _, source in pointed:
        at = text.find(source) if source else -1
        if at >= 0:
            offsets.append(at)
    return min(len(terms(text[:offset])) for offset in offsets) if offsets else None


def _said(text: str, found: list[Mention]) -> list[tuple[str, int, str]]:
    """The words of ``text`` outside its pointing phrases and stopwords: (word, where, term)."""
    blanked = [(m.start, m.end) for m in found if m.kinds]
    return [
        (word, start, term(word))
        for word, start, _ in word_spans(text)
        if not any(a <= start < b for a, b in blanked) and terms(word)
    ]


def _property_words(said: list[tuple[str, int, str]], kinds: Any) -> set[int]:
    """The indices of ``said`` that are a property word (or part of a property phrase)."""
    sequence = [t for _, _, t in said]
    covered: set[int] = set()
    for kind in kinds:
        for prop in kind.properties:
            for i in range(len(sequence) - len(prop) + 1):
                if tuple(sequence[i : i + len(prop)]) == prop:
                    covered.update(range(i, i + len(prop)))
    return covered
