"""A request accounted for word by word against one tool: what the tool absorbs, what is left.

A tool fits a request when everything the request says is something the tool
can take. Function words and conversational filler aside, each word, phrase or
value of the request is a *piece*, absorbed

- by the tool's **purpose**: its name, description, parameter names or enum
  options say it (stems and the lexicon's concepts: "gratuity" is a ``tip``);
- by an **input**: it is (part of) a value the extraction put into one of the
  tool's parameters (a date, a number, a name, a quoted text, an enum option),
  or it goes with one ("+44 7700 *900123*", "96 *dollars*", "report*.pdf*");
- by a **free input**: a run of pieces nobody else absorbed fills a parameter
  still empty ("remind me to *take the bins out*" → ``text``; "weather in
  *berlin*" → ``city``), as :mod:`.free` allows;
- as **asking** (how the request is put: "pls", "is it *going* to", "*check*")
  or **when** (a time the tool has no parameter for: "*today*");
- with word vectors, by **meaning**: a plain word near one of the tool's own
  words ("automobile" for a car wash) counts as its purpose;

or it is **left over**. A request with pieces left over asks for something the
tool does not do ("*sell* my bitcoin" of a price look-up, "send a *text
message*" of an email tool). :mod:`.fit` weighs what is left with the other
evidence; :func:`account` is the whole mechanism, and
:meth:`Accounting.describe` shows it ("send [fax] insurance→body").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise

from notebook_router.language.lexicon import is_common_word
from notebook_router.language.numbers import NUMBER_WORDS
from notebook_router.language.relevance import Query, Unit
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.tools.extract import Extraction
from notebook_router.tools.free import fill_free
from notebook_router.tools.kinds import differs as kinds_differ
from notebook_router.tools.kinds import request_kinds, tool_kinds
from notebook_router.tools.measures import parameter_measures, tool_measures, unit_measures
from notebook_router.tools.operation import Asked, Performs, asked, mismatch, performs
from notebook_router.tools.piece import (
    ASKING,
    CLOSED_PARAMETERS,
    DETERMINERS,
    OPENERS,
    Piece,
    Role,
    is_asking,
    is_time,
    takes_person,
    time_parameter,
    tool_words,
    words_of,
)
from notebook_router.tools.service import differs, request_channels, tool_channels
from notebook_router.tools.slots import slots_of
from notebook_router.tools.spec import ToolSpec

Meaning = Callable[[str, ToolSpec], bool]
"""Whether a word means what one of the tool's own words means (word vectors)."""
_CODE = re.compile(r"^(?=.*\d)(?=.*[a-z])[a-z0-9]+$")
"""A word of letters and digits ("ba117", "v15", "z999"): an identifier, a value."""
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_TIMELIKE = frozenset(["date", "time"])
_JOINERS = re.compile(r"^[\s()+\-./*x×^=,]*$")
"""What may stand between the parts of one value ("+44 7700 900123", "17 * 23 + 4")."""
_PRONOUNS = frozenset(["me", "us", "him", "her", "them"])
_NAMING = frozenset(["this", "that", "my", "the", "following", "below"])
_OPENING_VERBS = frozenset(table("tools_operations")["opening_verbs"])
"""Everyday verbs that are a request's action when it opens with them ("*bet* 20 on ...")."""
_DEGREES = frozenset(table("tools_degrees")["degrees"])
"""Words of degree ("*high*", "*cheapest*"): how much is asked about, absorbed like asking."""
_SETTING_VERBS = frozenset(table("tools_operations")["setting_verbs"])
_OWN_PAST = table("tools_operations")
"""Verbs of setting a value: a setting tool's action, any other tool's left-over verb."""
"""Words before a noun that names the text the request gives ("summarize *this article*: ...")."""


