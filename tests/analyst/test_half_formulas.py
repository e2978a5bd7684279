"""A calculation one side of which names no column is never answered as the other side."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

STOCK = pd.DataFrame(
    {
        "Warehouse": ["Reno", "Reno", "Dallas"],
        "QtyOnHand": [10, 0, 5],
        "UnitCostUSD": [2.0, 100.0, 3.0],
        "WeightKg": [1.0, 50.0, 2.0],
    }
)
UNCOUNTED = STOCK.drop(columns="QtyOnHand")
"""No column of it holds a quantity: "qty" names none (with ``QtyOnHand`` it names that)."""
TRIPS = pd.DataFrame({"city": ["X", "Y"], "fare_usd": [30.0, 10.0], "minutes": [20, 5]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "word"),
    [
        ("inventory", UNCOUNTED, "total value (qty times unit cost)", "qty"),
        ("inventory", UNCOUNTED, "total weight of stock in Reno (qty x weight)", "qty"),
        ("inventory", UNCOUNTED, "total weight x qty", "qty"),
        ("trips", TRIPS, "average fare plus tip", "tip"),
    ],
)
def test_a_side_no_column_holds_is_named(
    name: str, frame: pd.DataFrame, question: str, word: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status != "answered", answer.text
    assert any(word in said for said in answer.left_out), answer.left_out


def test_a_calculation_of_two_columns_is_still_answered() -> None:
    answer = analyse("total qty on hand times unit cost", {"inventory": STOCK})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx((STOCK.QtyOnHand * STOCK.UnitCostUSD).sum())


def test_a_calculation_read_as_one_column_twice_is_named() -> None:
    orders = pd.DataFrame({"order_id": [1, 2, 3], "qty": [2, 3, 4], "price": [10.0, 20, 30]})
    answer = analyse("total value (qty times unit cost)", {"orders": orders})
    assert answer.status != "answered", answer.text
