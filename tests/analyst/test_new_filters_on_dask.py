"""The filters of a value recorded or not, and of an excluded bound that keeps the
missing rows, run on a Dask DataFrame as on pandas (Dask's Series has ``notnull`` and
``isna``, not ``notna``)."""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

dd = pytest.importorskip("dask.dataframe")

ORDERS = pd.DataFrame(
    {
        "product": ["x", "y", "x", "z", "y", "x"],
        "amount": [10.0, 20, 30, 40, 50, 60],
        "discount_code": ["A", None, "B", None, None, "C"],
        "weight": [1.0, np.nan, 5, 7, np.nan, 2],
    }
)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("how many orders have a discount code?", 3),
        ("what is the total amount by product for orders with a discount code?", {"x": 100.0}),
        ("average amount of orders without a discount code", (20 + 40 + 50) / 3),
        (
            "average amount excluding orders with a weight over 4",
            ORDERS[~(ORDERS.weight > 4)].amount.mean(),
        ),
        ("list the 2 products with the lowest total amount", ["z", "y"]),
    ],
)
def test_the_new_filters_give_the_same_answer_on_dask(question: str, truth: object) -> None:
    on_pandas = analyse(question, {"orders": ORDERS})
    on_dask = analyse(question, {"orders": dd.from_pandas(ORDERS, npartitions=2)})
    assert on_pandas.value == pytest.approx(truth), on_pandas.text
    assert on_dask.status == on_pandas.status, on_dask.text
    assert on_dask.value == pytest.approx(truth), on_dask.text
