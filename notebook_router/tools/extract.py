"""Filling a tool's inputs from the words of a request (the offline model's way).

Every (parameter, value) pairing the request allows is scored: how well the
value's kind fits the parameter's slot, plus cue words around it (the
parameter's own name nearby: "30 bins", "window of 12"; "from"/"to" for a
pair of parameters; a unit straight after a number is what is converted
*from*). Pairings are then taken best first, each value used once. What is
not in the request is left out and reported missing: never invented.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from notebook_router.language.lexicon import CURRENCIES, is_filler, term, term_set, terms
from notebook_router.language.spans import Span, find_spans, is_ordinal, is_percent
from notebook_router.language.tables import table
from notebook_router.tools.slots import Slot, enum_options, slots_of
from notebook_router.tools.spec import ToolSpec

_VALUE_KINDS = frozenset(["quoted", "email", "url", "path", "date", "time", "number", "assignment"])
_CUES = {name: frozenset(words) for name, words in table("parameters")["cues"].items()}
_TARGET_CUES, _SOURCE_CUES, _NAMING_CUES = _CUES["target"], _CUES["source"], _CUES["naming"]
_NEGATIONS, _BACKWARDS, _ARTICLES = _CUES["negation"], _CUES["backwards"], _CUES["articles"]
_KINDS = {kind: term_set(words) for kind, words in table("parameters")["kinds"].items()}
_ARITHMETIC = term_set(table("parameters")["arithmetic"])
_OPERATOR_GAP = re.compile(r"^[\s()]*[-+*/×÷^][\s()]*$")
"""What stands between two numbers of a sum written out: one operator, brackets, spaces."""
_HYPHENATED = re.compile(r"^\d+(?:-\d+)+$")
_RUN_GAP = re.compile(r"^[\s,;]*(?:and|&)?[\s,;]*$")
_WORD = re.compile(r"[A-Za-zÀ-ÿ0-9']+")
_DEGREES = re.compile(r"(?<=\d)\s*°?\s*([CFK])\b")
_SCALES = {"C": "celsius", "F": "fahrenheit", "K": "kelvin"}


@dataclass
class Extraction:
    """Inputs filled from a request, and the required parameters it did not give."""

    inputs: dict[str, Any] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    values: int = 0  # values the request gives (numbers, quotes, paths, dates, ...)
    used: int = 0  # how many of them the inputs took
    taken: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Where in the request each filled input's value was read (start, end)."""

    @property
    def used_share(self) -> float:
        """Share of the request's values the tool's inputs took (1.0 when it gives none)."""
        return self.used / self.values if self.values else 1.0


@dataclass(frozen=True)
class _Word:
    start: int
    end: int
    lower: str
    term: str


@dataclass(frozen=True)
class _Value:
    """A candidate value: one span, a run of numbers, or a mention of words."""

    start: int
    end: int
    kind: str
    value: Any
    parts: tuple[int, ...]  # ids of the spans it uses up


@dataclass
class _Request:
    text: str
    spans: list[Span]
    words: list[_Word]  # every word, with positions
    plain: list[_Word]  # words outside value spans


def extract_inputs(query: str, spec: ToolSpec) -> Extraction:
    """The inputs of ``spec`` that ``query`` states, and which required ones it does not."""
    request = _analyse(query)
    slots = slots_of(spec.properties)
    scored: list[tuple[float, int, Slot, _Value]] = []
    required = set(spec.required)
    for slot in slots:
        for value, score in _candidates(slot, request, spec.name):
            score += _cue_bonus(slot, value, request)
            if slot.name in required:
                score += 0.3  # what a request states is most often what the tool needs
            scored.append((score, -value.start, slot, value))
    scored.sort(key=lambda item: (-item[0], -item[1]))
    out = Extraction()
    used: set[int] = set()
    for score, _, slot, value in scored:
        if score <= 0 or slot.name in out.inputs or used & set(value.parts):
            continue
        out.inputs[slot.name] = _final(slot, value, request)
        out.taken[slot.name] = (value.start, value.end)
        used.update(value.parts)
    _fill_booleans(slots, request, out)
    _fill_remainder(slots, request, out, used)
    out.missing = [name for name in spec.required if name not in out.inputs]
    values = [i for i, s in enumerate(request.spans) if s.kind in _VALUE_KINDS]
    out.values = len(values)
    out.used = len(used.intersection(values))
    return out


