"""The words people use for statistics, orders, periods and answer formats.

Each extractor reads a (lower-case) question and returns what it found; the ones
that consume text return the text with the span blanked, so a number used for
rounding or "top 5" is not read again as a filter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notebook_router.language.numbers import NUMBER_WORDS, number
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table

_WORDS = table("analysis")

AGGS: tuple[tuple[str, str], ...] = tuple(
    (name, rf"\b(?:{alternation(phrases)})\b") for name, phrases in _WORDS["aggregations"].items()
)
"""Each statistic with the pattern of the words that name it, in the order they are tried."""
AGG_WORDS: dict[str, str] = _WORDS["said"]
"""How an answer names each statistic."""
DESCENDING = rf"\b(?:{alternation(_WORDS['order']['descending'])})\b"
ASCENDING = rf"\b(?:{alternation(_WORDS['order']['ascending'])})\b"
FREQS: dict[str, str] = _WORDS["periods"]
MONTHS: list[str] = _WORDS["calendar"]["months"]

_SAID = phrase_table("phrases_statistics")


def _either(group: str) -> str:
    return _SAID.either(group, space=" ")


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group."""
    return _either(group)[3:-1]


_N = rf"(\d+|{_bare('rounding.numbers')})"
_ROUNDING = tuple(
    re.compile(pattern)
    for pattern in (
        rf"\b(?:round(?:ed|ing)?|rounding)\b[^.?!;]*?\b{_N}\s*{_either('rounding.units')}",
        rf"\b{_either('rounding.lead')}\s+{_N}\s*{_either('rounding.lead_units')}\b",
        rf"\b{_N}\s*{_either('rounding.bare_units')}\b",
    )
)
_QUARTILE = re.compile(rf"\b({_bare('quartile.names')})\s+quartile\b")
_TOP_COUNT = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
_TOP_BEFORE = re.compile(rf"\b({_bare('top.before_count')})\s+{_TOP_COUNT}\b")
_ONE_ROW = re.compile(rf"\s*{_either('top.row_nouns')}\b")
_PERIOD_EDGES = frozenset(_SAID.words("top.period_edges"))
_PERIOD_NOUN = re.compile(rf"\s+{_either('top.period_nouns')}\b")
_THE_N_RANKED = re.compile(
    rf"(?:^\s*|\b(?:{_bare('top.ranked_asked')})\s+)the\s+{_TOP_COUNT}\s+(?=[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,3}}?\s+"
    rf"{_either('top.ranked_links')}\s+(?:the\s+)?(?P<order>{_bare('top.after_count')})\b)"
)
"""The N said before the things ranked ("the 5 countries with the highest ..."), and the
superlative after them that says their order."""
_LOWEST_FIRST = frozenset(table("phrases_statistics")["top"]["lowest_first"])
_TOP_AFTER = re.compile(rf"\b{_TOP_COUNT}\s+({_bare('top.after_count')})\b")
_WHICH_PERIOD = re.compile(rf"\b(?:which|what)\s+({_bare('periods.units')})\b")
_PLURAL_PERIOD = re.compile(rf"(?:^|\s{{4,}})\s({_bare('periods.units')})s\b(?!\s+(?:of|in)\b)")
_PERIOD_ADVERB = re.compile(rf"\b({_bare('periods.adverbs')})\b")
_BY_PERIOD = re.compile(rf"\b{_either('periods.by')}\s+(?:the\s+)?({_bare('periods.units')})s?\b")
_ALPHA = re.compile(rf"\b{_either('significance.names')}\s*(?:of|=|is|:)?\s*(0?\.\d+)")


@dataclass(frozen=True, slots=True)
class AnswerFormat:
    """One ``@name[value]`` slot the question asks the answer to end with."""

    name: str
    hint: str


