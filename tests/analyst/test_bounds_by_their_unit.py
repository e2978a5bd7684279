"""A bound whose unit says which column it is on, with no column named: "how many
shipments went over 5,000 km?" is on the one distance column (converted from miles when
said in miles); "cost between $1,500 and $2,500" is a range on the one money column.
Before, both were declined as a condition on no column.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SHIPMENTS = pd.DataFrame(
    {
        "carrier": ["A", "B", "A", "C", "B", "C"],
        "distance_km": [1200, 5400, 300, 7000, 6100, 800],
        "cost": [1500.0, 2200.0, 400.0, 2600.0, 1800.0, 900.0],
    }
)
RUNS = pd.DataFrame(
    {
        "runner": ["a", "b", "c", "d", "e"],
        "miles": [3.1, 13.1, 26.2, 6.2, 9.3],
        "fee_usd": [20.0, 45.0, 90.0, 25.0, 35.0],
    }
)
KM_PER_MILE = 1.609344


@pytest.mark.parametrize(
    ("frame", "question", "truth"),
    [
        (SHIPMENTS, "how many shipments went over 5,000 km?", 3),
        (SHIPMENTS, "how many shipments are more than 5000 km?", 3),
        (SHIPMENTS, "how many shipments over 3000 miles?",
         int((SHIPMENTS["distance_km"] > 3000 * KM_PER_MILE).sum())),
        (RUNS, "how many races are longer than 10 km?", int((RUNS["miles"] > 10 / KM_PER_MILE).sum())),
        (RUNS, "how many races were under 7 miles?", 2),
    ],
)  # fmt: skip
def test_a_distance_bound_is_on_the_distance_column(
    frame: pd.DataFrame, question: str, truth: int
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("frame", "question", "column", "low", "high"),
    [
        (SHIPMENTS, "how many shipments cost between $1,500 and $2,500?", "cost", 1500, 2500),
        (RUNS, "how many races have a fee between $30 and $50?", "fee_usd", 30, 50),
        (RUNS, "how many races cost from $20 to $40?", "fee_usd", 20, 40),
    ],
)
def test_a_money_range_is_on_the_money_column(
    frame: pd.DataFrame, question: str, column: str, low: float, high: float
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == int(frame[column].between(low, high).sum()), answer.text
    assert column in answer.text


INSPECTIONS = pd.DataFrame(
    {
        "Year": [2001, 2001, 2002, 2015, 2015, 2016, 2017, 2017, 2017],
        "score": [90, 80, 70, 95, 85, 75, 99, 88, 77],
    }
)


def test_a_count_per_group_since_a_year_lists_only_those_years() -> None:
    answer = analyse("number of inspections per year since 2015", {"inspections": INSPECTIONS})
    assert answer.status == "answered", answer.text
    assert answer.value == {2015: 2, 2016: 1, 2017: 3}, answer.text  # no "2001: 0"


def test_a_count_per_group_on_another_column_still_lists_a_zero() -> None:
    answer = analyse("for each year, how many inspections scored above 80?",
                     {"inspections": INSPECTIONS})  # fmt: skip
    assert isinstance(answer.value, dict), answer.text
    assert answer.value[2002] == 0 and answer.value[2015] == 2, answer.text
