""" "How many customers ordered Sprockets?" counts customers, not the orders they placed.

A table of orders names each order's customer, a customer on several rows: the rows where
a Sprocket was ordered are not the customers who ordered one. The count is of the distinct
names among those rows. A table whose rows are the things (one row a customer, or a
column of names each on its own row) keeps counting rows. Small stand-in tables; each
expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["Acme", "Acme", "Globex", "Acme", "Initech", "Globex", "Umbrella"],
            "product": [
                "Sprocket",
                "Sprocket",
                "Sprocket",
                "Widget",
                "Widget",
                "Sprocket",
                "Widget",
            ],
            "amount": [10, 20, 30, 40, 50, 60, 70],
        }
    )


def _games() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "player": ["Zed", "Yan", "Zed", "Xi", "Zed", "Yan", "Wu", "Wu", "Wu", "Xi"],
            "venue": [
                "home",
                "away",
                "away",
                "home",
                "home",
                "home",
                "away",
                "away",
                "home",
                "home",
            ],
            "points": [10, 20, 30, 10, 5, 25, 8, 9, 10, 12],
        }
    )


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"orders": _orders()}, "how many customers ordered Sprockets?", 2),
        ({"orders": _orders()}, "how many customers bought a Widget?", 3),
        ({"games": _games()}, "how many players played at home?", 4),
        ({"games": _games()}, "how many players played away?", 3),
    ],
)
def test_a_count_of_names_counts_each_name_once(
    frames: dict[str, pd.DataFrame], question: str, expected: int
) -> None:
    result = analyse(question, frames)
    assert result.status == "answered"
    assert result.value == expected
    assert "distinct" in result.text


def test_a_table_of_the_things_counts_its_rows() -> None:
    customers = pd.DataFrame(
        {"customer": ["Acme", "Globex", "Initech", "Umbrella"], "region": ["N", "S", "N", "N"]}
    )
    result = analyse("how many customers are in region N?", {"customers": customers})
    assert result.value == 3


def test_names_each_on_their_own_row_count_rows() -> None:
    staff = pd.DataFrame(
        {"employee": ["Ann", "Bob", "Cy", "Dee", "Eve"], "dept": ["A", "B", "A", "A", "B"]}
    )
    result = analyse("how many employees are in dept A?", {"df": staff})
    assert result.value == 3


def test_a_condition_on_the_counted_column_counts_its_rows() -> None:
    result = analyse("how many orders were Sprockets?", {"orders": _orders()})
    assert result.value == 4


def test_items_whose_names_some_share_stay_rows_unflagged() -> None:
    menu = pd.DataFrame(
        {
            "restaurant": ["A", "A", "B", "B", "C", "C"],
            "item": ["Chicken Sandwich", "Fries", "Chicken Sandwich", "Salad", "Wrap", "Soup"],
            "protein": [30, 4, 28, 10, 22, 8],
        }
    )
    result = analyse("how many items have at least 20 grams of protein?", {"menu": menu})
    assert result.status == "answered"
    assert result.value == 3
