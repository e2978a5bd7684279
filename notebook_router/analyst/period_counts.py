"""Counting calendar periods, not rows: "how many days of data are there?", "over how many
weeks", "how many hours had frost?".

An hourly table has many rows a day: the days it covers are its distinct dates, not its
rows, and "how many days had frost?" counts the dates with a frosty row. "How many hours"
counts hours of the timestamps (one a row on an hourly table), never the distinct values
of an ``hour`` column, which are hours of the day ("how many different hours of the day"
asks for those). Each count is of the distinct periods of the date column under the
question's conditions; the answer names them, with the span from the first to the last.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst import conditions as cond
from notebook_router.analyst.clock_conditions import hour_column, stamp_column
from notebook_router.analyst.period_means import adds_up
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("clock_times")["counted_periods"]
_BOUNDS = frozenset({">", ">=", "<", "<=", "between"})
_NOUNS: dict[str, str] = _WORDS["nouns"]
_COUNTED = re.compile(
    rf"\b(?:{alternation(_WORDS['lead'])})\s+(?:(?P<distinct>{alternation(_WORDS['distinct'])})\s+)?"
    rf"(?P<noun>{alternation(_NOUNS)})\b"
)


def counted_periods(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting the distinct calendar periods its counted noun names ("days"),
    when it counted rows or the distinct hours of the day instead."""
    if spec.group_by or spec.measure:
        return spec
    m = _COUNTED.search(r.text.lower())
    if m is None:
        return spec
    hours_of_day = hour_column(r)
    rows = (spec.op == "count" and not spec.columns) or (
        spec.op == "shape" and spec.variant == "rows"
    )
    of_hour = spec.columns == (hours_of_day,) and (
        (spec.op == "unique" and spec.variant == "count")
        or (spec.op == "statistic" and spec.aggs == ("count",))
    )
    freq = _NOUNS[m.group("noun")]
    years = cond.year_column(r) if freq == "Y" else None
    if years is not None and not spec.filters and cond.date_column(r) is None:
        # "how many years of data" over a year number column: its distinct years, never
        # the rows (a team's season each) nor the count of its values
        of_year = spec.columns == (years,) and spec.op == "statistic" and spec.aggs == ("count",)
        if rows or of_year:
            return replace(spec, op="unique", variant="count", columns=(years,), aggs=())
    if not (rows or of_hour):
        return spec
    if freq == "h" and hours_of_day is not None and m.group("distinct"):
        # "how many different hours of the day": the hour column's distinct values
        return replace(spec, op="unique", variant="count", columns=(hours_of_day,), aggs=())
    dates = stamp_column(r) if freq == "h" else cond.date_column(r)
    if dates is None or r.kind(dates) not in ("datetime", "datetext"):
        if freq == "h" and hours_of_day is not None:
            # no timestamps to tell: rows, one hour each (the other reading is named)
            return replace(spec, op="count", variant="", columns=(), aggs=())
        return spec
    if not _periods_span_rows(r, dates, freq, conditional=bool(spec.filters)):
        # each row its own hour (or a city's hour): the rows, never the hours of the day
        return replace(spec, op="count", variant="", columns=(), aggs=()) if of_hour else spec
    counted = replace(
        spec, op="unique", variant="count", columns=(dates,), aggs=(), freq=freq, date_column=dates
    )
    return replace(counted, left_out=(*spec.left_out, *_bounds_on_totals(r, spec, m.group("noun"))))


def _bounds_on_totals(r: Reading, spec: Spec, noun: str) -> tuple[LeftOut, ...]:
    """A bound on an amount that adds up ("how many months had revenue over 1000"): a
    period's amount is its total, which the count of periods with a row past the bound
    does not test, so the bound is said read on each row, never passed off as the total's."""
    found = []
    for f in spec.filters:
        if f.op not in _BOUNDS or not adds_up(r, f.column):
            continue
        said = next(
            (
                r.text[m.start : m.end].strip()
                for m in r.mentions
                if m.column == f.column and not m.is_value
            ),
            f.column,
        )
        found.append(
            LeftOut(
                said,
                f"a bound on each {noun.rstrip('s')}'s total {f.column}, which I did not "
                f"apply: the count is of {noun} with a row where {f.column} {f.op} {f.value}",
            )
        )
    return tuple(found)


def _periods_span_rows(r: Reading, dates: str, freq: str, *, conditional: bool) -> bool:
    """Whether a period of ``dates`` holds several rows, so counting rows would count it
    again and again: an hourly table's day. When every row is its own period (a daily
    table asked for days) the row count is already the answer. A condition's count ("how
    many days had frost") is of periods only when each row is its own moment: where one
    moment repeats, on rows of several cities or stocks, the rows are city-days and are
    counted as such, as the coverage question ("how many days of data") never does."""
    import pandas as pd  # here, not at the top: loading the extension never imports pandas

    frame = r.schema.frame
    if frame is None or dates not in frame:
        return False
    moments = pd.to_datetime(frame[dates], errors="coerce").dropna()
    if moments.empty:
        return False
    periods = moments.dt.to_period(freq).nunique()
    if periods == len(moments):
        return False
    return not conditional or not bool(moments.duplicated().any())


def counted_period_gaps(r: Reading, spec: Spec, gaps: tuple[LeftOut, ...]) -> tuple[LeftOut, ...]:
    """``gaps`` without those on the words a count of periods used ("different hours":
    the hours counted, not a kind of row, a comparison or the ``hour`` column unused)."""
    m = _COUNTED.search(r.text.lower())
    if m is None:
        return gaps
    hours_of_day = hour_column(r)
    if (
        spec.op == "count"
        and not spec.columns
        and _NOUNS[m.group("noun")] == "h"
        and hours_of_day is not None
    ):
        # the rows counted as hours: the hour column is not needed, but without timestamps
        # nothing says a row is an hour, so the other reading is named
        kept = tuple(g for g in gaps if g.said.lower() != m.group("noun"))
        if stamp_column(r) is not None:
            return kept
        why = (
            f"I counted rows, each taken for one hour; if the hours of the day are meant, "
            f"{hours_of_day} holds them: ask for the different hours of the day"
        )
        return (*kept, LeftOut(m.group("noun"), why))
    if spec.op != "unique" or spec.variant != "count":
        return gaps
    if not spec.freq and spec.columns not in ((hours_of_day,), (cond.year_column(r),)):
        return gaps
    used = {w for w in (m.group("distinct"), m.group("noun")) if w}
    return tuple(g for g in gaps if not set(g.said.lower().split()) <= used)
