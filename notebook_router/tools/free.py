"""Which left-over pieces of a request a tool's empty parameters may take (for :mod:`.absorb`).

The extraction (:mod:`.extract`) fills a tool's inputs from the values a request
gives. What it leaves, a parameter still empty may take: a run of left-over
pieces with only function words between them. Each parameter takes one run:

- a value goes to a parameter that takes its kind (a path to a path, an email to
  the recipients);
- a text parameter (a query, a message, a topic, a dish) takes any words, and a
  word for something tools do only after a content cue ("remind me *to* pay
  rent", "notes *about* the budget") or as the modifier of a plain noun ("the
  *team* lunch"), never as the object itself ("send a *text message*");
- a parameter for a place or an identifier takes names, not everyday words
  ("weather in *berlin*", not "in my *car*"), a place also "to the *airport*", and a
  number only with the words of an address ("*22 baker street*"), not a list of
  numbers ("the mode of *1 2 2 3*");
- a parameter for a room takes a room, even as what the verb acts on ("vacuum the
  *bedroom*"), and nothing else ("turn on the *coffee machine*");
- a list of numbers takes a short run after a preposition: the data it names
  ("correlation between *price* and *demand*");
- the request's verb goes to no parameter ("*sell* my bitcoin"), nor what it acts
  on, unless a person parameter takes a person ("ring the *dentist*") or a text
  parameter a text ("summarise the *report*").
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.language.lexicon import is_filler, term_set
from notebook_router.language.tables import table
from notebook_router.tools.extract import Extraction
from notebook_router.tools.piece import (
    CLOSED_PARAMETERS,
    CONTENT_CUES,
    TEXT_NOUNS,
    Piece,
    takes_person,
)
from notebook_router.tools.slots import Slot, slots_of
from notebook_router.tools.spec import ToolSpec

ENTITY_RUN = 3
"""A parameter that takes a name (a city, a ticker) takes a run of at most this many words."""
_NAMES = frozenset(["name", "code", "quoted"])
TAKES: dict[str, frozenset[str]] = {
    "text": frozenset(["name", "code", "quoted", "content", "email", "url", "path", "number"]),
    "other": _NAMES,
    "place": frozenset(["name", "code", "quoted", "number"]),
    "language": frozenset(["name", "code"]),
    "code": frozenset(["name", "code"]),
    "currency": frozenset(["code"]),
    "numeral": frozenset(["code", "number"]),
    "url": frozenset(["url", "path"]),
    "path": frozenset(["path", "quoted"]),
    "paths": frozenset(["path", "quoted"]),
    "glob": frozenset(["path", "quoted"]),
    "email": frozenset(["email"]),
    "number": frozenset(["number"]),
    "numbers": frozenset(["number"]),
}
"""Which kinds of value an empty parameter of each kind takes."""
WORD_KINDS = frozenset(["text", "other", "place", "language", "code", "numeral"])
"""Parameter kinds that take words, not only values."""
_PATH_WORDS = frozenset(["path", "file", "folder", "directory"])
_FOLDER_NOUNS = frozenset(["folder", "directory", "dir", "drive"])
_CUES = table("parameters")["cues"]
_SPLITTERS = frozenset(_CUES["target"] + _CUES["source"])
"""Words that end a run: what follows them fills another parameter ("boston *to* miami")."""
_TIME_WORDS = term_set(table("accounting")["time_parameters"])
PERSON_NOUNS = frozenset(table("accounting")["person_nouns"])
"""Everyday words for whom someone calls or writes to (``accounting.toml``)."""
_ROOMS_TABLE = table("tools_rooms")
_ROOM_PARAMETERS = term_set(_ROOMS_TABLE["parameters"])
_ROOMS = frozenset(_ROOMS_TABLE["rooms"])
"""The rooms and parts of a home, which a parameter named for a room takes."""
_SERIES_CUES = frozenset(["of", "for", "between", "in", "on", "across", "vs", "versus", "and"])
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_SENTENCE_END = re.compile(r"[!?;]")


def fill_free(
    request: str, pieces: list[Piece], spec: ToolSpec, extraction: Extraction
) -> list[Piece]:
    """``pieces`` with runs of left-over ones taken by the tool's empty parameters."""
    out = list(pieces)
    runs = [run for run in _runs(request, out) if not any(out[i].verb for i in run)]
    required = set(spec.required)
    empty = [s for s in slots_of(spec.properties) if s.name not in extraction.inputs]
    for slot in sorted(empty, key=lambda s: s.name not in required):
        fitting = [r for r in runs if _suits(slot, [out[i] for i in r], request, out)]
        if not fitting:
            # what follows a phrase for something tools do ("tell me about *canada*")
            fitting = [
                r[k:]
                for r in runs
                if (k := _lexical_prefix(r, out))
                and k < len(r)
                and _suits(slot, [out[i] for i in r[k:]], request, out)
            ]
        if not fitting:
            continue
        run = max(fitting, key=lambda r: _preference(request, [out[i] for i in r]))
        runs = [r for r in runs if not set(r) & set(run)]
        for i in run:
            out[i] = replace(out[i], role="free", by=slot.name)
    return out


def _runs(request: str, pieces: list[Piece]) -> list[list[int]]:
    """Left-over pieces grouped where only function words stand between (not a cue such
    as "to" or "from"); what to say (after "that", "saying", a colon) is a run of its own."""
    runs: list[list[int]] = []
    previous: Piece | None = None
    for i, p in enumerate(pieces):
        if p.role != "left":
            previous = None
            continue
        joined = (
            previous is not None
            and "content" not in (p.value, previous.value)
            and _joins(request[previous.end : p.start])
        )
        if joined:
            runs[-1].append(i)
        else:
            runs.append([i])
        previous = p
    return runs


