"""Every number a question says is used by the operation, or named as left out.

"more than 1,000,000", "above .300", "the day-21 weight": a number the operation uses
nowhere means the answer is to another question. One walk over the question's numbers
(:func:`unused_numbers`, part of :func:`.accounting.left_out`) names each such number,
except where the number is no figure the operation should use:

- it is used: a condition's value, a threshold, a count of rows, a level, a bin edge, a
  rounding, a frequency ("7D"), as said or scaled ("300 thousand") or as a percentage;
- it is already named in another gap (said once, not twice);
- it explains something in parentheses ("(year > 1945)", "(Q3 + 1.5*IQR)") or is part
  of a date ("2010-03-01");
- it is a method's parameter ("1.5 IQR", "3 standard deviations") or a test's level
  ("at a 5 percent level");
- it is the unit of a rate ("per 100,000 people");
- it restates how many rows or values the table holds ("the 12 people", "the 3
  sensors", "the 2 regions North and South").

A number said as a condition ("more than 5", "4 stars or more", "rate 5") is named as one
no column could be tied to; any other as one the answer does not use.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.analyst.trust_guards import ROW_NOUNS
from notebook_router.language.numbers import SCALES, number
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.tables import table

_NUMBER = re.compile(r"(?<![\w.^])(?:\d(?:[\d,]*\d)?(?:\.\d+)?|\.\d+)(?![\w])")
"""A figure as said: thousands commas inside it, never a comma that ends a list item."""
_TOKEN = re.compile(r"\b[CVD]\d+\b")
_NEXT_WORD = re.compile(r"\s+(?:C(?P<column>\d+)\b|(?P<word>[a-z]+))")
"""What a number is said of: the column token or the word right after it."""
_ASIDE = re.compile(r"\([^)]*\)|\b\d{4}-\d{1,2}(?:-\d{1,2})?\b")
"""What a number inside is no figure of the question: an explanation in parentheses
("(fit against the row order 0..n-1)", "(Q3 + 1.5*IQR)") or a date ("2010-03-01")."""
_GUARD_WORDS = table("reading_words")["guards"]
_RATE_UNIT = re.compile(rf"\b(?:{alternation(_GUARD_WORDS['rate_units'])})\s+$")
""""per 100,000 people": the unit of a rate, read with the rate."""
# A number that is a method's parameter: "1.5 IQR", "1.5*IQR", "3 standard deviations".
_METHOD_NUMBER = re.compile(
    r"\s*(?:[*×x]|times\b|iqrs?\b|sigmas?\b|sds?\b|std\b|standard deviations?\b|z\b)"
)
_NUMBERS = table("accounting_grammar")["numbers"]
_LEVEL = re.compile(rf"\b(?:{alternation(_NUMBERS['level_words'])})\b")


def _either(phrases: list[str]) -> str:
    return in_order(tuple(phrases), space=r"\s+")


# Words before a number that make it a condition ("above .300", "in 2019", "from 1980").
_CONDITION_BEFORE = re.compile(
    rf"(?:[<>=]|\b(?:{_either(_NUMBERS['condition_before'])}|exceed\w*))\s*\$?-?\s*$"
)
# ... or after it ("4 stars or more", "18+", "4-cylinder").
_CONDITION_AFTER = re.compile(
    rf"\s*(?:\+|{_either(_NUMBERS['condition_after_joins'])}\s+"
    rf"(?:{_either(_NUMBERS['condition_after'])}|\w+er)\b|-\s*[CV]\d)"
)
_LAST_WORD = re.compile(r"([a-z]+)\s*$")
_NAME_PARTS = re.compile(r"[a-z]+")


def unused_numbers(r: Reading, spec: Spec, told: str = "") -> list[LeftOut]:
    """The numbers said in the question that ``spec`` uses nowhere (``told``: the words
    other gaps already name)."""
    bare = _TOKEN.sub(lambda t: " " * len(t.group()), r.skeleton)  # positions kept
    asides = [(a.start(), a.end()) for a in _ASIDE.finditer(bare)]
    used = spec_numbers(spec)
    level = (
        {float(spec.alpha), round(float(spec.alpha) * 100, 9)}
        if _LEVEL.search(r.text.lower())
        else set()
    )
    out = []
    for m in _NUMBER.finditer(bare):
        try:
            value = number(m.group())
        except ValueError:
            continue
        if value in used:
            continue  # said twice ("after 1945 (year > 1945)") or read by the operation
        before = bare[: m.start()]
        if _said_as_condition(r, bare, m.start(), m.end()):
            # a condition the operation does not apply, unless it is a method's parameter
            if not _METHOD_NUMBER.match(bare, m.end()):
                out.append(LeftOut(m.group(), "a number I could not tie to a column"))
            continue
        scaled = {value * factor for factor in SCALES.values()}
        if scaled & used or value in level or m.group() in told:
            continue  # "at a 5 percent level": the test's level, as a fraction or in percent
        if any(start <= m.start() < end for start, end in asides):
            continue  # "(Q3 + 1.5*IQR)", "2010-03-01": an explanation or a date
        if _RATE_UNIT.search(before) or _restates_a_count(r, value, m.end()):
            continue
        out.append(LeftOut(m.group(), "a number the answer does not use"))
    return out


def _said_as_condition(r: Reading, bare: str, start: int, end: int) -> bool:
    """ "more than 5", "4 stars or more", "18+", "rate 5": a number said as a condition."""
    before = bare[:start]
    return bool(
        _CONDITION_BEFORE.search(before)
        or _CONDITION_AFTER.match(r.skeleton, end)
        or _after_name_part(r, before)
    )


def spec_numbers(spec: Spec) -> set[float]:
    """Every number ``spec`` uses: conditions (a number inside a text value too),
    thresholds, counts, levels, bins, a frequency; a fraction also as a percentage."""
    found: set[float] = set()
    for f in (*spec.filters, *spec.measure, *spec.lookup):
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        for v in values:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                found.add(float(v))
            elif isinstance(v, str):
                found.update(float(n) for n in re.findall(r"\d+(?:\.\d+)?", v))
    # (a significance level is read off the text before the skeleton: never a number here)
    for v in (spec.threshold, spec.n, spec.quantile, spec.at, spec.horizon, spec.bin_count,
              spec.rounding):  # fmt: skip
        if isinstance(v, (int, float)):
            found.update({float(v), float(v) * 100, round(float(v) * 100, 9)})
    found.update(float(b) for b in spec.bins)
    found.update(float(n) for n in re.findall(r"\d+", spec.freq))
    return found


def _after_name_part(r: Reading, before: str) -> bool:
    """ "rate 5" in a table with ``rate_marriage``: a number said after a word of a
    column's name is a value of that column, a condition even with no comparison word."""
    m = _LAST_WORD.search(before)
    if m is None or len(m.group(1)) < 3:
        return False
    parts = {w for name in r.schema.names() for w in _NAME_PARTS.findall(name.lower())}
    return m.group(1) in parts


def _restates_a_count(r: Reading, value: float, end: int) -> bool:
    """A number that says how many of what follows it the table holds: "the 12 people"
    on a 12-row table, "the 3 sensors" where ``sensor`` holds 3 values, "the 2 regions
    North and South" with two regions listed. It restates the table, and is used."""
    after = _NEXT_WORD.match(r.skeleton, end)
    if after is None or not value.is_integer():
        return False
    if after.group("word") is not None:
        return after.group("word") in ROW_NOUNS and value == r.schema.rows
    index = int(after.group("column"))
    if index >= len(r.mentions):
        return False
    column = r.mentions[index].column
    listed = {m.value for m in r.mentions if m.is_value and m.column == column}
    return value in {r.schema.spread(column)[0], len(listed)} - {0}
