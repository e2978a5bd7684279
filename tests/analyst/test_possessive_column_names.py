"""A column's name said as a possessive ("each region's total sales") names the column.

"each region's average income" on a table whose ``region`` holds the code "S" read the
"'s" as the value: ``region = S``, one region's mean passed off as every region's. A
column followed by "'s" (with no closing quote: "region 'S'" still names the value) is a
possessive. Guards (passing before the change): the possessive where no value is "s",
even where another column holds the column's name as a value.
The tables are made up here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _geo() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "North", "East", "South", "West"],
            "level": ["region", "country", "region", "country", "region", "country"],
            "sales": [120.0, 80.0, 95.0, 60.0, 140.0, 30.0],
        }
    )


def _zones() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["N", "S", "S", "C", "N", "SA"],
            "income": [30.0, 25.0, 27.0, 31.0, 29.0, 42.0],
        }
    )


def _sizes() -> pd.DataFrame:
    return pd.DataFrame(
        {"size": ["S", "M", "L", "S", "M", "L"], "price": [5.0, 7.0, 9.0, 6.0, 8.0, 10.0]}
    )


@pytest.mark.parametrize(
    ("table", "question", "column", "measure"),
    [
        ("zones", "what is each region's average income?", "region", "income"),
        ("sizes", "what is each size's average price?", "size", "price"),
    ],
)
def test_the_possessive_is_no_value_s(table: str, question: str, column: str, measure: str) -> None:
    frame = _zones() if table == "zones" else _sizes()
    a = analyse(question, {table: frame})
    assert a.value == pytest.approx(frame.groupby(column)[measure].mean().to_dict())
    assert f"{column} = S" not in a.text


def test_guard_a_quoted_value_s_is_still_a_value() -> None:
    """Guard: "size 'S'" names the value S."""
    frame = _sizes()
    a = analyse("average price for size 'S'", {"sizes": frame})
    assert a.value == pytest.approx(frame[frame["size"] == "S"].price.mean())


def _stores() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "store": ["Main St", "Mall", "Airport", "Main St", "Mall", "Airport"],
            "kind": ["store", "kiosk", "store", "store", "kiosk", "kiosk"],
            "rating": [4.0, 3.5, 4.5, 3.0, 5.0, 2.5],
        }
    )


@pytest.mark.parametrize(
    "question", ["what is each region's total sales?", "what is every region's total sales?"]
)
def test_guard_a_possessive_column_groups(question: str) -> None:
    frame = _geo()
    a = analyse(question, {"geo": frame})
    assert a.value == pytest.approx(frame.groupby("region").sales.sum().to_dict())
    assert "level" not in a.text


def test_guard_another_table() -> None:
    frame = _stores()
    a = analyse("what is each store's average rating?", {"stores": frame})
    assert a.value == pytest.approx(frame.groupby("store").rating.mean().to_dict())
    assert "kind" not in a.text


def test_guard_the_possessive_of_one_row_is_not_passed_off() -> None:
    """Guard: "the store's average rating" names no store: never the mean over all rows
    presented as complete."""
    a = analyse("what is the store's average rating?", {"stores": _stores()})
    assert a.status in ("partial", "declined")