def _analyse(text: str) -> _Request:
    spans = find_spans(text)
    inside = [(s.start, s.end) for s in spans if s.kind in _VALUE_KINDS]
    words: list[_Word] = []
    for m in _WORD.finditer(text):
        lower = m.group(0).lower()
        words.append(_Word(m.start(), m.end(), lower, term(lower.strip("'"))))
    for m in _DEGREES.finditer(text):
        words.append(_Word(m.start(1), m.end(1), m.group(1).lower(), _SCALES[m.group(1)]))
    words.sort(key=lambda w: w.start)
    plain = [w for w in words if not any(s <= w.start < e for s, e in inside)]
    return _Request(text, spans, words, plain)


def _candidates(slot: Slot, req: _Request, tool: str) -> Iterable[tuple[_Value, float]]:
    kind = slot.kind
    for i, span in enumerate(req.spans):
        if span.kind == "assignment" and span.value[0] == slot.name:
            yield _Value(span.start, span.end, "number", span.value[1], (i,)), 5.0
    if kind == "enum":
        yield from ((v, 2.0) for v in _enum_mentions(slot, req, tool))
    elif kind == "numbers":
        yield from ((run, 2.0 + 0.01 * len(run.parts)) for run in _number_runs(req))
    elif kind == "number":
        yield from _numbers(slot, req)
    elif kind == "currency":
        yield from ((v, 1.5) for v in _currencies(req))
    elif kind == "text" and slot.context & _ARITHMETIC:
        yield from ((v, 2.0) for v in _sums(req))
    for i, span in enumerate(req.spans):
        score = _fit(kind, span, slot)
        if score:
            value = span.text if kind == "numeral" else span.value
            yield _Value(span.start, span.end, span.kind, value, (i,)), score


def _fit(kind: str, span: Span, slot: Slot) -> float:
    """How well a span's kind suits a slot (0: not at all)."""
    table: dict[str, dict[str, float]] = {
        "date": {"date": 2.0},
        "time": {"time": 2.0},
        "email": {"email": 2.0},
        "url": {"url": 2.0},
        "path": {"path": 2.0, "url": 1.0, "quoted": 0.8},
        "paths": {"path": 2.0},
        "glob": {"path": 1.0, "quoted": 1.0},
        "place": {"name": 1.5, "quoted": 1.0},
        "language": {"name": 1.5},
        "code": {"code": 1.5},
        "currency": {"code": 1.5},
        "numeral": {"number": 1.0, "code": 1.0},
        "text": {"quoted": 1.5},
        "other": {"quoted": 1.0},
    }
    score = table.get(kind, {}).get(span.kind, 0.0)
    if span.kind == "path" and kind in ("path", "paths") and span.text.startswith("*."):
        return 0.0  # a glob is a pattern, not a file
    if kind == "glob" and span.kind == "path":
        return 2.0 if "*" in span.text else 0.0
    if kind == "place" and span.kind == "path":
        return 1.5 if re.match(r"^[A-Z][A-Za-z_]+/[A-Z]", span.text) else 0.0  # Europe/Paris
    return score


def _enum_mentions(slot: Slot, req: _Request, tool: str) -> Iterable[_Value]:
    tool_terms = set(terms(tool))
    words = req.plain
    for option in enum_options(slot):
        wanted = terms(str(option))
        if not wanted:
            continue
        n = len(wanted)
        for i in range(len(words) - n + 1):
            if [w.term for w in words[i : i + n]] == wanted:
                yield _Value(words[i].start, words[i + n - 1].end, "mention", option, (-1 - i,))
        option_text = str(option).lower()
        for i, w in enumerate(words):
            # "lowercase" (lower + the tool's "case"); "z-scores" (z + scores → zscore)
            rest = w.lower[len(option_text) :]
            if w.lower.startswith(option_text) and rest and term(rest) in tool_terms:
                yield _Value(w.start, w.end, "mention", option, (-1 - i,))
            if i + 1 < len(words) and term(w.lower + words[i + 1].lower) == wanted[0] and n == 1:
                yield _Value(w.start, words[i + 1].end, "mention", option, (-1 - i,))


