"""Rates measured by group: "which state has the highest poverty rate?", "the lowest
percentage of black residents", "unemployment rate by region".

A column that holds a rate for each row (said with "rate" after it, or named as one) has
no meaningful share of its total, so a rate word over it never asks for the groups' shares:
the groups are ranked (or listed) by their mean, which is the row's own value when each
group has one row. With a superlative ("which ... the highest ... percentage of X") the
group with the highest value is picked, whatever the column: ranking by a share of the
total ranks like the total, so the pick is the same, and the ranking says which statistic
it used.
"""

from __future__ import annotations

from notebook_router.analyst.event_rates import event_rows, not_a_rate, said_rate_of
from notebook_router.analyst.intents import Outcome, base, ranking_order
from notebook_router.analyst.rate_columns import holds_rates, named_rate
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline


def rate_by_group(r: Reading, column: str, group: list[str], *, which: bool) -> Outcome:
    """The groups by ``column`` when it is a rate or a group is picked; None when a share
        of the total is what is asked ("percentage of sales by region"). The values are shown
    as they are held: a rate is not scaled again, and a pick needs no scale."""
    rate = holds_rates(r, column)
    said = said_rate_of(r, column)
    if rate and said is not None and not named_rate(column) and not_a_rate(r, column):
        # "death rate" of a column of day numbers: the share of rows where death happened
        marked = event_rows(r, said)
        if isinstance(marked, Decline):
            return marked
        order = ranking_order(r) if which else None
        return base(r, "groupby", variant="which" if which else "mapping",
                    group_by=tuple(group), measure=(marked,), aggs=("mean",), percent=True,
                    ascending=bool(order))  # fmt: skip
    if not (rate or which):
        return None
    order = ranking_order(r) if which else None
    return base(
        r,
        "groupby",
        variant="which" if which else "mapping",
        columns=(column,),
        group_by=tuple(group),
        aggs=("mean",) if rate else ("sum",),
        ascending=bool(order),
    )
