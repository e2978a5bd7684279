""" "Total revenue by region and the number of orders in each": each region.

A request of two parts whose second says "in each" (or "for each", "for each one") with
no groups of its own means the groups said at the end of the first part. It was answered
with one count over every row, marked complete. Now the second part is grouped the same
way, and an "in each" that no earlier part gives groups to is named as not applied.
Each table is a small stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.planner.conversation import RIDES, STOCK, asked


@pytest.mark.parametrize(
    ("name", "frame", "question", "groups", "counted"),
    [
        ("rides", RIDES, "total fare by city and the number of rides in each", "city", None),
        ("rides", RIDES, "average tip per payment, and how many rides in each?", "payment", None),
        ("stock", STOCK, "mean price by category and the number of items in each", "category",
         None),
        ("stock", STOCK, "total qty by warehouse and the number of items with price over 50 "
         "in each", "warehouse", lambda f: f.price > 50),
    ],
)  # fmt: skip
def test_the_later_part_counts_in_each_group_of_the_earlier_one(
    name: str, frame: pd.DataFrame, question: str, groups: str, counted: object
) -> None:
    a = asked(name, frame, question)
    rows = frame if counted is None else frame[counted(frame)]  # type: ignore[operator]
    per_group = rows.groupby(groups).size()
    assert a.fulfilled, a.text
    assert len(a.tasks) == 2, a.tasks
    assert set(per_group.tolist()) <= set(a.numbers), (a.numbers, a.text)
    assert float(len(frame)) not in a.numbers or len(frame) in per_group.tolist(), a.text


@pytest.mark.parametrize(
    "question",
    ["the number of rides in each", "average fare in each?", "how many rides over 20 in each one?"],
)
def test_an_each_with_no_groups_named_is_said_as_not_applied(question: str) -> None:
    """Declined, or answered with "in each" named as not applied; never complete."""
    a = analyse(question, {"rides": RIDES.copy()})
    if a.status == "answered":
        assert any("each" in gap for gap in a.left_out), (a.text, a.left_out)
