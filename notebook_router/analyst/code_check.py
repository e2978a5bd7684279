"""Does this code answer the question asked? The parts of the question it leaves unused.

A model that writes pandas code for "how many days did the United States report more
than 1,000,000 daily vaccinations?" may drop the country and count every country's days:
the code runs, the number looks right, and it answers a simpler question. This module
holds such code to the question's reading, without a model:

- :func:`constraints_for` reads the question as the offline analyst does
  (:func:`~notebook_router.analyst.understand.understand`) and keeps what any answer
  must use: its filters, the conditions it measures, its group-bys, the columns it
  measures, the labels it looks up. When the analyst cannot read the question, the
  columns and values it names (:mod:`~notebook_router.analyst.reading`) are kept instead,
  as things the code must merely use somewhere.
- :func:`unused` reads the code (:mod:`~notebook_router.analyst.code_facts`) and says,
  in words a model or a user can act on, which of those the code does not use.

Generous about syntax, strict about meaning: ``df.country.str.lower() == "united
states"``, ``df.query("country == 'United States'")`` and ``.isin(["United States"])``
all apply the filter; ``df.country == "Israel"`` does not, and neither does ``300``
for ".300" (numbers compare as numbers, text ignoring case).
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.analyst.code_facts import CodeFacts, Condition, read_code
from notebook_router.analyst.reading import read
from notebook_router.analyst.schema import Schema, frame_schemas
from notebook_router.analyst.spec import ColumnRef, Filter, Spec, condition_text
from notebook_router.analyst.understand import understand
from notebook_router.language.clauses import decompose
from notebook_router.language.phrases import phrase_table

log = logging.getLogger("notebook_router")

_UNMEASURED_OPS = frozenset({"summary", "missing", "shape"})
"""Operations over whole tables: ``df.describe()`` measures a column without naming it."""
_COUNTED = re.compile(
    rf"\b{phrase_table('answer_limits').either('asked.counted', space=' ')}\s+(?:the\s+)?C(\d+)\b"
)
"""A column named as what is counted, in a reading's skeleton (columns are ``C<i>``)."""
_LOWER = {">": ">", ">=": ">"}
_UPPER = {"<": "<", "<=": "<"}


@dataclass(frozen=True, slots=True)
class Constraints:
    """What any code that answers a question must use."""

    filters: tuple[Filter, ...] = ()
    """Rows the answer is about: each must be a condition in the code."""
    measured: tuple[Filter, ...] = ()
    """Conditions measured within those rows ("what share survived"): tested, grouped by,
    or (a 0/1 column) averaged."""
    group_by: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    """Columns the answer measures: read somewhere."""
    named: tuple[Filter, ...] = ()
    """Labels the question names (a cell's row and column, a value it mentions): used
    somewhere, as a condition on their column or as a literal."""
    known: tuple[str, ...] = ()
    """Every column of the frames (``df.region`` is a column, ``df.sum`` is not)."""
    aliases: tuple[tuple[str, str], ...] = ()
    """Variables that are themselves a column (a Series): name, column."""
    source: str = ""
    """Where these come from: ``spec`` (the analyst's reading) or ``mentions``."""

    def __bool__(self) -> bool:
        return bool(self.filters or self.measured or self.group_by or self.columns or self.named)


@dataclass(slots=True)
class _Union:
    filters: list[Filter] = field(default_factory=list)
    measured: list[Filter] = field(default_factory=list)
    group_by: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    named: list[Filter] = field(default_factory=list)

    def add(self, into: list[Any], items: Any) -> None:
        into.extend(i for i in items if i not in into)