@dataclass(frozen=True)
class Accounting:
    """Every content piece of a request, in order, with what absorbs it."""

    pieces: tuple[Piece, ...]
    mismatch: str = ""
    """How what is asked differs from what the tool does: ``"operation"``, ``"question"``
    or ``"reads"`` (:func:`.operation.mismatch`), ``"channel"`` (it names a channel the
    tool does not work through, :mod:`.service`), ``"kind"`` (it names a kind of a thing
    of which the tool names others: a pie chart of a line chart tool, :mod:`.kinds`), or
    "" (no difference known)."""
    verb: str = ""
    """The words that name the operation asked ("forward"), "" when none does."""

    @property
    def left(self) -> list[Piece]:
        """The pieces the tool cannot absorb."""
        return [p for p in self.pieces if p.role == "left"]

    @property
    def left_share(self) -> float:
        """Share of the request's content pieces (asking and time words aside) left over."""
        content = [p for p in self.pieces if p.role not in ("asking", "when")]
        return len(self.left) / len(content) if content else 0.0

    @property
    def absorbed(self) -> bool:
        """Nothing is left over."""
        return not self.left

    def describe(self) -> str:
        """The accounting as text: ``weather Oslo→city [massage]`` (brackets: left over;
        parentheses: asking or time words no input takes)."""
        out = []
        for p in self.pieces:
            if p.role == "left":
                out.append(f"[{p.text}]")
            elif p.role in ("input", "free"):
                out.append(f"{p.text}→{p.by}")
            elif p.role in ("asking", "when"):
                out.append(f"({p.text})")
            else:
                out.append(p.text)
        return " ".join(out)


def account(
    request: str,
    spec: ToolSpec,
    query: Query,
    purpose: Collection[str],
    extraction: Extraction,
    *,
    meaning: Meaning | None = None,
) -> Accounting:
    """Account for each content piece of ``request`` against ``spec`` (see the module docstring).

    ``query``: the request as read by the catalogue's relevance (its units with
    positions, and what it masked as given); ``purpose``: the terms of the tool's
    document (name, description, parameters, with the lexicon's concepts);
    ``extraction``: the inputs filled from the request.
    """
    pieces = _pieces(request, query, purpose, spec, extraction.taken)
    slots = slots_of(spec.properties)
    recipient = any(takes_person(s) for s in slots)
    pieces = _mark_verb(request, pieces, recipient=recipient, sets=_sets(spec))
    operation = asked(request)
    tool = performs(spec)
    pieces = _mark_operation(pieces, operation, shared=bool(operation.classes & tool.classes))
    pieces = _asking_and_time(request, pieces, time_parameter(spec))
    counts = not any(s.words & CLOSED_PARAMETERS for s in slots)
    measures = parameter_measures(spec)
    pieces = _attach(request, pieces, counts=counts, measures=measures)
    pieces = fill_free(request, pieces, spec, extraction)
    pieces = _attach(request, pieces, counts=counts, measures=measures)
    pieces = _naming_the_text(request, pieces)
    if meaning is not None:
        pieces = [
            replace(p, role="purpose")
            if p.role == "left" and _plain_word(p) and meaning(p.text, spec)
            else p
            for p in pieces
        ]
    differ = mismatch(operation, tool)
    if differ == "reads" and set(operation.verb.split()) & tool_words(spec):
        differ = ""  # a word the tool is written with: "*share* price of MSFT" is a noun
    if not differ:
        said = [(a, b) for a, b, kind in query.given if kind in ("content", "quoted")]
        if differs(request_channels(request, said), tool_channels(spec)):
            differ = "channel"
        elif kinds_differ(request_kinds(request, said), tool_kinds(spec)):
            differ = "kind"
    if not differ and _unit_of_another_measure(request, pieces, spec):
        differ = "unit"
    if not differ and _only_when(pieces, spec):
        differ = "when"
    if not differ and _asks_own_past(request) and not _keeps_records(tool, spec):
        differ = "record"
    return Accounting(tuple(pieces), differ, operation.verb)


def _asks_own_past(request: str) -> bool:
    """The request asks what the user did or has done ("how many steps *did I* walk")."""
    words = [w.group().lower() for w in _WORD.finditer(request)]
    return any(
        a in _OWN_PAST["own_past_auxiliaries"] and b in _OWN_PAST["own_past_subjects"]
        for a, b in pairwise(words)
    )


def _keeps_records(tool: Performs, spec: ToolSpec) -> bool:
    """The tool can answer for the user's own past: it lists, searches or works something
    out, or it is written for the user's own things."""
    if tool.classes & frozenset(_OWN_PAST["own_past_operations"]):
        return True
    return not tool_words(spec).isdisjoint(_OWN_PAST["own_past_users"])


