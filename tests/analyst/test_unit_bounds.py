"""A bound said in another unit than its column's is converted, or named as not applied."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


@pytest.fixture
def calls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "caller": ["Io", "Io", "Max", "Max", "Max"],
            "wait_min": [90.0, 30.0, 61.0, 15.0, 45.0],
        }
    )


@pytest.fixture
def runs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "runner": ["Ann", "Ann", "Bea"],
            "distance_m": [1500.0, 5000.0, 12000.0],
            "time_s": [400.0, 1500.0, 3900.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("how many calls had a wait over 1 hour?", 2),
        ("how many calls had more than 1 hour of wait?", 2),
        ("how many calls had a wait between 0.5 and 1 hours?", 2),
    ],
)
def test_hours_on_a_column_in_minutes(calls: pd.DataFrame, question: str, truth: int) -> None:
    a = analyse(question, {"calls": calls})
    assert a.status == "answered"
    assert a.value == truth
    assert "60" in a.text


def test_miles_on_a_column_in_meters(runs: pd.DataFrame) -> None:
    a = analyse("how many runs had a distance over 1.5 miles?", {"runs": runs})
    assert a.status == "answered"
    assert a.value == 2


def test_the_column_unit_said_is_left_alone(calls: pd.DataFrame) -> None:
    a = analyse("how many calls had a wait over 40 minutes?", {"calls": calls})
    assert a.value == 3


def test_a_bound_in_another_quantity_is_named(runs: pd.DataFrame) -> None:
    a = analyse("how many runs had a time over 3 km?", {"runs": runs})
    assert a.status == "partial"
    assert any("not a unit of length" in gap for gap in a.left_out)
