"""A day's "high" and "low" are its maximum and minimum: "average high in Austin" is the
mean of ``high_temp`` or ``temp_max``, "a low below zero" a condition on ``low_temp`` or
``temp_min``. Where "High" and "Low" are values of a column ("high priority orders"),
they stay values.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _named_high_low() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "city": ["Chicago", "Chicago", "Austin", "Austin"],
            "high_temp": [80, 85, 95, 99],
            "low_temp": [60, 30, 70, 75],
        }
    )


def _named_max_min() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "date": pd.to_datetime(["2015-07-01", "2015-07-02", "2015-01-01", "2015-01-02"]),
            "temp_max": [28.0, 30.0, 5.0, 7.0],
            "temp_min": [15.0, 17.0, -2.0, 1.0],
        }
    )


def test_the_high_is_the_column_of_highs() -> None:
    frame = _named_high_low()
    a = analyse("average high in Austin", {"weather": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.city == "Austin"].high_temp.mean())


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what's the average low?", lambda f: f.temp_min.mean()),
        ("how many days had a low below zero?", lambda f: int((f.temp_min < 0).sum())),
        ("what was the highest low?", lambda f: f.temp_min.max()),
        ("how many rows have a high above 20?", lambda f: int((f.temp_max > 20).sum())),
    ],
)
def test_high_and_low_are_max_and_min(question: str, expected: object) -> None:
    frame = _named_max_min()
    a = analyse(question, {"weather": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(expected(frame))  # type: ignore[operator]


def test_high_and_low_as_values_stay_values() -> None:
    frame = pd.DataFrame(
        {
            "priority": ["High", "Low", "High", "Low"],
            "amount": [10.0, 20, 30, 40],
            "max_discount": [1, 2, 3, 4],
        }
    )
    a = analyse("total amount of high priority orders", {"orders": frame})
    assert a.status == "answered", a.text
    assert a.value == 40
    b = analyse("average amount for low priority", {"orders": frame})
    assert b.value == 30
