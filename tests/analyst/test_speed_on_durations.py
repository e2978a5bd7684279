"""A speed word said of a duration: "the fastest finish time" is the shortest one."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

RACE = pd.DataFrame(
    {
        "runner": list("ABCDEF"),
        "sex": list("FMFMFM"),
        "finish_time_sec": [15000.0, 13000, 16000, 17000, 14500, 12800],
        "speed_kmh": [10.0, 12.0, 9.0, 8.5, 10.5, 13.0],
    }
)
LAPS = pd.DataFrame({"driver": ["x", "y", "z"], "lap_duration": [81.2, 79.9, 83.4]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("race", RACE, "fastest finish time overall", 12800.0),
        ("race", RACE, "slowest finish time", 17000.0),
        ("race", RACE, "the fastest finish time for women", 14500.0),
        ("laps", LAPS, "quickest lap_duration", 79.9),
        ("race", RACE, "fastest speed_kmh", 13.0),  # a speed: its largest
    ],
)
def test_the_extreme_of_a_duration_follows_the_speed_word(
    name: str, frame: pd.DataFrame, question: str, truth: float
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)


def test_who_was_fastest_is_the_shortest_time() -> None:
    answer = analyse("who had the fastest finish time?", {"race": RACE})
    assert answer.value == "F"
    answer = analyse("which driver had the quickest lap_duration?", {"laps": LAPS})
    assert answer.value == "y"