def _unit_of_another_measure(request: str, pieces: list[Piece], spec: ToolSpec) -> bool:
    """A number the tool takes is given in a unit of a measure the tool does not work in:
    "convert 5 *acres*" of a length converter (an area), where the tool measures
    something (:mod:`.measures`); a tool that measures nothing is not judged by units."""
    measured = tool_measures(spec)
    if not measured:
        return False
    for p, unit in pairwise(pieces):
        if p.role != "input" or p.value != "number" or unit.role != "left" or unit.value:
            continue
        if request[p.end : unit.start].strip():
            continue
        found = unit_measures(unit.text)
        if found and found.isdisjoint(measured):
            return True
    return False


def _only_when(pieces: list[Piece], spec: ToolSpec) -> bool:
    """The request says nothing but when ("how are you *today*?"): each of its pieces is
    a word of asking or of time, none of them the tool's name ("what *day* is it today"
    of ``day_of_week`` asks for the day)."""
    if not pieces:
        return False
    named = set(words_of(spec.name)) | {stem(w) for w in words_of(spec.name)}
    for p in pieces:
        if p.role == "asking":
            continue
        words = words_of(p.text)
        if not words or not all(is_time(w) for w in words) or p.value not in ("", *_TIMELIKE):
            return False
        if any(w in named or stem(w) in named for w in words):
            return False
    return True


def _pieces(
    request: str,
    query: Query,
    purpose: Collection[str],
    spec: ToolSpec,
    taken: Mapping[str, tuple[int, int]],
) -> list[Piece]:
    """The request's values (what the relevance masked as given) and its content units."""
    pieces: list[Piece] = []
    given = query.given
    for start, end, kind in given:
        text = request[start:end].strip()
        inside = any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in given)
        if text and not inside:
            by = _taker(start, end, taken)
            if kind == "name" and all(is_time(w) for w in words_of(text)):
                kind = "date"  # "June", "Friday": a time, written as a name
            pieces.append(Piece(text, start, end, "input" if by else "left", by, value=kind))
    for unit in query.units:
        piece = _unit_piece(unit, purpose, spec, taken)
        path = next((p for p in pieces if p.value == "path" and p.end + 1 == piece.start), None)
        if path is not None and piece.role == "left" and request[path.end] == ".":
            # a file's extension is part of its name ("report.pdf", "github.com")
            pieces[pieces.index(path)] = replace(
                path, text=request[path.start : piece.end], end=piece.end
            )
            continue
        pieces.append(piece)
    return sorted(pieces, key=lambda p: (p.start, p.end))


def _unit_piece(
    unit: Unit,
    purpose: Collection[str],
    spec: ToolSpec,
    taken: Mapping[str, tuple[int, int]],
) -> Piece:
    """A content unit: the tool's purpose says it (its terms and concepts, or its words as
    the tool writes them), an input took it, or it is left for now."""
    words = tool_words(spec)
    said = [w for w in words_of(unit.text) if w not in ASKING]
    written = bool(said) and all(w in words or stem(w) in words for w in said)
    if not unit.terms.isdisjoint(purpose) or written:
        return Piece(unit.text, unit.start, unit.end, "purpose", lexical=unit.lexical)
    by = _taker(unit.start, unit.end, taken) if unit.start >= 0 else ""
    value = ""
    if _CODE.match(unit.text) or unit.text in NUMBER_WORDS:
        value = "code" if _CODE.match(unit.text) else "number"
    return Piece(
        unit.text, unit.start, unit.end, "input" if by else "left", by, unit.lexical, value
    )


def _taker(start: int, end: int, taken: Mapping[str, tuple[int, int]]) -> str:
    """The parameter whose value overlaps ``start:end``, or ""."""
    for name, (s, e) in taken.items():
        if s < end and start < e:
            return name
    return ""


def _sets(spec: ToolSpec) -> bool:
    """The tool sets a value: its name or its description opens with "set"."""
    name = words_of(spec.name)[:1]
    described = words_of(spec.description)[:1]
    return "set" in (*name, *described)


