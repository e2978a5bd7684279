"""A later part that says back the one thing an earlier part picked: "which store has the
most revenue and how many orders did *it* have?", "what is the salary of employee 3 and
how many years of experience does *she* have?".

Before, the later part was answered on every row: the orders of all stores (12, not store
A's 4) and the count of rows with a years value (not employee 3's years), both presented
as complete. Now the part is kept to the picked group, a count of a number column on the
one row a key picks is that row's value, and a pick that is not one value (a tie) is
named as not applied. The tables are small stand-ins built here; every expected figure is
plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_id": range(1, 11),
            "shop": list("XXXYYYYZZZ"),
            "revenue": [90.0, 80.0, 70.0, 5.0, 5.0, 5.0, 5.0, 30.0, 30.0, 30.0],
        }
    )


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "staff_id": [11, 12, 13, 14],
            "wage": [300.0, 400.0, 500.0, 600.0],
            "years_service": [1, 4, 9, 15],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "which shop has the most revenue and how many orders did it have?",
        "which shop has the highest revenue and how many orders does it have?",
    ],
)
def test_a_part_about_the_picked_group_counts_that_groups_rows(question: str) -> None:
    df = _orders()
    answer = analyse(question, {"df": df})
    top = df.groupby("shop").revenue.sum().idxmax()
    assert answer.status == "answered"
    assert answer.value == (top, int((df.shop == top).sum()))


def test_a_tied_pick_is_named_not_applied() -> None:
    df = pd.DataFrame(
        {"order_id": range(1, 5), "shop": list("XXYY"), "revenue": [10.0, 10.0, 5.0, 15.0]}
    )
    answer = analyse("which shop has the most revenue and how many orders did it have?", {"df": df})
    assert answer.status == "partial"
    assert any("not one shop" in left for left in answer.left_out)


@pytest.mark.parametrize(
    "question",
    [
        "what is the wage of staff 13 and how many years of service does she have?",
        "what is the wage of staff 13 and how many years of service does he have?",
    ],
)
def test_how_many_of_a_number_column_on_one_picked_row_is_its_value(question: str) -> None:
    df = _staff()
    answer = analyse(question, {"df": df})
    row = df[df.staff_id == 13].iloc[0]
    assert answer.status == "answered"
    assert answer.value == pytest.approx((row.wage, row.years_service))
