"""Row conditions said in words: "older than 60", "fare between 10 and 20", "for North", "in 2019".

Each pattern works on the reading's skeleton (columns as ``C<i>``, values as
``V<i>``), and blanks what it used so the operation chooser does not see a
filter's column as the thing to measure.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from functools import partial

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.column_gaps import as_written
from notebook_router.analyst.measured_by import ADJECTIVE as MEASURE_ADJECTIVE
from notebook_router.analyst.measured_by import (
    BELOW_ZERO,
    ON_TIME,
    VERBS,
    a_unit_said,
    measure_candidates,
    measure_column,
    rows_named,
    unit_unsaid,
)
from notebook_router.analyst.measured_by import VERB as MEASURE_VERB
from notebook_router.analyst.named_sides import named_sides
from notebook_router.analyst.negated_values import named_start, negated_conditions
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut, Scalar, condition_text
from notebook_router.analyst.value_series import series_words
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.numbers import SCALES, number
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words as name_words

UNSIGNED = r"(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
_WORDS = table("analysis")
_MORE_BEFORE: dict[str, list[str]] = table("trust")["comparisons"]["before"]
PREFIX_OPS: tuple[tuple[str, str], ...] = tuple(
    (op, alternation([*phrases, *_MORE_BEFORE.get(op, [])]))
    for op, phrases in _WORDS["comparisons"]["before"].items()
)
"""Each comparison said before its number, with the pattern of its words."""
POSTFIX_OPS: tuple[tuple[str, str], ...] = tuple(
    (op, alternation(phrases)) for op, phrases in _WORDS["comparisons"]["after"].items()
)
"""Each comparison said after its number ("60 or more")."""
NEGATION = rf"(?:{alternation(_WORDS['conditions']['negation'])})"
PEOPLE = rf"\b(?:{alternation(_WORDS['conditions']['people'])})\b"
CONDITION_LEAD = rf"(?:{alternation(_WORDS['conditions']['lead'])})"
VERB = rf"(?:{alternation(_WORDS['conditions']['verbs'])})"
UNIT = rf"(?:{alternation(_WORDS['conditions']['units'])})"
SCALE = rf"(?:\s*(?:{alternation(SCALES)})\b)?"
"""A scale word after the number ("1.2 million", "50k"), read by :func:`_num`."""
YES = frozenset(_WORDS["conditions"]["yes"])
NO = frozenset(_WORDS["conditions"]["no"])
SIGNS: dict[str, tuple[str, int]] = {
    word: (op, value) for word, (op, value) in _WORDS["signs"].items()
}
"""A sign said in words ("negative returns") → its comparison with zero."""
_GRAMMAR = table("conditions_grammar")
_COPULAS: dict[str, list[str]] = _GRAMMAR["copulas"]


def _either(phrases: list[str], *, space: str = r"\s+") -> str:
    """``(?:a|b|...)`` over ``phrases`` of the grammar table, in the table's order."""
    return in_order(tuple(phrases), space=space)


def conditions(r: Reading) -> list[Filter]:
    """Every row condition in the question, blanking each from ``r.skeleton``."""
    found: list[Filter] = []
    _row_unit(r)
    _back_references(r)
    for finder in (negated_conditions, _measured_amounts, _between, _postfix, _comparative_concepts, _comparisons, _number_first, _named_first, _sign, _age_words, year_span,
                   year_bound, _from_on, _quarter, one_year, _month, _ordinal, _numbered, _column_equals,
                   _value_bounds, _values):  # fmt: skip
        found.extend(finder(r))
    return _either_side([in_column_unit(r, f) for f in found], r)


def _either_side(found: list[Filter], r: Reading) -> list[Filter]:
    """``found`` with two bounds on one column that no row meets together, joined by "or"
    ("older than 30 or younger than 25": age > 30 and age < 25), read as the rows outside
    the gap between them. Bounds that include their ends have no such condition here, and
    bounds said with no "or" (a follow-up's bound beside the earlier one) may mean either:
    both are kept and the answer names the second, never an empty count shown complete."""
    out = list(found)
    for low in found:
        for high in found:
            if low.column != high.column or low.op not in (">", ">=") or high.op not in ("<", "<="):
                continue
            if not isinstance(low.value, (int, float)) or not isinstance(high.value, (int, float)):
                continue
            if low.value < high.value or low not in out or high not in out:
                continue  # "over 30 and under 40": a range, kept as said
            out.remove(high)
            if low.op == ">" and high.op == "<" and _SAID_OR.search(r.text):
                out[out.index(low)] = Filter(low.column, "outside", (high.value, low.value))
            else:
                said = f"{low.column} {high.op} {high.value}"
                r.unapplied.append(LeftOut(said, "a second bound no row meets with the first"))
    return out


_TRUST = table("trust")
_COMPARATIVES: dict[str, list[str]] = _TRUST["comparatives"]
_COMPARATIVE = re.compile(
    rf"\b(?P<adj>{alternation(_COMPARATIVES)})\s+than\s+(?:the\s+)?\$?(?P<n>-?{UNSIGNED}{SCALE})"
)
_UNIT_FACTORS: dict[str, list[object]] = _TRUST["units"]
_NAME_ONLY_UNITS = frozenset(_TRUST["unit_words"]["only_in_names"])
_SAID_UNIT = re.compile(
    rf"(?P<n>{UNSIGNED})\s*(?P<unit>{alternation([u for u in _UNIT_FACTORS if u not in _NAME_ONLY_UNITS])})\b"
)
"""A unit written right after its number ("4.5 kg", "60 cm"); never an everyday word
("over 200 in Biscoe")."""
_NAME_WORDS = re.compile(r"[a-z]+")
_SHORTEST_NAME_PART = 3
"""Name parts shorter than this ("id", "x") are too short to find inside a said word."""
_RANGE_LOW = re.compile(rf"(?<![\w.])(?P<n>{UNSIGNED})\s*(?:and|to|-)\s*$")
"""The first end of a range just before the second end's number ("1 and " of "1 and 2 m")."""


_SAID_BEFORE = re.compile(r"\b(?:C(?P<c>\d+)|(?P<word>[a-z]+))\s+$")
"""A column's mention or a word right before a comparative ("C2 longer than 200", "bills
longer than 45")."""


def _names_column(r: Reading, said: re.Match[str], column: str, adjective: str) -> bool:
    """Whether what ``said`` holds names ``column``: its mention, or a word of its name
    besides what the comparative compares ("bills" of ``bill_length_mm``)."""
    if said.group("c") is not None:
        return r.column_at(int(said.group("c"))) == column
    own = set(name_words(column)) - set(_COMPARATIVES[adjective][1:])
    return any(_said_in(w, [said.group("word")]) for w in own)


_COMPARATIVE_WORD = re.compile(rf"\b(?P<adj>{alternation(_COMPARATIVES)})\b")


_SHORT_FORMS: dict[str, str] = table("column_words")["short_forms"]
"""A column named only by a short form ("ht") holds the word it shortens ("height")."""


def _concept_columns(r: Reading, adjective: str, at: int | None = None) -> list[str]:
    """The numeric columns named for what ``adjective`` compares ("deeper": depth). When
    there are several, the word said just before the comparative (at ``at`` in the
    skeleton, function words aside) says which: one naming a column's other words ("children taller than": ``childHeight``
    of ``childHeight`` and ``midparentHeight``); one naming another number column ("a
    father taller than 75" of ``father``) leaves the comparative to that column (none
    returned); else the one whose name is the measure alone (``height_cm``)."""
    words = set(_COMPARATIVES[adjective][1:])
    columns = [
        c for c in r.schema.of_kind("number")
        if set(name_words(c)) & words or _SHORT_FORMS.get(c.strip().lower()) in words
    ]  # fmt: skip
    if len(columns) < 2 or at is None:
        return columns
    tokens = _TOKEN.findall(r.skeleton[:at])
    while tokens and tokens[-1] in _SUBJECT_GAP:
        tokens.pop()  # "children *are* taller", "a father *who is* taller"
    # what it is said of, right before it; after "for", "of" ... it is said of the rows
    before = tokens[-1:] if tokens and tokens[-1] not in STOPWORDS else []
    said = [r.text[r.mentions[int(t[1:])].start : r.mentions[int(t[1:])].end].lower()
            if _MENTION.fullmatch(t) else t for t in before]  # fmt: skip
    named = [c for c in columns if any(_said_in(w, said) for w in set(name_words(c)) - words)]
    if len(named) == 1:
        return named
    others = {r.column_at(int(t[1:])) for t in before if _MENTION.fullmatch(t)} - set(columns)
    if any(r.kind(c) == "number" for c in others):
        return []  # the comparative is said of another number column
    plain = [c for c in columns if set(name_words(c)) - words <= set(_UNIT_FACTORS)]
    return plain if len(plain) == 1 else (named or columns)


