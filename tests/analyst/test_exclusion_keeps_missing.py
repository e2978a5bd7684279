""" "Average crime excluding cities with a population over 2000" leaves out the cities
known to be over 2000. A city with no population recorded is not said to be, so it stays
(``~(population > 2000)``); the answer used to keep ``population <= 2000``, which
silently dropped every city with a gap. And "leaving aside", "setting aside",
"disregarding" exclude as "excluding" does; they used to keep exactly the rows named.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

CITIES = pd.DataFrame(
    {
        "city": list("abcdefg"),
        "population": [100, 3000, np.nan, 2500, 900, np.nan, 1500],
        "crime": [10.0, 20, 30, 40, 50, 60, 70],
    }
)
MACHINES = pd.DataFrame(
    {
        "model": [f"m{i}" for i in range(8)],
        "cycle": [50, 600, 120, np.nan, 900, 75, 30, 200],
        "speed": [8.0, 1, 5, 6, 2, 7, 9, 4],
    }
)


@pytest.mark.parametrize(
    ("frames", "question", "kept"),
    [
        (
            {"cities": CITIES},
            "average crime excluding cities with a population over 2000",
            ~(CITIES.population > 2000),
        ),
        (
            {"cities": CITIES},
            "what is the median crime other than the cities whose population is below 1000?",
            ~(CITIES.population < 1000),
        ),
        (
            {"machines": MACHINES},
            "mean speed leaving aside the machines with a cycle over 500",
            ~(MACHINES.cycle > 500),
        ),
        (
            {"machines": MACHINES},
            "what is the average speed, setting aside machines whose cycle is at least 200?",
            ~(MACHINES.cycle >= 200),
        ),
    ],
)
def test_an_excluded_bound_keeps_the_rows_with_no_value(
    frames: dict[str, pd.DataFrame], question: str, kept: pd.Series
) -> None:
    frame = next(iter(frames.values()))
    measure = "crime" if "crime" in frame else "speed"
    statistic = "median" if "median" in question else "mean"
    truth = getattr(frame[kept][measure], statistic)()
    answer = analyse(question, frames)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)
    assert "missing" in answer.text  # the kept gaps are said: "<= 2000 or population missing"


def test_a_bound_on_a_column_with_no_gaps_is_said_plainly() -> None:
    answer = analyse("average crime excluding cities with a crime over 45", {"cities": CITIES})
    assert answer.value == pytest.approx(25.0)
    assert "missing" not in answer.text


def test_disregarding_excludes() -> None:
    answer = analyse(
        "what is the max speed, disregarding the machines with speed above 8?",
        {"machines": MACHINES},
    )
    assert answer.value == pytest.approx(8.0), answer.text  # 9 is left out
