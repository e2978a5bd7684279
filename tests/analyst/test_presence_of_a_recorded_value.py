""" "What percentage of orders used a discount code?" of a column that holds a code on
some rows and nothing on the others: the rows with a value recorded. It used to be each
code's share among the rows that had one, shown as complete; "have no discount code" gave
the same figures.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.code_check import Constraints, unused
from notebook_router.analyst.spec import Filter

ORDERS = pd.DataFrame(
    {
        "order_id": range(8),
        "category": list("aabbccab"),
        "discount_code": ["X", None, "Y", None, None, "X", None, "Y"],
        "total": [1.0, 2, 3, 4, 5, 6, 7, 8],
    }
)
VISITS = pd.DataFrame(
    {
        "clinic": ["n", "s", "n", "s", "n", "s"],
        "review": [4.0, np.nan, 5.0, 3.0, np.nan, np.nan],
        "fee": [10.0, 20, 30, 40, 50, 60],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "truth"),
    [
        (ORDERS, "what percentage of orders used a discount code?", 100 * 4 / 8),
        (ORDERS, "what percentage of orders have no discount code?", 100 * 4 / 8),
        (VISITS, "what percentage of visits have a review?", 100 * 3 / 6),
        (VISITS, "how many visits have no review?", 3),
        (VISITS, "average fee of visits without a review", (20 + 50 + 60) / 3),
        (ORDERS, "average total of orders with a discount code", (1 + 3 + 6 + 8) / 4),
    ],
)
def test_having_a_sometimes_recorded_column_is_its_rows_with_a_value(
    frame: pd.DataFrame, question: str, truth: float
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)
    assert "recorded" in answer.text or "missing" in answer.text  # the condition is said


def test_a_group_per_value_is_still_a_grouping() -> None:
    answer = analyse("how many orders per discount code?", {"t": ORDERS})
    assert "X: 2" in answer.text and "Y: 2" in answer.text


def test_code_that_leaves_out_a_presence_condition_is_caught() -> None:
    wanted = Constraints(
        filters=(Filter("discount_code", "present"),), known=("discount_code", "total")
    )
    assert unused("df[df.discount_code.notna()].total.mean()", wanted) == []
    assert unused("df[~df.discount_code.isna()].total.mean()", wanted) == []
    assert unused("df.total.mean()", wanted) == ["the code does not apply discount_code.notna()"]
