"""A statistic "of those items" / "of those" after a filtered count keeps the count's
filter and is answered whole: the noun said again after "those" ("items", of an ``item``
column) is the earlier question's, not a column the answer leaves out. Cases marked
``guard`` passed before the change."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import asked

ITEMS = pd.DataFrame(
    {
        "item": ["pen", "lamp", "desk", "mug", "chair", "rug"],
        "price": [3.0, 60.0, 250.0, 8.0, 120.0, 45.0],
    }
)
PLAYERS = pd.DataFrame(
    {"player": ["Al", "Bo", "Cy", "Di", "Ed"], "age": [21, 34, 25, 29, 38],
     "height_cm": [180, 175, 190, 185, 170]}
)  # fmt: skip


@pytest.mark.parametrize(
    "follow",
    [
        "what is the average price of those items?",
        "what's the average price for those items?",
        "what is the mean price among those items?",
    ],
)
def test_the_average_of_those_items_keeps_the_price_filter(follow: str) -> None:
    answer = asked("i", ITEMS, "how many items cost more than $50?", follow)
    assert answer.fulfilled
    assert round(answer.numbers[-1], 1) == 143.3
    assert "price > 50" in answer.text


def test_guard_the_average_of_those_keeps_the_price_filter() -> None:
    follow = "what is the average price of those?"
    answer = asked("i", ITEMS, "how many items cost more than $50?", follow)
    assert answer.fulfilled
    assert round(answer.numbers[-1], 1) == 143.3
    assert "price > 50" in answer.text


def test_the_average_of_those_players_keeps_the_age_filter() -> None:
    _the_average_of_those_players("what is the average height of those players?")


def test_guard_the_average_height_of_those_keeps_the_age_filter() -> None:
    _the_average_of_those_players("average height of those?")


def test_guard_a_noun_the_earlier_question_did_not_say_stays() -> None:
    answer = asked(
        "i", ITEMS, "how many items cost more than $50?", "what is the average price of those pens?"
    )
    assert "pens" in " ".join(answer.tasks)


def _the_average_of_those_players(follow: str) -> None:
    answer = asked("p", PLAYERS, "how many players are older than 25?", follow)
    assert answer.fulfilled
    assert round(answer.numbers[-1], 1) == 176.7
    assert "age > 25" in answer.text
