"""Values written in a request: quoted text, emails, paths, dates, times, numbers, names.

Found once per request, in order of how sure we are (a quoted string beats
anything inside it, a date beats its numbers), without overlaps. Matching
uses them to tell what the request is *about* from what it is *given*, and
extraction fills parameters from them.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, Literal

from notebook_router.language.lexicon import FILLER, STOPWORDS

Kind = Literal[
    "quoted", "email", "url", "path", "date", "time", "number", "code", "name", "assignment"
]


@dataclass(frozen=True)
class Span:
    """One value in the request: where it is, what kind, and its parsed value."""

    start: int
    end: int
    kind: Kind
    value: Any
    text: str


_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"

_PATTERNS: list[tuple[Kind, re.Pattern[str]]] = [
    ("quoted", re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)|\"([^\"\n]+)\"|“([^”\n]+)”|‘([^’\n]+)’")),
    ("email", re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),
    ("url", re.compile(r"https?://[^\s'\"<>]+")),
    ("assignment", re.compile(r"\b([A-Za-z_]\w{0,30})\s*=\s*(-?\d+(?:\.\d+)?)(?![\w.])")),
    ("date", re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b")),
    (
        "date",
        re.compile(
            r"\b(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(?P<year>\d{4})\b",
            re.IGNORECASE,
        ),
    ),
    (
        "date",
        re.compile(
            r"\b" + _MONTH + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})\b",
            re.IGNORECASE,
        ),
    ),
    (
        "path",
        re.compile(
            r"(?<![\w@])(?:~|\.{1,2})?/?(?:[\w.-]+/)+[\w.*-]*"
            r"|(?<![\w@/])[\w-][\w.-]*\.(?=[A-Za-z])[A-Za-z0-9]{2,8}\b(?![.@]\w)"
            r"|(?<!\w)\*\.[A-Za-z0-9]{1,5}\b"
        ),
    ),
    (
        "time",
        re.compile(r"\b(?P<h>[01]?\d|2[0-3]):(?P<mi>[0-5]\d)\s*(?P<ap>[ap]\.?m\.?)?(?!\w)", re.I),
    ),
    ("time", re.compile(r"\b(?P<h>1[0-2]|0?[1-9])\s*(?P<ap>[ap]\.?m\.?)(?!\w)", re.IGNORECASE)),
    ("number", re.compile(r"(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?%|st\b|nd\b|rd\b|th\b)?")),
    ("code", re.compile(r"\b[A-Z]{2,5}\b")),
    ("name", re.compile(r"\b[A-Z][a-zà-ÿ]+(?:[ -](?:[A-Z][a-zà-ÿ]+|de|del|la|le))*\b")),
]


def find_spans(text: str) -> list[Span]:
    """Every value in ``text``, left to right, none overlapping another."""
    # The spans taken so far, sorted: they never overlap, so their ends are sorted too,
    # and a new span overlaps one only if it overlaps the last that starts before its
    # end. (Testing every span taken made a text of 100,000 numbers, a model's or an
    # agent's, take hours on the kernel's loop, where Stop cannot reach it.)
    starts: list[int] = []
    ends: list[int] = []
    found: list[Span] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            at = bisect.bisect_left(starts, end)
            if at and ends[at - 1] > start:
                continue
            value = _parse(kind, match)
            if value is None or (kind == "name" and _sentence_opener(text, match)):
                continue
            starts.insert(at, start)
            ends.insert(at, end)
            found.append(Span(start, end, kind, value, match.group(0)))
    found.sort(key=lambda s: s.start)
    return found


def _parse(kind: Kind, match: re.Match[str]) -> Any:
    if kind == "quoted":
        return next(g for g in match.groups() if g is not None).strip()
    if kind == "assignment":
        return (match.group(1), _number(match.group(2)))
    if kind == "date":
        return _date(match)
    if kind == "time":
        return _time(match)
    if kind == "number":
        return _number(match.group(0))
    if kind == "path":
        text = match.group(0)
        return text if _looks_like_path(text) else None
    if kind == "name" and match.group(0).lower() in _SENTENCE_WORDS:
        return None  # "What", "Is", "Find" opening a sentence are not names
    return match.group(0)


def _sentence_opener(text: str, match: re.Match[str]) -> bool:
    """A single capitalised word opening a sentence ("Find", "Convert") is not a name."""
    before = text[: match.start()].rstrip()
    return " " not in match.group(0) and (not before or before[-1] in ".!?:;")


def _date(match: re.Match[str]) -> str | None:
    parts = match.groupdict()
    try:
        if parts.get("y"):
            day = dt.date(int(parts["y"]), int(parts["m"]), int(parts["d"]))
        else:
            month = _MONTHS[parts["month"].lower().rstrip(".")]
            day = dt.date(int(parts["year"]), month, int(parts["day"]))
    except ValueError:
        return None
    return day.isoformat()


def _time(match: re.Match[str]) -> str:
    hour = int(match.group("h"))
    minute = int(match.groupdict().get("mi") or 0)
    meridiem = (match.group("ap") or "").lower().replace(".", "")
    if meridiem == "pm" and hour < 12:
        hour += 12
    elif meridiem == "am" and hour == 12:
        hour = 0
    return f"{hour:02d}:{minute:02d}"


def _number(text: str) -> int | float:
    cleaned = re.sub(r"(?:\s?%|st|nd|rd|th)$", "", text).replace(",", "")
    value = float(cleaned)
    return int(value) if value.is_integer() and "." not in cleaned else value


_SENTENCE_WORDS = STOPWORDS | FILLER

_NOT_FILES = frozenset(["e.g", "i.e", "etc", "vs", "a.m", "p.m"])


def _looks_like_path(text: str) -> bool:
    if text.lower().rstrip(".") in _NOT_FILES:
        return False
    if "/" in text or text.startswith(("~", "*.")):
        return any(c.isalnum() or c == "*" for c in text)
    return not text.replace(".", "").isdigit()


def is_percent(span: Span) -> bool:
    """A number written with a percent sign."""
    return span.kind == "number" and span.text.rstrip().endswith("%")


def is_ordinal(span: Span) -> bool:
    """A number written as an ordinal (90th, 1st)."""
    return span.kind == "number" and span.text[-2:].lower() in ("st", "nd", "rd", "th")
