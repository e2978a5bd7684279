"""The operation a request asks for and the operations a tool performs, and whether they differ.

A tool that names the thing a request is about may still not do what the request
asks: "*forward* the email from Dana" is not "send an email", "*buy* 10 shares" is
not "get the share price", "*book* a flight" is not "search flights", "*stop* the
alarm" is not "set an alarm". And a question ("is the front door locked?", "how much
water did I drink today?") asks to be told something, which a tool that only changes
things (locks the door, logs water) does not do.

The operations are general English (``language/data/operations.toml``): classes of
verbs that name one operation ("delete", "remove", "erase"), which of them change
something, light verbs that name none by themselves ("*set* a timer", "*get* me a
cab"), and how a question opens. A request's operation is the verb it opens with
(after "can you", "pls", "I want to"); a tool's are those of its name's first word
and the verbs its description opens with ("*Lock or unlock* a smart door lock",
"*Turn* lights *on or off*"). :func:`mismatch` says when they differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_word_spans, identifier_words
from notebook_router.tools.piece import OPENERS
from notebook_router.tools.spec import ToolSpec

_TABLE = table("operations")
_CHANGE = frozenset(_TABLE["kinds"]["change"])
_LIGHT_CHANGE = frozenset(_TABLE["light"]["change"])
_LIGHT_READ = frozenset(_TABLE["light"]["read"])
_LIGHT = _LIGHT_CHANGE | _LIGHT_READ
_QUESTIONS = _TABLE["questions"]
_QUESTION_OPENERS = frozenset(_QUESTIONS["openers"])
_AUXILIARIES = frozenset(
    ["is", "are", "am", "was", "were", "do", "does", "did", "has", "have", "had"]
)
_MODALS = frozenset(_QUESTIONS["modals"])
_ASKERS = frozenset(_QUESTIONS["askers"])
_SUGGESTIONS = tuple(tuple(s.split()) for s in _QUESTIONS["suggestions"])
_GREETINGS = OPENERS - _MODALS - _ASKERS - frozenset(["want", "wanna", "need", "like", "to"])
"""Words before a question that are not part of it ("hey", "ok so", "pls")."""
_PRONOUNS = frozenset(["me", "it", "them", "us", "him", "her", "this", "that", "everything"])
_GAP = 3
"""At most this many words between a verb and its particle ("turn the kitchen lights off")."""
_COORDINATION = frozenset(["or", "and"])
_ENDING = frozenset(table("tools_operations")["ending"])
"""Operations that end or take back something: a tool that only brings something about
by a light verb ("Place a phone call") does not perform them."""


def _phrases() -> dict[tuple[str, ...], frozenset[str]]:
    classes: dict[tuple[str, ...], set[str]] = {}
    for name, words in _TABLE["classes"].items():
        for phrase in words:
            key = tuple(stem(w) for w in identifier_words(phrase))
            if key:
                classes.setdefault(key, set()).add(name)
    return {k: frozenset(v) for k, v in classes.items()}


_PHRASES = _phrases()
_LONGEST = max(len(k) for k in _PHRASES)


@dataclass(frozen=True)
class Asked:
    """What a request asks to have done."""

    verb: str = ""
    """The words that name its operation ("turn off"; "" when it names none)."""
    parts: tuple[tuple[int, int], ...] = ()
    """Where those words stand in the request (start, end): "*turn* the lights *off*"."""
    classes: frozenset[str] = frozenset()
    """The operations its verb names (none for a light verb or no verb)."""
    question: bool = False
    """It is put as a question: it asks to be told something."""


@dataclass(frozen=True)
class Performs:
    """What a tool does."""

    classes: frozenset[str]
    """The operations its name and the verbs its description opens with name."""
    changes: bool | None
    """It changes something (True), only reads or works things out (False), or its
    description does not say (None)."""


def asked(request: str) -> Asked:
    """The operation ``request`` opens with, and whether it is a question."""
    spans = identifier_word_spans(request)
    words = [w for w, _, _ in spans]
    i = 0
    while i < len(words) and words[i] in _GREETINGS:
        i += 1
    question = _is_question(words[i:])
    while i < len(words) and (words[i] in OPENERS or words[i] in _QUESTION_OPENERS):
        if question:
            break  # a question's verb comes after its subject: not read
        i += 1
    if question or i >= len(words):
        return Asked(question=question)
    found = _phrase_at(words, i, request, spans)
    if found is None:
        return Asked()
    size, last, classes = found
    if size == 1 and words[i] in _LIGHT:
        return Asked()
    places = [*range(i, i + size - 1), last]
    verb = " ".join(words[k] for k in places)
    return Asked(verb, tuple((spans[k][1], spans[k][2]) for k in places), classes)


def performs(spec: ToolSpec) -> Performs:
    """The operations of ``spec`` (see the module docstring)."""
    return _performs(spec.name, spec.description)


@lru_cache(maxsize=4096)
def _performs(name: str, description: str) -> Performs:
    classes: set[str] = set()
    light: set[str] = set()
    name_words = identifier_words(name)
    lead = _first_sentence(description)
    spans = identifier_word_spans(lead)
    words = [w for w, _, _ in spans]
    for source, places in ((name_words, [0]), (words, _leading_verbs(lead, words))):
        for i in places:
            if i >= len(source):
                continue
            if source[i] in _LIGHT:
                light.add(source[i])
            text = lead if source is words else ""
            for _, _, named in _phrases_at(source, i, text, spans if text else []):
                classes |= named
    changes: bool | None = None
    if classes:
        changes = classes <= _CHANGE and light.isdisjoint(_LIGHT_READ)
    elif light:
        changes = not light.isdisjoint(_LIGHT_CHANGE)
    return Performs(frozenset(classes), changes)


def mismatch(request: Asked, tool: Performs) -> str:
    """How the request's operation differs from the tool's: ``"operation"`` (it asks for
    an operation the tool does not perform: "forward" of a tool that sends, "book" of one
    that searches, "cancel" of one that only requests a taxi), ``"question"`` (it asks to
    be told something of a tool that only changes things), ``"reads"`` (it asks to change
    something of a tool that only reads or works things out: "buy" of a share price), or
    "" (no difference is known)."""
    if request.classes:
        if request.classes & tool.classes:
            return ""
        asks_change = not request.classes.isdisjoint(_CHANGE)
        if asks_change and tool.classes:
            return "operation"
        if tool.changes and not tool.classes and request.classes <= _ENDING:
            return "operation"  # "cancel my taxi" of a tool that requests one
        if not asks_change and tool.changes:
            return "operation"
        if asks_change and tool.changes is False:
            return "reads"
        return ""
    if request.question and tool.changes:
        return "question"
    return ""


def _is_question(words: list[str]) -> bool:
    """Whether ``words`` (greetings skipped) open as a question."""
    if not words:
        return False
    if any(tuple(words[: len(s)]) == s for s in _SUGGESTIONS):
        return False
    first = words[0]
    following = words[1] if len(words) > 1 else ""
    if first in _MODALS:
        return following not in _ASKERS
    if first in _AUXILIARIES:
        return following not in ("a", "an")
    return first in _QUESTION_OPENERS


def _phrase_at(
    words: list[str], i: int, text: str, spans: list[tuple[str, int, int]]
) -> tuple[int, int, frozenset[str]] | None:
    """The longest operation phrase opening at ``words[i]`` (see :func:`_phrases_at`)."""
    found = _phrases_at(words, i, text, spans)
    return found[0] if found else None


def _phrases_at(
    words: list[str], i: int, text: str, spans: list[tuple[str, int, int]]
) -> list[tuple[int, int, frozenset[str]]]:
    """The operation phrases opening at ``words[i]``, each as its size, the index of its
    last word and its classes: the longest phrase written together, else each phrasal
    verb whose particle follows a few words later ("turn the lights *off*", "log me
    *in*", "Turn lights *on* or *off*") where it ends a clause or a function word follows
    it, else the word alone."""
    stems = [stem(w) for w in words]
    for size in range(min(_LONGEST, len(words) - i), 1, -1):
        key = tuple(stems[i : i + size])
        if key in _PHRASES:
            return [(size, i + size - 1, _PHRASES[key])]
    found = []
    for size in range(_LONGEST, 1, -1):
        head = tuple(stems[i : i + size - 1])
        for gap in range(1, _GAP + 1):
            j = i + size - 1 + gap
            if j >= len(words):
                break
            key = (*head, stems[j])
            if key not in _PHRASES:
                continue
            between = words[i + size - 1 : j]
            if all(w in _PRONOUNS for w in between) or _ends_clause(words, j, text, spans):
                found.append((size, j, _PHRASES[key]))
    if not found and i < len(words) and (stems[i],) in _PHRASES:
        found.append((1, i, _PHRASES[(stems[i],)]))
    return found


def _ends_clause(words: list[str], j: int, text: str, spans: list[tuple[str, int, int]]) -> bool:
    """The particle at ``words[j]`` ends the clause: nothing, punctuation or a function
    word follows it."""
    if j + 1 >= len(words):
        return True
    if text and spans and re.search(r"[,.;:!?]", text[spans[j][2] : spans[j + 1][1]]):
        return True
    return words[j + 1] in STOPWORDS


def _first_sentence(description: str) -> str:
    return re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0]


def _leading_verbs(text: str, words: list[str]) -> list[int]:
    """Where the verbs a description opens with stand: its first word and those joined to
    it by "or", "and" or brackets ("Lock or unlock", "Cancel (delete)", "Find and correct")."""
    places = [0]
    for k in range(1, min(len(words), 4)):
        if words[k - 1] in _COORDINATION and k - 1 <= 2:
            places.append(k)
    inside = re.match(r"\s*\S+\s*\(([^)]*)\)", text)
    if inside is not None:
        first = identifier_words(inside.group(1))[:1]
        if first and first[0] in words:
            places.append(words.index(first[0]))
    return places
