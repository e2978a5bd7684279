"""A column measured and said again as what the rows have: "the average tip of trips that
got a tip" is over the tipped trips only."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

RIDES = pd.DataFrame({"city": list("XXYY"), "tip_usd": [0.0, 3.0, 0.0, 5.0]})
MOTHERS = pd.DataFrame({"mother": list("abcde"), "children": [0, 2, 1, 0, 3]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("rides", RIDES, "average tip for trips that got a tip", 4.0),
        ("rides", RIDES, "average tip_usd of trips with a tip", 4.0),
        ("k", MOTHERS, "average children of mothers with children", 2.0),
        ("k", MOTHERS, "average children", 1.2),  # said once: every row
    ],
)
def test_a_measure_said_again_as_had_picks_the_rows(
    name: str, frame: pd.DataFrame, question: str, truth: float
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)


def test_an_amount_said_again_as_had_is_over_the_rows_with_some() -> None:
    rides = pd.DataFrame({"trip_id": [1, 2, 3, 4], "tip_usd": [0.0, 1.25, 0.0, 3.5]})
    answer = analyse("average tip for trips that got a tip", {"rides": rides})
    assert answer.value == pytest.approx(2.375), answer.text  # not 1.1875 over every trip
