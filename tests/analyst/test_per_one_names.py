"""The "unit" of ``unit_cost`` says the cost is per unit: "the most units" is a quantity
(qty, quantity, stock), never the total of a cost, and with no quantity column the word
is left over and the answer says so. Names where the word is the head stay linked.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _inventory() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Warehouse": ["Reno", "Reno", "Dallas", "Akron"],
            "QtyOnHand": [1, 2, 500, 40],
            "UnitCostUSD": [400.0, 300.0, 1.0, 20.0],
        }
    )


def _parts() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "North", "South", "East"],
            "qty": [3, 4, 90, 10],
            "cost_per_unit": [80.0, 70.0, 1.0, 5.0],
        }
    )


@pytest.mark.parametrize(
    ("frame", "question"),
    [
        ("inventory", "which warehouse holds the most units?"),
        ("inventory", "which Warehouse has the most stock?"),
        ("parts", "which region has the most units?"),
        ("parts", "which region holds the largest stock?"),
    ],
)
def test_units_reach_the_quantity_column(frame: str, question: str) -> None:
    d = _inventory() if frame == "inventory" else _parts()
    by, qty = ("Warehouse", "QtyOnHand") if frame == "inventory" else ("region", "qty")
    a = analyse(question, {frame: d})
    assert a.value == d.groupby(by)[qty].sum().idxmax(), a.text


@pytest.mark.parametrize(
    "question", ["which store holds the most units?", "which store has the most units in stock?"]
)
def test_units_with_no_quantity_column_are_left_over(question: str) -> None:
    d = pd.DataFrame({"store": ["A", "A", "B"], "unit_price": [40.0, 30.0, 1.0]})
    a = analyse(question, {"shop": d})
    assert a.status != "answered" or "unit_price" not in a.text, a.text
    assert "units" in a.text


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("average unit price", "unit_price"),
        ("what is the mean unit cost?", "unit_cost"),
        ("total units sold", "units_sold"),
    ],
)
def test_names_whose_word_is_the_head_still_link(question: str, column: str) -> None:
    d = pd.DataFrame(
        {"units_sold": [1, 2, 50], "unit_price": [40.0, 30.0, 1.0], "unit_cost": [4.0, 3.0, 2.0]}
    )
    a = analyse(question, {"shop": d})
    statistic = d[column].sum() if "total" in question else d[column].mean()
    assert a.value == pytest.approx(statistic), a.text


def test_cost_per_unit_still_links() -> None:
    d = _parts()
    a = analyse("average cost per unit", {"parts": d})
    assert a.value == pytest.approx(d["cost_per_unit"].mean())


@pytest.mark.parametrize(
    ("question", "other"),
    [("total value (qty times unit cost)", "UnitCostUSD"), ("total weight x qty", "WeightKg")],
)
def test_qty_in_a_calculation_reaches_the_quantity_column(question: str, other: str) -> None:
    d = _inventory().assign(WeightKg=[1.0, 50.0, 2.0, 3.0])
    a = analyse(question, {"inventory": d})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx((d["QtyOnHand"] * d[other]).sum())