def constraints_for(
    question: str, frames: Mapping[str, Any], default: str | None = None
) -> Constraints:
    """The constraints of ``question`` over ``frames`` (DataFrames or Series by name).

    Each clause of the question is read on its own ("total revenue by region and
    the mean units by region"); nothing is returned when no clause can be read.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"country": ["Chile", "Peru"], "cases": [3, 4]})
    >>> constraints_for("total cases in Chile", {"df": df}).filters
    (Filter(column='country', op='==', value='Chile'),)
    """
    schemas = frame_schemas(frames)
    # Each clause alone: read whole, "X, then Y" would put Y's filters on X.
    clauses = [c.text for c in decompose(question)] or [question]
    union = _Union()
    sources: set[str] = set()
    frame = default
    for text in clauses:
        understood = understand(text, schemas, frame)
        if isinstance(understood, Spec):
            _from_spec(union, understood, schemas[understood.frame])
            frame = understood.frame
            sources.add("spec")
        elif _from_mentions(union, text, schemas, frame):
            sources.add("mentions")
    known = tuple(dict.fromkeys(c for s in schemas.values() for c in s.names()))
    aliases = tuple(
        (name, s.columns[0].name) for name, s in schemas.items() if s.is_series and s.columns
    )
    return Constraints(
        filters=tuple(union.filters), measured=tuple(union.measured),
        group_by=tuple(union.group_by), columns=tuple(union.columns), named=tuple(union.named),
        known=known, aliases=aliases, source="spec" if "spec" in sources else "mentions",
    )  # fmt: skip


def spec_constraints(spec: Spec, schema: Schema) -> Constraints:
    """What code written for ``spec`` must use: the analyst's own code is held to the
    operation it was written for, so a part the spec carries and the code drops (a
    second group of a plot, a measure the chart does not draw) is never passed off as
    used."""
    union = _Union()
    _from_spec(union, spec, schema)
    return Constraints(
        filters=tuple(union.filters), measured=tuple(union.measured),
        group_by=tuple(union.group_by), columns=tuple(union.columns), named=tuple(union.named),
        known=tuple(schema.names()), source="spec",
    )  # fmt: skip


def _from_spec(union: _Union, spec: Spec, schema: Schema) -> None:
    union.add(union.filters, spec.filters)
    union.add(union.measured, spec.measure)
    union.add(union.group_by, spec.group_by)
    union.add(union.named, spec.lookup)
    if spec.is_series or spec.op in _UNMEASURED_OPS:
        return
    if spec.op == "unique" and spec.variant == "count" and spec.filters:
        return  # "how many players hit above .300": the rows are the players
    names = set(schema.names())
    columns = [c for c in spec.columns if c in names]
    if spec.derived is not None:
        columns = [c for c in columns if c != spec.derived.name]
        columns += [spec.derived.left, spec.derived.right]
    if spec.date_column:
        columns.append(spec.date_column)
    union.add(union.columns, columns)


def _from_mentions(
    union: _Union, text: str, schemas: Mapping[str, Schema], default: str | None
) -> bool:
    """What a question the analyst cannot read names: its values and columns."""
    reading = read(text, schemas, default)
    if isinstance(reading, str) or not reading.mentions:
        return False
    values = [Filter(m.column, "==", m.value) for m in reading.mentions if m.is_value]
    union.add(union.named, values)
    # Not a column to read: a word of a table's name ("weather" in weather_2012), nor the
    # things counted ("how many countries": the rows are the countries).
    tables = [
        m.span()
        for name in schemas
        for m in re.finditer(rf"(?<!\w){re.escape(name.lower())}(?!\w)", reading.text)
    ]
    counted = {reading.column_at(int(i)) for i in _COUNTED.findall(reading.skeleton)}
    columns = [
        m.column
        for m in reading.mentions
        if not m.is_value
        and m.column not in counted
        and m.column.casefold() not in {name.casefold() for name in schemas}
        and not any(start <= m.start and m.end <= end for start, end in tables)
    ]
    union.add(union.columns, columns)
    return True


