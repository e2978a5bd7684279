""" "those" after a question that picked one group ("which city has the highest average
tip") is that group's rows, never every row."""

from __future__ import annotations

from tests.planner.conversation import RIDES, STOCK, asked


def test_those_rides_are_the_picked_citys() -> None:
    answer = asked("r", RIDES, "which city has the highest average tip",
                   "how many of those rides were paid in cash?")  # fmt: skip
    assert answer.numbers[-1] == 1
    assert "city = Dallas" in answer.text and "payment = cash" in answer.text


def test_those_items_are_the_picked_warehouses() -> None:
    answer = asked("w", STOCK, "which warehouse has the highest total qty",
                   "of those items, how many were Toys?")  # fmt: skip
    assert answer.numbers[-1] == 1  # Reno holds 14: one of its rows is Toys
    assert "warehouse = Reno" in answer.text
