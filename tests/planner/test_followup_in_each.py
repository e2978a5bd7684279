"""A follow-up whose "each" is said last with no noun ("and the oldest in each?", "what
about the max age for each?") is asked in each group of the data question before it
("average age by season": in each season), never over every row as one answer."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import asked

PLAYERS = pd.DataFrame(
    {
        "season": [2019, 2019, 2019, 2020, 2020, 2021, 2021, 2021],
        "age": [20, 30, 25, 22, 35, 28, 40, 19],
        "player": list("abcdefgh"),
    }
)
ORDERS = pd.DataFrame(
    {
        "priority": ["high", "low", "high", "medium", "high", "low"],
        "amount": [100.0, 50, 200, 70, 300, 10],
        "units": [1, 2, 3, 4, 5, 6],
    }
)


@pytest.mark.parametrize("follow", ["and the max age in each?", "what about the max age for each?"])
def test_the_max_age_in_each_season(follow: str) -> None:
    answer = asked("p", PLAYERS, "average age by season", follow)
    assert answer.fulfilled
    assert answer.numbers[-3:] == [30, 35, 40]
    assert "season" in answer.tasks[-1]


def test_the_average_units_per_each_priority() -> None:
    answer = asked("o", ORDERS, "total amount by priority", "and the average units per each?")
    assert answer.fulfilled
    assert answer.numbers[-3:] == [3, 4, 4]
    assert "priority" in answer.tasks[-1]


def test_the_oldest_in_each_is_never_one_row_over_all() -> None:
    answer = asked("p", PLAYERS, "average age by season", "and the oldest in each?")
    assert "in each season" in answer.tasks[-1].lower()
    assert answer.fulfilled or answer.partial
    assert "The row with the highest age is g" not in answer.text


def test_guard_each_with_no_groups_before_is_partial() -> None:
    answer = asked("p", PLAYERS, "average age", "and the oldest in each?")
    assert answer.partial
    assert "in each" in answer.text