_TOKEN = re.compile(r"C\d+|[a-z]+")
_SUBJECT_GAP = frozenset(_TRUST["comparative_subject"]["gap"])
_MENTION = re.compile(r"C\d+")


def _said_in(name_word: str, said: list[str]) -> bool:
    """Whether the question says a name word, in any form ("child" in "children")."""
    return len(name_word) >= _SHORTEST_NAME_PART and any(
        w.startswith(name_word) or stem(w) == stem(name_word) for w in said
    )


def _concept_column(r: Reading, adjective: str) -> str | None:
    """The one numeric column named for what ``adjective`` compares ("deeper": depth)."""
    columns = _concept_columns(r, adjective)
    return columns[0] if len(columns) == 1 else None


def compared_by_its_measure(r: Reading, column: str) -> bool:
    """Whether a comparative of the question names what ``column`` measures ("taller" of
    ``childHeight``)."""
    own = set(name_words(column))
    return any(
        own & set(_COMPARATIVES[m.group("adj")][1:]) for m in _COMPARATIVE_WORD.finditer(r.text)
    )


def comparative_column(r: Reading) -> str | None:
    """The column a comparative of the question names ("how much *hotter* was July than
    May": the temperature), or None."""
    for m in _COMPARATIVE_WORD.finditer(r.skeleton):
        column = _concept_column(r, m.group("adj"))
        if column is not None:
            return column
    return None


def _comparative_concepts(r: Reading) -> list[Filter]:
    """ "quakes deeper than 500 km", "penguins heavier than 4 kg": a comparative that names
    what it compares, on the one numeric column named for that (depth, weight or mass)."""
    out = []
    for m in list(_COMPARATIVE.finditer(r.skeleton)):
        columns = _concept_columns(r, m.group("adj"), m.start())
        if len(columns) == 1:
            out.append(Filter(columns[0], _COMPARATIVES[m.group("adj")][0], _num(m.group("n"))))
            said = _SAID_BEFORE.search(r.skeleton[: m.start()])
            if said is not None and _names_column(r, said, columns[0], m.group("adj")):
                # "flippers longer than 200": the column's own word is the condition's too
                r.skeleton = (
                    r.skeleton[: said.start()] + " " * len(said.group(0)) + r.skeleton[said.end() :]
                )
            _take(r, m)
        elif columns:
            # Several columns hold what it compares: named, never put on a column it is
            # not about ("children taller than 70" read as the number of children).
            r.unapplied.append(
                LeftOut(
                    m.group(0).strip(), f"more than one column it could be: {', '.join(columns)}"
                )
            )
            _take(r, m)
    return out


def _column_unit(column: str) -> tuple[str, float] | None:
    """The unit a column's name says it is in ("body_mass_g", "sepal length (cm)")."""
    words = _NAME_WORDS.findall(column.lower())
    if len(words) < 2 or words[-1] not in _UNIT_FACTORS:
        return None
    kind, factor = _UNIT_FACTORS[words[-1]]
    return str(kind), float(str(factor))


