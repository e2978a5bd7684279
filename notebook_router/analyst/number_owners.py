"""The column a condition's number belongs to, when the words around it point past the
column said just before it.

- "total revenue from 2019 to 2020", "... before 2018", "... in 2019 and 2020": years said
  right after the measured column are a condition on the table's year or date column,
  never a range of the measure.
- "orders over 150", "total revenue of orders over 150": a number said of the things an
  identifier column names ("orders" for ``order_id``) is the amount of those things: the
  one money column, else named as not applied. "customers with more than 3 orders" counts
  rows per customer; no column holds it, so it is named as not applied.
- "make over 95k a year", "earning more than $80,000": a money amount is a bound on the
  one money column (:mod:`.money_bounds`).
- "average mpg of cars over 3000 lbs", "price of houses over 2000 sq ft": a unit says
  what the number measures (the weight, the floor area), on the one column named for it.

Runs first among :func:`.conditions.conditions`' rules and blanks what it used, so the
rules that read a number after its column never see these.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst import conditions as cond
from notebook_router.analyst.column_names import (
    is_identifier as is_identifier,  # other readers import it from here
)
from notebook_router.analyst.column_names import money_columns, name_words
from notebook_router.analyst.money_bounds import money_bounds
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.sex_codes import SEXES, sex_pair
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.analyst.stretch_conditions import stretch_conditions
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.negations import CONTRACTED, NEGATIONS
from notebook_router.language.numbers import SCALES
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.value_words import value_group

_WORDS = table("number_owners")
_THE = alternation(_WORDS["articles"][:1])
_ARTICLE = alternation(_WORDS["articles"])
_OF = alternation(_WORDS["of"])
_YEAR_WORD = alternation(_WORDS["year_words"])
_OLD = alternation(_WORDS["old"])
_PERCENT = rf"(?:%|(?:{alternation(_WORDS['percent'])})\b)"
_END = r"(?!\.?\d|,\d)"
"""A number read whole: never cut short by backtracking ("20" of "20 units" read as "2")."""
_YEAR_LEAD = re.compile(
    rf"\bC(?P<c>\d+)\s+(?=(?:{alternation(_WORDS['year_leads'])})\s+(?:(?:{_THE})\s+)?"
    rf"(?:(?:{_YEAR_WORD})\s+)?{cond.YEAR}\b(?!\s*(?:{_PERCENT}|\.\d)))"
)
"""A column token, then a year said as a condition ("C0 from 2019 ...", "C0 before 2018")."""
_NUMBER = rf"\$?(?P<n>-?{cond.UNSIGNED}{_END}{cond.SCALE})"
_BOUND_OPS = tuple((op, words) for op, words in cond.PREFIX_OPS if op not in ("==", "!="))
_COUNTED = tuple(
    (op, re.compile(rf"\b(?:{words})\s+(?P<n>{cond.UNSIGNED}){_END}\s+C(?P<c>\d+)\b"))
    for op, words in _BOUND_OPS
)
"""A bound said before the column's noun ("more than 3 orders")."""
_AFTER = tuple(
    (
        op,
        re.compile(
            rf"\bC(?P<c>\d+)\s+(?:(?:{alternation(_WORDS['bound_links'])})\s+){{0,2}}"
            rf"(?:(?:{_ARTICLE})\s+)?(?:(?:{alternation(_WORDS['amount_nouns'])})\s+(?:(?:{_OF})\s+)?)?"
            rf"(?P<bound>{words})\s+{_NUMBER}"
            rf"(?!\s*(?:{_PERCENT}|C\d))"
        ),
    )
    for op, words in _BOUND_OPS
)
"""A bound said after the column's noun ("orders over 150", "orders worth more than 150")."""


def _said_units(kind: str) -> str:
    said = sorted(_WORDS["units"][kind]["said"], key=len, reverse=True)
    return "|".join(re.escape(u).replace(r"\ ", r"\s*") for u in said)


