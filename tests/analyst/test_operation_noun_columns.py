""" "total amount per order" of a table with an ``order_id`` column: "order" names the
things its column holds, not a sort. It used to be read as no word at all, so the answer
was the grand total (or a ranking of another column), shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

LINES = pd.DataFrame(
    {
        "order_id": [101, 101, 102, 102, 103],
        "product": ["pen", "ink", "pen", "pad", "ink"],
        "amount": [10.0, 20, 5, 7, 30],
    }
)
LINES_BY_PRODUCT = pd.DataFrame(
    {
        "product_code": ["p1", "p2", "p1", "p3"],
        "order_no": [1, 2, 3, 4],
        "units": [3, 4, 5, 6],
    }
)


@pytest.mark.parametrize("name", ["orders", "lines"])
@pytest.mark.parametrize(
    ("question", "statistic", "expected"),
    [
        ("total amount per order", "Total", {101: "30", 102: "12", 103: "30"}),
        ("what is the average amount of each order?", "Mean", {101: "15", 102: "6", 103: "30"}),
    ],
)
def test_an_operation_noun_said_of_things_is_their_column(
    name: str, question: str, statistic: str, expected: dict[int, str]
) -> None:
    answer = analyse(question, {name: LINES})
    assert answer.status == "answered", answer.text
    assert f"{statistic} amount by order_id" in answer.text
    for order, value in expected.items():
        assert f"{order}: {value}" in answer.text


def test_which_order_ranks_the_orders_not_another_label() -> None:
    answer = analyse("which order had the highest total amount?", {"orders": LINES})
    # 101 and 103 both total 30: the answer ranks orders (and says the tie), not products
    assert "101" in answer.text and "tied with 103" in answer.text, answer.text
    assert "ink" not in answer.text


def test_units_per_product_groups_by_the_product_column() -> None:
    answer = analyse("total units per product", {"t": LINES_BY_PRODUCT})
    assert answer.status == "answered", answer.text
    assert "p1: 8" in answer.text and "p3: 6" in answer.text


@pytest.mark.parametrize(
    "question",
    [
        "sort the total amount per product in descending order",
        "total amount per product, in order of the amount",
    ],
)
def test_an_operation_noun_naming_the_sort_is_no_column(question: str) -> None:
    answer = analyse(question, {"orders": LINES})
    assert answer.status == "answered", answer.text
    assert "order_id" not in answer.text and "pen: 15" in answer.text
