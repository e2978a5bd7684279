""" "which team is the tallest?", "which coach has the oldest player?": a superlative of a
quantity said with a column of groups.

Said of the group itself, the groups are ranked by their mean (the figure the answer
names); said of a member ("the oldest player"), the one row is picked and named by the
group's column; said of each group ("the youngest player on each team"), no single row
answers, so none is given as complete. Before, the first two were answered with a count
of rows per group (partial) and the member case named a player, not the coach.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SQUADS = pd.DataFrame(
    {
        "player": ["Al", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu"],
        "team": ["Reds", "Reds", "Blues", "Blues", "Greens", "Greens", "Reds", "Blues"],
        "coach": ["Kim", "Kim", "Lee", "Lee", "Moe", "Moe", "Kim", "Lee"],
        "age": [21, 34, 25, 29, 38, 19, 27, 22],
        "height_cm": [180, 175, 190, 185, 170, 195, 182, 178],
    }
)
CLIMATE = pd.DataFrame(
    {
        "city": ["Oslo", "Rome", "Cairo", "Oslo", "Rome", "Cairo", "Oslo", "Rome"],
        "month": ["Jan", "Jan", "Jan", "Jul", "Jul", "Jul", "Oct", "Oct"],
        "temp_c": [-4.0, 8.0, 14.0, 17.0, 30.0, 35.0, 6.0, 18.0],
        "rain_mm": [50.0, 80.0, 5.0, 70.0, 20.0, 0.0, 90.0, 60.0],
    }
)


def _best_group(df: pd.DataFrame, by: str, column: str, *, smallest: bool) -> str:
    means = df.groupby(by)[column].mean()
    return str(means.idxmin() if smallest else means.idxmax())


@pytest.mark.parametrize(
    ("frame", "question", "by", "column", "smallest"),
    [
        (SQUADS, "which team is the tallest?", "team", "height_cm", False),
        (SQUADS, "Which Team is the Tallest?", "team", "height_cm", False),
        (SQUADS, "which coach's squad is the youngest on average?", "coach", "age", True),
        (CLIMATE, "which city is the hottest?", "city", "temp_c", False),
        (CLIMATE, "which month was the coldest?", "month", "temp_c", True),
    ],
)
def test_a_superlative_of_the_group_ranks_the_groups_by_their_mean(
    frame: pd.DataFrame, question: str, by: str, column: str, smallest: bool
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == _best_group(frame, by, column, smallest=smallest), answer.text
    assert "mean" in answer.text and column in answer.text  # the figure is named


@pytest.mark.parametrize(
    ("question", "by", "column", "smallest"),
    [
        ("which coach has the oldest player?", "coach", "age", False),
        ("which team has the tallest player?", "team", "height_cm", False),
        ("which team has the shortest player?", "team", "height_cm", True),
    ],
)
def test_a_superlative_of_a_member_names_that_members_group(
    question: str, by: str, column: str, smallest: bool
) -> None:
    answer = analyse(question, {"squads": SQUADS})
    row = SQUADS[column].idxmin() if smallest else SQUADS[column].idxmax()
    assert answer.status == "answered", answer.text
    assert answer.value == SQUADS.loc[row, by], answer.text


def test_a_superlative_of_each_group_is_not_one_row_presented_as_complete() -> None:
    answer = analyse("who is the youngest player on each team?", {"squads": SQUADS})
    assert answer.status != "answered", answer.text
    assert answer.value != SQUADS.loc[SQUADS["age"].idxmin(), "player"], answer.text