def as_int_or_float(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def blank(text: str, match: re.Match[str]) -> str:
    """``text`` with the match replaced by spaces (positions are kept)."""
    return text[: match.start()] + " " * (match.end() - match.start()) + text[match.end() :]


def answer_formats(text: str) -> tuple[list[AnswerFormat], str]:
    """The ``@name[hint]`` slots, and the text without them (and without their preamble)."""
    found = [AnswerFormat(m.group(1), m.group(2)) for m in re.finditer(r"@(\w+)\[([^\]]*)\]", text)]
    cleaned = re.sub(r"@\w+\[[^\]]*\]", " ", text)
    return found, cleaned


def rounding(text: str) -> tuple[int | None, str]:
    """Decimal places asked for ("round to 2 decimal places", "to three decimals", "2 dp")."""
    for pattern in _ROUNDING:
        m = pattern.search(text)
        if m:
            return int(number(m.group(1))), blank(text, m)
    m = re.search(
        r"\bround(?:ed)?\s+(?:to\s+)?(?:the\s+)?nearest\s+(?:whole\s+number|integer)\b", text
    )
    if m:
        return 0, blank(text, m)
    return None, text


def aggregations(text: str) -> list[str]:
    """The statistics named, in the order the question names them."""
    hits: list[tuple[int, str]] = []
    taken = text
    for agg, pattern in AGGS:
        for m in re.finditer(pattern, taken):
            hits.append((m.start(), agg))
            taken = blank(taken, m)
    return [agg for _, agg in sorted(hits)]


def quantile(text: str) -> tuple[float | None, str]:
    """A quantile asked for: "90th percentile", "first quartile", "quantile 0.75"."""
    m = re.search(
        r"\b(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?[- ]?(?:percentile|%\s*quantile|centile)\b", text
    )
    if m:
        return float(m.group(1)) / 100, blank(text, m)
    m = re.search(r"\b(?:quantile|percentile)\s*(?:of\s*)?(0?\.\d+|\d+)\b", text)
    if m:
        q = float(m.group(1))
        return (q / 100 if q > 1 else q), blank(text, m)
    m = _QUARTILE.search(text)
    if m:
        q = {"first": 0.25, "1st": 0.25, "lower": 0.25, "second": 0.5, "2nd": 0.5}.get(
            m.group(1), 0.75
        )
        return q, blank(text, m)
    m = re.search(r"(?<!\d)(?<!\d[ -])\b(q1|q3)\b(?!\s*(?:column|quarter|of \d))", text)
    if m:
        return (0.25 if m.group(1) == "q1" else 0.75), blank(text, m)
    return None, text


def top_n(text: str) -> tuple[int | None, bool | None, str]:
    """ "top 5", "3 lowest", "bottom ten": the count and whether lowest first."""
    m = _TOP_BEFORE.search(text)
    if m and m.group(2) == "one" and not _ONE_ROW.match(text[m.end() :]):
        m = None  # "the largest one" is the largest value, not a top-1 list
    if m and m.group(1) in _PERIOD_EDGES and _PERIOD_NOUN.match(text[m.end() :]):
        m = None  # "in the first 6 months": a stretch of time, not a top-6 list
    if m:
        return (
            int(number(m.group(2))),
            m.group(1) in ("bottom", "lowest", "smallest"),
            blank(text, m),
        )
    m = _THE_N_RANKED.search(text)
    if m and m.group(1) != "one":
        return int(number(m.group(1))), m.group("order") in _LOWEST_FIRST, blank(text, m)
    m = re.search(rf"\b(?:which|what)\s+{_TOP_COUNT}\s+(?=[a-z])", text)
    if m and m.group(1) != "one":  # "which 2 stocks had the lowest ...": the order comes later
        return int(number(m.group(1))), None, blank(text, m)
    m = _TOP_AFTER.search(text)
    if m:
        asc = m.group(2) in _LOWEST_FIRST
        return int(number(m.group(1))), asc, blank(text, m)
    return None, None, text


def frequency(text: str) -> tuple[str, str]:
    """A resampling period ("by month", "weekly", "per quarter", "which year") and the
    text without it ("which year" leaves "which" to say a single period is asked for)."""
    m = _WHICH_PERIOD.search(text)
    # "which three years ...": "which three" was read (and blanked) as the ranking's N;
    # the period is what is ranked (one figure a year, the top N of them)
    m = m or _PLURAL_PERIOD.search(text)
    if m:
        return FREQS[m.group(1)], text[: m.start(1)] + " " * len(m.group(1)) + text[m.end(1) :]
    m = _PERIOD_ADVERB.search(text)
    if m:
        return FREQS[m.group(1)], blank(text, m)
    m = _BY_PERIOD.search(text)
    if m:
        return FREQS[m.group(1)], blank(text, m)
    return "", text


def split_said(text: str) -> str:
    """The period a split is said by in so many words ("by month", "per quarter"), else ""."""
    m = _BY_PERIOD.search(text)
    return m.group(1) if m else ""


def alpha(text: str) -> tuple[float, str]:
    """The significance level named ("at the 1% level", "alpha = 0.01"), else 0.05."""
    m = _ALPHA.search(text)
    if m:
        return float(m.group(1)), blank(text, m)
    m = re.search(r"\b(\d+(?:\.\d+)?)\s*%\s*(?:significance\s*)?(?:level|significance)", text)
    if m:
        return float(m.group(1)) / 100, blank(text, m)
    return 0.05, text
