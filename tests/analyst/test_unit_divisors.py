"""Which column "<amount> per <unit>" divides by when names other than the amount's
carry the unit: a rate of the unit (``price_per_kg``) is never the divisor; among
several columns of the unit, the one whose name says an amount (``distance_km`` beside
``odometer_km``) is, named in the answer; when the names do not tell, the question is
asked back with the candidates, never answered by the first column. A picked row tied
with others names them."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

GOODS = pd.DataFrame(
    {
        "item": ["a", "b", "c"],
        "revenue": [100.0, 90.0, 60.0],
        "price_per_kg": [2.0, 3.0, 1.0],
        "weight_kg": [50.0, 20.0, 60.0],
    }
)
"""Revenue per kg of weight: 2, 4.5, 1 (b); divided by the rate price_per_kg: c."""
HAULS = pd.DataFrame(
    {
        "haul": ["h1", "h2", "h3"],
        "cost_per_km": [9.0, 1.0, 2.0],
        "toll": [40.0, 30.0, 90.0],
        "length_km": [20.0, 5.0, 90.0],
    }
)
"""Toll per km of length: 2, 6, 1 (highest h2, lowest h3)."""
TRIPS = pd.DataFrame(
    {
        "trip": ["t1", "t2", "t3"],
        "fare": [10.0, 20.0, 30.0],
        "odometer_km": [1000.0, 2000.0, 500.0],
        "distance_km": [1.0, 10.0, 6.0],
    }
)
"""Fare per km of distance: 10, 2, 5 (t1); of the odometer reading: t3."""
WORKERS = pd.DataFrame(
    {
        "worker": ["w1", "w2", "w3", "w4"],
        "shift_hours": [8, 8, 8, 8],
        "pay": [100.0, 300.0, 50.0, 80.0],
        "hours_worked": [10, 20, 2, 4],
    }
)
"""Pay per hour worked: 10, 15, 25, 20 (w3); per shift hour: w2."""
READINGS = pd.DataFrame(
    {
        "trip": ["t1", "t2", "t3"],
        "fare": [10.0, 20.0, 30.0],
        "odometer_km": [1000.0, 2000.0, 500.0],
        "trip_km": [1.0, 10.0, 6.0],
    }
)
"""Two columns of km, neither named as the distance travelled."""


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth", "divisor"),
    [
        ("goods", GOODS, "which item has the highest revenue per kg?", "b", "weight_kg"),
        ("goods", GOODS, "which item had the lowest revenue per kg", "c", "weight_kg"),
        ("hauls", HAULS, "which haul has the highest toll per km?", "h2", "length_km"),
        ("trips", TRIPS, "which trip has the highest fare per km?", "t1", "distance_km"),
        ("trips", TRIPS, "which trip had the lowest fare per km", "t2", "distance_km"),
        ("workers", WORKERS, "which worker earns the most pay per hour?", "w3", "hours_worked"),
        ("workers", WORKERS, "which worker has the lowest pay per hour", "w1", "hours_worked"),
    ],
)
def test_the_divisor_is_the_column_holding_an_amount_of_the_unit(
    name: str, frame: pd.DataFrame, question: str, truth: str, divisor: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth, answer.text
    assert f"/ {divisor}" in answer.text  # the column divided by, named


@pytest.mark.parametrize(
    ("name", "frame", "question", "divisor"),
    [
        ("goods", GOODS, "revenue per kg by item", "weight_kg"),
        ("trips", TRIPS, "what is the fare per km?", "distance_km"),
        ("workers", WORKERS, "what is the average pay per hour?", "hours_worked"),
    ],
)
def test_a_ratio_of_totals_divides_by_the_same_column(
    name: str, frame: pd.DataFrame, question: str, divisor: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.operation == "ratio_of_totals", answer.text
    assert f"total {divisor}" in answer.text


def test_the_totals_are_divided_by_the_amount_column() -> None:
    answer = analyse("what is the fare per km?", {"trips": TRIPS})
    assert answer.value == pytest.approx(60 / 17), answer.text


@pytest.mark.parametrize(
    "question",
    ["which trip has the highest fare per km?", "fare per km by trip", "what is the fare per km"],
)
def test_two_columns_of_the_unit_that_the_names_do_not_tell_apart_are_asked_back(
    question: str,
) -> None:
    answer = analyse(question, {"readings": READINGS})
    assert answer.status == "declined", answer.text
    assert "odometer_km" in answer.text and "trip_km" in answer.text, answer.text


def test_a_named_column_among_several_is_divided_by() -> None:
    answer = analyse("which trip has the highest fare per trip_km?", {"readings": READINGS})
    assert answer.value == "t1", answer.text
    answer = analyse("fare per trip_km by trip", {"readings": READINGS})
    assert answer.operation == "ratio_of_totals", answer.text
    assert answer.value == {"t1": 10.0, "t2": 2.0, "t3": 5.0}, answer.text


TIED = pd.DataFrame(
    {
        "ride": ["r1", "r2", "r3", "r4"],
        "fare": [10.0, 20.0, 30.0, 9.0],
        "distance_km": [1.0, 2.0, 6.0, 3.0],
    }
)
"""Fare per km: 10, 10, 5, 3: r1 and r2 tied at the top."""


@pytest.mark.parametrize(
    ("frame", "question", "first", "tied"),
    [
        (TIED, "which ride has the highest fare per km?", "r1", "r2"),
        (
            TIED.assign(fare=[10.0, 20.0, 30.0, 3.0]),
            "which ride had the lowest fare per km",
            "r4",
            "",
        ),
        (
            TIED.assign(fare=[1.0, 2.0, 30.0, 9.0]),
            "which ride has the lowest fare per km?",
            "r1",
            "r2",
        ),
    ],
)
def test_a_picked_row_tied_with_others_names_them(
    frame: pd.DataFrame, question: str, first: str, tied: str
) -> None:
    answer = analyse(question, {"rides": frame})
    assert answer.value == first, answer.text
    if tied:
        assert f"(tied with {tied})" in answer.text, answer.text
    else:
        assert "tied" not in answer.text, answer.text


def test_a_tie_is_named_on_dask_too() -> None:
    dd = pytest.importorskip("dask.dataframe")
    answer = analyse(
        "which ride has the highest fare per km?", {"rides": dd.from_pandas(TIED, npartitions=2)}
    )
    assert answer.value == "r1", answer.text
    assert "(tied with r2)" in answer.text, answer.text
