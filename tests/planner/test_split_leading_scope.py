"""A scope said first, once, for every statistic of a request ("for high priority orders,
the total amount and the average units", "among smokers, the mean age and the mean
weight", "in Lyon: ...") is given to every part: the second statistic is asked of the
scope's rows, never of every row."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.language.clauses import Clause
from notebook_router.language.leading_scope import leading_scope, with_scope
from notebook_router.offline.planner.carried_filters import carry_restrictions
from tests.planner.conversation import asked

ORDERS = pd.DataFrame(
    {
        "priority": ["high", "low", "high", "medium", "high", "low"],
        "amount": [100.0, 50, 200, 70, 300, 10],
        "units": [1, 2, 3, 4, 5, 6],
    }
)
PEOPLE = pd.DataFrame(
    {
        "smoker": ["yes", "no", "yes", "no", "yes"],
        "age": [30, 40, 50, 60, 70],
        "weight": [60.0, 70, 80, 90, 100],
    }
)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("for high priority orders, the total amount", "for high priority orders"),
        ("Among smokers: the mean age", "Among smokers"),
        ("the total amount for high priority orders", None),
        ("total amount, and the average units", None),
    ],
)
def test_a_scope_opens_the_text(text: str, scope: str | None) -> None:
    assert leading_scope(text) == scope


def test_a_part_with_a_scope_of_its_own_keeps_it() -> None:
    assert with_scope("for smokers", "for non-smokers, the mean age") == (
        "for non-smokers, the mean age"
    )
    assert with_scope("for smokers", "The mean age") == "For smokers, the mean age"


def test_the_planner_gives_the_scope_to_the_later_part() -> None:
    texts = ["For high priority orders, the total amount", "The average units"]
    carried = carry_restrictions([Clause(t, None) for t in texts], ())
    assert carried[1].text == "For high priority orders, the average units"


@pytest.mark.parametrize(
    "question",
    [
        "for high priority orders, the total amount and the average units",
        "among high priority orders: the total amount and the average units",
        "for high priority orders, what is the total amount and what is the average units?",
    ],
)
def test_high_priority_is_kept_for_the_average_units(question: str) -> None:
    answer = asked("o", ORDERS, question)
    assert answer.fulfilled
    assert answer.numbers[0] == 600 and answer.numbers[-1] == 3
    assert answer.text.count("priority = high") == 2


@pytest.mark.parametrize(
    "question",
    [
        "among smokers, the mean age and the mean weight",
        "for smokers, what is the mean age and what is the mean weight?",
    ],
)
def test_smokers_are_kept_for_the_mean_weight(question: str) -> None:
    answer = asked("p", PEOPLE, question)
    assert answer.fulfilled
    assert answer.numbers[0] == 50 and answer.numbers[-1] == 80


def test_guard_a_scope_said_after_the_first_statistic_is_not_given() -> None:
    answer = asked("o", ORDERS, "the total amount for high priority orders and the average units")
    assert answer.numbers[-1] == 3.5
    assert answer.partial
