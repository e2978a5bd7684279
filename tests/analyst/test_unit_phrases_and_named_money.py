"""A unit said in full names its column, and a money range said of a named column is
applied to it.

- "under 10 miles per gallon" is a bound on ``mpg`` (or ``fuel_economy_mpg``), never on a
  ``miles`` column that "miles" alone would name.
- "price between $10 and $20" in a table with two money columns is on ``price``: the
  column is said; with none said, the range is still named as not applied.

Cases marked "guard" passed on ``next`` before this change; the others failed there
(the ``fuel_economy_mpg`` case of the first test passed there too: a guard).
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

CARS = pd.DataFrame(
    {
        "model": list("abcdefg"),
        "mpg": [8.0, 12.0, 9.0, 25.0, 30.0, 7.0, 15.0],
        "miles": [1000, 2000, 3000, 4000, 5000, 6000, 7000],
        "cyl": [8, 6, 8, 4, 4, 8, 6],
    }
)
FLEET = pd.DataFrame(
    {
        "make": list("abcdefg"),
        "fuel_economy_mpg": [8.0, 12.0, 9.0, 25.0, 30.0, 7.0, 15.0],
        "miles_driven": [1000, 2000, 3000, 4000, 5000, 6000, 7000],
    }
)
ITEMS = pd.DataFrame(
    {
        "item": list("abcdefg"),
        "price": [5.0, 12.0, 15.0, 25.0, 18.0, 9.0, 30.0],
        "cost": [2.0, 11.0, 16.0, 3.0, 12.0, 4.0, 19.0],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "column"), [("cars", CARS, "mpg"), ("fleet", FLEET, "fuel_economy_mpg")]
)
def test_miles_per_gallon_names_the_mpg_column(name: str, frame: pd.DataFrame, column: str) -> None:
    a = analyse("how many cars get under 10 miles per gallon?", {name: frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame[column] < 10).sum())


def test_average_miles_per_gallon_by_group() -> None:
    a = analyse("average miles per gallon by cyl", {"cars": CARS})
    assert a.value == pytest.approx(CARS.groupby("cyl").mpg.mean().to_dict())


@pytest.mark.parametrize(("question", "column"), [("total miles", "miles")])
def test_guard_miles_alone_names_miles(question: str, column: str) -> None:
    """guard"""
    a = analyse(question, {"cars": CARS})
    assert a.value == CARS[column].sum()


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("how many items have a price between $10 and $20?", "price"),
        ("how many items have a cost between $10 and $20?", "cost"),
        ("how many items have a price over $20?", "price"),
    ],
)
def test_money_bound_on_the_named_money_column(question: str, column: str) -> None:
    a = analyse(question, {"items": ITEMS})
    assert a.status == "answered", a.text
    if "over" in question:
        want = int((ITEMS[column] > 20).sum())
    else:
        want = int(ITEMS[column].between(10, 20).sum())
    assert a.value == want


def test_guard_money_range_with_no_column_named_is_not_applied() -> None:
    """guard"""
    a = analyse("how many items are between $10 and $20?", {"items": ITEMS})
    assert a.status != "answered"