_UNIT_BOUNDS = tuple(
    (
        kind,
        op,
        re.compile(
            rf"\b(?:{words})\s+{_NUMBER}\s*(?:{_said_units(kind)})(?![\w])(?!\s+(?:{_OF})\b)"
        ),
    )
    for kind in _WORDS["units"]
    for op, words in _BOUND_OPS
)
"""A bound with its unit ("over 3000 lbs", "under 2,000 sq ft"), by what the unit measures."""
_UNIT_RANGES = tuple(
    (
        kind,
        re.compile(
            rf"\b(?:{alternation(_WORDS['range_leads'])})\s+(?P<low>{cond.UNSIGNED})\s*"
            rf"(?:(?:{alternation(_WORDS['range_joins'])})\b|-)\s*(?P<n>{cond.UNSIGNED}){_END}\s*"
            rf"(?:{_said_units(kind)})(?![\w])(?!\s+(?:{_OF})\b)"
        ),
    )
    for kind in _WORDS["units"]
)
"""A range with its unit after the second end ("between 2000 and 3000 lbs")."""
_ANY_UNIT = "|".join(
    re.escape(u).replace(r"\ ", r"\s*")
    for u in sorted(
        {
            *table("analysis")["conditions"]["units"],
            *(u for kind in _WORDS["units"].values() for u in kind["said"]),
        },
        key=len,
        reverse=True,
    )
)
_UNIT_OF_COLUMN = tuple(
    (
        op,
        re.compile(rf"\b(?:{words})\s+{_NUMBER}\s*(?:{_ANY_UNIT})\s+(?:{_OF})\s+C(?P<c>\d+)\b"),
    )
    for op, words in _BOUND_OPS
)
"""A bound with its unit, then what it measures ("less than 5 g of fat"): that column's."""
_COLUMN_BEFORE = re.compile(rf"\bC(\d+)\s+(?:(?:{alternation(_WORDS['column_links'])})\s+)?$")


def owned_conditions(r: Reading) -> list[Filter]:
    """The conditions whose number belongs to another column than the one said before it,
    blanked from ``r.skeleton``; numbers that belong to no column are named in
    ``r.unapplied``."""
    found = [
        *_people_of_a_sex(r),  # first: the bounds read below are blanked, and it looks for them
        *_years_of_measure(r),
        *money_bounds(r),
        *stretch_conditions(r),
        *_unit_bounds(r),
        *_identified_things(r),
        *_people_ages(r),
    ]
    return [cond.in_column_unit(r, f) for f in found]


_COUNTING = re.compile(rf"\b(?:{alternation(table('reading_words')['understand']['counting'])})\b")


def _the_measure(r: Reading, column: str) -> bool:
    """Whether ``column`` is what the question measures: a statistic is said of it ("total
    revenue"), or it is the only number column named in a question that counts nothing
    ("revenue between 2019 and 2021 by region")."""
    if r.kind(column) != "number":
        return False
    if column in r.measured:
        return True
    return r.mentioned("number") == [column] and _COUNTING.search(r.text) is None


def _years_of_measure(r: Reading) -> list[Filter]:
    """ "total revenue from 2019 to 2020": the years of the year or date column, with the
    measured column kept as the thing measured."""
    out: list[Filter] = []
    for m in list(_YEAR_LEAD.finditer(r.skeleton)):
        column = r.column_at(int(m.group("c")))
        if not _the_measure(r, column):
            continue
        year_column = cond.year_column(r)
        if (year_column is None or year_column == column) and cond.date_column(r) is None:
            continue
        token = m.group().rstrip()
        start = m.start()
        # hide the measured column while the year rules read the years after it
        r.skeleton = r.skeleton[:start] + "#" * len(token) + r.skeleton[start + len(token) :]
        for finder in (cond.year_span, cond.year_bound, cond.one_year):
            found = finder(r)
            out.extend(found)
            if found:
                break
        r.skeleton = r.skeleton[:start] + token + r.skeleton[start + len(token) :]
    return out


