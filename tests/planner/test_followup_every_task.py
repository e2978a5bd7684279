"""A follow-up's value ("only cash") or group-by ("by city") after a run of two data
tasks changes both, and "by X too" adds a group-by next to the earlier one."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import RIDES, STOCK, asked


def test_only_a_value_narrows_both_averages() -> None:
    answer = asked("r", RIDES, "average tip and average fare in Austin", "only cash")
    rows = RIDES[(RIDES["city"] == "Austin") & (RIDES["payment"] == "cash")]
    assert answer.numbers == pytest.approx([rows["tip"].mean(), rows["fare"].mean()])
    assert answer.text.count("payment = cash") == 2


def test_only_a_value_narrows_both_totals_of_stock() -> None:
    answer = asked("w", STOCK, "total qty and average price in Newark", "only Toys")
    rows = STOCK[(STOCK["warehouse"] == "Newark") & (STOCK["category"] == "Toys")]
    assert answer.numbers == pytest.approx([rows["qty"].sum(), rows["price"].mean()])
    assert answer.text.count("category = Toys") == 2


@pytest.mark.parametrize(("frame", "first"), [(RIDES, "average tip and average fare"),
                                              (STOCK, "total qty and average price")])  # fmt: skip
def test_a_group_by_groups_both(frame: pd.DataFrame, first: str) -> None:
    column = "city" if frame is RIDES else "warehouse"
    answer = asked("d", frame, first, f"by {column}")
    assert len(answer.tasks) == 2
    assert all(f"by {column}" in t for t in answer.tasks)


@pytest.mark.parametrize("follow", ["by city too", "and by month as well"])
def test_a_group_by_said_as_one_more_is_added(follow: str) -> None:
    answer = asked("r", RIDES, "average tip by payment", follow)
    column = follow.split("by ")[1].split()[0]
    truth = RIDES.groupby(["payment", column])["tip"].mean()
    assert {round(x, 4) for x in truth} == {round(n, 4) for n in answer.numbers}
    assert f"payment and {column}" in answer.text