def in_column_unit(r: Reading, f: Filter) -> Filter:
    """A threshold said in another unit than its column's ("over 4.5 kg" of grams), in the
    column's unit."""
    unit = _column_unit(f.column)
    if unit is None or f.op not in ("<", "<=", ">", ">=", "==", "!=", "between", "outside"):
        return f
    given = f.value if isinstance(f.value, tuple) else (f.value,)
    values = [v for v in given if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(values) != len(given):
        return f
    said: dict[float, float] = {}  # each figure as read → the same in the column's unit
    for m in _SAID_UNIT.finditer(r.text):
        kind, factor = _UNIT_FACTORS[m.group("unit")]
        if kind == unit[0]:
            n = number(m.group("n"))
            said[ph.as_int_or_float(n)] = n * float(str(factor)) / unit[1]
            # "60 m" of a height in metres: the unit, though "m" is a scale word too
            scale = SCALES.get(m.group("unit"))
            if scale is not None:
                said[ph.as_int_or_float(n * scale)] = n * float(str(factor)) / unit[1]
            # "between 1 and 2 m": a unit written once after a range is its first end's too
            low = _RANGE_LOW.search(r.text[: m.start()])
            if f.op in ("between", "outside") and low is not None:
                first = number(low.group("n"))
                said[ph.as_int_or_float(first)] = first * float(str(factor)) / unit[1]
                if scale is not None:
                    said[ph.as_int_or_float(first * scale)] = first * float(str(factor)) / unit[1]
    if not any(v in said for v in values):
        return f
    scaled = tuple(ph.as_int_or_float(round(said.get(v, v), 9)) for v in values)
    return Filter(f.column, f.op, scaled if isinstance(f.value, tuple) else scaled[0])


def _num(text: str) -> int | float:
    """A number as written, with its scale word ("1.2 million", "50k")."""
    m = re.fullmatch(rf"\s*(-?{UNSIGNED})\s*([a-z]*)\s*", text.lower())
    if m is None:
        return ph.as_int_or_float(number(text))
    value = number(m.group(1)) * SCALES.get(m.group(2), 1.0)
    return ph.as_int_or_float(value)


def said_number(text: str) -> int | float:
    """A number as written in a condition, with its scale word ("1.2 million", "50k")."""
    return _num(text)


def scaled_range(low: str, high: str) -> tuple[int | float, int | float]:
    """The two ends of a range, each with its scale word; a scale said once, after the
    second end, is the first's too when the first is the smaller figure ("between 1 and 5
    million" is 1e6 to 5e6, "between 500 and 2 million" is 500 to 2e6)."""
    shared = re.search(rf"\s*(?:{alternation(SCALES)})\s*$", high.lower())
    unscaled = re.search(r"[a-z]", low.lower()) is None
    if shared is not None and unscaled and number(low) < number(high[: shared.start()]):
        return _num(low + shared.group()), _num(high)
    return _num(low), _num(high)


# A negation, then words that only lead to what it negates: "not *from the* USA",
# "excluding *the ones on* Torgersen", "other than 8-cylinder ones", "not in 3rd class".
_NEGATED = re.compile(
    rf"(?:\b{NEGATION}|n't)\b[- ]?(?:\s*\b{_either(_GRAMMAR['negated_lead_in'])}\b)*\s*$"
)


_EXCLUDED = re.compile(
    rf"\b{_either(_GRAMMAR['exclusion_leads'])}\b"
    rf"(?:\s+(?!{_either(_GRAMMAR['exclusion_stops'])}\b)[a-z][a-z'-]*)"
    rf"(?:\s+(?!{_either([*_GRAMMAR['exclusion_stops'], *_GRAMMAR['exclusion_places']])}\b)"
    rf"[a-z][a-z'-]*){{0,{int(_GRAMMAR['exclusion_reach']) - 1}}}\s*\(?\s*$"
)
"""An exclusion a few describing words before its value ("excluding people aged V1")."""


_LINKS = _GRAMMAR["exclusion_condition_links"]
_EXCLUDED_ROWS = re.compile(
    rf"\b{_either(_GRAMMAR['exclusion_leads'])}\b"
    rf"(?:\s+(?!{_either([*_GRAMMAR['exclusion_stops'], *_GRAMMAR['exclusion_condition_stops']])}\b)"
    rf"(?!{_either([w for w in _GRAMMAR['exclusion_places'] if w not in _LINKS])}\b)"
    rf"(?:[a-z][a-z'-]*|C\d+)){{0,{int(_GRAMMAR['exclusion_reach'])}}}\s*$"
)
"""An exclusion before a comparison or a range, across a few words that say what rows it
leaves out, a column naming them among them ("apart from C1 with an C2 over 250" of
"apart from states with an assault over 250", "excluding the C0 1979 to 1982")."""
_LEFT_OUT_BY = {
    ">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "==", "between": "outside",
    "isin": "notin", "notin": "isin",
    "year>": "year<=", "year>=": "year<", "year<": "year>=", "year<=": "year>", "year": "year!=",
    "present": "absent", "absent": "present",
}  # fmt: skip
"""The condition that keeps the rows another one would leave out (missing values aside)."""


def kept_unless_excluded(r: Reading, start: int, f: Filter) -> Filter:
    """``f``, said at ``start`` of the skeleton, or the rows it leaves out when an
    exclusion reaches it ("average x apart from states with y over 250": ``y <= 250``).
    A condition with no opposite to state is returned as it is."""
    if not _said_before(_EXCLUDED_ROWS, r, start):
        return f
    turned = opposite(f, r.schema.may_be_missing(f.column))
    if turned is None:
        # "excluding 2019 to 2020" of dates: no condition here states the rows left out
        r.unapplied.append(
            LeftOut(f"{f.column} {f.op} {f.value}", "excluded, and I could only keep it")
        )
        return f
    return turned


def opposite(f: Filter, may_be_missing: bool) -> Filter | None:
    """The condition that keeps the rows ``f`` leaves out, or None when none states them.
    A bound's opposite keeps the rows with no value too when the column ``may_be_missing``
    (the cities excluded for a population over 2000 are those known to be over it)."""
    op = _LEFT_OUT_BY.get(f.op)
    if op is None or isinstance(f.value, ColumnRef):
        return None
    bound = f.op in (">", ">=", "<", "<=")
    return Filter(f.column, op, f.value, or_missing=bound and may_be_missing)


def negated(r: Reading, start: int) -> bool:
    """Whether the condition said at ``start`` of the skeleton is negated before it."""
    before = r.skeleton[max(0, start - 40) : start]
    negation = _NEGATED.search(before)
    if negation is not None:
        # "excluding those without a driveway": the rows with one (two negations)
        return not excludes_rows(before[: negation.start()])
    return _said_before(_EXCLUDED, r, start)


def excludes_rows(before: str) -> bool:
    """Whether ``before`` ends by excluding the rows a negated condition after it says
    ("excluding those" of "excluding those without a driveway")."""
    return _JUST_EXCLUDED_ROWS.search(before) is not None


def excluded_from(before: str) -> int:
    """Where the exclusion :func:`excludes_rows` found in ``before`` starts."""
    found = _JUST_EXCLUDED_ROWS.search(before)
    return found.start() if found else len(before)


_JUST_EXCLUDED_ROWS = re.compile(
    rf"\b{_either(_GRAMMAR['exclusion_leads'])}\s+"
    rf"(?:(?:{_either(_GRAMMAR['excluded_rows'])}|[a-z]+s)\s+)?$"
)
"""An exclusion of the rows a negated condition says ("excluding *those* without ...",
"excluding *houses* without ...": the rows' own plural noun)."""


_LEAD_WORD = re.compile(r"[a-z]+\s+")


def _said_before(exclusion: re.Pattern[str], r: Reading, start: int) -> bool:
    """Whether ``exclusion`` ends just before ``start`` of the skeleton, or just after the
    condition's own first word, which may end the exclusion ("apart *from* 1979 to 1982",
    "except *in* 2020")."""
    before = r.skeleton[max(0, start - 80) : start]
    lead = _LEAD_WORD.match(r.skeleton, start)
    return any(
        pattern.search(said) is not None
        for said in (before, before + lead.group() if lead else before)
        for pattern in (exclusion, _JUST_EXCLUDED)
    )


_JUST_EXCLUDED = re.compile(rf"\b{_either(_GRAMMAR['exclusion_leads'])}\s*$")
"""An exclusion right before the condition ("apart from 1979")."""


_GROUP_LEAD = re.compile(rf"\b(?:{alternation(table('trust')['group_leads'])})\s+(?:the\s+)?$")
_LEADING_COLUMN = re.compile(r"\s*C\d+\b")


def _take(r: Reading, m: re.Match[str], end: int | None = None) -> None:
    """Blank what ``m`` read (up to ``end`` when the reading went on past it)."""
    start, end = m.start(), m.end() if end is None else end
    column = _LEADING_COLUMN.match(r.skeleton, start)
    if column is not None and _GROUP_LEAD.search(r.skeleton[:start]):
        # "by year from 2000 on": the condition is used, the column stays a grouping
        start = column.end()
    r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]


_OR = _either(_GRAMMAR["alternatives"]["joins"])
_LIST_JOIN = rf"(?P<join>\s*,\s*(?:{_OR}\s+)?|\s+{_OR}\s+)"
_NEXT_VALUE = re.compile(rf"{_LIST_JOIN}['\"]?(?![CVD]\d+\b)(?P<value>[\w.-]+)['\"]?")
_NEXT_YEAR = re.compile(rf"{_LIST_JOIN}(?P<value>(?:19|20)\d\d)\b(?!\s*(?:-|to|through)\s*\d)")
_SAID_OR = re.compile(rf"\b{_OR}\b")


def _alternatives(
    r: Reading, pattern: re.Pattern[str], end: int, known: Callable[[str], Scalar | None]
) -> tuple[list[Scalar], int]:
    """The further values said after the one that ends at ``end`` ("1 *or 2*", "1*, 3 or
    4*"), each as ``known`` reads it, and where they end. None unless "or" joins one: a
    list said with commas only is not a choice between values."""
    values: list[Scalar] = []
    said_or, last = False, end
    while (m := pattern.match(r.skeleton, last)) is not None:
        value = known(m.group("value"))
        if value is None:
            break
        values.append(value)
        said_or = said_or or _SAID_OR.search(m.group("join")) is not None
        last = m.end()
    return (values, last) if said_or else ([], end)


def _numeric(r: Reading, column: str) -> bool:
    return r.kind(column) in ("number", "binary")


# "4 to 6 cylinders", "between 1 and 1.5 carats": the range before its column is read
# first, so "price of diamonds between 1 and 1.5 carats" is not a range of price
_RANGE_FIRST = re.compile(
    rf"\b(?:between\s+)?({UNSIGNED}{SCALE})\s*(?:and|to|-)\s*({UNSIGNED}{SCALE})\s+(?:{UNIT}\s+(?:of\s+)?)?C(\d+)\b"
)
_RANGE_AFTER = re.compile(
    rf"\bC(\d+)\s*(?:values?\s*)?{_either(_COPULAS['range'])}?\s*(?:the\s+range\s+)?"
    rf"{_either(_GRAMMAR['range']['leads'])}?\s*\[?({UNSIGNED}{SCALE})\s*(?:and|to|-|,)\s*({UNSIGNED}{SCALE})\]?"
)