def _mark_verb(
    request: str, pieces: list[Piece], *, recipient: bool, sets: bool = False
) -> list[Piece]:
    """Mark the request's verb and the head of its object.

    The first word of a request (after "can you", "pls") is its verb when a noun phrase
    follows it ("*sell* my bitcoin", "*feed* the cat"): only the tool's purpose absorbs
    a verb. What the verb acts on, the noun phrase after its determiner ("send a *fax*",
    "copy my *homework*"), is what the tool must act on: an everyday word there is not
    a value for one of its inputs, unless the input is a person ("ring the *dentist*").
    For a tool with a recipient, what comes between the verb and "to" is the thing sent
    even without a determiner ("send *flowers* to my mom").
    """
    words = list(_WORD.finditer(request))
    i = 0
    while i < len(words) and words[i].group().lower() in OPENERS:
        i += 1
    if i >= len(words):
        return pieces
    verb = words[i]
    opening = verb.group().lower()
    if opening in _OPENING_VERBS or opening in _SETTING_VERBS:
        # an everyday verb opening the request is its action whatever follows it: no
        # input takes it ("*bet* 20 on arsenal", "*change* Maria's number"); a verb of
        # setting is the action of a tool that sets ("*change* the volume to 30")
        setting = opening in _SETTING_VERBS and sets
        role: Role = "purpose" if setting else "left"
        pieces = [
            replace(p, role=role, by="", verb=not setting)
            if p.start == verb.start() and p.role in ("left", "input") and not p.value
            else p
            for p in pieces
        ]
    j = i + 1
    while j < len(words) and words[j].group().lower() in _PRONOUNS:
        j += 1
    if j >= len(words):
        return pieces
    if words[j].group().lower() not in DETERMINERS:
        if recipient and j + 1 < len(words) and words[j + 1].group().lower() == "to":
            return [
                replace(p, object=True, thing=True)
                if p.start == words[j].start() and p.role == "left" and not p.value
                else p
                for p in pieces
            ]
        return pieces
    out = list(pieces)
    for k, p in enumerate(out):
        plain = p.role == "left" and not p.value and " " not in p.text
        if p.start == verb.start() and plain and not is_asking(p.text):
            out[k] = replace(p, verb=True)
    while j < len(words) and words[j].group().lower() in DETERMINERS:
        j += 1
    if j >= len(words):
        return out
    head = _head(request, out, words[j].start())
    if head is not None:
        following = _WORD.search(request, out[head].end)
        thing = following is not None and following.group().lower() == "to"
        out[head] = replace(out[head], object=True, thing=thing)
    return out


def _mark_operation(pieces: list[Piece], operation: Asked, *, shared: bool) -> list[Piece]:
    """The words naming the operation asked ("*forward* the email", "*turn* it *off*") are
    the request's verb, which no input takes; when the tool performs that operation they
    are its purpose ("*push* my meeting to 3" of a tool that moves events)."""
    if not operation.parts:
        return pieces
    out = []
    for p in pieces:
        inside = any(s <= p.start and p.end <= e for s, e in operation.parts)
        if inside and not p.value and p.role in ("left", "input"):
            p = replace(p, role="purpose", by="") if shared else replace(p, verb=True)
            if not shared and p.role == "input":
                p = replace(p, role="left", by="")
        out.append(p)
    return out


def _head(request: str, pieces: list[Piece], start: int) -> int | None:
    """The last piece of the noun phrase starting at ``start`` (up to a preposition); a
    time opening it is its modifier, not its head ("the *9am* flight")."""
    head = None
    opened = False
    for k, p in enumerate(pieces):
        if p.end <= start:
            continue
        if not opened and p.value in _TIMELIKE and request[p.end : p.end + 1].isspace():
            opened = True
            continue
        opened = True
        if head is not None:
            gap = [w.lower() for w in _WORD.findall(request[pieces[head].end : p.start])]
            if gap or re.search(r"[,.:;!?]", request[pieces[head].end : p.start]):
                break
        if p.value and p.value != "code":
            break
        head = k
    return head


