"""Question text and frame schemas in, a typed operation (or a decline) out. No model, no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.adjective_flags import adjective_flags
from notebook_router.analyst.adverb_values import adverb_conditions
from notebook_router.analyst.amount_texts import with_parsed_amounts
from notebook_router.analyst.both_sides import both_sides
from notebook_router.analyst.capita_ratios import capita_ratio_told
from notebook_router.analyst.case_variants import read_as_one
from notebook_router.analyst.clock_conditions import clock_conditions
from notebook_router.analyst.coded_bounds import coded_bounds
from notebook_router.analyst.column_comparisons import column_comparisons
from notebook_router.analyst.conditions import binary_conditions, conditions
from notebook_router.analyst.contradictions import checked
from notebook_router.analyst.counted_times import counted_times
from notebook_router.analyst.currency_measures import currency_decline, currency_spec
from notebook_router.analyst.currency_rows import currency_rows
from notebook_router.analyst.date_conditions import date_conditions
from notebook_router.analyst.date_texts import with_parsed_dates
from notebook_router.analyst.dated_extremes import dated_extremes
from notebook_router.analyst.families import INTENTS
from notebook_router.analyst.full_names import full_names
from notebook_router.analyst.function_columns import column_aggregations
from notebook_router.analyst.group_rows import group_row_bounds
from notebook_router.analyst.id_bounds import bounds_on_flags, unsaid_id_bounds
from notebook_router.analyst.id_measures import id_measures
from notebook_router.analyst.intents import derived_column, no_frame, unmapped
from notebook_router.analyst.joined_parts import pooled_parts
from notebook_router.analyst.lacking_counts import lacking_counts
from notebook_router.analyst.limits import unread_condition, unsupported_method
from notebook_router.analyst.nth_ranks import nth_ranked
from notebook_router.analyst.number_owners import owned_conditions
from notebook_router.analyst.one_row_each import over_rows_named_once
from notebook_router.analyst.ordinal_conditions import ordinal_conditions
from notebook_router.analyst.percent_units import percent_units
from notebook_router.analyst.period_conditions import change_conditions, period_conditions
from notebook_router.analyst.place_values import unclear_places
from notebook_router.analyst.presence_conditions import presence_conditions
from notebook_router.analyst.reading import Reading, read
from notebook_router.analyst.restated_values import restated_values
from notebook_router.analyst.row_nouns import row_nouns
from notebook_router.analyst.row_numbers import rows_numbered
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.analyst.speed_on_durations import speed_on_durations
from notebook_router.analyst.trust_guards import guarded
from notebook_router.analyst.unit_bounds import bounds_in_column_units
from notebook_router.analyst.unit_ratios import unit_ratio_told
from notebook_router.analyst.value_ends import value_ends
from notebook_router.analyst.verb_flags import verb_flags
from notebook_router.language.tables import table

_WORDS = table("reading_words")["understand"]


def _any_of(words: list[str]) -> str:
    """The words as one alternation, in the table's order, spaces as written."""
    return "|".join(re.escape(w) for w in words)


COUNTING = rf"\b(?:{_any_of(_WORDS['counting'])}|percent\w*)\b|%"
BINS = rf"\b(?:{_any_of(_WORDS['bins'])}|categori[sz]e)\b"
_BIN_COUNT = re.compile(
    rf"\b(\d+)\s+(?:equal[- ](?:width|sized)\s+)?(?:{_any_of(_WORDS['bin_units'])})\b"
)
_RANGES = re.compile(
    rf"(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:\+|{_any_of(_WORDS['open_end'])})"
)


