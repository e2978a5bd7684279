"""The typed operation an understood question becomes, before any code is written."""

from __future__ import annotations

from dataclasses import dataclass, field

Scalar = str | int | float | bool


@dataclass(frozen=True, slots=True)
class ColumnRef:
    """Another column of the same row, as the value a condition compares with
    (``McCain > Obama``: the rows where one number column is above another). With an
    ``offset`` the other column is shifted by a number: ``McCain >= Obama + 2`` keeps the
    rows where McCain leads by at least 2 (``McCain - Obama >= 2``)."""

    name: str
    offset: float = 0.0

    def __str__(self) -> str:
        if not self.offset:
            return self.name
        sign = "-" if self.offset < 0 else "+"
        return f"{self.name} {sign} {abs(self.offset):g}"


def condition_text(column: str, op: str, value: object) -> str:
    """A row condition as a person reads it: ``McCain - Obama >= 2`` for a column shifted
    by an offset (the gap between the two columns against the number), else ``A op B``."""
    if isinstance(value, ColumnRef) and value.offset:
        return f"{column} - {value.name} {op} {value.offset:g}"
    return f"{column} {op} {value}"


@dataclass(frozen=True, slots=True)
class Filter:
    """One row condition: ``column op value`` (``between`` takes a pair, ``isin`` a tuple,
    ``> >= < <=`` also a :class:`ColumnRef`, another column of the row)."""

    column: str
    op: str
    """One of ``== != > >= < <= between outside isin notin contains year years month
    quarter present absent`` (``outside``: not between the pair; ``present`` and
    ``absent``: a value recorded or missing, no ``value``), or
    ``year>=`` (and ``>``, ``<``, ``<=``, ``!=``) for a date column's year."""
    value: Scalar | tuple[Scalar, ...] | ColumnRef | None = None
    or_missing: bool = False
    """The rows whose value is missing are kept too: "excluding cities with a population
    over 2000" leaves out only the cities known to be over 2000 (``~(population > 2000)``),
    not those with no population recorded."""


@dataclass(frozen=True, slots=True)
class Derived:
    """A new column computed from two others: ``kind`` is sum, difference, product or ratio."""

    name: str
    kind: str
    left: str
    right: str


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A part of the question the operation does not use, in the question's words, and why."""

    said: str
    why: str

    def __str__(self) -> str:
        return f"“{self.said}” ({self.why})"


@dataclass(frozen=True, slots=True)
class Spec:
    """What to compute, in enough detail that code generation needs no more reading."""

    op: str
    frame: str
    variant: str = ""
    columns: tuple[str, ...] = ()
    group_by: tuple[str, ...] = ()
    filters: tuple[Filter, ...] = ()
    measure: tuple[Filter, ...] = ()
    """For percentages and counts: the condition measured within the filtered rows. For
    an amount per a unit (``ratio_of_totals``, or ``rows`` ranked by a ratio): the
    divisor's condition (``distance_km > 0``), which keeps the rows the ratio is defined
    on; those it drops are counted and told."""
    derived: Derived | None = None
    aggs: tuple[str, ...] = ()
    quantile: float | None = None
    n: int | None = None
    ascending: bool = False
    method: str = ""
    rounding: int | None = None
    freq: str = ""
    date_column: str = ""
    parse_dates: bool = False
    date_texts: tuple[str, ...] = ()
    """Text columns of dates the conditions compare as dates: parsed in the code first."""
    amount_texts: tuple[str, ...] = ()
    """Text columns of amounts ("$1,234.50"): parsed as numbers in the code first."""
    relabelled: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Text columns whose labels are written in several cases ("Chat", "chat", "CHAT"),
    each with its other spellings and the one they are read as, in the code first."""
    plot: str = ""
    percent: bool = False
    alpha: float = 0.05
    threshold: float | None = None
    label_column: str = ""
    bins: tuple[float, ...] = ()
    bin_count: int | None = None
    horizon: int | None = None
    at: float | None = None
    is_series: bool = False
    answer: str = ""
    """Which computed number is the value: ``p_value``, ``statistic``, ``verdict`` or the usual."""
    lookup: tuple[Filter, ...] = ()
    """For tables: the row/column labels of the one cell asked for."""
    counted: tuple[str, ...] = ()
    """The yes/no columns whose side is what a count per group counts ("how many *smokers*
    per clinician"), as against one that says which rows ("journals per field, *only
    society* ones"): a group with none of the counted is a 0 (:mod:`.zero_groups`)."""
    left_out: tuple[LeftOut, ...] = ()
    """What of the question this operation does not use (:mod:`.accounting`): the answer
    is then partial, and says so."""


@dataclass(frozen=True, slots=True)
class Decline:
    """A question that maps to no operation: why, and what could be done instead."""

    reason: str
    closest: tuple[str, ...] = ()
    did_you_mean: tuple[str, ...] = field(default_factory=tuple)


def parsed_texts(spec: Spec) -> tuple[str, ...]:
    """The text columns the code parses as dates: the date column of a period the text
    holds, and every text column of dates a condition compares as dates."""
    first = (spec.date_column,) if spec.parse_dates and spec.date_column else ()
    return tuple(dict.fromkeys((*first, *spec.date_texts)))