def _between(r: Reading) -> list[Filter]:
    out = []
    for m in list(_RANGE_FIRST.finditer(r.skeleton)):
        column = r.column_at(int(m.group(3)))
        if a_unit_said(r, int(m.group(3))):
            continue  # "between 10 and 30 minutes late": an amount of another measure
        if _numeric(r, column):
            said = Filter(column, "between", scaled_range(m.group(1), m.group(2)))
            out.append(kept_unless_excluded(r, m.start(), said))
            _take(r, m)
    for m in list(_RANGE_AFTER.finditer(r.skeleton)):
        column = r.column_at(int(m.group(1)))
        listed = "," in r.skeleton[m.end(2) : m.start(3)] and _NEXT_VALUE.match(r.skeleton, m.end())
        if listed and _SAID_OR.search(listed.group("join")):
            continue  # "store 1, 3 or 4": values to choose from, not a range
        if _numeric(r, column):
            said = Filter(column, "between", scaled_range(m.group(2), m.group(3)))
            out.append(kept_unless_excluded(r, m.start(), said))
            unit = re.match(r"\s+C(\d+)\b", r.skeleton[m.end() :])
            if unit is not None and a_unit_said(r, int(unit.group(1))):
                # "a dep_delay between 10 and 30 minutes": the unit is the delay's
                mention = r.mentions[int(unit.group(1))]
                _take(r, m, m.end() + unit.end())
                if unit_unsaid(column, r.text[mention.start : mention.end].lower()):
                    r.unapplied.append(
                        LeftOut(
                            as_written(r, m.group(0) + unit.group(0)).strip(), _unit_unknown(said)
                        )
                    )
            else:
                _take(r, m)
    return out


_FROM_ON = re.compile(
    rf"\bC(?P<c>\d+)\s*{_either(_COPULAS['from_on'])}?\s*from\s+(?P<n>{UNSIGNED})\s*"
    rf"(?:{alternation(table('trust')['comparisons']['from_on']['>='])})\b"
)


_FROM_ON_AFTER = re.compile(
    rf"\s*(?:{alternation(table('trust')['comparisons']['from_on']['>='])})\b"
)


def _from_on(r: Reading) -> list[Filter]:
    """ "season from 2000 on", "rank from 5 onwards": an open bound on the column named,
    never the one value after "from"."""
    out = []
    for m in list(_FROM_ON.finditer(r.skeleton)):
        column = r.column_at(int(m.group("c")))
        if _numeric(r, column):
            out.append(kept_unless_excluded(r, m.start(), Filter(column, ">=", _num(m["n"]))))
            _take(r, m)
    return out


_POSTFIX: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = tuple(
    (
        op,
        (
            re.compile(
                rf"\bC(?P<c>\d+)\s*{_either(_COPULAS['postfix'])}?\s*(?P<n>{UNSIGNED})\s*(?:{words})"
            ),
            re.compile(rf"(?<![\w.])(?P<n>{UNSIGNED})\s*-?\s*C(?P<c>\d+)\s*(?:{words})"),
            re.compile(rf"(?<![\w.])(?P<n>{UNSIGNED})\s*(?:{words})\s*C(?P<c>\d+)\b"),
        ),
    )
    for op, words in POSTFIX_OPS
)
"""Each comparison said after its number, with its three patterns (column first, the
number before the column, the number before the comparison)."""


def _postfix(r: Reading) -> list[Filter]:
    """ "age 60 or more", and the number first: "4 stars or more", "4 or more stars", "18+ years"."""
    out = []
    for op, patterns in _POSTFIX:
        for pattern in patterns:
            for m in list(pattern.finditer(r.skeleton)):
                column = r.column_at(int(m["c"]))
                if _numeric(r, column):
                    out.append(kept_unless_excluded(r, m.start(), Filter(column, op, _num(m["n"]))))
                    _take(r, m)
    return out


_COMPARISONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (
        op,
        re.compile(
            rf"\bC(\d+)\s*(?:values?\s*)?(?:{_either(_COPULAS['comparison'])}\s+)?"
            rf"(?:{VERB}\s+)?(?:strictly\s+)?(?:{words})\s*(?:than\s+)?(?:the\s+value\s+)?(?:of\s+)?"
            rf"\$?(-?{UNSIGNED}{SCALE})"
        ),
    )
    for op, words in PREFIX_OPS
)
"""Each comparison said before its number, after the column it is on ("price over 10")."""


def _comparisons(r: Reading) -> list[Filter]:
    out = []
    for op, pattern in _COMPARISONS:
        for m in list(pattern.finditer(r.skeleton)):
            column = r.column_at(int(m.group(1)))
            unit = re.match(r"\s+C(\d+)\b", r.skeleton[m.end() :])
            if unit is not None and a_unit_said(r, int(unit.group(1))):
                # "an arrival delay of more than 30 minutes": the unit is the delay's
                said = as_written(r, m.group(0) + unit.group(0)).strip()
                _take(r, m, m.end() + unit.end())
                if not _numeric(r, column):  # "a route of more than 30 minutes"
                    r.unapplied.append(
                        LeftOut(said, "an amount of time with no column said to hold it")
                    )
                    continue
                f = kept_unless_excluded(r, m.start(), Filter(column, op, _num(m[2])))
                out.append(f)
                mention = r.mentions[int(unit.group(1))]
                if unit_unsaid(column, r.text[mention.start : mention.end].lower()):
                    r.unapplied.append(LeftOut(said, _unit_unknown(f)))
                continue
            after = re.match(r"\s*%?\s+C(\d+)\b", r.skeleton[m.end() :])
            if after is not None and _numeric(r, r.column_at(int(after.group(1)))):
                continue  # "quarters had more than 5 rate": the number is the next column's
            if _numeric(r, column):
                out.append(kept_unless_excluded(r, m.start(), Filter(column, op, _num(m[2]))))
                _take(r, m)
    return out


def _named_first(r: Reading) -> list[Filter]:
    """ "south of latitude 26", "over age 60": the comparison, then the column, then the number."""
    out = []
    for op, words in PREFIX_OPS:
        if op in ("==", "!="):
            continue
        pattern = (
            rf"\b(?:{words})\s+(?:the\s+)?C(\d+)\s+(?:of\s+)?\$?(-?{UNSIGNED}{SCALE})(?!\s*C\d)"
        )
        for m in list(re.finditer(pattern, r.skeleton)):
            column = r.column_at(int(m.group(1)))
            if _numeric(r, column):
                out.append(kept_unless_excluded(r, m.start(), Filter(column, op, _num(m[2]))))
                _take(r, m)
    return out


_BACK_REFERENCE = re.compile(
    rf"\b{_either(_GRAMMAR['back_reference']['words'], space=' ')}\s+C(\d+)\b"
)
_PERIOD_NAME = re.compile("(?i)" + _either(table("accounting_periods")["back_referenced"]))
"""A column named for a period ("year", "Month", "order_date")."""
_ROW_UNIT = re.compile(
    rf"\b{_either(_GRAMMAR['row_unit']['leads'])}\s+(?:the\s+)?(C\d+)\s+"
    rf"(?={_either(_GRAMMAR['row_unit']['clauses'], space=' ')})"
)


def _back_references(r: Reading) -> None:
    """ "that year", "the same month": a period the question already chose (an earlier
    part's rows, carried over), not a column to measure, so it is blanked."""
    for m in list(_BACK_REFERENCE.finditer(r.skeleton)):
        if _PERIOD_NAME.search(r.column_at(int(m.group(1)))):
            _take(r, m)


def _row_unit(r: Reading) -> None:
    """ "in quarters where ...", "for years when ...": the column names what a row is, not a
    thing to measure, so it is blanked."""
    for m in list(_ROW_UNIT.finditer(r.skeleton)):
        if yes_no(r, r.column_at(int(m.group(1)[1:]))) is not None:
            continue  # "of romance movies that are comedies": a yes/no column picks rows
        # only the column: "the number of months with ..." still asks for a number
        r.skeleton = r.skeleton[: m.start(1)] + " " * len(m.group(1)) + r.skeleton[m.end(1) :]


