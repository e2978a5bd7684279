"""One number column set against another on the same row ("how many polls had McCain
ahead of Obama?"): a row condition ``A > B`` (or ``<``), counted or measured, said in the
answer; never the total of the column that is only the condition's subject."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _polls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pollster": ["A", "B", "C", "D", "E", "F", "G", "H"],
            "n": [1000, 800, 1500, 900, 1200, 700, 2000, 1100],
            "Days": [1, 2, 3, 2, 1, 3, 2, 4],
            "Smith": [46, 47, 39, 44, 50, 41, 45, 48],
            "Jones": [49, 45, 48, 44, 47, 46, 43, 49],
            "Margin": [3, -2, 9, 0, -3, 5, -2, 1],
        }
    )


def _games() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "home": ["A", "B", "C", "D", "E", "F"],
            "home_score": [3, 1, 2, 0, 4, 2],
            "away_score": [1, 2, 2, 3, 0, 1],
            "attendance": [100.0, 200.0, 300.0, 400.0, 500.0, 600.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many polls had Smith ahead of Jones?",
        "how many polls had Smith ahead?",
        "how many polls had Jones behind Smith?",
        "how many polls where Smith beat Jones?",
    ],
)
def test_polls_with_one_candidate_ahead_are_counted(question: str) -> None:
    polls = _polls()
    a = analyse(question, {"polls": polls})
    assert (a.status, a.value) == ("answered", int((polls.Smith > polls.Jones).sum()))
    assert "Smith > Jones" in a.text or "Jones < Smith" in a.text


def test_a_measure_of_the_rows_where_one_column_beat_another() -> None:
    games = _games()
    a = analyse("what was the mean attendance of games where home score was below away score?",
                {"games": games})  # fmt: skip
    truth = games[games.home_score < games.away_score].attendance.mean()
    assert (a.status, a.value) == ("answered", pytest.approx(truth))
    assert "home_score < away_score" in a.text


@pytest.mark.parametrize(
    "question",
    [
        "how many games had the home score above the away score?",
        "how many games had home score ahead?",
    ],
)
def test_games_the_home_side_won_are_counted(question: str) -> None:
    games = _games()
    a = analyse(question, {"games": games})
    assert (a.status, a.value) == ("answered", int((games.home_score > games.away_score).sum()))


def test_a_rival_that_is_not_clear_is_said_to_be_left_out() -> None:
    polls = _polls()
    a = analyse("how many polls had Margin ahead?", {"polls": polls})
    assert a.status != "answered" or a.value != polls.Margin.sum()
    assert a.status in ("partial", "declined")
    assert "Margin" in a.text
