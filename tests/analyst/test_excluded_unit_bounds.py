"""A bound said with its unit after an exclusion ("other than those longer than 15
miles", "excluding parcels heavier than 20 kg") leaves those rows out.

The unit reading took the bound as the condition itself, so the answer was for exactly
the rows the question excluded, shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

RACES = pd.DataFrame(
    {
        "race": ["Ben", "Crag", "Dale", "Fell", "Glen", "Moor"],
        "dist": [3.0, 18.0, 6.5, 24.0, 9.0, 16.0],
        "climb": [650, 2500, 900, 5200, 800, 3000],
        "time": [20.0, 190.0, 45.0, 204.0, 60.0, 170.0],
    }
)
PARCELS = pd.DataFrame(
    {
        "parcel": ["p1", "p2", "p3", "p4", "p5"],
        "weight": [2.0, 25.0, 12.0, 31.0, 8.0],
        "volume": [10.0, 80.0, 40.0, 95.0, 20.0],
        "cost": [5.0, 40.0, 15.0, 55.0, 9.0],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "kept", "column"),
    [
        (RACES, "median time of races other than those longer than 15 miles",
         RACES["dist"] <= 15, "time"),
        (RACES, "median time excluding races longer than 15 miles",
         RACES["dist"] <= 15, "time"),
        (PARCELS, "median cost excluding parcels heavier than 20 kg",
         PARCELS["weight"] <= 20, "cost"),
    ],
)  # fmt: skip
def test_an_excluded_bound_with_its_unit_keeps_the_other_rows(
    frame: pd.DataFrame, question: str, kept: pd.Series, column: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.value == pytest.approx(float(frame[kept][column].median())), answer.text


def test_the_same_bound_without_an_exclusion_keeps_its_rows() -> None:
    answer = analyse("median time of races longer than 15 miles", {"t": RACES})
    assert answer.value == pytest.approx(float(RACES[RACES["dist"] > 15]["time"].median()))