def _asking_and_time(request: str, pieces: list[Piece], when: str) -> list[Piece]:
    """Words of asking go to any tool; words of time (and the numbers with them: "may 5",
    "12-15 june") to its time parameter, or nowhere."""
    out = []
    for p in pieces:
        plain = p.role == "left" and not p.value and not p.verb
        if plain and (is_asking(p.text) or p.text.lower() in _DEGREES):
            p = replace(p, role="asking")
        elif p.role == "left" and (p.value in _TIMELIKE or _time_words(p)):
            p = replace(p, role="input", by=when) if when else replace(p, role="when")
        out.append(p)
    for _ in range(2):  # both ways along "12-15 june"
        for i, p in enumerate(out):
            if p.role != "left" or p.value != "number":
                continue
            for j in (i - 1, i + 1):
                if not 0 <= j < len(out) or out[j].role not in ("input", "when"):
                    continue
                if out[j].value in _TIMELIKE or _time_words(out[j]):
                    a, b = (out[j], p) if j < i else (p, out[j])
                    if _JOINERS.match(request[a.end : b.start]):
                        out[i] = replace(p, role=out[j].role, by=out[j].by)
                        break
    return out


def _plain_word(piece: Piece) -> bool:
    """A single word the lexicon does not know: what a word vector may find a meaning for
    (a concept the lexicon knows and the tool lacks stays lacking: "text message")."""
    return not (piece.value or piece.verb or piece.lexical or " " in piece.text)


def _time_words(piece: Piece) -> bool:
    return not piece.value and all(is_time(w) for w in words_of(piece.text))


def _attach(
    request: str, pieces: list[Piece], *, counts: bool, measures: Mapping[str, frozenset[str]]
) -> list[Piece]:
    """Pieces left next to a value an input took that are part of it: a number or code
    ("+44 7700 *900123*", "17 * *23*"), anything written against it ("*budget**.xlsx"),
    and, with ``counts``, the noun a number counts ("96 *dollars*", "16 *character*"). A
    tool with a unit parameter gets no ``counts``: its units are its own words ("5
    *acres*" is no length). A unit of measure counts only for a parameter of that
    measure (``measures``, by parameter, :mod:`.measures`): "2 *bar*" is no count of
    people, "100 *joules*" no minutes."""
    out = list(pieces)
    for _ in range(2):  # both ways along a run of parts
        for i, p in enumerate(out):
            if p.role != "left" or p.verb:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(out) and _part_of(
                    request, p, out[j], after=j < i, counts=counts, measures=measures
                ):
                    out[i] = replace(p, role=out[j].role, by=out[j].by)
                    break
    return out


def _part_of(
    request: str,
    piece: Piece,
    value: Piece,
    *,
    after: bool,
    counts: bool,
    measures: Mapping[str, frozenset[str]],
) -> bool:
    """Whether ``piece`` (left over) belongs to ``value``, its neighbour an input took."""
    if value.role not in ("input", "free") or not value.by:
        return False
    gap = request[value.end : piece.start] if after else request[piece.end : value.start]
    if gap == "":
        return True
    if piece.value in ("number", "code") and value.value in ("number", "code", "name"):
        return bool(_JOINERS.match(gap))
    # what a number counts: "96 *dollars*", "16 *character*", "2 *packs*", not a unit of
    # what its parameter does not measure ("2 *bar*" of a bill splitter's count of people)
    if not (counts and after and value.value == "number" and not piece.value):
        return False
    unit = unit_measures(piece.text)
    return not gap.strip() and (not unit or bool(unit & measures.get(value.by, frozenset())))


def _naming_the_text(request: str, pieces: list[Piece]) -> list[Piece]:
    """A noun that names the text the request gives is part of it: "summarize *this
    article*: ...", "is *this review* positive: '...'"."""
    given = [p for p in pieces if p.value in ("content", "quoted") and p.role in ("input", "free")]
    if not given:
        return pieces
    out = []
    for p in pieces:
        if p.role == "left" and not p.value and not p.verb and is_common_word(p.text):
            before = [w.lower() for w in _WORD.findall(request[: p.start])[-1:]]
            later = [g for g in given if g.start >= p.end]
            if before and before[0] in _NAMING and later:
                p = replace(p, role=later[0].role, by=later[0].by)
        out.append(p)
    return out