def _number_runs(req: _Request) -> Iterable[_Value]:
    numbers = [(i, s) for i, s in enumerate(req.spans) if s.kind == "number" and not is_percent(s)]
    run: list[tuple[int, Span]] = []
    for i, span in numbers:
        if run and not _RUN_GAP.match(req.text[run[-1][1].end : span.start]):
            yield from _run(run)
            run = []
        run.append((i, span))
    yield from _run(run)


def _sums(req: _Request) -> Iterable[_Value]:
    """Each sum written out in the request: numbers joined by operators ("(17 + 5) * 3",
    "144 / 12 - 5"), with the brackets around it, as one text."""
    run: list[tuple[int, Span]] = []
    for i, span in enumerate(req.spans):
        if span.kind != "number":
            continue
        if run and _joined(req.text[run[-1][1].end : span.start], span):
            run.append((i, span))
            continue
        yield from _sum(req, run)
        run = [(i, span)]
    yield from _sum(req, run)


def _joined(gap: str, span: Span) -> bool:
    """An operator joins the number ``span`` to the one before: between them, or as its
    sign ("12 -5")."""
    return bool(_OPERATOR_GAP.match(gap)) or (span.text.startswith("-") and not gap.strip())


def _sum(req: _Request, run: list[tuple[int, Span]]) -> Iterable[_Value]:
    """The sum the numbers of ``run`` are written in, unless they are one number written
    with hyphens ("555-0199", "2-3": a phone number, a code or a range) or part of an
    equation (an unknown among them or "=" after them: "x^3 - 6x^2 + 11x - 6 = 0")."""
    if len(run) < 2:
        return
    start, end = run[0][1].start, run[-1][1].end
    touching = req.text[max(0, start - 1) : end + 1].replace("^", "")
    if _HYPHENATED.match(req.text[start:end]) or any(c.isalpha() for c in touching):
        return
    if req.text[end:].lstrip(" )").startswith("="):
        return
    while start > 0 and req.text[start - 1] in "( ":
        start -= 1
    while end < len(req.text) and req.text[end] in ") ":
        end += 1
    text = req.text[start:end].strip()
    opened = text.count("(") - text.count(")")
    text = text.lstrip("(") if opened > 0 else text.rstrip(")") if opened < 0 else text
    begin = req.text.index(text, start)
    yield _Value(begin, begin + len(text), "sum", text, tuple(i for i, _ in run))


def _run(run: list[tuple[int, Span]]) -> Iterable[_Value]:
    if len(run) >= 2:
        yield _Value(
            run[0][1].start,
            run[-1][1].end,
            "run",
            [s.value for _, s in run],
            tuple(i for i, _ in run),
        )


def _numbers(slot: Slot, req: _Request) -> Iterable[tuple[_Value, float]]:
    integer = "integer" in str(slot.schema.get("type"))
    for i, span in enumerate(req.spans):
        if span.kind != "number" or (integer and isinstance(span.value, float)):
            continue
        score = 1.0
        if is_percent(span) or _next_word(req, span.end) in ("percent", "pct"):
            score = 2.0 if slot.percent else 0.3
        elif slot.percent:
            score = 0.6
        if is_ordinal(span) and _next_term(req, span.end) not in slot.words:
            score = 0.2
        if req.text[max(0, span.start - 1) : span.start] == "^":
            continue  # an exponent (x^2), not a value
        yield _Value(span.start, span.end, "number", span.value, (i,)), score


def _currencies(req: _Request) -> Iterable[_Value]:
    words = req.plain
    for i, w in enumerate(words):
        pair = f"{w.term} {words[i + 1].term}" if i + 1 < len(words) else ""
        if pair in CURRENCIES:
            yield _Value(w.start, words[i + 1].end, "mention", CURRENCIES[pair], (-1 - i, -2 - i))
        elif w.term in CURRENCIES:
            yield _Value(w.start, w.end, "mention", CURRENCIES[w.term], (-1 - i,))


def _cue_bonus(slot: Slot, value: _Value, req: _Request) -> float:
    before = _words_before(req, value.start, 3)
    after = _words_after(req, value.end, 2)
    bonus = 0.0
    if any(w.term in slot.words for w in before + after):
        bonus += 1.0
    elif value.kind == "number" and any(w.term in slot.context for w in after):
        bonus += 0.5
    if slot.kind in ("text", "path", "other") and any(w.lower in _NAMING_CUES for w in before):
        bonus += 0.5 if slot.words & _KINDS["named"] else -0.25
    role = _role_of(value, req)
    if slot.role != "none" and role != "none":
        bonus += 0.75 if role == slot.role else -0.75
    elif slot.role == "target":
        bonus += 0.001 * value.start / max(1, len(req.text))  # later value: the target
    elif slot.role == "source":
        bonus -= 0.001 * value.start / max(1, len(req.text))
    return bonus


