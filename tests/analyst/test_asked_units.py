"""A unit the question asks for is converted to, or named as not applied: never ignored."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


@pytest.fixture
def shifts() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "nurse": ["Ada", "Ada", "Bo", "Bo", "Cy"],
            "overtime_min": [90.0, 30.0, 60.0, 15.0, 45.0],
            "pay_gbp": [10.0, 20.0, 30.0, 40.0, 50.0],
            "break_length": [5.0, 10.0, 5.0, 10.0, 5.0],
        }
    )


@pytest.fixture
def hikes() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "trail": ["Ridge", "Ridge", "Lake"],
            "length_m": [1500.0, 2500.0, 800.0],
            "pack_weight_kg": [10.0, 12.0, 8.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("total overtime in hours for Ada", 2.0),
        ("what is Ada's total overtime, in hours?", 2.0),
    ],
)
def test_minutes_asked_in_hours(shifts: pd.DataFrame, question: str, truth: float) -> None:
    a = analyse(question, {"shifts": shifts})
    assert a.status == "answered"
    assert a.value == pytest.approx(truth)
    assert "converted to hours" in a.text


def test_conversion_by_group_and_ranking(hikes: pd.DataFrame) -> None:
    a = analyse("total length in km by trail", {"hikes": hikes})
    assert a.value == pytest.approx({"Lake": 0.8, "Ridge": 4.0})
    assert "converted to kilometers" in a.text
    top = analyse("which trail has the longest total length in km?", {"hikes": hikes})
    assert top.value == "Ridge"
    assert "4" in top.text


def test_same_unit_is_no_conversion(hikes: pd.DataFrame) -> None:
    a = analyse("average pack weight in kg", {"hikes": hikes})
    assert a.status == "answered"
    assert a.value == pytest.approx(10.0)
    assert "converted" not in a.text


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("average pay in euros", "no exchange rate"),
        ("total break length in hours", "not in its name"),
        ("total length in hours", "not a unit of time"),
        ("variance of overtime in hours", "not converted"),
    ],
)
def test_a_unit_that_cannot_be_converted_is_named(
    shifts: pd.DataFrame, hikes: pd.DataFrame, question: str, why: str
) -> None:
    frames = {"hikes": hikes} if question.startswith("total length") else {"shifts": shifts}
    a = analyse(question, frames)
    assert a.status == "partial"
    assert any(why in gap for gap in a.left_out)


def test_pounds_of_a_sterling_column_are_sterling(shifts: pd.DataFrame) -> None:
    a = analyse("average pay in pounds", {"shifts": shifts})
    assert a.status == "answered"
    assert a.value == pytest.approx(30.0)


def test_a_period_said_with_an_ordinal_is_no_unit() -> None:
    # "in the second quarter", "in week 2": periods, not units asked for.
    visits = pd.DataFrame(
        {
            "when": pd.to_datetime(["2024-01-05", "2024-04-10", "2024-05-01", "2024-01-09"]),
            "wait_min": [10.0, 20.0, 30.0, 40.0],
        }
    )
    a = analyse("total wait in the second quarter", {"visits": visits})
    assert a.status == "answered"
    assert a.value == pytest.approx(50.0)


@pytest.mark.parametrize(
    ("frame", "question", "truth"),
    [
        (
            pd.DataFrame({"dept": ["HR", "HR", "IT"], "salary": [300.0, 400.0, 100.0]}),
            "average salary in HR",
            350.0,
        ),
        (
            pd.DataFrame({"market": ["EUR", "USD", "EUR"], "sales": [5.0, 7.0, 6.0]}),
            "total sales in EUR",
            11.0,
        ),
    ],
)
def test_a_value_the_rows_are_picked_by_is_no_unit(
    frame: pd.DataFrame, question: str, truth: float
) -> None:
    # "in HR" is the department (not hours), "in EUR" the market (not a currency asked for)
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)
