"""Numbers as people write them: "1,200", ".300", "five", "12.3M", "about 378,000".

:func:`number` reads one written number; :func:`numbers_in` finds every number of a
text with its value, the precision it is written with, and how it is said. The
verification judges the numbers a result claims with it
(:mod:`notebook_router.verification.judge`).
A number carries what the words around it say about it: a hedge ("about 378,000" is
looser than "378,000"), a bound ("over 350K" is no exact figure) and the quantity it
names ("total", "average", "ahead of", "grew", "% of"), so that a figure that is merely
not found can be told from one the data contradicts.

>>> [(n.text, n.value, round(n.tolerance)) for n in numbers_in("about 378,000, 12.3M, 378K")]
[('378,000', 378000.0, 9450), ('12.3M', 12300000.0, 50000), ('378K', 378000.0, 500)]
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from notebook_router.language.tables import table

NUMBER_WORDS: dict[str, int] = table("numbers")["words"]
"""Small numbers as people write them in requests ("top three", "in two sentences")."""
SCALES: dict[str, float] = table("numbers")["scales"]
"""The scale words after a figure ("350K", "1.2 million") → their factor."""
NUM = r"-?\d[\d,]*(?:\.\d+)?|-?\.\d+"
"""A number written with digits: "1,200", "3.5", "-2", ".300" (a pattern to embed)."""


def number(text: str) -> float:
    """A number as written ("1,200", "3.5", ".300", "five").

    >>> number("1,000,000"), number(".300"), number("Five")
    (1000000.0, 0.3, 5.0)
    """
    text = text.strip().lower()
    if text in NUMBER_WORDS:
        return float(NUMBER_WORDS[text])
    if _SPELLED.fullmatch(text):
        return spelled_value(text)  # "twenty-five", "a hundred and ten"
    return float(text.replace(",", ""))


_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_TENS = "|".join(w for w, v in NUMBER_WORDS.items() if 20 <= v <= 90 and v % 10 == 0)
_UNITS = "|".join(w for w, v in NUMBER_WORDS.items() if 1 <= v <= 9)
_BIG = "thousand|million|billion"
_TAIL = rf"(?:{_WORD})(?:(?:\s+|-)(?:{_WORD}))?"
# "thirty five" is one number as surely as "thirty-five": a tens word then a units word
# joins with or without the hyphen; any other pair ("thirty or forty", "four six") does not.
_HEAD = rf"(?:{_TENS})\s+(?:{_UNITS})\b|(?:{_WORD})(?:-(?:{_WORD}))?\b"
# A number said in words, read whole: "one hundred and eighty", "twenty-five", "a
# thousand", "two and a half", "one thousand two hundred". "and" joins only after a
# scale word ("a hundred and five") or before "a half": "between four and six" is two
# numbers, and so is "one hundred and two hundred" (a part before a scale is not a tail).
_SPELLED = re.compile(
    rf"\b(?:{_HEAD}|an?(?=\s+(?:hundred|{_BIG}|half)\b))"
    rf"(?:\s+(?:hundred|{_BIG})\b"
    rf"(?:\s+and\s+{_TAIL}\b(?!\s+(?:hundred|{_BIG})\b)|\s+{_TAIL}\b)?)*"
    rf"(?:\s+and\s+a\s+(?:half|quarter)\b)?",
    re.IGNORECASE,
)
_FRACTIONS = {"half": 0.5, "quarter": 0.25}


def spelled_value(words: str) -> float:
    """The value of a number said in words, read whole.

    >>> spelled_value("one hundred and eighty"), spelled_value("twenty-five")
    (180.0, 25.0)
    >>> spelled_value("a thousand"), spelled_value("two and a half")
    (1000.0, 2.5)
    >>> spelled_value("one thousand two hundred and five")
    1205.0
    >>> spelled_value("thirty five")
    35.0
    """
    total, part, fraction = 0.0, 0.0, 0.0
    for token in re.split(r"[\s-]+", words.strip().lower()):
        if token in ("a", "an"):
            part = part or 1.0
        elif token in NUMBER_WORDS:
            part += NUMBER_WORDS[token]
        elif token == "hundred":
            part = (part or 1.0) * 100
        elif token in ("thousand", "million", "billion"):
            total += (part or 1.0) * SCALES[token]
            part = 0.0
        elif token in _FRACTIONS:
            fraction = _FRACTIONS[token]
    return total + part + fraction


def _digits(words: str, value: float) -> str:
    """``value`` written in at most as many characters as ``words``, so positions keep:
    digits, or the figure before a large scale word ("a billion" → "1 billion")."""
    written = f"{value:.15g}"
    last = words.lower().split()[-1]
    if last in ("thousand", "million", "billion"):
        return f"{value / SCALES[last]:.15g} {last}"  # as before: the reader knows scales
    return written


def spell_digits(text: str, cue: re.Pattern[str], after: re.Pattern[str] | None = None) -> str:
    r"""``text`` with the number words that ``cue`` matches just before written as digits,
    padded to keep every position ("below zero" → "below 0   ", "more than a million" →
    "more than 1 million"), so spans found in one line up with the other. With ``after``,
    a number word it matches just after is written so too ("five or more").

    >>> import re
    >>> spell_digits("below zero or over a million", re.compile(r"(?:below|over)\s+$"))
    'below 0    or over 1 million'
    """

    out = text
    for m in _SPELLED.finditer(text):  # left to right: "between four and six" reads six too
        word = m.group(0)
        led = cue.search(out[: m.start()]) is not None
        if not led and (after is None or after.match(out, m.end()) is None):
            continue
        if word.lower() == "one":
            continue  # "more than one", "at least one": too often "any", not a figure
        out = (
            out[: m.start()] + _digits(word, spelled_value(word)).ljust(len(word)) + out[m.end() :]
        )
    return out


_DATES = re.compile(
    r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"
)
# Thousands are grouped by commas or (narrow, no-break, thin) spaces, never plain spaces:
# "in 2024 120 units" is two numbers. Case-insensitive, so "12.3M" and "350K" keep their scale.
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?(?P<cur>[$€£])?"
    r"(?P<num>\d{1,3}(?P<sep>[,\u00a0\u202f\u2009])\d{3}(?:(?P=sep)\d{3})*(?:\.\d+)?"
    r"|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s?(?P<suffix>%|per\s?cent\b|"
    + "|".join(rf"{word}\b" for word in sorted(SCALES, key=len, reverse=True))
    + r"|x\b|×|times\b))?"
    r"(?!\w|[.,]\d)",
    re.I,
)
_RATIO = {"x", "×", "times"}

_HEDGE = re.compile(
    r"(?:\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|ca\."
    r"|close\s+to|just\s+(?:under|over|below|above)|an\s+estimated|estimated)\s+|[~≈]\s*)$",
    re.I,
)
_ABOVE = re.compile(
    r"\b(?:over|more\s+than|above|at\s+least|exceeding|in\s+excess\s+of|upwards\s+of)\s+$", re.I
)
_BELOW = re.compile(r"\b(?:under|less\s+than|fewer\s+than|below|at\s+most|up\s+to)\s+$", re.I)

# The quantity a number names, from the words of its clause (the nearest one wins).
_HINTS: tuple[tuple[str, str], ...] = (
    ("diff", r"ahead|behind|more\s+than|less\s+than|fewer\s+than|higher\s+than|lower\s+than"),
    ("diff", r"gap|difference|margin|short\s+of|trail\w*|leads|leading|lead\s+(?:of|by)"),
    ("diff", r"outsold|beat\w*|led\s+(?:\w+\s+)?by|by(?=\s+[-−$€£]?\d)"),
    ("change", r"gr[eo]w\w*|rose|risen|rising|increase\w*|fell|fallen|drop\w*|declin\w*"),
    ("change", r"decrease\w*|change\w*|jump\w*|climb\w*|up|down|growth|gain\w*"),
    ("share", r"share|of\s+the\s+total|of\s+all|portion|percent\s+of|%\s+of"),
    ("sum", r"total\w*|sum|overall|combined|altogether|in\s+all"),
    ("mean", r"average|mean|avg|typical"),
    ("median", r"median"),
    ("max", r"highest|max\w*|peak\w*|largest|biggest"),
    ("min", r"lowest|min\w*|smallest|least"),
    ("count", r"count|rows|records|entries|orders|transactions"),
)
_HINT = re.compile(
    "|".join(f"(?P<{name}{i}>\\b(?:{words})\\b)" for i, (name, words) in enumerate(_HINTS)), re.I
)
_CLAUSE_END = re.compile(r"[;,()\[\]]|[.!?](?=\s|$)|\n")

Bound = Literal["", "above", "below"]


class Number(BaseModel):
    """A number as written in a text, with the precision it was written to."""

    model_config = ConfigDict(frozen=True)

    text: str
    value: float
    tolerance: float
    percent: bool = False
    ratio: bool = False
    """Written as a multiple ("1.3x", "2 times"): it can only be a ratio."""
    hedged: bool = False
    bound: Bound = ""
    """"over 350K" is ``above``, "under 1M" ``below``: a bound is never contradicted."""
    hint: str = ""
    """The quantity its clause names: sum, mean, median, min, max, count, share, diff,
    change, or "" when it names none."""
    start: int = 0
    end: int = 0


def numbers_in(text: str) -> list[Number]:
    """Every number written in ``text`` (dates and times left out), with its precision.

    Trailing zeros are read as rounding, to at least two significant digits ("378,000"
    is 378,000 ± 500, "1,000" is ± 50); a hedge ("about", "roughly", "~") widens that to
    2.5 % of the value, or one significant digit, whichever is closer.

    >>> [(n.value, round(n.tolerance, 1)) for n in numbers_in("1.2 million, 35% and 1,234")]
    [(1200000.0, 50000.0), (35.0, 0.5), (1234.0, 0.5)]
    """
    found = []
    blanked = _DATES.sub(lambda m: " " * len(m.group()), text)
    for match in _NUMBER.finditer(blanked):
        digits = re.sub(r"[,\u00a0\u202f\u2009]", "", match["num"])
        suffix = re.sub(r"\s+", "", (match["suffix"] or "").lower())
        scale = SCALES.get(suffix, 1.0)
        value = float(digits) * scale * (-1 if match["sign"] else 1)
        before = text[max(0, match.start() - 40) : match.start()]
        hedged = bool(_HEDGE.search(before))
        bound: Bound = ""
        if not hedged:
            bound = "above" if _ABOVE.search(before) else "below" if _BELOW.search(before) else ""
        percent = suffix in ("%", "percent")
        found.append(
            Number(
                text=match.group(0).strip(),
                value=value,
                tolerance=_tolerance(digits, scale, value, hedged),
                percent=percent,
                ratio=suffix in _RATIO,
                hedged=hedged,
                bound=bound,
                hint=_hint(text, match.start(), match.end(), percent),
                start=match.start(),
                end=match.end(),
            )
        )
    return found


def _tolerance(digits: str, scale: float, value: float, hedged: bool) -> float:
    plain = _rounding(digits, min_digits=2) * scale
    tolerance = plain
    if hedged:
        loose = max(_rounding(digits, min_digits=1) * scale, 0.025 * abs(value))
        tolerance = max(plain, min(loose, 0.1 * abs(value)))
    return tolerance + 1e-9 * abs(value)


def _rounding(digits: str, *, min_digits: int) -> float:
    """Half the unit of the last digit written; trailing zeros of a whole number are
    rounding, but ``min_digits`` significant digits are always taken at their word."""
    whole, _, fraction = digits.partition(".")
    if fraction:
        return 0.5 * 10.0 ** -len(fraction)
    whole = whole.lstrip("0") or "0"
    zeros = len(whole) - len(whole.rstrip("0"))
    return 0.5 * 10.0 ** min(zeros, max(0, len(whole) - min_digits))


def _hint(text: str, start: int, end: int, percent: bool) -> str:
    """The quantity named in the number's clause, the word nearest the number winning."""
    clause_start, clause_end = clause_of(text, start, end)
    clause_end = min(clause_end, end + 40)
    best, distance = "", len(text) + 1
    for match in _HINT.finditer(text, clause_start, clause_end):
        name = re.sub(r"\d+$", "", match.lastgroup or "")
        gap = start - match.end() if match.end() <= start else match.start() - end
        if match.start() >= end:
            gap += 1  # a word before the number names it a little more surely than one after
        if gap < distance:
            best, distance = name, gap
    if percent and best in ("", "sum") and re.match(r"\s*of\b", text[end:]):
        return "share"  # "30% of revenue"
    return best


def claimed_numbers(text: str, *, ignore: str = "") -> list[Number]:
    """The numbers in ``text`` that state a finding.

    Left out: numbers the request itself contains (``ignore``: "top 3", "in 2024"),
    years written alone (labels more often than findings) and single digits without a
    unit (counts and ordinals in prose: "2 of the 3 regions").
    """
    asked = {round(n.value, 9) for n in numbers_in(ignore)}
    claims = []
    for number in numbers_in(text):
        plain = not (number.percent or number.ratio) and number.text.lstrip("-−$€£").isdigit()
        if plain and (abs(number.value) < 10 or 1500 <= number.value <= 2100):
            continue
        if round(number.value, 9) in asked:
            continue
        claims.append(number)
    return claims


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def clause_of(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the clause holding ``text[start:end]`` begins and ends (commas, brackets,
    semicolons and sentence ends bound it)."""
    return _bounds(_CLAUSE_END, text, start, end)


def sentence_of(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence holding ``text[start:end]`` begins and ends."""
    return _bounds(_SENTENCE_END, text, start, end)


def _bounds(pattern: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    begin = max((m.end() for m in pattern.finditer(text, 0, start)), default=0)
    after = pattern.search(text, end)
    return begin, after.start() if after else len(text)