def _concept_column(r: Reading, kind: str) -> str | None:
    """The one number column named for what a unit measures (a weight, a floor area)."""
    words = {w.lower() for w in _WORDS["units"][kind]["columns"]}
    found = [c for c in r.schema.of_kind("number") if set(name_words(c)) & words]
    return found[0] if len(found) == 1 else None


def _read_by_its_column(r: Reading, start: int, column: str) -> bool:
    """Whether the bound at ``start`` is said right after a column that is not a measure
    the unit cannot fit ("weight over 3000 lbs", "a body mass over 4 kg": the ordinary
    rules read it on that column), rather than after the measure ("mpg over 3000 lbs")."""
    before = _COLUMN_BEFORE.search(r.skeleton[:start])
    if before is None:
        return False
    said = r.column_at(int(before.group(1)))
    if r.kind(said) != "number" or is_identifier(said):
        # "items over 200 grams": a noun for the rows, no bound's column; "cars over 3000
        # lbs" of ``car_id``: an id is never what a bound measures
        return False  # "items over 200 grams": a noun for the rows, no bound's column
    return said == column or said not in r.measured


def _unit_bounds(r: Reading) -> list[Filter]:
    """ "cars over 3000 lbs", "houses between 1500 and 2000 sq ft": on the column the unit
    points to, when the table has exactly one."""
    out: list[Filter] = []
    for op, pattern in _UNIT_OF_COLUMN:
        for m in list(pattern.finditer(r.skeleton)):
            said = r.column_at(int(m.group("c")))
            if r.mentions[int(m.group("c"))].is_value or r.kind(said) != "number":
                continue
            bound = Filter(said, op, cond.said_number(m.group("n")))
            out.append(cond.kept_unless_excluded(r, m.start(), bound))
            r.skeleton = _blanked(r.skeleton, m)
    for kind, pattern in _UNIT_RANGES:
        for m in list(pattern.finditer(r.skeleton)):
            column = _concept_column(r, kind)
            if column is None or _read_by_its_column(r, m.start(), column):
                continue
            ends = cond.scaled_range(m.group("low"), m.group("n"))
            out.append(cond.kept_unless_excluded(r, m.start(), Filter(column, "between", ends)))
            _take_with_rows_noun(r, m)
    for kind, op, pattern in _UNIT_BOUNDS:
        for m in list(pattern.finditer(r.skeleton)):
            column = _concept_column(r, kind)
            if column is None or _read_by_its_column(r, m.start(), column):
                continue
            # "other than those longer than 15 miles": the rows the bound leaves out
            bound = Filter(column, op, cond.said_number(m.group("n")))
            out.append(cond.kept_unless_excluded(r, m.start(), bound))
            _take_with_rows_noun(r, m)
    return out


def _take_with_rows_noun(r: Reading, m: re.Match[str]) -> None:
    """Blank the bound, and the noun before it when that noun names the rows through their
    id column ("cars" of ``car_id`` in "mpg of cars over 3000 lbs"): the rows, never a
    column to measure."""
    start = m.start()
    before = _COLUMN_BEFORE.search(r.skeleton[:start])
    if before is not None:
        mention = r.mentions[int(before.group(1))]
        if not mention.is_value and mention.how != "name" and is_identifier(mention.column):
            start = before.start()
    r.skeleton = r.skeleton[:start] + " " * (m.end() - start) + r.skeleton[m.end() :]