def _number_first(r: Reading) -> list[Filter]:
    """ "more than 10 chins", "at least 3 children": the number comes before the column."""
    out = []
    for op, words in PREFIX_OPS:
        if op in ("==", "!="):
            continue
        pattern = (
            rf"\b(?:{words})\s+\$?(-?{UNSIGNED}{SCALE})\s*(?:%|percent\b)?\s+"
            rf"(?:{UNIT}\s+(?:of\s+)?)?C(\d+)\b"
        )
        for m in list(re.finditer(pattern, r.skeleton)):
            column = r.column_at(int(m.group(2)))
            if rows_named(r, int(m.group(2))):
                continue  # "carriers with at least 1000 flights": rows counted, no flight number
            if a_unit_said(r, int(m.group(2))):
                # "more than 30 minutes" of nothing named: no condition on ``minute``
                said = as_written(r, m.group(0)).strip()
                r.unapplied.append(
                    LeftOut(said, "an amount of time with no column said to hold it")
                )
                _take(r, m)
            elif _numeric(r, column):
                out.append(kept_unless_excluded(r, m.start(), Filter(column, op, _num(m[1]))))
                _take(r, m)
    return out


_AMOUNT_END = rf"(?:(?P<unit>{UNIT})|C(?P<c>\d+))\b(?:\s+(?P<adj>{MEASURE_ADJECTIVE})\b)?"
_MEASURE_VERB_BEFORE = rf"\b(?:(?P<verb>{MEASURE_VERB})\s+(?:by\s+)?)?"
_MEASURED_AMOUNTS = (
    *(
        (
            op,
            re.compile(
                rf"{_MEASURE_VERB_BEFORE}(?:{words})\s+(?P<n>-?{UNSIGNED}{SCALE})\s+{_AMOUNT_END}"
            ),
        )
        for op, words in PREFIX_OPS
        if op not in ("==", "!=")
    ),
    (
        "between",
        re.compile(
            rf"{_MEASURE_VERB_BEFORE}between\s+(?P<n>{UNSIGNED}{SCALE})\s*(?:and|to|-)\s*"
            rf"(?P<m>{UNSIGNED}{SCALE})\s+{_AMOUNT_END}"
        ),
    ),
)
"""An amount and its unit, with the measure said by a verb before ("delayed more than")
or an adjective after ("30 minutes late"), as a bound or a range ("between 10 and 30
minutes late")."""
_BELOW_ZERO_OPS = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "between": "between"}
""""more than 10 minutes early": a delay below -10."""
_OTHER_MEASURE = re.compile(rf"\b(?:{MEASURE_ADJECTIVE}|{MEASURE_VERB})\b")
_ON_TIME = re.compile(rf"\b{ON_TIME}\b")


def _measured_amounts(r: Reading) -> list[Filter]:
    """ "arrived more than 30 minutes late", "delayed over 2 hours", "more than 10 years
    old", "hours above 65 degrees": an amount whose measure an adjective after it, a verb
    before it or its unit names, on the column named for that measure
    (:mod:`.measured_by`), never on a column named for the unit. A second measure said
    beside one read ("... and departed on time") is named as not applied."""
    out = []
    for op, pattern in _MEASURED_AMOUNTS:
        for m in list(pattern.finditer(r.skeleton)):
            f = _measured_amount(r, m, op)
            if f is not None:
                out.append(f)
    if out:  # (a column's name "time" may stand in the skeleton: "on time" is in the text)
        others = [*_OTHER_MEASURE.finditer(r.skeleton), *_ON_TIME.finditer(r.text)]
        for other in others:
            why = "a second measure of the rows, which I did not read"
            r.unapplied.append(LeftOut(other.group(0), why))
    return out


def _measured_amount(r: Reading, m: re.Match[str], op: str) -> Filter | None:
    """The condition ``m`` says, its words taken; None when it says none here."""
    adjective = m.group("adj") or (VERBS[m.group("verb")] if m.group("verb") else None)
    index = int(m.group("c")) if m.group("c") else None
    value = _amount(m)
    if adjective is None or (
        index is not None and not m.group("adj") and not a_unit_said(r, index)
    ):
        return None  # "delayed more than 3 stops": the number is the stops column's
    said = as_written(r, m.group(0)).strip()
    before = as_written(r, r.skeleton[: m.start()])
    unit_col = r.column_at(index) if index is not None else ""
    after = as_written(r, r.skeleton[m.end() :].split(",")[0])
    column = measure_column(r, adjective, unit_col, before, after)
    _take(r, m)
    if column is None:
        named = " or ".join(measure_candidates(r, adjective))
        why = f"how {adjective}: " + (
            f"the question does not say which of {named} it is"
            if named
            else "no number column holds it"
        )
        r.unapplied.append(LeftOut(said, why))
        return None
    if adjective in BELOW_ZERO:  # "10 minutes early": a delay below -10
        op = _BELOW_ZERO_OPS[op]
        value = (-value[1], -value[0]) if isinstance(value, tuple) else -value
    f = kept_unless_excluded(r, m.start(), Filter(column, op, value))
    unit = m.group("unit") or (
        r.text[r.mentions[index].start : r.mentions[index].end] if index is not None else ""
    )
    if column != unit_col and unit_unsaid(column, unit.lower()):
        r.unapplied.append(LeftOut(said, _unit_unknown(f)))
    return f


def _amount(m: re.Match[str]) -> int | float | tuple[int | float, int | float]:
    """The number ``m`` says, or its range."""
    return scaled_range(m["n"], m["m"]) if m.groupdict().get("m") else _num(m["n"])


def _unit_unknown(f: Filter) -> str:
    """Why an amount said in a unit is doubted on a column whose name says none."""
    return f"read as {condition_text(f.column, f.op, f.value)} in the unit of {f.column}, which its name does not say"


_SIGN_WORD = alternation(SIGNS)
_SIGNS = (
    re.compile(rf"\bC(\d+)\s+{_either(_COPULAS['sign'])}?\s*({_SIGN_WORD})\b"),
    re.compile(rf"\b({_SIGN_WORD})\s+C(\d+)\b"),
)
"""A sign said after its column ("inflation was negative"), and before it ("negative x")."""


def _sign(r: Reading) -> list[Filter]:
    """ "where inflation was negative", "positive returns", "non-negative x"."""
    out = []
    words = SIGNS
    for i, pattern in enumerate(_SIGNS):
        for m in list(pattern.finditer(r.skeleton)):
            index, word = (m.group(1), m.group(2)) if i == 0 else (m.group(2), m.group(1))
            column = r.column_at(int(index))
            if _numeric(r, column) and (word != "zero" or i == 0):
                op, value = words[word]
                out.append(kept_unless_excluded(r, m.start(), Filter(column, op, value)))
                _take(r, m)
    return out


_YEARS = _GRAMMAR["years"]
_YEAR_SPAN = re.compile(
    rf"\b(?:{_either(_YEARS['span_leads'])}\s+(?:the\s+)?(?:years\s+)?(?:\w+\s+)?)?"
    rf"((?:1[6-9]|20)\d\d)\s*{_either(_YEARS['span_joins'])}\s*((?:1[6-9]|20)\d\d)\b"
)
_TWO_YEARS = re.compile(
    rf"^(?!{_either(_YEARS['span_only_leads'])}\b).*\d\s*{_either(_YEARS['list_joins'])}\s*\d"
)
_DECADE = re.compile(rf"\b{_either(_YEARS['decade_leads'])}\s+the\s+((?:1[6-9]|20)\d)0s\b")


def year_span(r: Reading) -> list[Filter]:
    """A span of years: "for 2005 through 2009", "from 1990 to 1999", "1880-1969"."""
    m = _YEAR_SPAN.search(r.skeleton)
    decade = _DECADE.search(r.skeleton)
    if not m and not decade:
        return []
    if m:
        span = (int(m.group(1)), int(m.group(2)))
        listed = year_column(r) if _TWO_YEARS.search(m.group(0)) else None
        if listed is not None:  # "in 2016 and 2020": those two years, not the span between
            said = kept_unless_excluded(r, m.start(), Filter(listed, "isin", span))
            _take(r, m)
            return [said]
    else:  # "in the 1990s": 1990 to 1999
        assert decade is not None
        m, span = decade, (int(decade.group(1)) * 10, int(decade.group(1)) * 10 + 9)
    column = year_column(r)
    if column is not None:
        said = kept_unless_excluded(r, m.start(), Filter(column, "between", span))
        _take(r, m)
        return [said]
    dates = date_column(r)
    if dates is None:
        return []
    said = kept_unless_excluded(r, m.start(), Filter(dates, "years", span))
    _take(r, m)
    return [said]


