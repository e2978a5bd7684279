""" "only the max", "just the total": the earlier request's statistic gives way, as after
"now the median"; read as a request of its own it was the max of every column over every
row. After a request with no statistic to change, it is asked."""

from __future__ import annotations

import pytest

from tests.planner.conversation import RIDES, STOCK, asked


@pytest.mark.parametrize(("follow", "truth"), [("only the max", 5.0), ("just the total", 10.0)])
def test_the_statistic_of_austin_tips_gives_way(follow: str, truth: float) -> None:
    answer = asked("r", RIDES, "average tip in Austin", follow)
    assert answer.numbers[-1] == truth
    assert "city = Austin" in answer.text


def test_the_median_price_by_warehouse() -> None:
    answer = asked("w", STOCK, "average price by warehouse", "only the median")
    truth = STOCK.groupby("warehouse")["price"].median()
    assert {round(x, 4) for x in truth} <= {round(n, 4) for n in answer.numbers}


def test_a_count_has_no_statistic_to_change() -> None:
    answer = asked("w", STOCK, "how many Toys items in Newark", "just the max")
    assert not answer.fulfilled
    assert STOCK["qty"].max() not in answer.numbers