_AGE = table("conditions_grammar")["age"]
_NOT_AGE_UNITS = [u for u in table("analysis")["conditions"]["units"] if u not in ("year", "years")]
_PEOPLE_WORDS = [*table("analysis")["conditions"]["people"], *_WORDS["people"]]
_PEOPLE_AGES = tuple(
    (
        op,
        re.compile(
            rf"\bC(?P<c>\d+)\s+(?:(?:{alternation(_WORDS['people_links'])})\s+"
            rf"(?:(?:(?:{_THE})\s+)?(?:{alternation(_PEOPLE_WORDS)})\s+)?"
            rf"|(?:(?:{_THE})\s+)?(?:{alternation(_PEOPLE_WORDS)})\s+)"
            rf"(?P<bound>(?:{alternation(_AGE[key])})\s+(?P<n>{cond.UNSIGNED}){_END}"
            rf"(?:\s+(?:{_YEAR_WORD})(?:\s+(?:(?:{_OLD})|(?:(?:{_OF})\s+)?C(?P<old>\d+)))?)?)"
            rf"(?!\s*(?:{_PERCENT}|C\d|(?:{alternation([*SCALES, *_NOT_AGE_UNITS])})\b))"
        ),
    )
    for op, key in ((">", "over"), ("<", "under"))
)
"""A measure, then the people it is of and their age: "income of people over 40", "income
of men under 30" (the table named for the people: "income of over 40")."""


def _people_ages(r: Reading) -> list[Filter]:
    """ "average income of people over 40": the age column's bound when the rows are
    people, never a bound on the income measured."""
    age = cond.age_column(r)
    if age is None or not cond.rows_are_people(r):
        return []
    out = []
    for op, pattern in _PEOPLE_AGES:
        for m in list(pattern.finditer(r.skeleton)):
            column = r.column_at(int(m.group("c")))
            old = m.group("old")  # "40 years old", "old" read as the age column
            if column == age or column not in r.measured or (old and r.column_at(int(old)) != age):
                continue
            if not cond.could_be_age(r, m.group("n"), m.end("n")):
                continue  # "income of people over 50k": an amount, never an age
            out.append(
                cond.kept_unless_excluded(
                    r, m.start(), Filter(age, op, cond.said_number(m.group("n")))
                )
            )
            r.skeleton = (
                r.skeleton[: m.start("bound")] + _blanked(r.skeleton, m)[m.start("bound") :]
            )
    return out


def _identified_things(r: Reading) -> list[Filter]:
    """ "orders over 150": the money column's bound; "more than 3 orders": a count of rows,
    named as not applied. Only where the noun was said ("orders"), never the column's own
    name ("order_id over 150")."""
    for _op, pattern in _COUNTED:
        for m in list(pattern.finditer(r.skeleton)):
            mention = r.mentions[int(m.group("c"))]
            if mention.is_value or mention.how == "name" or not is_identifier(mention.column):
                continue
            said = r.text[mention.start : mention.end].strip()
            why = (
                f"a count of {said} (rows) for each of the things asked about, not a value "
                f"of {mention.column}: no column holds it"
            )
            r.unapplied.append(LeftOut(_counted_said(r, m.group("n"), said), why))
            r.skeleton = _blanked(r.skeleton, m)
    out: list[Filter] = []
    for op, pattern in _AFTER:
        for m in list(pattern.finditer(r.skeleton)):
            index = int(m.group("c"))
            mention = r.mentions[index]
            if mention.is_value or mention.how == "name" or not is_identifier(mention.column):
                continue
            if _an_age_comparative(r, m.group("bound")):
                # "employees older than 35": the age words read it on the age column, and
                # the noun names the rows, not a column to measure
                r.skeleton = _blanked_token(r.skeleton, m)
                continue
            after = _NEXT_WORD.match(r.skeleton, m.end())
            if after is not None and _MEASURED_IN.match(r.skeleton, after.end()):
                # "employees with more than 5 years of experience": the bound's own column
                # is named after its unit; the ordinary rules read it there
                r.skeleton = _blanked_token(r.skeleton, m)
                continue
            if after is not None and after.group(1) not in _MAY_FOLLOW_MONEY:
                # "orders with more than 10 items": a count of something, never the money
                said = r.text[mention.start : mention.end].strip()
                why = f"a count of {after.group(1)}, which no column of {said} is named for"
                r.unapplied.append(LeftOut(_bound_said(r, m.group("n"), said), why))
                r.skeleton = r.skeleton[: m.end("c")] + _blanked(r.skeleton, m)[m.end("c") :]
                continue
            money = money_columns(r)
            if len(money) == 1 and _within(r, money[0], cond.said_number(m.group("n"))):
                # the number is the amount of the things named: the noun is used by it
                r.mentions[index] = replace(mention, column=money[0])
                out.append(Filter(money[0], op, cond.said_number(m.group("n"))))
                r.skeleton = _blanked(r.skeleton, m)
                continue
            said = r.text[mention.start : mention.end].strip()
            why = (
                f"not a bound on {mention.column}, which identifies the {said}; "
                "name the column it applies to"
            )
            r.unapplied.append(LeftOut(_bound_said(r, m.group("n"), said), why))
            r.skeleton = r.skeleton[: m.end("c")] + _blanked(r.skeleton, m)[m.end("c") :]
    return out


