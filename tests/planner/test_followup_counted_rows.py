"""A follow-up on the rows a count chose by its verb ("how many passengers survived",
then "of those, what is the average age?") is about those rows: the counted condition
is carried as a condition on the rows, never dropped for every row."""

from __future__ import annotations

import pytest

from tests.planner.conversation import RIDES, TITANIC, asked


@pytest.mark.parametrize("follow", ["of those, what is the average age?",
                                    "among them, what is the average age?"])  # fmt: skip
def test_the_average_of_those_who_survived(follow: str) -> None:
    answer = asked("t", TITANIC, "how many passengers survived", follow)
    truth = TITANIC[TITANIC["Survived"] == 1]["Age"].mean()  # 23.75
    assert answer.numbers[-1] == pytest.approx(truth)
    assert "Survived = 1" in answer.text


def test_of_which_counts_within_the_survivors() -> None:
    answer = asked("t", TITANIC, "how many passengers survived", "of which, how many were female?")
    assert answer.numbers[-1] == 3
    assert "Survived = 1" in answer.text and "Sex = female" in answer.text


def test_the_count_of_rides_paid_in_cash_keeps_them() -> None:
    answer = asked(
        "r", RIDES, "how many rides were paid in cash", "of those, what is the average tip?"
    )
    assert answer.numbers[-1] == pytest.approx(RIDES[RIDES["payment"] == "cash"]["tip"].mean())
    assert "payment = cash" in answer.text