@dataclass(frozen=True, slots=True)
class Gap:
    """One part of the question the code does not use: what the code does not do to it
    (``verb``) and the part itself, as code a person would recognise (``part``)."""

    verb: str
    """``apply``, ``test``, ``group by``, ``use the column`` or ``use``."""
    part: str
    """``country == 'United States'``, ``free_agency_eligibility``."""

    def __str__(self) -> str:
        return f"the code does not {self.verb} {self.part}"

    @property
    def left_out(self) -> str:
        """The part as a result's ``left_out`` names it: what it is, and why it is left out.

        >>> Gap("apply", "country == 'United States'").left_out
        "the filter country == 'United States' (the code does not apply it)"
        """
        what, done = _LEFT_OUT[self.verb]
        return f"{what} {self.part} (the code does not {done} it)"


_LEFT_OUT = {
    "apply": ("the filter", "apply"),
    "test": ("the condition", "test"),
    "group by": ("the grouping by", "group by"),
    "use the column": ("the column", "read"),
    "use": ("the value", "use"),
}


def unused(code: str, constraints: Constraints) -> list[str]:
    """What of ``constraints`` ``code`` does not use, each as "the code does not ...".

    >>> c = Constraints(filters=(Filter("country", "==", "Chile"),), known=("country", "cases"))
    >>> unused('df[df.country == "Peru"].cases.sum()', c)
    ["the code does not apply country == 'Chile'"]
    >>> unused('df.query("country == \\'chile\\'").cases.sum()', c)
    []
    """
    return [str(gap) for gap in gaps(code, constraints)]


def gaps(code: str, constraints: Constraints) -> list[Gap]:
    """What of ``constraints`` ``code`` does not use, part by part (:func:`unused` in words)."""
    if not constraints:
        return []
    try:
        facts = read_code(code, constraints.known, dict(constraints.aliases))
    except RecursionError:  # nested past what a person writes: nothing to hold it to
        return []
    if facts is None:
        return []  # not Python: the run said so already
    found = [Gap("apply", describe(f)) for f in constraints.filters if not applies(f, facts)]
    found += [Gap("test", describe(f)) for f in constraints.measured if not measures(f, facts)]
    found += [Gap("group by", g) for g in constraints.group_by if not groups(g, facts)]
    found += [Gap("use the column", c) for c in constraints.columns if not facts.read(c)]
    found += [Gap("use", describe(f)) for f in constraints.named if not names(f, facts)]
    return found


def safe_constraints(
    question: str, frames: Mapping[str, Any], default: str | None = None
) -> Constraints:
    """:func:`constraints_for`, or no constraints if reading the question fails: a check
    that cannot be made must not cost the user their answer."""
    try:
        return constraints_for(question, frames, default)
    except Exception as exc:  # the check is a guard, never a new way to fail
        log.warning("notebook_router: could not read the constraints of %r: %s", question, exc)
        return Constraints()


# ---------------------------------------------------------------- one constraint