def _within(r: Reading, column: str, value: object) -> bool:
    """Whether ``value`` may be an amount of ``column``: "patients over 65" on charges of
    1,500 to 41,000, with ages of 8 to 91 beside them, is no amount of those patients, so
    the bound is named as not applied rather than put on the money."""
    frame = r.schema.frame
    if frame is None or column not in frame.columns or not isinstance(value, int | float):
        return True
    try:
        low, high = frame[column].min(), frame[column].max()
        if low <= value <= high:
            return True
        # outside the money ("orders over 10" when every order is over 12) is still the
        # money, unless another number column holds it (the patients' ages)
        others = [
            c
            for c in frame.columns
            if c != column and r.kind(str(c)) == "number" and not is_identifier(str(c))
        ]
        return not any(frame[c].min() <= value <= frame[c].max() for c in others)
    except (TypeError, ValueError):
        return True


_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")
_MAY_FOLLOW_MONEY = frozenset([*STOPWORDS, *_WORDS["money_after"], *SCALES])
_AGE_COMPARATIVES = re.compile(
    rf"(?:{alternation([w for w in (*_AGE['over'], *_AGE['under']) if ' ' in w])})"
)
"""An age said as a comparison ("older than", "under the age of"), not a bare "over"."""


def _an_age_comparative(r: Reading, bound: str) -> bool:
    return cond.age_column(r) is not None and _AGE_COMPARATIVES.fullmatch(bound) is not None


_SEX_WORDS = {word: sex for sex in SEXES for word in sorted(value_group(sex) or ())}
_SEX_WORD = re.compile(rf"\b(?:{alternation(sorted(_SEX_WORDS, key=len, reverse=True))})\b")


_SEX_AGE = re.compile(
    rf"(?P<w>{_SEX_WORD.pattern})\s+(?:(?:{alternation(_WORDS['sex_age_links'])})\s+)?"
    rf"(?:{alternation([*_AGE['over'], *_AGE['under']])})\s+\d"
)
"""People of one sex and their age ("women over 50", "men who are under 30")."""


def _sex_coded_column(r: Reading) -> str | None:
    """The one text column that holds people's sex as one-letter codes, one for each
    ("F" and "M", or "W" and "M")."""

    found = [
        c.name
        for c in r.schema.columns
        if c.kind in ("category", "binary") and sex_pair(c.name, c.values) is not None
    ]
    return found[0] if len(found) == 1 else None


_NEGATIONS = sorted([*NEGATIONS, *_WORDS["sex_negations"]], key=len, reverse=True)
_SEX_NEGATION = re.compile(
    rf"(?:\b(?:{alternation(_NEGATIONS)})|(?:{CONTRACTED}))\s*"
    rf"(?:(?:{alternation(table('negation')['between'])})\s+)?$"
)
"""A negation ending right before people of one sex ("not women", "excluding the men",
"non-male")."""
_ASKED_FIRST = re.compile(rf"^\s*\w+(?:{CONTRACTED})\s*$")
"""A question opened by a negated auxiliary ("Don't women earn more?", "Didn't men..."):
the auxiliary asks, it negates no one."""


