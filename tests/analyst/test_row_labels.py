"""The row a ranking picks is named by the label that tells rows apart (a runner's name,
not the country many runners share)."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

RACE = pd.DataFrame(
    {
        "runner_name": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
        "country_code": ["USA", "USA", "KEN", "KEN", "GBR", "USA"],
        "finish_time_sec": [15000, 13000, 16000, 12900, 14500, 13500],
    }
)
SPEND = pd.DataFrame(
    {
        "country": ["FR", "FR", "DE", "DE", "FR"],
        "customer_name": ["a", "b", "c", "d", "e"],
        "spend_eur": [10.0, 70.0, 30.0, 20.0, 50.0],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("race", RACE, "who had the fastest finish time?", "Di"),
        ("race", RACE, "who had the slowest finish time?", "Cy"),
        ("shop", SPEND, "who had the highest spend_eur?", "b"),
    ],
)
def test_the_picked_row_is_named_by_its_own_label(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.value == truth, answer.text