def understand(question: str, frames: Mapping[str, Schema], default: str | None) -> Spec | Decline:
    """The operation ``question`` asks for, or why none fits.

    >>> import pandas as pd
    >>> from notebook_router.analyst.schema import frame_schemas
    >>> understand("average x by g", frame_schemas({"df": pd.DataFrame({"x": [1.5], "g": ["a"]})}), None).op
    'groupby'
    """
    r = read(question, frames, default)
    if isinstance(r, str):
        return no_frame(r, frames)
    unconverted = currency_decline(r.text, r.schema, r.mentions)  # euros of amount_usd
    if unconverted is not None:
        return unconverted
    unsupported = unsupported_method(r)
    if unsupported is not None:
        return unsupported
    written = r.written if len(r.written) == len(r.text) else None
    r.unapplied += unclear_places(r.text, r.schema, r.mentions, written)
    percent_units(r)  # "above 80%": a number's unit, not a share asked for
    value_ends(r)  # "flights to LAX": dest = LAX, though origin holds LAX more often
    full_names(r)  # "LeBron James": first_name = LeBron and last_name = James
    r.derived = derived_column(r)
    _bins(r)
    group_row_bounds(r)  # "carriers with at least 1000 flights": no row condition
    clock = clock_conditions(r)  # "at 7am": the hour, before any number is read as a bound
    times = counted_times(r)  # "renewed at least once": renewals >= 1, not a minimum
    dated = date_conditions(r)  # "after 1992-04-30": a bound on dates, before any value is read
    dated += coded_bounds(r)  # "seasons S10 onwards": the labels numbered from S10 on
    restated_values(r)  # "boys only (sex M)": the parenthesis, not schgend == boys
    compared = column_comparisons(r)  # "had McCain ahead of Obama": McCain > Obama
    r.filters = [*clock, *times, *dated, *compared, *owned_conditions(r), *conditions(r)]
    r.filters += currency_rows(r, r.filters)  # "more than $10" with a currency column: USD rows
    r.filters += presence_conditions(r)
    r.filters += adjective_flags(r)  # "of fraudulent claims": fraud_flag == Yes
    r.filters += verb_flags(r)  # "each mode was chosen", "who chose train": choice == 1
    r.filters += ordinal_conditions(r)
    r.filters = change_conditions(r, [*r.filters, *period_conditions(r), *adverb_conditions(r)])
    if not re.search(COUNTING, r.skeleton):
        r.filters += binary_conditions(r, always=False)
    r.filters = unsaid_id_bounds(r, r.filters)  # "patients aged over 65" is no bound on patient_id
    r.filters = bounds_on_flags(r, r.filters)  # "finished under 4 hours": no bound on finished
    r.filters = bounds_in_column_units(r, r.filters)  # "over 1 hour" of minutes: > 60
    r.aggs = _named_aggregations(r.skeleton)
    r.aggs = column_aggregations(r)
    for intent in INTENTS:
        outcome = intent(r)
        if outcome is not None:
            outcome = unread_condition(r, outcome)
            outcome = id_measures(r, outcome)  # "the most bookings" counts, never sums BookingID
            if isinstance(outcome, Spec):  # "have no CSAT score": its missing values
                outcome = lacking_counts(r, outcome)
            if isinstance(outcome, Spec):  # "the fastest finish time": its shortest
                outcome = speed_on_durations(r, outcome)
            if isinstance(outcome, Spec):  # "average km per trip", one row a trip
                outcome = over_rows_named_once(r, outcome)
            if isinstance(outcome, Spec):
                outcome = pooled_parts(
                    r, guarded(r, row_nouns(r, checked(r, rows_numbered(r, outcome))))
                )
                outcome = both_sides(r, outcome)  # "with and without a garage": each side
                outcome = dated_extremes(r, outcome)  # "the oldest year": the earliest
                outcome = unit_ratio_told(r, outcome)  # "fare per km" divided: "per km" used
                outcome = capita_ratio_told(r, outcome)  # "gdp per capita": by the population
                outcome = with_parsed_dates(r, outcome)  # "after 1992-04-30" on text
                outcome = read_as_one(r.schema, outcome)  # "chat" for "Chat", "chat" and "CHAT"
            outcome = nth_ranked(r, outcome)  # "the second highest": not the highest
            # "how many dollars": their total; "$1,234.50" read as a number first
            return with_parsed_amounts(r, currency_spec(r, outcome))
    return with_parsed_amounts(r, currency_spec(r, unmapped(r)))  # "total euros" in EUR


def _named_aggregations(skeleton: str) -> list[str]:
    """The statistics named, not counting those inside a parenthesis that explains one
    ("coefficient of variation (std / mean)", "range (max minus min)")."""
    outside = re.sub(r"\([^)]*\)", " ", skeleton)
    named = ph.aggregations(outside)
    return named if named else ph.aggregations(skeleton)


def _bins(r: Reading) -> None:
    """Bin edges said as ranges ("0-12, 13-19, 20-64, 65+"), a count ("5 bins")."""
    listed = r"\d\s*(?:-|to)\s*\d[^,]*,\s*\d+\s*(?:-|to)\s*\d"
    if not re.search(BINS, r.skeleton) and not re.search(listed, r.skeleton):
        return
    m = _BIN_COUNT.search(r.skeleton)
    if m:
        r.bin_count = int(m.group(1))
        r.skeleton = ph.blank(r.skeleton, m)
        return
    ranges = list(_RANGES.finditer(r.skeleton))
    if not ranges:
        return
    edges: list[float] = []
    for found in ranges:
        if found.group(1) is not None:
            low, high = float(found.group(1)), float(found.group(2))
            if not edges:
                edges.append(low)
            edges.append(high)
        else:
            edges.append(float("inf"))
    for found in reversed(ranges):
        r.skeleton = ph.blank(r.skeleton, found)
    r.bins = tuple(edges)