def applies(f: Filter, facts: CodeFacts) -> bool:
    """Whether the code applies the row filter ``f``."""
    conditions = facts.on(f.column)
    op, value = f.op, f.value
    plain = [c for c in conditions if not c.part]
    if isinstance(value, ColumnRef):  # McCain > Obama: the same two columns, same side
        side = (">", ">=") if op in _LOWER else ("<", "<=")
        other = value.name.lower()
        return any(
            c.op in side and any(isinstance(v, ColumnRef) and v.name.lower() == other
                                 and _same(v.offset, value.offset) for v in c.values)
            for c in plain
        )  # fmt: skip
    if op in ("year", "month", "quarter") or op.startswith("year"):
        return _applies_to_date(f, conditions)
    if op == "hour":
        return any(_equal_to(c, value) for c in conditions if c.part == "hour")
    if op in ("present", "absent"):
        return any(c.op == op for c in plain)
    if op in ("==", "contains"):
        return any(_equal_to(c, value) for c in plain)
    if op == "!=":
        return any(_unequal_to(c, value) for c in plain)
    if op in _LOWER or op in _UPPER:
        return any(_bound(c, op, value) for c in plain)
    if op == "between" and isinstance(value, tuple) and len(value) == 2:
        low, high = value
        if any(c.op == "between" and _same(c.values[0], low) and _same(c.values[1], high)
               for c in plain):  # fmt: skip
            return True
        if _adjacent(low, high) and all(any(_equal_to(c, v) for c in plain) for v in value):
            return True  # "1931 and 1932", each year picked
        return any(_bound(c, ">=", low) for c in plain) and any(
            _bound(c, "<=", high) for c in plain
        )
    if op == "outside" and isinstance(value, tuple) and len(value) == 2:
        return any(
            c.op == "outside" and _same(c.values[0], value[0]) and _same(c.values[1], value[1])
            for c in plain
        )
    if op == "isin":
        # each value selected; or every group shown, each apart ("compare North and South")
        wanted = value if isinstance(value, tuple) else (value,)
        return groups(f.column, facts) or all(any(_equal_to(c, v) for c in plain) for v in wanted)
    if op == "notin":
        wanted = value if isinstance(value, tuple) else (value,)
        return all(any(_unequal_to(c, v) for c in plain) for v in wanted)
    return any(any(_same(v, value) for v in c.values) for c in conditions)


def measures(f: Filter, facts: CodeFacts) -> bool:
    """Whether the code measures the condition ``f`` within its rows: as a condition, by
    grouping on its column (each value's share), or as the mean of a 0/1 column."""
    if applies(f, facts) or groups(f.column, facts):
        return True
    return f.op == "==" and _same(f.value, 1) and facts.read(f.column)


def groups(column: str, facts: CodeFacts) -> bool:
    """Whether the code groups rows by ``column``: grouping, or taking two or more of its
    values apart (``df[df.sex == "male"]`` and ``df[df.sex == "female"]``, each measured)."""
    if facts.grouped(column):
        return True
    picked = [v for c in facts.on(column) if c.op == "==" and not c.part for v in c.values]
    return len({_key(v) for v in picked}) >= 2


def _key(value: Any) -> Any:
    number = _number(value)
    return number if number is not None else " ".join(str(value).split()).casefold()


def names(f: Filter, facts: CodeFacts) -> bool:
    """Whether the code uses the label ``f`` names: on its column, or as a literal."""
    if any(any(_same(v, f.value) for v in c.values) for c in facts.on(f.column)):
        return True
    return any(_same(v, f.value) for v in facts.literals)


def describe(f: Filter) -> str:
    """``f`` as code a person would recognise: ``country == 'United States'``."""
    value, column = f.value, f.column
    if f.op in ("present", "absent"):
        return f"{column}.{'notna' if f.op == 'present' else 'isna'}()"
    if f.op == "between" and isinstance(value, tuple) and len(value) == 2:
        return f"{column} between {_show(value[0])} and {_show(value[1])}"
    if f.op == "outside" and isinstance(value, tuple) and len(value) == 2:
        return f"{column} not between {_show(value[0])} and {_show(value[1])}"
    if f.op in ("isin", "notin"):
        values = value if isinstance(value, tuple) else (value,)
        word = "in" if f.op == "isin" else "not in"
        return f"{column} {word} ({', '.join(_show(v) for v in values)})"
    if f.op == "years" and isinstance(value, tuple) and len(value) == 2:
        return f"{column} in the years {_show(value[0])} to {_show(value[1])}"
    if f.op in ("year", "month", "quarter"):
        return f"{column}.dt.{f.op} == {_show(value)}"
    if f.op == "hour" and isinstance(value, tuple):
        return f"{column}.dt.hour in ({', '.join(_show(v) for v in value)})"
    if f.op == "hour":
        return f"{column}.dt.hour == {_show(value)}"
    if f.op.startswith("year"):
        return f"{column}.dt.year {f.op[4:]} {_show(value)}"
    if f.op == "contains":
        return f"{column} containing {_show(value)}"
    if isinstance(value, ColumnRef):
        return condition_text(column, f.op, value)
    return f"{column} {f.op} {_show(value)}"


