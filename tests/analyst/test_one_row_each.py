""" "Average km per trip" of a table with one row a trip: the mean over the trips, not a
listing of each trip's own km."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

TRIPS = pd.DataFrame({"trip_id": [11, 12, 13, 14], "zone": list("wwes"), "km": [1.0, 2, 3, 9]})
LINES = pd.DataFrame({"order_id": [1, 1, 2, 3], "units": [1.0, 3, 5, 7]})


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("average km per trip", TRIPS.km.mean()),
        ("what is the median km per trip?", TRIPS.km.median()),
        ("average km per trip excluding zone w", TRIPS[TRIPS.zone != "w"].km.mean()),
    ],
)
def test_a_typical_value_per_thing_named_once_a_row_is_one_figure(
    question: str, truth: float
) -> None:
    answer = analyse(question, {"trips": TRIPS})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)


def test_things_on_several_rows_are_still_grouped() -> None:
    answer = analyse("average units per order", {"lines": LINES})
    assert answer.value == pytest.approx({1: 2.0, 2: 5.0, 3: 7.0})


def test_the_identifier_named_as_a_column_is_grouped_by() -> None:
    answer = analyse("average km for each trip_id", {"trips": TRIPS})
    assert answer.value == pytest.approx(dict(zip(TRIPS.trip_id, TRIPS.km, strict=True)))
