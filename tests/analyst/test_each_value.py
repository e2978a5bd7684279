"""One statistic asked of each of several values of one column ("for A and for B", "of A
and of B", "both A and B") is a figure per value, never one figure pooled over them. A
list said once ("total sales in North and South") stays one pooled figure, as written.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _concerts() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "venue": ["Roxy", "Roxy", "Apollo", "Apollo", "Apollo", "Forum"],
            "tickets_sold": [120, 80, 900, 1100, 1000, 15],
        }
    )


def _farms() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "estate": ["Green Acres", "Green Acres", "Hill Top", "Hill Top", "Vale"],
            "yield_tonnes": [3.5, 4.5, 10.0, 12.0, 1.0],
        }
    )


def _per(d: pd.DataFrame, key: str, values: list[str], column: str, agg: str) -> dict[str, float]:
    chosen = d[d[key].isin(values)].groupby(key)[column].agg(agg)
    return {k: float(v) for k, v in chosen.items()}


@pytest.mark.parametrize(
    ("question", "values", "agg"),
    [
        ("average tickets sold for Roxy shows and for Apollo shows", ["Roxy", "Apollo"], "mean"),
        ("total tickets sold at the Roxy and at the Forum", ["Roxy", "Forum"], "sum"),
        ("what is the mean tickets sold of both Apollo and Forum?", ["Apollo", "Forum"], "mean"),
        ("max tickets sold for Roxy, for Apollo and for Forum", ["Roxy", "Apollo", "Forum"], "max"),
    ],
)
def test_a_statistic_of_each_value_is_a_figure_per_value(
    question: str, values: list[str], agg: str
) -> None:
    d = _concerts()
    a = analyse(question, {"concerts": d})
    assert a.status == "answered"
    assert a.value == _per(d, "venue", values, "tickets_sold", agg)


@pytest.mark.parametrize(
    "question",
    [
        "total yield_tonnes of Green Acres and of Hill Top",
        "median yield_tonnes for both Green Acres and Hill Top",
    ],
)
def test_two_word_values_are_parts_too(question: str) -> None:
    d = _farms()
    agg = "median" if question.startswith("median") else "sum"
    a = analyse(question, {"farms": d})
    assert a.value == _per(d, "estate", ["Green Acres", "Hill Top"], "yield_tonnes", agg)


def test_a_count_of_each_value_counts_only_those_values() -> None:
    d = _concerts()
    a = analyse("how many concerts at the Roxy and at the Forum?", {"concerts": d})
    assert a.value == {"Roxy": 2, "Forum": 1}


def test_a_list_said_once_stays_pooled() -> None:
    d = _concerts()
    a = analyse("total tickets sold at Roxy and Apollo", {"concerts": d})
    assert a.value == float(d[d.venue.isin(["Roxy", "Apollo"])].tickets_sold.sum())


def test_two_asks_that_share_a_preposition_are_not_one_per_value() -> None:
    # "of Roxy ... and the sold out rate of Apollo": a second statistic, not a second value
    d = _concerts().assign(sold_out=["no", "yes", "yes", "no", "yes", "no"])
    a = analyse(
        "mean tickets sold of Roxy shows and the sold out rate of Apollo shows", {"concerts": d}
    )
    assert a.status != "answered"
    assert not isinstance(a.value, dict)


def test_each_value_said_in_a_phrase_after_the_same_preposition() -> None:
    # the first value ends a phrase ("for fans referred by Roxy"), the next follows "and for"
    a = analyse(
        "median tickets sold for shows booked by Roxy and for Apollo", {"concerts": _concerts()}
    )
    assert a.status == "answered", a.text
    assert a.value == _per(_concerts(), "venue", ["Roxy", "Apollo"], "tickets_sold", "median")
