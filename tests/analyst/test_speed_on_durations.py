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


TEAMS = pd.DataFrame(
    {
        "runner": list("ABCDEF"),
        "team": ["x", "x", "y", "y", "z", "z"],
        "finish_time_sec": [300, 250, 400, 280, 500, 260],
        "lap_time": [60, 55, 70, 58, 80, 52],
    }
)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("what is the maximum finish time for team x, the fastest team?", 300),
        ("max finish time for team z (the fastest team)", 500),
    ],
)
def test_a_speed_word_said_of_something_else_leaves_the_asked_extreme(
    question: str, truth: float
) -> None:
    answer = analyse(question, {"runs": TEAMS})
    assert answer.value == pytest.approx(truth), answer.text


def test_which_group_was_fastest_is_its_best_time_not_its_total() -> None:
    answer = analyse("which team had the fastest single lap time?", {"runs": TEAMS})
    assert answer.value == "z", answer.text  # z's 52 s lap; x has the smallest total