def age_column(r: Reading) -> str | None:
    for column in r.schema.of_kind("number"):
        if re.fullmatch(r"(?i)age|ages|age_years|age \(years\)", column.strip()):
            return column
    return None


_AGE = _GRAMMAR["age"]
_NOT_AN_AGE = rf"(?![\d.,]*\d|\s*(?:{alternation(SCALES)})\b)"
"""After a figure: more digits, or a scale word ("over 95k" is no age)."""
_AGE_WORDS = (
    (">", re.compile(rf"\b{_either(_AGE['over'], space=' ')}\s+({UNSIGNED}){_NOT_AN_AGE}(?:\s+years?(?: old)?)?")),
    ("<", re.compile(rf"\b{_either(_AGE['under'], space=' ')}\s+({UNSIGNED}){_NOT_AN_AGE}(?:\s+years?(?: old)?)?")),
    (">=", re.compile(rf"\baged\s+({UNSIGNED})\s*{_either(_AGE['or_and'])}\s*{_either(_AGE['or_over'])}")),
    (">=", re.compile(rf"\b({UNSIGNED})\s*{_either(_AGE['or_and'])}\s*{_either(_AGE['or_older'])}\b")),
    ("<=", re.compile(rf"\b({UNSIGNED})\s*{_either(_AGE['or_and'])}\s*{_either(_AGE['or_younger'])}\b")),
)  # fmt: skip
"""An age said in words, by its comparison: "older than 60", "under 18", "aged 65 or over",
"60 or older"."""


_MORE_PEOPLE = rf"\b(?:{alternation(table('number_owners')['people'])})\b"
"""More nouns for rows that are people ("men over 30", "women under 40")."""


_SAID_OF_A_COLUMN = re.compile(r"\bC(\d+)\s+$")
"""A column token right before a bound ("C2 over 60": "scored over 60", "score over 60")."""


def rows_are_people(r: Reading, at: int | None = None) -> bool:
    """Whether the question's rows are people: said so, or the table is named for them
    ("how many are over 60?" asked of a table called ``people``). A bare bound at ``at``
    said right after another column's word ("average score over 60", "how many scored
    over 60") is that column's, whatever the table is named."""
    if at is not None:
        before = _SAID_OF_A_COLUMN.search(r.skeleton[:at])
        if before is not None and r.column_at(int(before.group(1))) != age_column(r):
            return False
    said = f"{r.skeleton} {r.frame.lower().replace('_', ' ')}"
    return re.search(PEOPLE, said) is not None or re.search(_MORE_PEOPLE, said) is not None


_OLDEST_AGE = 130


def could_be_age(r: Reading, figure: str, end: int) -> bool:
    """Whether the number ``figure`` (ending at ``end`` of the skeleton) can be an age:
    never with a scale word ("over 40k", "over 0.04 million") nor far past the age
    column's values ("people earning under 40000")."""
    if re.match(SCALE.removesuffix("?"), r.skeleton[end:]):
        return False
    value = _num(figure)
    column = age_column(r)
    said = r.schema.column(column).values if column is not None else ()
    oldest = max([_OLDEST_AGE, *(float(v) for v in said if isinstance(v, numbers.Real))])
    return 0 <= value <= oldest


def _age_words(r: Reading) -> list[Filter]:
    age = age_column(r)
    if age is None:
        return []
    out = []
    for op, pattern in _AGE_WORDS:
        for m in list(pattern.finditer(r.skeleton)):
            bare = m.group(0).split()[0] in ("over", "above", "under", "below")
            if op in (">", "<") and bare and not rows_are_people(r, m.start()):
                continue  # "over 100" alone is about age only when the rows are people
            if not could_be_age(r, m.group(1), m.end(1)):
                continue  # "people earning under 40000", "over 40k": an amount
            out.append(Filter(age, op, _num(m.group(1))))
            _take(r, m)
    span = re.search(
        rf"\b(?:aged?|between the ages of)\s+(?:between\s+)?({UNSIGNED})\s*(?:-|to|and)\s*({UNSIGNED})",
        r.skeleton,
    )
    if span:
        out.append(Filter(age, "between", (_num(span.group(1)), _num(span.group(2)))))
        _take(r, span)
    return out


def date_column(r: Reading) -> str | None:
    """The frame's date column: the one named, a datetime one, then text that parses as dates."""
    if r.date_hint:
        return r.date_hint
    named = _named_dates(r)
    if len(named) == 1:
        return named[0]
    for kinds in (("datetime",), ("datetext",)):
        found = r.schema.of_kind(*kinds)
        if found:
            return found[0]
    return None


def year_column(r: Reading, *, named_first: bool = False) -> str | None:
    """The column of years a year said goes to: one named "year", else the one column of
    whole-number years whose name ends in a year ("oscar_yr", "release_year"), or
    (``named_first``: for a bound, "built before 1980", in a table with no dates) begins
    with one ("year_built"), unless a date column is named (then "born in 1960" is on
    ``birth_date``, not ``oscar_yr``). A decade or a single year said of no column is left to the readings
    that see which column it is said of ("sqft in the 2000s")."""
    for column in r.schema.of_kind("number", "category"):
        if column.strip().lower() in ("year", "yr", "years"):
            return column
    if r.date_hint or _named_dates(r):
        return None
    # a table with dates keeps "after 2009" on them: "year_built" is one year of many
    first = named_first and not r.schema.of_kind("datetime", "datetext")
    named = [c for c in r.schema.of_kind("number") if holds_years(r, c, first=first)]
    return named[0] if len(named) == 1 else None


def _named_dates(r: Reading) -> list[str]:
    """The date columns the question names (by name, never by a value)."""
    dated = ("datetime", "datetext")
    named = (m.column for m in r.mentions if not m.is_value and r.kind(m.column) in dated)
    return list(dict.fromkeys(named))


_YEAR_ENDS = tuple(table("condition_words")["ordinals"]["year_words"])


def holds_years(r: Reading, column: str, *, first: bool) -> bool:
    """Whether ``column`` holds calendar years: whole numbers from 1600 to 2100 in a column
    whose name ends with a year word ("oscar_yr", "release_year") or (``first``) begins
    with one ("year_built", ``yearVeh``, ``yearacc``)."""
    name = "".join(name_words(column)).lower()
    said = any(name.endswith(w) or (first and name.startswith(w)) for w in _YEAR_ENDS)
    if not said or not r.schema.column(column).whole:
        return False
    frame = r.schema.frame
    if frame is None or column not in frame.columns:
        return False
    values = frame[column].dropna()
    return bool(len(values)) and bool(values.between(1600, 2100).all())


YEAR = r"(?:1[6-9]|20)\d\d"
_BOUND = _YEARS["bound"]
_BOUND_OPS = {word: op for op, words in _BOUND["ops"].items() for word in words}
"""A word before a year → the comparison it says ("since": ">=", "up to": "<=")."""
_YEAR_BOUND = re.compile(
    rf"\b(?:(?P<open>from|starting(?:\s+(?:in|from))?|beginning(?:\s+in)?)\s+(?:the\s+year\s+|year\s+)?"
    rf"(?P<start>{YEAR})\s*{_either(_BOUND['onwards'])}\b"
    rf"|(?P<word>{_either(list(_BOUND_OPS))})\s+(?:the\s+year\s+|year\s+)?"
    rf"(?P<year>{YEAR})\b(?!\s*(?:-|to|and)\s*\d)"
    rf"|\b(?P<late>{YEAR})\s*{_either(_BOUND['later'])}\b)"
)


