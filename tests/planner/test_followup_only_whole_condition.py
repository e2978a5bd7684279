""" "only X"/"just X" puts the rows of X in the place of the whole earlier condition on
X's column: after a ruled-out value ("outside Austin", "not in Austin") it is the rows
of X, never the rows other than X; after a list ("in Austin and in Seattle") the list
gives way as a whole."""

from __future__ import annotations

import pytest

from tests.planner.conversation import RIDES, STOCK, asked


@pytest.mark.parametrize(
    ("first", "follow"),
    [("average tip outside Austin", "only Seattle"),
     ("average tip excluding Austin", "just Seattle")],
)  # fmt: skip
def test_only_after_a_ruled_out_city(first: str, follow: str) -> None:
    answer = asked("r", RIDES, first, follow)
    assert answer.numbers[-1] == pytest.approx(RIDES[RIDES["city"] == "Seattle"]["tip"].mean())
    assert "city = Seattle" in answer.text and "!=" not in answer.text


def test_just_after_a_ruled_out_warehouse_counts_its_rows() -> None:
    answer = asked("w", STOCK, "how many items not in Newark", "just Reno")
    assert answer.numbers[-1] == 3
    assert "warehouse = Reno" in answer.text


def test_just_one_city_after_a_list_of_two() -> None:
    answer = asked("r", RIDES, "average tip in Austin and in Seattle", "just Dallas")
    assert answer.numbers[-1] == pytest.approx(7.5)
    assert "city = Dallas" in answer.text and "Austin" not in answer.text.split("Follows")[0]


def test_only_one_value_in_the_place_of_one_value() -> None:  # a guard: it worked before
    answer = asked("r", RIDES, "average tip in Austin", "only Seattle")
    assert answer.numbers[-1] == pytest.approx(RIDES[RIDES["city"] == "Seattle"]["tip"].mean())
