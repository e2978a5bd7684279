""" "The second highest amount" is the n-th of the ranking, not its first.

The n-th largest value is the n-th distinct value (ties counted once), and the answer says
so; the n-th most common value and the n-th group are the n-th of their ranking, with any
tie named. Without the ordinal these were the maximum, the mode and the top group. Small
stand-in tables; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["Acme", "Acme", "Globex", "Acme", "Initech", "Globex", "Umbrella"],
            "product": ["Sprocket", "Sprocket", "Sprocket", "Widget", "Widget", "Sprocket", "Gear"],
            "amount": [10, 20, 30, 40, 50, 70, 70],
        }
    )


def _shop() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "item": ["pen", "cup", "hat", "mug", "bag", "cap"],
            "maker": ["A", "B", "A", "C", "B", "A"],
            "price": [3.5, 8.0, 12.0, 8.0, 25.0, 6.0],
        }
    )


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"orders": _orders()}, "what is the second highest order amount?", 50),
        ({"orders": _orders()}, "what is the 2nd largest amount?", 50),
        ({"orders": _orders()}, "what is the third lowest amount?", 30),
        ({"shop": _shop()}, "what is the third lowest price?", 8.0),
        ({"shop": _shop()}, "what is the 2nd highest price?", 12.0),
    ],
)
def test_the_nth_distinct_value(
    frames: dict[str, pd.DataFrame], question: str, expected: float
) -> None:
    result = analyse(question, frames)
    assert result.status == "answered"
    assert result.value == expected
    assert "distinct value" in result.text and "counted once" in result.text


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"orders": _orders()}, "what is the second most common product?", "Widget"),
        ({"orders": _orders()}, "which is the 2nd most frequent customer?", "Globex"),
        ({"shop": _shop()}, "what is the second most common maker?", "B"),
    ],
)
def test_the_nth_most_common_value(
    frames: dict[str, pd.DataFrame], question: str, expected: str
) -> None:
    result = analyse(question, frames)
    assert result.value == expected
    assert "2nd most common" in result.text


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"orders": _orders()}, "which customer has the second highest total amount?", "Acme"),
        ({"shop": _shop()}, "which maker has the second highest total price?", "A"),
        ({"shop": _shop()}, "which maker has the 2nd lowest average price?", "C"),
    ],
)
def test_the_nth_group(frames: dict[str, pd.DataFrame], question: str, expected: str) -> None:
    result = analyse(question, frames)
    assert result.status == "answered"
    assert result.value == expected
    assert "2nd" in result.text


def test_a_place_past_the_values_says_so() -> None:
    result = analyse("what is the tenth highest amount?", {"orders": _orders()})
    assert result.value is None
    assert "no 10th" in result.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what is the highest amount?", 70),
        ("what is the lowest amount?", 10),
        ("what is the most common product?", "Sprocket"),
        ("which customer has the highest total amount?", "Globex"),
    ],
)
def test_without_an_ordinal_the_first_is_kept(question: str, expected: object) -> None:
    assert analyse(question, {"orders": _orders()}).value == expected
