"""Sanity checks of an understood operation against the question and the table.

Each check reads the :class:`Spec` an intent chose against the :class:`Reading` and the
:class:`Schema`, and either repairs it where English says how or names what it cannot
vouch for (a :class:`LeftOut`, so the answer is partial and says so). None of them is
about one table or one sentence:

- A generic noun for the rows ("workers", "students", "people") that a category
  column also holds as a value (occupation = "worker"), with that column not named:
  the condition is kept and the other reading (every row) named, with its figure.
- A count of rows on a column whose values are unique (one row a state): the count is
  1 (or the number of names listed) by construction, never what was asked; number
  columns that may hold the count are named.
- A threshold a scale word made ("300 thousand") that lies outside the column's values
  while the figure as said lies inside them: both readings named, not a confident 0.
- A statistic of a column whose only condition is a bound on that same column ("total
  revenue over 150"): the reading is said, since "over 150" may be meant for another
  column the question did not name.
- A value said after the name of the column grouped by ("by type of death") describes
  that column: it is no condition.
- A bound outside every value of its column while another number column holds such
  values ("hit over .300" with ``bat_avg``): both are named.
- "who ...?" answered from one column of people while another could be meant
  (:mod:`.person_columns`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.column_stats import spread
from notebook_router.analyst.number_owners import range_as_said
from notebook_router.analyst.person_columns import other_people
from notebook_router.analyst.reading import Reading, read
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Filter, LeftOut, Spec
from notebook_router.language.numbers import SCALES, number
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

ROW_NOUNS: frozenset[str] = frozenset(table("trust_guards")["row_nouns"])
"""Generic nouns for what the rows of a table are (``language/data/trust_guards.toml``)."""
_SCALED = re.compile(rf"(?<![\w.])(?P<num>\d[\d,]*(?:\.\d+)?)\s?(?P<scale>{alternation(SCALES)})\b")
_GUARD_WORDS = table("reading_words")["guards"]
_COUNTED = re.compile(
    rf"\b(?:{alternation(_GUARD_WORDS['counted'])})\s+(?:(?:{alternation(_GUARD_WORDS['comparatives'])})\s+)?(?P<noun>[a-z]+)"
)
_ROW_COUNTS = frozenset({"count"})
_GROUP_COUNTS = frozenset({"groupby", "compare"})
_KEY_OPS = frozenset({"==", "isin"})
_BOUND_OPS = frozenset({">", ">=", "<", "<="})
_COUNT_TOLD = re.compile(alternation(_GUARD_WORDS["count_told"]))
"""A count already named as one row each by another check: not said twice."""
_COUNT_TO_COLUMN = 2
"""The most words between "how many <noun>" and the column it counts ("how many years *of*
experience"): further on, the column is said about something else."""


def guarded(r: Reading, spec: Spec) -> Spec:
    """``spec`` repaired where the question says how, with what it cannot vouch for added
    to its ``left_out``."""
    spec = _rows_not_a_condition(r, spec)
    spec = _group_said_with_its_value(r, spec)
    found = [
        *_unique_key_count(r, spec),
        *_scaled_threshold(r, spec),
        *_measured_within_its_own_bound(r, spec),
        *_bound_of_another_column(r, spec),
        *other_people(r, spec),
    ]
    if not found:
        return spec
    return replace(spec, left_out=tuple(dict.fromkeys((*spec.left_out, *found))))


def carried_guarded(part: str, spec: Spec, frames: Mapping[str, Schema]) -> Spec:
    """``spec`` of one part of a joined question, after conditions of an earlier part were
    carried into it ("... of Ohio and how many murders did *it* have?"), checked again
    where a check reads the conditions: the part was checked before it had them, so a
    count of the one row a carried key picks went unseen."""
    r = read(part, frames, spec.frame)
    if isinstance(r, str):
        return spec
    spec = _one_rows_value(r, spec)
    told = {g.said for g in spec.left_out}
    found = [g for g in _unique_key_count(r, spec) if g.said not in told]  # said once
    if not found:
        return spec
    return replace(spec, left_out=tuple(dict.fromkeys((*spec.left_out, *found))))


def about_the_pick(
    part: str, previous: Spec, picked: object, ranking: object, spec: Spec,
    frames: Mapping[str, Schema],
) -> Spec:  # fmt: skip
    """``spec`` of a part that refers to the one group the part before picked ("which
    store has the most revenue and how many orders did *it* have?"): kept to that group's
    rows. Where the pick is not one value (``ranking``, the groups' figures best first,
    has a tie at the top), the reference is named as not applied."""
    if previous.op != "groupby" or previous.variant != "which" or len(previous.group_by) != 1:
        return spec
    column = previous.group_by[0]
    if spec.frame != previous.frame or column in spec.group_by:
        return spec
    if any(f.column == column for f in spec.filters):
        return spec  # the part names its own group ("and how many did store B have?")
    if not isinstance(picked, (str, int, float)) or _tied_at_top(ranking):
        why = f"it refers to the {column} picked before, which is not one {column}"
        return replace(spec, left_out=(*spec.left_out, LeftOut(part.strip(), why)))
    kept = replace(spec, filters=(*spec.filters, Filter(column, "==", picked)))
    return carried_guarded(part, kept, frames)


def _tied_at_top(ranking: object) -> bool:
    """Whether a ranking table (a DataFrame of the groups' figures, best first) has its
    first two figures equal."""
    rows = getattr(ranking, "iloc", None)
    if rows is None or len(ranking) < 2 or getattr(ranking, "ndim", 0) != 2:  # type: ignore[arg-type]
        return False
    return bool(rows[0, 0] == rows[1, 0])


def _one_rows_value(r: Reading, spec: Spec) -> Spec:
    """A count of a number column's values on the one row a carried key picks ("the
    salary of employee 3 and how many years of experience does she have?"): the column
    names what is counted, so the answer is that row's value, not how many values it has
    (one). What the count's reading named as unused inside those words goes with it."""
    if spec.op != "statistic" or spec.aggs != ("count",) or len(spec.columns) != 1:
        return spec
    column = spec.columns[0]
    if r.kind(column) != "number" or not any(
        f.op == "==" and _one_row_each(r, f.column) for f in spec.filters
    ):
        return spec
    where = _COUNTED.search(r.text)
    if where is None:
        return spec
    named = [
        m for m in r.mentions if not m.is_value and m.column == column and m.start >= where.start()
    ]
    if not named or len(r.text[where.end() : named[0].start].split()) > _COUNT_TO_COLUMN:
        return spec  # the column is not what "how many ..." counts
    said = r.text[where.start() : named[0].end].lower()
    kept = tuple(g for g in spec.left_out if g.said.lower() not in said)
    return replace(spec, op="value", aggs=(), left_out=kept)


def _said(r: Reading, start: int, end: int) -> str:
    return r.text[start:end].strip()


def _rows_not_a_condition(r: Reading, spec: Spec) -> Spec:
    """A condition whose only word is a generic noun for the rows ("workers" for
    ``occupation == "worker"``), with no column it belongs to named: both readings are
    plausible, so the condition is kept (the literal reading) and the other one (every
    row) is named, with its figure where a count makes it cheap."""
    kept: dict[str, Filter] = {}
    for f in spec.filters:
        if f.op != "==" or not isinstance(f.value, str) or f.column in spec.group_by:
            continue
        said = [
            _said(r, m.start, m.end).lower()
            for m in r.mentions
            if m.is_value and m.column == f.column and m.value == f.value
        ]
        named = any(not m.is_value and m.column == f.column for m in r.mentions)
        if said and not named and all(w in ROW_NOUNS for w in said):
            kept[said[0]] = f
    if not kept:
        return spec
    gaps = tuple(g for g in spec.left_out if g.said.lower() not in kept)
    for word, f in kept.items():
        why = f"read as {f.column} = {f.value}; it may mean every row"
        others = tuple(o for o in spec.filters if o is not f)
        every = _rows_counted(r, spec, others)
        if every is not None:
            why += f", and over every row it would be {every:,}"
        gaps += (LeftOut(word, why),)
    return replace(spec, left_out=gaps)


_OF_A_VALUE = re.compile(r"^\s+of\s+(?:the\s+)?$", re.IGNORECASE)
"""What lies between a column's name and a value that only says what the column is
("by type *of* death")."""


def _group_said_with_its_value(r: Reading, spec: Spec) -> Spec:
    """ "average age by type of death": a value said right after the name of the column
    grouped by ("type of death") says what that column holds; it is no condition, which
    would leave one group of a grouping asked for."""
    if spec.op != "groupby":
        return spec
    named = {m.end: m.column for m in r.mentions if not m.is_value and m.column in spec.group_by}

    def describes(f: Filter) -> bool:
        return f.op == "==" and any(
            m.is_value and m.column == f.column and m.value == f.value
            and any(column == f.column and _OF_A_VALUE.match(r.text[end : m.start])
                    for end, column in named.items())
            for m in r.mentions
        )  # fmt: skip

    kept = tuple(f for f in spec.filters if not (f.column in spec.group_by and describes(f)))
    return spec if len(kept) == len(spec.filters) else replace(spec, filters=kept)


_SIMPLE_OPS = {
    "==": lambda s, v: s == v,
    "!=": lambda s, v: s != v,
    ">": lambda s, v: s > v,
    ">=": lambda s, v: s >= v,
    "<": lambda s, v: s < v,
    "<=": lambda s, v: s <= v,
    "isin": lambda s, v: s.isin(v),
}


def _rows_counted(r: Reading, spec: Spec, filters: tuple[Filter, ...]) -> int | None:
    """The row count ``spec`` would give under ``filters`` alone, where that is a plain
    count over plain conditions; else None (the figure is not cheap to vouch for)."""
    frame = r.schema.frame
    if frame is None or spec.op not in _ROW_COUNTS or spec.group_by:
        return None
    keep = None
    for f in (*filters, *spec.measure):
        test = _SIMPLE_OPS.get(f.op)
        if test is None or f.column not in frame.columns:
            return None
        try:
            mask = test(frame[f.column], f.value)
        except (TypeError, ValueError):
            return None
        keep = mask if keep is None else keep & mask
    return len(frame) if keep is None else int(keep.sum())


def _one_row_each(r: Reading, column: str) -> bool:
    """Every value of ``column`` stands on exactly one row (a key: a name, an id)."""
    if column not in r.schema.names() or r.schema.rows < 2:
        return False
    distinct, fewest = r.schema.spread(column)
    if distinct:
        return distinct == r.schema.rows and fewest == 1
    return not r.schema.column(column).repeats


def _unique_key_count(r: Reading, spec: Spec) -> list[LeftOut]:
    """A count of rows picked or grouped by a unique key: one row each by construction."""
    if _counts_rows(spec) and not spec.measure:
        keys = [f.column for f in spec.filters if f.op in _KEY_OPS and _one_row_each(r, f.column)]
    elif spec.op in _GROUP_COUNTS and spec.aggs == ("size",) and spec.group_by:
        keys = [c for c in spec.group_by if _one_row_each(r, c)]
        keys = keys if len(keys) == len(spec.group_by) else []
    else:
        return []
    if not keys or any(_COUNT_TOLD.search(g.why) for g in spec.left_out):
        return []
    asked = _COUNTED.search(r.question.lower())
    if asked is None:
        return _ranked_by_nothing(r, spec, keys)
    where = _COUNTED.search(r.text)
    said_in = [m for m in r.mentions if where and where.start() <= m.start < where.end()]
    column = any(not m.is_value and m.column in spec.columns for m in said_in)
    if asked.group("noun") in ROW_NOUNS and not column:
        return []  # the rows themselves counted ("how many people named p3?")
    if any(m.is_value and m.column in keys for m in said_in):
        return []  # "how many teachers are there?": the key's own value counted, as asked
    said = asked.group()
    key = keys[0]
    held = [
        c.name
        for c in r.schema.columns
        if c.kind == "number" and c.whole and c.name != key and c.name not in set(keys)
    ]
    hint = f"; a number column may hold how many: {', '.join(held)}" if held else ""
    why = f"each {key} is one row, so counting rows gives one for each{hint}"
    return [LeftOut(said, why)]


def _counts_rows(spec: Spec) -> bool:
    """A count of rows: a count, the count of a column's values ("how many cases did it
    have?" read as how many values ``cases`` holds), or the table's row count ("how many X
    are there?") once an earlier part's conditions were carried into it."""
    if spec.op == "statistic":
        return spec.aggs == ("count",)
    return spec.op in _ROW_COUNTS or (spec.op == "shape" and spec.variant == "rows")


def _ranked_by_nothing(r: Reading, spec: Spec, keys: list[str]) -> list[LeftOut]:
    """No count was asked ("show the last 2 orders"), yet the operation ranks groups of
    a unique key by their number of rows: every group has one, so the ranking orders
    nothing. Named in the words said for the key; never in words not said."""
    if spec.op not in _GROUP_COUNTS or spec.n is None:
        return []
    said = [_said(r, m.start, m.end) for m in r.mentions if m.column in keys]
    if not said:
        return []
    why = f"each {keys[0]} is one row, so ranking by the number of rows orders nothing"
    return [LeftOut(said[0], why)]


def _scaled_threshold(r: Reading, spec: Spec) -> list[LeftOut]:
    """A bound a scale word made that no row comes near, while the figure as said lies
    among the column's values ("more than 300 thousand" on a column in thousands)."""
    frame = r.schema.frame
    if frame is None:
        return []
    out = []
    for m in _SCALED.finditer(r.text):
        said, factor = number(m.group("num")), SCALES[m.group("scale").lower()]
        for f in spec.filters:
            if f.op not in _BOUND_OPS or not isinstance(f.value, (int, float)):
                continue
            if float(f.value) != said * factor or f.column not in frame.columns:
                continue
            try:
                low, high = float(frame[f.column].min()), float(frame[f.column].max())
            except (TypeError, ValueError):
                continue
            if low <= float(f.value) <= high or not low <= said <= high:
                continue
            why = (
                f"read as {float(f.value):,.0f}, outside {f.column}'s values ({low:,g} to "
                f"{high:,g}); if {f.column} is counted in {m.group('scale')}s, it is {said:,g}"
            )
            out.append(LeftOut(m.group(), why))
    return out


_FAR = 100
_FRACTION_FAR = 10
"""How many times a fraction below one must lie under a whole-number column's middle
value to be on another column's scale."""
"""How many times smaller or larger than a column's middle value a bound must be to be
no bound on that column's scale ("over .300" of hits numbering 90 or so)."""


def _bound_of_another_column(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "how many players hit over .300?" read as ``hit > 0.3``: a bound a hundred times
    off its column's typical value is on another scale, and when a number column the
    operation does not read holds such values (``bat_avg``) the bound is likely meant for
    it: the answer names both instead of a confident count."""
    frame = r.schema.frame
    if frame is None:
        return []
    used = {*spec.columns, *(f.column for f in spec.filters)}
    out = []
    for f in spec.filters:
        if f.op not in _BOUND_OPS or isinstance(f.value, bool):
            continue
        if not isinstance(f.value, (int, float)) or r.kind(f.column) != "number":
            continue
        if f.value == 0:
            continue  # "negative", "above zero": a sign, on every scale
        own = spread(frame, f.column)
        if own is None or own.middle <= 0:
            continue
        far = not own.middle / _FAR <= f.value <= own.middle * _FAR
        # ".300" on a column of whole counts near 6: a fraction below one, far under its
        # values ("rating over 4.5" of whole ratings 1-5 is on its scale)
        fraction = (
            r.schema.column(f.column).whole
            and 0 < abs(f.value) < 1
            and own.middle >= _FRACTION_FAR * abs(f.value)
        )
        if not (far or fraction):
            continue
        holding = [
            c for c in r.schema.of_kind("number")
            if c not in used and not is_identifier(c)
            and (span := spread(frame, c)) and span.low <= f.value <= span.high
            and (far or not r.schema.column(c).whole)
        ]  # fmt: skip
        if holding:
            why = (
                f"read as {f.column} {f.op} {f.value:,}, far from {f.column}'s values "
                f"(typically {own.middle:,g}); {', '.join(holding)} "
                f"{'holds' if len(holding) == 1 else 'hold'} values like it: name "
                "the column meant"
            )
            out.append(LeftOut(f"{f.op} {f.value:,}", why))
    return out


def _measured_within_its_own_bound(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "total revenue over 150" measured as revenue over the rows where revenue > 150: a
    plausible reading, but the bound may belong to a column the question left unnamed,
    so the answer says which column the condition was put on."""
    if r.remaining("number", "binary"):
        return []  # another column is measured: the bound was not taken from the statistic's
    out = []
    for f in spec.filters:
        if f.column in r.measured and f.column in spec.columns and f.op in _BOUND_OPS | {"between"}:
            why = (
                f"read as {f.column} {f.op} {f.value}, a condition on the column measured; if "
                "it is meant for another column, name that column"
            )
            out.append(LeftOut(_bound_as_said(r, f), why))
    return out


def _bound_as_said(r: Reading, f: Filter) -> str:
    """The words that said a bound ("over 150", "between 100 and 200"), else the condition
    itself."""
    whole_range = range_as_said(r.text, f)
    if whole_range is not None:
        return whole_range
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    for value in values:
        if isinstance(value, (int, float)):
            figure = f"{value:g}" if isinstance(value, float) else str(value)
            m = re.search(rf"(?:\b[a-z]+\s+)?(?<![\d.]){re.escape(figure)}(?![\d])", r.text)
            if m:
                return m.group()
    return f"{f.column} {f.op} {f.value}"