def year_bound(r: Reading) -> list[Filter]:
    """An open span of years: "from 1980 onwards", "since 2010", "before 1990", "2007 and later"."""
    m = _YEAR_BOUND.search(r.skeleton)
    if not m:
        return []
    if m.group("word"):
        op, year = _BOUND_OPS[" ".join(m.group("word").split())], int(m.group("year"))
    else:
        op, year = ">=", int(m.group("start") or m.group("late"))
    column = year_column(r, named_first=True)
    dates = date_column(r) if column is None else None
    if column is None and dates is None:
        return []
    said = Filter(column, op, year) if column is not None else Filter(str(dates), f"year{op}", year)
    said = kept_unless_excluded(r, m.start(), said)  # "excluding sales before 2020"
    _take(r, m)
    return [said]


def _numbered(r: Reading) -> list[Filter]:
    """A number that names rows by a column's value: "4-cylinder cars", "the 2008 cars"."""
    out = []
    for m in list(re.finditer(r"\b(\d+)\s*-?\s*C(\d+)\b", r.skeleton)):
        column = r.column_at(int(m.group(2)))
        value = _known_value(r, column, m.group(1))
        if value is not None:
            out.append(Filter(column, "!=" if negated(r, m.start()) else "==", value))
            _take(r, m)
    year_col = year_column(r)
    said = re.search(rf"\bthe\s+({YEAR})\s+(?=[a-z])", r.skeleton)
    if said and year_col is not None and _known_value(r, year_col, said.group(1)) is not None:
        out.append(Filter(year_col, "==", int(said.group(1))))
        _take(r, said)
    return out


_YEAR = re.compile(
    rf"\b{_either(_YEARS['year_leads'])}\s+(?:the\s+year\s+|year\s+)?"
    r"(1[5-9]\d\d|20\d\d)\b(?!\s*(?:-|to|through)\s*\d)"
    rf"|\bthe\s+((?:19|20)\d\d)\s+(?={_either(_YEARS['year_before'])})"
)
"""One year: "in 2019", "during the year 2008", "the 2008 mean", "in 1855" (a year
before 1900 only where the data has it: "in 1500" is more often an amount)."""


def one_year(r: Reading) -> list[Filter]:
    m = _YEAR.search(r.skeleton)
    if not m:
        return []
    year = int(m.group(1) or m.group(2))
    if year < 1900 and not _has_year(r, year):
        return []
    # "in 2019 or 2020": the rows of either year
    more, end = _alternatives(r, _NEXT_YEAR, m.end(), int) if m.group(1) else ([], m.end())
    years = tuple(dict.fromkeys([year, *(int(y) for y in more)]))
    column = year_column(r)
    if column is not None:
        denied = negated(r, m.start())  # before the words are blanked
        _take(r, m, end)
        if len(years) > 1:
            return [Filter(column, "notin" if denied else "isin", years)]
        return [Filter(column, "!=" if denied else "==", year)]
    dates = date_column(r)
    if dates is None:
        return []
    one = kept_unless_excluded(r, m.start(), Filter(dates, "year", year))
    _take(r, m, end)
    if len(years) == 1:
        return [one]
    low, high = min(years), max(years)
    if len(years) == high - low + 1:  # years that follow one another: one span of dates
        return [Filter(dates, "years", (low, high))]
    said = " or ".join(str(y) for y in years)
    r.unapplied.append(LeftOut(said, "years apart: the dates are filtered on the first only"))
    return [Filter(dates, "year", year)]


def _has_year(r: Reading, year: int) -> bool:
    """Whether the table's column of years, or of dates, holds ``year``."""
    frame = r.schema.frame
    column = year_column(r) or date_column(r)
    if frame is None or column is None or column not in frame.columns:
        return False
    values = frame[column].dropna()
    if r.kind(column) == "datetime":
        return bool((values.dt.year == year).any())
    if r.kind(column) == "number":
        return bool((values == year).any())
    return bool(values.astype(str).str.contains(str(year), regex=False).any())


def _quarter(r: Reading) -> list[Filter]:
    """ "Q4", "1982 Q4", "2001-Q2": a quarter (and year) on quarter/year columns or a date column."""
    m = re.search(r"\b(?:((?:19|20)\d\d)\s*[- ]?)?q([1-4])\b", r.skeleton)
    if not m:
        return []
    quarter = int(m.group(2))
    named = [
        c for c in r.schema.of_kind("number", "category") if c.strip().lower() in ("quarter", "qtr")
    ]
    year_col = year_column(r)
    dates = date_column(r)
    out: list[Filter] = []
    if named and (year_col or not m.group(1)):
        out.append(Filter(named[0], "==", quarter))
        if m.group(1) and year_col:
            out.append(Filter(year_col, "==", int(m.group(1))))
    elif dates is not None:
        out.append(Filter(dates, "quarter", quarter))
        if m.group(1):
            out.append(Filter(dates, "year", int(m.group(1))))
    if out:
        _take(r, m)
    return out


_MONTH = re.compile(
    rf"\b{_either(_GRAMMAR['month']['leads'])}\s+({'|'.join(ph.MONTHS)})\b(?:,?\s+({YEAR})\b)?"
)
"""A month by name, and its year: "in July", "for March 2014"."""


def _month_number(word: str) -> int | None:
    """The month ``word`` names, whole or cut short ("May", "Mar", "Sept"), or None."""
    said = word.strip().lower().rstrip(".")
    for month, name in enumerate(ph.MONTHS, 1):
        if said == name or (len(said) >= 3 and name.startswith(said)):
            return month
    return None


def _month_name_column(r: Reading) -> str | None:
    """The text column whose values are all months by name ("Jan" ... "Dec")."""
    for column in r.schema.of_kind("category", "text"):
        values = r.schema.column(column).values
        if values and all(isinstance(v, str) and _month_number(v) is not None for v in values):
            return column
    return None


def _month_by_name(r: Reading, m: re.Match[str]) -> list[Filter]:
    """ "in May" on a column that holds the months by name: the rows of that month's value."""
    column = _month_name_column(r)
    if column is None:
        return []
    month = ph.MONTHS.index(m.group(1)) + 1
    value = next(
        (v for v in r.schema.column(column).values if _month_number(str(v)) == month), None
    )
    if value is None:
        return []
    out = [Filter(column, "!=" if negated(r, m.start()) else "==", value)]
    year_col = year_column(r)
    if m.group(2) and year_col is not None:  # "in July 2014": the month of that year
        out.append(Filter(year_col, "==", int(m.group(2))))
        _take(r, m)
    else:
        _take(r, m, m.end(1))
    return out


def _month_number_column(r: Reading) -> str | None:
    """The number column named for the month ("month", ``Month``) holding 1 to 12 only: the
    table's own month field, which a month said goes to before a date column's month
    (``time_hour`` may be kept in another time zone than the rows' months)."""
    for column in r.schema.of_kind("number", "category"):
        if name_words(column) != ["month"]:
            continue
        values = r.schema.column(column).values
        if values and all(isinstance(v, numbers.Integral) and 1 <= int(v) <= 12 for v in values):
            return column
    return None


def _month(r: Reading) -> list[Filter]:
    m = _MONTH.search(r.skeleton)
    numbered = _month_number_column(r) if m else None
    if m and numbered is not None and not (r.date_hint or _named_dates(r)):
        year_col = year_column(r)
        if not m.group(2) or year_col is not None:
            month = ph.MONTHS.index(m.group(1)) + 1
            out = [Filter(numbered, "!=" if negated(r, m.start()) else "==", month)]
            if m.group(2) and year_col is not None:  # "in July 2014"
                out.append(Filter(year_col, "==", int(m.group(2))))
            _take(r, m)
            return out
    dates = date_column(r)
    if m and dates is None:
        return _month_by_name(r, m)
    if not m or dates is None:
        return []
    _take(r, m)
    out = [Filter(dates, "month", ph.MONTHS.index(m.group(1)) + 1)]
    if m.group(2):  # "in July 2014": the month of that year
        out.append(Filter(dates, "year", int(m.group(2))))
    return out