def _role_of(value: _Value, req: _Request) -> str:
    """ "from X" and "5 km" (a unit after a number) are sources; "to X", "in X" targets."""
    before = [w for w in _words_before(req, value.start, 3) if w.lower not in _ARTICLES]
    previous = before[-1] if before else None
    if value.kind == "mention" and previous is not None:
        gap = req.text[previous.end : value.start]
        if previous.lower.replace(".", "").isdigit() or re.search(r"\d", gap):
            return "source"
        if previous.term in _KINDS["degree"] and len(before) > 1 and before[-2].lower.isdigit():
            return "source"
    if previous is not None and previous.lower in _SOURCE_CUES:
        return "source"
    if previous is not None and previous.lower in _TARGET_CUES:
        return "target"
    return "none"


def _final(slot: Slot, value: _Value, req: _Request) -> Any:
    if slot.kind == "paths":
        return [value.value]
    if slot.kind == "number" and slot.negatable and isinstance(value.value, (int, float)):
        after = {w.lower for w in _words_after(req, value.end, 3)}
        if after & _BACKWARDS:
            return -abs(value.value)
    return value.value


def _fill_booleans(slots: list[Slot], req: _Request, out: Extraction) -> None:
    """A boolean is true when the request says its words ("unread", "equal variance")."""
    said = {w.term: i for i, w in enumerate(req.words)}
    for slot in slots:
        if slot.kind != "boolean" or slot.name in out.inputs:
            continue
        key = [w for w in slot.words if w not in _KINDS["boolean_filler"]]
        if key and all(w in said for w in key):
            first = min(said[w] for w in key)
            negated = any(w.lower in _NEGATIONS for w in req.words[max(0, first - 3) : first])
            out.inputs[slot.name] = not negated
            out.taken[slot.name] = (
                req.words[first].start,
                req.words[max(said[w] for w in key)].end,
            )


def _fill_remainder(slots: list[Slot], req: _Request, out: Extraction, used: set[int]) -> None:
    """A free-text parameter still empty takes the words after a colon, or the named word."""
    for slot in slots:
        if slot.name in out.inputs or slot.kind not in ("text", "place"):
            continue
        labelled = _labelled_word(slot, req)
        if labelled:
            out.inputs[slot.name] = labelled.lower
            out.taken[slot.name] = (labelled.start, labelled.end)
            continue
        colon = req.text.find(":")
        if (
            slot.kind == "text"
            and colon != -1
            and not any(s.start <= colon < s.end for s in req.spans)
        ):
            rest = req.text[colon + 1 :].strip()
            if rest and slot.name in _required_text(slots, out):
                out.inputs[slot.name] = rest
                out.taken[slot.name] = (colon + 1, len(req.text))
                return


def _required_text(slots: list[Slot], out: Extraction) -> list[str]:
    return [s.name for s in slots if s.kind == "text" and s.name not in out.inputs][:1]


def _labelled_word(slot: Slot, req: _Request) -> _Word | None:
    """ "the age column" / "column age": the word next to the parameter's own name."""
    if len(slot.words) != 1 or slot.kind != "text":
        return None
    (name,) = slot.words
    plain = req.plain
    for i, w in enumerate(plain):
        if w.term != name:
            continue
        for j in (i - 1, i + 1):
            if (
                0 <= j < len(plain)
                and not is_filler(plain[j].lower)
                and plain[j].lower.isalpha()
                and abs(plain[j].start - w.start) < 30
            ):
                return plain[j]
    return None


def _words_before(req: _Request, position: int, n: int) -> list[_Word]:
    return [w for w in req.words if w.end <= position][-n:]


def _words_after(req: _Request, position: int, n: int) -> list[_Word]:
    return [w for w in req.words if w.start >= position][:n]


def _next_word(req: _Request, position: int) -> str:
    after = _words_after(req, position, 1)
    return after[0].lower if after else ""


def _next_term(req: _Request, position: int) -> str:
    after = _words_after(req, position, 1)
    return after[0].term if after else ""
