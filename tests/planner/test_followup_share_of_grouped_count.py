""" "what share of all rides is that?" after a count in groups ("how many rides in Austin by
payment") never reads the group-by as a condition: that gave each payment's share of the
Austin rides, passed off as a share of all rides. It is asked again as a whole."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import RIDES, STOCK, asked


@pytest.mark.parametrize(("name", "frame", "count", "whole"), [
    ("r", RIDES, "how many rides in Austin by payment", "rides"),
    ("r", RIDES, "how many rides in Austin per month", "rides"),
    ("w", STOCK, "how many items in Newark by category", "items"),
])  # fmt: skip
def test_a_share_of_a_grouped_count_is_not_of_its_own_rows(
    name: str, frame: pd.DataFrame, count: str, whole: str
) -> None:
    answer = asked(name, frame, count, f"what share of all {whole} is that?")
    assert not answer.fulfilled
    assert 2 / 3 not in answer.numbers


def test_a_share_of_a_placed_count() -> None:  # a guard: it worked before
    answer = asked("r", RIDES, "how many rides in Austin", "what share of all rides is that?")
    assert answer.numbers[-1] == pytest.approx(0.375)