def _lexical_prefix(run: list[int], pieces: list[Piece]) -> int:
    """How many pieces at the start of ``run`` the lexicon knows as something tools do."""
    k = 0
    while k < len(run) and pieces[run[k]].lexical:
        k += 1
    return k


def _joins(gap: str) -> bool:
    if _SENTENCE_END.search(gap):
        return False  # "lights, camera, action! make me a trailer": one value ends there
    words = [w.lower() for w in _WORD.findall(gap)]
    return all(is_filler(w) and w not in _SPLITTERS for w in words)


def _suits(slot: Slot, run: list[Piece], request: str, pieces: list[Piece]) -> bool:
    """Whether ``slot`` may take ``run`` (see the module docstring)."""
    values = {p.value for p in run} - {""}
    if values and not values <= takes(slot):
        return False
    words = [p for p in run if not p.value]
    if slot.kind == "place" and len(run) > 1 and values == {"number"} and not words:
        return False  # a list of numbers is data, not a place ("the mode of 1 2 2 3")
    if not words:
        return True
    if slot.kind in ("path", "paths") and _names_folder(request, run):
        return True
    if slot.kind == "numbers":
        # a series named by its data ("correlation between *price* and *demand*")
        return len(words) <= ENTITY_RUN and _after_preposition(request, run[0].start)
    if slot.kind not in WORD_KINDS or (slot.kind != "place" and _says_time(slot)):
        return False  # a number, a date, a path: not words
    if not slot.words.isdisjoint(CLOSED_PARAMETERS):
        return False  # a unit or a format the tool does not name is not one of its own
    if not slot.words.isdisjoint(_ROOM_PARAMETERS):
        # a room, even what the verb acts on ("vacuum the *bedroom*", "the *kids room*"),
        # not a thing in it ("turn on the *coffee machine*")
        return len(run) <= ENTITY_RUN and (
            any(p.name_like for p in run) or _is_room(words[-1].text)
        )
    for p in words:
        person = not p.thing and takes_person(slot)
        text = slot.kind == "text" and p.text in TEXT_NOUNS  # "summarise *the report*"
        if p.object and not p.name_like and not person and not text:
            return False  # what the verb acts on is what the tool must act on
    if any(p.lexical for p in words):
        return slot.kind == "text" and (
            not run[-1].lexical or _after_cue(request, run[0].start, pieces)
        )
    if takes_person(slot) and not any(p.name_like for p in words):
        return any(p.text.lower() in PERSON_NOUNS for p in words)  # "my *sister*", not "*video*"
    if slot.kind == "text":
        return True
    if len(run) > ENTITY_RUN:
        return False
    if any(p.name_like for p in run):
        return True
    return slot.kind == "place" and _after_the(request, run[0].start)


def _is_room(text: str) -> bool:
    word = text.lower()
    return word in _ROOMS or (word.endswith("s") and word[:-1] in _ROOMS)


def _says_time(slot: Slot) -> bool:
    """The parameter takes a time by its name or description ("due", "start time"); a
    place's "Start." or "End." is where a journey starts or ends."""
    return not _TIME_WORDS.isdisjoint(slot.context)


def _names_folder(request: str, run: list[Piece]) -> bool:
    """A word or two right before "folder" or "directory" name one ("the *logs* folder")."""
    following = _WORD.search(request, run[-1].end)
    return (
        len(run) <= 2
        and following is not None
        and following.group().lower() in _FOLDER_NOUNS
        and not request[run[-1].end : following.start()].strip()
    )


def takes(slot: Slot) -> frozenset[str]:
    """The kinds of value ``slot`` takes (its kind's, and a path where it says so)."""
    kinds = TAKES.get(slot.kind, frozenset())
    if "email" in slot.context or "recipient" in slot.context:
        kinds |= {"email"}
    if slot.context & _PATH_WORDS:
        kinds |= {"path", "quoted"}
    return kinds


def _preference(request: str, run: list[Piece]) -> tuple[bool, bool, bool, int]:
    """Which run a parameter takes first: one with a name or text, then words, then one
    after a preposition, then the longer."""
    before = request[: run[0].start].split()
    after_preposition = bool(before) and before[-1].lower() in _SPLITTERS | CONTENT_CUES
    named = any(p.value in ("name", "quoted", "content") for p in run)
    worded = any(not p.value for p in run)
    return (named, worded, after_preposition, len(run))


def _after_preposition(request: str, start: int) -> bool:
    before = _WORD.findall(request[:start])
    return bool(before) and before[-1].lower() in _SERIES_CUES


def _after_cue(request: str, start: int, pieces: list[Piece]) -> bool:
    """A content cue stands between the tool's last purpose word and ``start``: what
    follows it is what to say ("remind me *to* take the bins out", "notes *about* tax")."""
    purpose = [p.end for p in pieces if p.role == "purpose" and p.end <= start]
    since = max(purpose, default=0)
    return any(w.lower() in CONTENT_CUES for w in _WORD.findall(request[since:start]))


def _after_the(request: str, start: int) -> bool:
    """ "to the *airport*", "from the *office*": a place named by an everyday word."""
    before = [w.lower() for w in _WORD.findall(request[:start])[-2:]]
    return len(before) == 2 and before[1] == "the" and before[0] in ("to", "from", "at", "near")
