""" "how many of those planes carry more than 100 seats?": "of those" before a noun and a
verb of any form (irregular, present) is about the earlier rows, never every row."""

from __future__ import annotations

from tests.planner.conversation import PLANES, RIDES, asked


def test_of_those_planes_carry() -> None:
    answer = asked("p", PLANES, "how many planes are made by Boeing",
                   "how many of those planes carry more than 100 seats?")  # fmt: skip
    assert answer.numbers[-1] == 2
    assert "maker = Boeing and seats > 100" in answer.text


def test_of_those_riders_tip() -> None:
    answer = asked("r", RIDES, "how many rides were in Austin",
                   "how many of those riders tip more than 3?")  # fmt: skip
    assert answer.numbers[-1] == 2
    assert "city = Austin" in answer.text and "tip > 3" in answer.text
