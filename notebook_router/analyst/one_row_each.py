""" "average km per trip" of a table with one row a trip (``trip_id`` never repeats): the
mean over the trips, one figure.

Grouped by an identifier that names each row once, a mean or a median per group is each
row's own value: a listing of the rows, not the one figure asked for. The statistic is
taken over the rows instead, and every row is one of the things named.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.id_measures import named_column
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec

_TYPICAL = frozenset({"mean", "median"})
"""A statistic that asks what one of the things is like: of one value each, itself."""


def over_rows_named_once(r: Reading, spec: Spec) -> Spec:
    """``spec`` as one statistic over the rows when it groups by an identifier whose every
    value names one row (module docstring); else as it is."""
    if spec.op != "groupby" or spec.variant != "mapping" or len(spec.group_by) != 1:
        return spec
    if not spec.aggs or not set(spec.aggs) <= _TYPICAL or len(spec.columns) != 1:
        return spec
    column = spec.group_by[0]
    if not is_identifier(column) or named_column(r, column):
        return spec  # "median units for each order_id": the column named, each row asked
    values, fewest = r.schema.spread(column)
    if fewest != 1 or values != r.schema.rows:
        return spec
    return replace(spec, op="statistic", variant="", group_by=())