def _people_of_a_sex(r: Reading) -> list[Filter]:
    """ "how many women are over 50": a word for people of one sex that linking found no
    value for is the sex column's code when the column holds only "F" and "M", else named
    as not applied (never dropped while the age beside it is applied). A negated word
    ("not women", "excluding men", "non-male") is the other code; both sexes named ("men
    and women") is no condition on the column. Every spelling of a code ("F", "f ") is
    kept."""
    wanted: set[str] = set()
    negated_any = False
    said = list(_SEX_WORD.finditer(r.skeleton))
    both = {_SEX_WORDS[m.group()] for m in said} == set(SEXES)  # "men and women"
    for m in said:
        word = m.group()
        code = _SEX_WORDS[word]
        column = _sex_coded_column(r)
        if column is None:
            if not both and word in {a.group("w") for a in _SEX_AGE.finditer(r.skeleton)}:
                # "men under 30": the age is applied, the sex has nowhere to go; away from
                # an age the word may name every row (a table of mothers)
                r.unapplied.append(LeftOut(word, f"no column says who are {word}"))
            continue
        negated = _SEX_NEGATION.search(r.skeleton[: m.start()]) is not None and not (
            _ASKED_FIRST.match(r.skeleton[: m.start()])
        )
        negated_any |= negated
        wanted |= set(SEXES) - {code} if negated else {code}
    column = _sex_coded_column(r)
    if column is None or not wanted:
        return []
    held = r.schema.column(column).values
    pair = sex_pair(column, held) or {}
    values = [v for v in held if pair.get(str(v).strip().lower()) in wanted]
    if len(wanted) > 1 and not negated_any and _COUNTING.search(r.text) is None:
        # "average salary for men and women": one condition per sex, which the joined
        # parts answer per value; a count of both ("how many men and women") is their rows
        return [Filter(column, "==", v) for v in values]
    if len(values) == 1:
        return [Filter(column, "==", values[0])]
    return [Filter(column, "isin", tuple(values))]


def _counted_said(r: Reading, figure: str, noun: str) -> str:
    """The words that said a count ("more than 3 orders")."""
    m = re.search(rf"(?:\b[a-z]+\s+){{0,2}}{re.escape(figure.strip())}\s+{re.escape(noun)}", r.text)
    return m.group() if m else f"{figure.strip()} {noun}"


def _bound_said(r: Reading, figure: str, noun: str) -> str:
    """The words that said a bound on the things ``noun`` names ("orders over 150")."""
    m = re.search(
        rf"{re.escape(noun)}\s+(?:[a-z]+\s+){{0,4}}\$?{re.escape(figure.strip())}", r.text
    )
    return m.group() if m else f"{noun} {figure.strip()}"


_MEASURED_IN = re.compile(rf"\s+(?:{_OF})\s+C\d+\b")
"""A unit's column said after it ("5 years *of experience*")."""


def _blanked_token(skeleton: str, m: re.Match[str]) -> str:
    return (
        skeleton[: m.start("c") - 1]
        + " " * (m.end("c") - m.start("c") + 1)
        + skeleton[m.end("c") :]
    )


def _blanked(skeleton: str, m: re.Match[str]) -> str:
    return skeleton[: m.start()] + " " * (m.end() - m.start()) + skeleton[m.end() :]


def _figure(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return f"{value:g}" if isinstance(value, float) else str(value)


def range_as_said(text: str, f: Filter) -> str | None:
    """The words that said a range condition, both ends ("between 100 and 200", "from
    2019 to 2020"), or None when ``f`` is no range or its ends are not found as written."""
    if not isinstance(f.value, tuple) or len(f.value) != 2:
        return None
    low, high = (_figure(v) for v in f.value)
    if low is None or high is None:
        return None
    m = re.search(
        rf"(?:\b[a-z]+\s+)?(?<![\d.])\$?{re.escape(low)}(?![\d.]\d)[^.;?!]{{0,24}}?"
        rf"(?<![\d.])\$?{re.escape(high)}(?![\d])",
        text,
    )
    return m.group() if m else None
