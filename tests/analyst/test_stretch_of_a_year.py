"""A stretch of time said of a year: "the first 3 months of 2020" counts from 1 January
2020, "the last 2 months of 2020" back from its end; "of the year" with no year said (the
same months of every year) is named as not applied.

Before, the months were counted from the data's first date (June 2019) and the year added
on top, so "the first 3 months of 2020" answered 0 as if complete. The table is a small
stand-in built here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "date": pd.to_datetime(
                [
                    "2019-06-01",
                    "2020-01-15",
                    "2020-02-10",
                    "2020-03-20",
                    "2020-07-01",
                    "2020-11-05",
                    "2021-01-10",
                ]
            ),
            "amount": [1, 2, 4, 8, 16, 64, 32],
        }
    )


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("total amount in the first 3 months of 2020", "2020-01-01", "2020-04-01"),
        ("what is the total amount over the first two months in 2020?", "2020-01-01", "2020-03-01"),
        ("total amount in the last 2 months of 2020", "2020-11-01", "2021-01-01"),
        ("sum of amount during the last 6 months of 2020", "2020-07-01", "2021-01-01"),
    ],
)
def test_a_stretch_of_a_year_counts_within_that_year(question: str, start: str, end: str) -> None:
    df = _orders()
    a = analyse(question, {"orders": df})
    assert a.status == "answered"
    inside = df[(df["date"] >= start) & (df["date"] < end)]
    assert a.value == pytest.approx(inside["amount"].sum())


@pytest.mark.parametrize(
    "question",
    [
        "total amount in the first 2 months of the year",
        "how many orders in the first 3 months of each year?",
    ],
)
def test_a_stretch_of_every_year_is_named_not_applied(question: str) -> None:
    a = analyse(question, {"orders": _orders()})
    assert a.status == "partial"
    assert any("first" in part and "months" in part for part in a.left_out)
