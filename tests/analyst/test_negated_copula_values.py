""" "how many listings are not new and have no wheels?": a value said after a copula and
"not", ending its clause at a conjunction, is a condition of the count (cond != new),
never dropped from it. Guards (right before the change) keep the plain readings."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

LISTINGS = pd.DataFrame(
    {
        "cond": ["new", "used", "used", "new", "used", "used", "new"],
        "wheels": [0, 0, 2, 0, 0, 1, 2],
        "price": [50.0, 40.0, 45.0, 55.0, 35.0, 30.0, 60.0],
    }
)
ORDERS = pd.DataFrame(
    {
        "state": ["returned", "kept", "kept", "returned", "kept", "kept"],
        "items": [1, 2, 3, 1, 1, 4],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "want"),
    [
        ("how many listings are not new and have no wheels?", LISTINGS, 2),
        ("how many listings are not used and have 2 wheels?", LISTINGS, 1),
        ("how many listings are not new?", LISTINGS, 4),
        ("how many orders were not returned and have 1 items?", ORDERS, 1),
    ],
)
def test_a_negated_value_after_a_copula_is_applied(
    question: str, df: pd.DataFrame, want: int
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == want, answer.text


@pytest.mark.parametrize(
    ("question", "df", "want"),
    [
        ("how many used listings are there?", LISTINGS, 4),
        ("how many orders were returned?", ORDERS, 2),
        ("how many listings have no wheels?", LISTINGS, 4),
    ],
)
def test_guard_plain_value_readings(question: str, df: pd.DataFrame, want: int) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == want, answer.text
