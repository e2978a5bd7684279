"""A column's name said as a possessive ("each region's total sales") names the column.

Guards (all passing before this change; the reported wrong reading did not reproduce on
these tables): the possessive of a column is a grouping, never a value, even where
another column holds the column's name as a value, or its values begin with it.
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
