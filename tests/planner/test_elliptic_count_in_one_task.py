"""A later count with no noun of its own ("... and how many in Reno?") stays in the task of
the count before it, so the analyst counts the same things there ("Toys" in Reno), never
every row of Reno."""

from __future__ import annotations

import pytest

from tests.planner.conversation import RIDES, STOCK, asked


@pytest.mark.parametrize("question", ["how many Toys items in Newark and how many in Reno?",
                                      "how many Toys items in Newark, and how many at Reno?"])  # fmt: skip
def test_the_later_count_counts_toys_in_reno(question: str) -> None:
    answer = asked("w", STOCK, question)
    assert answer.numbers[-2:] == [2, 1]
    assert "category = Toys and warehouse = Reno" in answer.text


def test_the_later_count_counts_cash_rides_in_dallas() -> None:
    answer = asked("r", RIDES, "how many cash rides in Seattle and how many in Dallas?")
    assert answer.numbers[-2:] == [1, 1]
    assert answer.text.count("payment = cash") == 2
