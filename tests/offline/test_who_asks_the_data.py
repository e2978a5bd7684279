"""A "who ..." question saying the verb of a column of people ("who *played* ..." of a
``player`` column) is the data analyst's, never a built-in that holds no data (the
narrator's card says "listen", which is also "play"). Cases marked ``guard`` passed
before the change."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.agents.roles import ANALYST

GAMES = pd.DataFrame(
    {"player": ["Al", "Bo", "Al", "Cy", "Al", "Bo"], "game": [1, 1, 2, 2, 3, 3],
     "score": [10, 7, 12, 3, 8, 9]}
)  # fmt: skip
RACES = pd.DataFrame(
    {"racer": ["Kim", "Lee", "Kim", "Moe", "Kim", "Lee"], "race": [1, 1, 2, 2, 3, 3],
     "laps": [50, 48, 52, 47, 51, 49]}
)  # fmt: skip


def _agents(frame: pd.DataFrame, question: str) -> tuple[list[str], str]:
    router = Router(data={"t": frame.copy()}, memory=True)
    result = router.run_sync(question)
    analyst = next(a.name for a in router.agents if ANALYST in getattr(a, "roles", ()))
    return [t.agent for t in result.tasks], analyst


@pytest.mark.parametrize(
    ("frame", "question"),
    [(GAMES, "who played more than twice?"), (GAMES, "who played more than 2 games?")],
)
def test_a_who_question_goes_to_the_data_analyst_alone(frame: pd.DataFrame, question: str) -> None:
    agents, analyst = _agents(frame, question)
    assert agents == [analyst]


@pytest.mark.parametrize(
    ("frame", "question"),
    [(GAMES, "who played in game 2?"), (RACES, "who raced more than twice?")],
)
def test_guard_other_who_questions_stay_the_analysts(frame: pd.DataFrame, question: str) -> None:
    agents, analyst = _agents(frame, question)
    assert agents == [analyst]


@pytest.mark.parametrize(
    ("frame", "question"),
    [
        (GAMES, "which player played the most games?"),
        (GAMES, "which player has the highest score?"),
    ],
)
def test_guard_questions_naming_the_column_go_to_the_analyst(
    frame: pd.DataFrame, question: str
) -> None:
    agents, analyst = _agents(frame, question)
    assert agents == [analyst]


def test_guard_read_aloud_stays_the_narrators() -> None:
    agents, analyst = _agents(GAMES, "read this aloud: the games are over")
    assert agents and agents[0] != analyst
