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
        (SHIPMENTS, "how many shipments traveled more than 5000 km?", 3),
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