_ORDINALS: dict[str, int] = _GRAMMAR["ordinals"]
_ORDINAL = re.compile(rf"\b({'|'.join(_ORDINALS)})[- ]C(\d+)")
"""An ordinal before a column: "first class", "3rd-class"."""


def _ordinal(r: Reading) -> list[Filter]:
    out = []
    for m in list(_ORDINAL.finditer(r.skeleton)):
        column = r.column_at(int(m.group(2)))
        value = _ORDINALS[m.group(1)]
        if value in r.schema.column(column).values:
            out.append(Filter(column, "!=" if negated(r, m.start()) else "==", value))
            _take(r, m)
    return out


_COLUMN_EQUALS = re.compile(
    r"\bC(\d+)(?!\s*['’]s\b(?!['\"’]))"  # "each region's": a possessive, never region = S
    rf"\s*{_either(_GRAMMAR['column_equals']['words'], space=' ')}?\s*['\"]?"
    r"(?![CVD]\d+\b)([\w.-]+)['\"]?"  # the value, never the next column ("X in C 6")
)


def _column_equals(r: Reading) -> list[Filter]:
    out = []
    for m in list(_COLUMN_EQUALS.finditer(r.skeleton)):
        column = r.column_at(int(m.group(1)))
        value = _known_value(r, column, m.group(2))
        if value is None:
            continue
        # "store 1 or 2": the rows of either value
        more, end = _alternatives(r, _NEXT_VALUE, m.end(), partial(_known_value, r, column))
        values = tuple(dict.fromkeys([value, *more]))
        if len(values) > 1:
            out.append(Filter(column, "notin" if negated(r, m.start()) else "isin", values))
        else:
            out.append(Filter(column, "!=" if negated(r, m.start()) else "==", value))
        _take(r, m, end)
    return out


def _known_value(r: Reading, column: str, word: str) -> Scalar | None:
    for value in r.schema.column(column).values:
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)) and re.fullmatch(UNSIGNED, word):
            if float(word) == value:
                return value
        elif isinstance(value, str) and value.lower() == word.lower():
            return value
    return None


_AFTER_VALUE = table("trust")["comparisons"]["after_value"]
_VALUE_BOUNDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    *(
        (op, re.compile(rf"\b(?:{alternation(words)})\s+(?:the\s+(?:year|month)\s+)?V(\d+)\b"))
        for op, words in _GRAMMAR["value_bounds"].items()
    ),
    *((op, re.compile(rf"\bV(\d+)\s*(?:{alternation(words)})\b")) for op, words in _AFTER_VALUE.items()),
)  # fmt: skip
"""A bound on a named value of a numbered column: "from July onwards", "since May",
"before August", "July or later". ("from" alone is a bound only with a word after it.)"""
_VALUE_RANGE = re.compile(
    rf"\b{_either(_GRAMMAR['value_range']['leads'])}\s+V(\d+)\s*"
    rf"{_either(_GRAMMAR['value_range']['joins'])}\s+V(\d+)\b"
)
"""A range between two named values of a numbered column: "from May to July"."""
_SIDES = re.compile(rf"\b(?:{alternation(table('trust')['comparisons']['sides']['words'])})\b")


def _value_bounds(r: Reading) -> list[Filter]:
    """A named value of a numeric column said as a bound (a month by name, a numbered
    class by its label): the rows from it on, never the rows equal to it."""
    out = []
    for m in list(_VALUE_RANGE.finditer(r.skeleton)):
        low, high = (r.mentions[int(m.group(i))] for i in (1, 2))
        if m.group(0).startswith("between") and _SIDES.search(r.skeleton[: m.start()]):
            continue  # "the difference between May and August": two sides, not a range
        if low.column == high.column and _numeric(r, low.column):
            out.append(Filter(low.column, "between", (low.value, high.value)))
            _take(r, m)
    for op, pattern in _VALUE_BOUNDS:
        for m in list(pattern.finditer(r.skeleton)):
            mention = r.mentions[int(m.group(1))]
            if not _numeric(r, mention.column) or not isinstance(mention.value, int | float):
                continue
            if m.group(0).startswith("from") and not _FROM_ON_AFTER.match(r.skeleton, m.end()):
                continue  # "from May to July" is a range; "from May" alone a name
            out.append(Filter(mention.column, op, mention.value))
            _take(r, m)
            after = _FROM_ON_AFTER.match(r.skeleton, m.end())
            if after is not None:
                _take(r, after)
    return out


def _values(r: Reading) -> list[Filter]:
    wanted: dict[str, list[Scalar]] = {}
    without: dict[str, list[Scalar]] = {}
    out_contains: list[Filter] = []
    slots = list(re.finditer(r"\bV(\d+)\b", r.skeleton))
    # each negation read before any value is taken: with "non- V1" blanked, its "non-"
    # would stand before the next value ("non-cancelled orders in York": York kept)
    denials = [
        negated(r, named_start(r, m.start(), r.mentions[int(m.group(1))].column)) for m in slots
    ]
    for m, denied in zip(slots, denials, strict=True):
        mention = r.mentions[int(m.group(1))]
        _take(r, m)
        series = None if mention.how == "contains" else series_words(r, mention)
        if mention.how == "contains" or series is not None:
            # "a manual transmission", "the Iron Man films": the values that hold the words
            held = mention.value if series is None else series
            out_contains.append(Filter(mention.column, "contains", held))
            continue
        target = without if denied else wanted
        target.setdefault(mention.column, []).append(mention.value)
    out = [_equal(c, v, "==") for c, v in wanted.items()]
    return out + [_equal(c, v, "!=") for c, v in without.items()] + out_contains


def _equal(column: str, values: list[Scalar], op: str) -> Filter:
    unique = list(dict.fromkeys(values))
    if len(unique) == 1:
        return Filter(column, op, unique[0])
    return Filter(column, "isin" if op == "==" else "notin", tuple(unique))


_RANKING_OR_COUNTING = frozenset({"min", "max", "count", "sum", "size", "nunique"})
"""Statistics said before a yes/no column that leave it a condition ("the lowest
cancellation rate", "how many total smokers"); any other makes it the measure."""


def binary_conditions(r: Reading, *, always: bool) -> list[Filter]:
    """Yes/no columns said as conditions ("who survived", "did not survive").

    With ``always`` (counting and percentages) any mention is a condition;
    otherwise only one introduced by who/that/which/where.
    """
    out = []
    for m in list(re.finditer(r"\bC(\d+)\b", r.skeleton)):
        column = r.column_at(int(m.group(1)))
        sides = yes_no(r, column)
        if sides is None:
            continue
        before = r.skeleton[max(0, m.start() - 24) : m.start()]
        if set(ph.aggregations(" ".join(before.split()[-1:]))) - _RANKING_OR_COUNTING:
            continue  # "the lowest mean status": the measure, never a condition too
        led = re.search(rf"\b{CONDITION_LEAD}\b", before) is not None
        if not (always or led):
            continue
        negative = re.search(rf"\b{NEGATION}\b|n't\b", before) is not None
        falsy, truthy = sides
        out.append(Filter(column, "==", falsy if negative else truthy))
        _take(r, m)
    return out


def yes_no(r: Reading, column: str) -> tuple[Scalar, Scalar] | None:
    """A yes/no column's (no, yes) values: 0/1 and booleans, two labels one of which
    says yes ("yes"/"no", "Y"/"N", "true"/"false"), or two labels one the other negated
    where the column's name says the plain one (:mod:`~notebook_router.analyst.named_sides`)."""
    values = r.schema.column(column).values
    if r.kind(column) == "binary":
        return values[0], values[1]
    if r.kind(column) != "category" or len(values) != 2:
        return None
    said = [str(v).strip().lower() for v in values]
    for i, word in enumerate(said):
        if word in YES and said[1 - i] in NO:
            return values[1 - i], values[i]
    return named_sides(r, column)  # "low"/"not low" of ``lowbirthweight``