def _equal_to(c: Condition, value: Any) -> bool:
    wanted = value if isinstance(value, tuple) else (value,)
    if c.op in ("==", "isin", "contains"):
        return all(any(_same(v, w) for v in c.values) for w in wanted)
    if c.op == "between" and len(c.values) == 2 and len(wanted) == 1:
        return _same(c.values[0], wanted[0]) and _same(c.values[1], wanted[0])
    return False


def _unequal_to(c: Condition, value: Any) -> bool:
    return c.op in ("!=", "notin", "lacks") and any(_same(v, value) for v in c.values)


def _bound(c: Condition, op: str, value: Any) -> bool:
    """``c`` bounds the column on the side ``op`` does, at ``value`` (> and >= alike: the
    parse of "over" or "at least" is not exact enough to hold the code to one)."""
    lower = op in _LOWER
    if c.op == "between" and len(c.values) == 2:
        return _same(c.values[0 if lower else 1], value)
    if c.op in ((">", ">=") if lower else ("<", "<=")):
        return any(_same(v, value) for v in c.values)
    return False


def _applies_to_date(f: Filter, conditions: list[Condition]) -> bool:
    """A date part filter: ``.dt.year == 2021``, or the column compared with text or a
    date of that period (``>= "2021-01-01"``, ``.loc["2021"]``, ``.str.startswith``)."""
    part = "year" if f.op.startswith("year") else f.op
    wanted = f.value if isinstance(f.value, tuple) else (f.value,)
    if f.op in ("year", "month", "quarter", "years"):
        on_part = [c for c in conditions if c.part == part]
        if f.op == "years" and len(wanted) == 2:
            if any(_bound(c, ">=", wanted[0]) for c in on_part) and any(
                _bound(c, "<=", wanted[1]) or _bound(c, "<=", _plus(wanted[1], 1)) for c in on_part
            ):
                return True
            if any(c.op == "between" and _same(c.values[0], wanted[0]) for c in on_part):
                return True
        elif any(_equal_to(c, wanted[0]) for c in on_part):
            return True
    elif f.op == "year!=":  # "excluding 2020": of the rows whose date is known
        return any(_unequal_to(c, wanted[0]) for c in conditions if c.part == "year")
    else:  # year> year>= year< year<=
        if any(_bound(c, f.op[4:], wanted[0]) for c in conditions if c.part == "year"):
            return True
    if part != "year":
        return False
    years = {str(w) for w in wanted} | {str(_plus(w, 1)) for w in wanted}
    return any(
        re.match(rf"^\s*(?:{'|'.join(map(re.escape, years))})\b", str(v)) is not None
        for c in conditions
        if not c.part
        for v in c.values
        if isinstance(v, str)
    )


def _adjacent(low: Any, high: Any) -> bool:
    """Two whole numbers one apart: the range holds just the two (years, counts)."""
    return all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)) and (
        high - low == 1
    )


def _plus(value: Any, n: int) -> Any:
    return value + n if isinstance(value, int) and not isinstance(value, bool) else value


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?(?:\d[\d,_]*)?\.?\d+(?:e-?\d+)?\s*", value):
        try:
            return float(value.replace(",", "").replace("_", ""))
        except ValueError:
            return None
    return None


def _same(a: Any, b: Any) -> bool:
    """Numbers as numbers (``.300`` is 0.3, never 300), text ignoring case and spacing."""
    x, y = _number(a), _number(b)
    if x is not None and y is not None:
        return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
    if x is not None or y is not None:
        return False
    return " ".join(str(a).split()).casefold() == " ".join(str(b).split()).casefold()


def _show(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, str) else str(value)
