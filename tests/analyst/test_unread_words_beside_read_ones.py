"""Words the answer did not use are named even when others around them were read:

- "tip per person by day": "by day" is read, "per person" ties to no column. It is named
  as left out, never dropped because another grouping was read.
- "which warehouse has the most revenue" with no warehouse column: the row's customer is
  no warehouse, so the name given in its place is named as left out.
- a column ``hr`` holding heart rates (150, 170) is not the hour "by hour" asks for.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _tips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "total_bill": [16.99, 10.34, 21.01, 23.68, 24.59, 25.29],
            "tip": [1.01, 1.66, 3.5, 3.31, 3.61, 4.71],
            "smoker": ["No", "No", "No", "Yes", "Yes", "Yes"],
            "day": ["Sun", "Sun", "Sat", "Sat", "Fri", "Fri"],
            "size": [2, 3, 3, 2, 4, 4],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": list("abcdef"),
            "revenue": [10.0, 50, 30, 20, 90, 5],
            "region": list("NNSSEE"),
        }
    )


def _runs() -> pd.DataFrame:
    return pd.DataFrame(
        {"runner": list("abcd"), "hr": [150, 170, 160, 140], "pace": [5.0, 4, 6, 7]}
    )


def _batting() -> pd.DataFrame:
    return pd.DataFrame({"player": list("abcd"), "hr": [30, 12, 45, 8], "team": list("xxyy")})


@pytest.mark.parametrize(
    ("question", "frame", "said"),
    [
        ("tip per person by day", _tips, "per person"),
        ("average tip per guest by smoker", _tips, "per guest"),
        ("total revenue per warehouse by region", _orders, "per warehouse"),
    ],
)
def test_an_unread_grouping_beside_a_read_one_is_named(
    question: str, frame: object, said: str
) -> None:
    a = analyse(question, {"t": frame()})  # type: ignore[operator]
    assert a.status in ("partial", "declined")
    assert a.status == "declined" or any(said in gap for gap in a.left_out), a.left_out


@pytest.mark.parametrize(
    ("question", "frame", "name"),
    [
        ("total tip by day per smoker", _tips, "tips"),
        ("total revenue by region", _orders, "orders"),
    ],
)
def test_groupings_that_are_read_stay_answered(question: str, frame: object, name: str) -> None:
    a = analyse(question, {name: frame()})  # type: ignore[operator]
    assert a.status == "answered", a.left_out


@pytest.mark.parametrize(
    ("question", "frame", "name", "word"),
    [
        ("which warehouse has the most revenue", _orders, "orders", "warehouse"),
        ("which supplier had the highest total bill", _tips, "tips", "supplier"),
    ],
)
def test_a_name_of_another_thing_is_not_given_for_the_one_asked(
    question: str, frame: object, name: str, word: str
) -> None:
    a = analyse(question, {name: frame()})  # type: ignore[operator]
    assert a.status != "answered"
    assert any(word in gap for gap in a.left_out), a.left_out


def test_the_asked_thing_a_column_holds_is_answered() -> None:
    d = _orders()
    a = analyse("which customer has the most revenue", {"orders": d})
    assert a.status == "answered"
    assert a.value == d.loc[d.revenue.idxmax(), "customer"]


@pytest.mark.parametrize(
    ("question", "frame"),
    [("average pace by hour", _runs), ("total hr per hour", _batting)],
)
def test_a_short_form_column_of_another_measure_is_not_the_hour(
    question: str, frame: object
) -> None:
    a = analyse(question, {"t": frame()})  # type: ignore[operator]
    assert a.status != "answered"
    assert any("hour" in gap for gap in a.left_out), a.left_out


def test_an_hour_column_in_short_form_still_groups() -> None:
    d = pd.DataFrame({"hr": [0, 1, 1, 23, 23, 5], "cnt": [5, 6, 7, 8, 9, 10]})
    a = analyse("average cnt by hour", {"bikes": d})
    assert a.value == d.groupby("hr").cnt.mean().to_dict()
