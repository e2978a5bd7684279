"""An amount "per <unit>" a column holds ("fare per km" of ``distance_km``) is divided by
that column: a picked row is ranked by its ratio (a zero or missing divisor ranks
nothing), a figure for groups or for all rows is the ratio of the totals, named as such
(:mod:`tests.analyst.test_ratio_of_totals` checks its numbers), and a unit no column
holds is declined by its word: never the amount alone."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse

RIDES = pd.DataFrame(
    {
        "ride_id": ["r1", "r2", "r3", "r4", "r5", "r6"],
        "city": ["Oslo", "Oslo", "Rome", "Rome", "Lima", "Lima"],
        "fare_usd": [10.0, 30.0, 12.0, 14.0, 40.0, 2.0],
        "distance_km": [2.0, 10.0, 0.0, 4.0, 20.0, np.nan],
    }
)
"""Fare per km by row: 5, 3, (0 km), 3.5, 2, (no km). Mean fare by city: Lima 21 highest;
fare per km of the totals: Rome 14/4 = 3.5 highest (its 0 km ride left out)."""
PARCELS = pd.DataFrame(
    {
        "parcel_id": ["p1", "p2", "p3", "p4", "p5"],
        "carrier": ["X", "Y", "X", "Y", "X"],
        "cost_eur": [10.0, 8.0, 30.0, 6.0, 14.0],
        "weight_kg": [2.0, 4.0, 3.0, 0.5, 7.0],
    }
)
"""Cost per kg by row: 5, 2, 10, 12, 2.5 (highest p4, lowest p2)."""
SHIFTS = pd.DataFrame(
    {
        "shift_id": ["s1", "s2", "s3", "s4"],
        "store": ["N", "S", "N", "S"],
        "revenue": [400.0, 900.0, 300.0, 500.0],
        "hours_worked": [8.0, 10.0, 2.0, 0.0],
    }
)
"""Revenue per hour by row: 50, 90, 150, (0 hours): highest s3, lowest s1."""


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("rides", RIDES, "which ride has the highest fare per km?", "r1"),
        ("rides", RIDES, "which trip had the lowest fare per km", "r5"),
        ("parcels", PARCELS, "which parcel has the highest cost per kg?", "p4"),
        ("parcels", PARCELS, "which parcel had the lowest cost per kg", "p2"),
        ("shifts", SHIFTS, "which shift had the highest revenue per hour?", "s3"),
    ],
)
def test_a_picked_row_is_ranked_by_its_ratio_to_the_unit_column(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status in ("answered", "fulfilled"), answer.text
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("name", "frame", "question", "amount", "divisor"),
    [
        ("rides", RIDES, "which city has the highest avg fare per km", "fare_usd", "distance_km"),
        ("rides", RIDES, "what is the average fare per km?", "fare_usd", "distance_km"),
        ("rides", RIDES, "fare per km by city", "fare_usd", "distance_km"),
        ("parcels", PARCELS, "which carrier has the highest cost per kg?", "cost_eur", "weight_kg"),
        ("parcels", PARCELS, "what is the cost per kg", "cost_eur", "weight_kg"),
        ("shifts", SHIFTS, "revenue per hour by store", "revenue", "hours_worked"),
    ],
)
def test_a_ratio_for_groups_or_all_rows_is_the_ratio_of_the_totals(
    name: str, frame: pd.DataFrame, question: str, amount: str, divisor: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.operation == "ratio_of_totals", answer.text
    assert f"total {amount} / total {divisor}" in answer.text


@pytest.mark.parametrize(
    ("name", "frame", "question", "word"),
    [
        ("rides", RIDES, "which city has the highest fare per mile?", "mile"),
        ("parcels", PARCELS, "cost per pound by carrier", "pound"),
        ("parcels", PARCELS, "what is the average cost per liter", "liter"),
    ],
)
def test_a_unit_no_column_holds_is_declined_by_its_word(
    name: str, frame: pd.DataFrame, question: str, word: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status not in ("answered", "fulfilled"), answer.text
    assert word in answer.text


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("total cost per carrier", {"X": 54.0, "Y": 14.0}),
        ("average cost per carrier", {"X": 18.0, "Y": 7.0}),
    ],
)
def test_per_a_group_is_still_a_group(question: str, truth: dict[str, float]) -> None:
    answer = analyse(question, {"parcels": PARCELS})
    assert answer.value == truth, answer.text


WORKOUTS = pd.DataFrame(
    {
        "workout": ["run", "swim", "bike", "row"],
        "calories": [600.0, 400.0, 900.0, 300.0],
        "duration_min": [50.0, 40.0, 100.0, 20.0],
    }
)
"""Calories per minute: 12, 10, 9, 15 (highest row, lowest bike)."""
HOURLY = pd.DataFrame(
    {
        "store": ["a", "b", "a", "b", "a"],
        "hour": [9, 10, 11, 9, 10],
        "revenue": [10.0, 20, 30, 40, 50],
    }
)
DAILY = pd.DataFrame({"day": [1, 2, 1, 2, 3], "sales": [5.0, 7.0, 1.0, 2.0, 4.0]})
BOOKINGS = pd.DataFrame(
    {
        "booking_date": pd.to_datetime(["2024-01-01", "2024-01-01", "2024-01-02", "2024-01-03"]),
        "stay_days": [2, 3, 1, 4],
        "revenue": [200.0, 300.0, 90.0, 500.0],
    }
)
"""Days of stay are held, and so are dates: "revenue per day" is per calendar day."""


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("which workout burns the highest calories per minute?", "row"),
        ("which workout had the lowest calories per minute", "bike"),
    ],
)
def test_per_minute_divides_by_the_minutes_column(question: str, truth: str) -> None:
    answer = analyse(question, {"workouts": WORKOUTS})
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("sales", HOURLY, "revenue per hour", {9: 50.0, 10: 70.0, 11: 30.0}),
        ("sales", HOURLY, "total revenue per hour", {9: 50.0, 10: 70.0, 11: 30.0}),
        ("days", DAILY, "total sales per day", {1: 6.0, 2: 9.0, 3: 4.0}),
        (
            "bookings",
            BOOKINGS,
            "total revenue per day",
            {"2024-01-01": 500.0, "2024-01-02": 90.0, "2024-01-03": 500.0},
        ),
    ],
)
def test_per_a_period_column_is_still_a_group(
    name: str, frame: pd.DataFrame, question: str, truth: dict[object, float]
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.value == truth, answer.text
