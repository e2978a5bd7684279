"""The one reading of a change asked between two ends of a span."""

from __future__ import annotations

import pytest

from notebook_router.language.change_words import CHANGE_VERBS, changes_between_ends


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how much did wages rise between 1700 and 1800?", "rise between 1700 and 1800"),
        ("by how much did jobs fall from 2006 to 2011", "fall from 2006 to 2011"),
        ("the growth of sales from march", "growth of sales from"),
        ("how much did the price go up between may and june?", "go up between may and june"),
    ],
)
def test_a_movement_before_a_span_is_read_through_its_second_end(text: str, said: str) -> None:
    assert [m.group(0) for m in changes_between_ends(text)] == [said]


@pytest.mark.parametrize(
    "text",
    [
        "how many years did wages rise above 10?",
        "average sales between 2019 and 2021",
        "prices rose on the first and the second day of the week, from monday",
    ],
)
def test_no_movement_before_a_span_is_no_change(text: str) -> None:
    assert list(changes_between_ends(text)) == []


def test_one_list_of_movement_verbs_serves_both_readings() -> None:
    # a change by an amount ("fell by 5") and a change between ends use the same verbs
    assert {"fell", "rose", "added", "declined", "went up"} <= set(CHANGE_VERBS)
