"""Words that can name an operation ("order", "product") said as the things a
table lists: "total tickets per order", "the biggest order", "revenue for each product".

Read as the sort order, the product of two numbers or a sample of rows, these words used
to vanish, and the answer was the grand total or the maximum of every column, shown as
complete. Where no column holds them they are now named as left out; said as the
operation ("in descending order", "order by"), they still name nothing.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.language.operation_nouns import names_an_operation


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ref": ["A1", "A2", "A3", "A4", "A5"],
            "venue": ["Hall", "Arena", "Hall", "Mill", "Arena"],
            "tickets": [2, 5, 1, 4, 3],
            "price": [10.0, 12.5, 30.0, 8.0, 15.0],
        }
    )


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "store": ["North", "South", "North", "East"],
            "revenue": [120.0, 80.0, 95.0, 60.0],
            "units": [12, 8, 10, 5],
        }
    )


@pytest.mark.parametrize(
    ("frame", "question", "left"),
    [
        (_orders, "total tickets per order", "per order"),
        (_orders, "average tickets for each order", "for each order"),
        (_sales, "total revenue per product", "per product"),
        (_orders, "average price for each product", "for each product"),
    ],
)
def test_a_grouping_by_an_operation_noun_no_column_holds_is_named(
    frame: object, question: str, left: str
) -> None:
    answer = analyse(question, {"t": frame()})  # type: ignore[operator]
    assert answer.status != "answered", answer.text
    assert left in answer.text


@pytest.mark.parametrize("question", ["what was the biggest order?", "what was the largest order?"])
def test_the_biggest_order_is_no_maximum_of_every_column(question: str) -> None:
    answer = analyse(question, {"orders": _orders()})
    assert answer.status != "answered", answer.text
    assert "maximum of each numeric column" not in answer.text


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [
        (_orders, "total tickets by venue in descending order", "Hall: 3"),
        (_sales, "total revenue by store in ascending order", "East: 60"),
    ],
)
def test_the_sort_order_still_names_no_rows(frame: object, question: str, expected: str) -> None:
    answer = analyse(question, {"t": frame()})  # type: ignore[operator]
    assert expected in answer.text
    assert "order”" not in answer.text  # never named as left out


@pytest.mark.parametrize(
    ("text", "word", "operation"),
    [
        ("sort in ascending order", "order", True),
        ("order the rows by price", "order", True),
        ("list them in the same order", "order", True),
        ("the product of price and units", "product", True),
        ("total tickets per order", "order", False),
        ("the biggest order", "order", False),
        ("revenue for each product", "product", False),
    ],
)
def test_an_operation_noun_names_its_operation_only_in_its_phrases(
    text: str, word: str, operation: bool
) -> None:
    assert names_an_operation(text, text.index(word)) is operation


@pytest.mark.parametrize(
    "question", ["total order price by venue", "compare the average order price of Hall and Arena"]
)
def test_an_operation_noun_before_a_column_only_describes_it(question: str) -> None:
    answer = analyse(question, {"orders": _orders()})
    assert answer.status == "answered", answer.text
