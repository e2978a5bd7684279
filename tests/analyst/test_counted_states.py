"""A count whose rows are picked by a verb no column holds, beside a condition read.

"how many orders were returned in the North?" counted every order in the North as
complete: "returned" says a state of the orders that no column holds. It is now named as
left out. A verb that only says the rows happened ("placed", "added", "filed") and a
verb a column's value reads ("refunded" of ``status``) keep the count answered.

The table is a small stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

ORDERS = pd.DataFrame(
    {
        "region": ["North", "South", "North", "East", "North", "South", "North"],
        "status": ["shipped", "refunded", "shipped", "cancelled", "refunded", "shipped", "shipped"],
        "amount": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 80.0],
    }
)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("how many orders were returned in the North?", "returned"),
        ("how many orders were gift-wrapped in the North?", "gift"),
        ("how many orders got delivered in the South?", "delivered"),
    ],
)
def test_a_state_no_column_holds_is_named(question: str, said: str) -> None:
    a = analyse(question, {"orders": ORDERS})
    assert a.status != "answered", a.text
    assert said in a.text, a.text


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("how many orders were placed in the North?", 4),
        ("how many orders were refunded in the North?", 1),
        ("how many orders were added in the South?", 2),
    ],
)
def test_a_verb_the_rows_are_or_a_value_reads_keeps_the_count(question: str, truth: int) -> None:
    a = analyse(question, {"orders": ORDERS})
    assert a.status == "answered", a.text
    assert a.value == truth, a.text
