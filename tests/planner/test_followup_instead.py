""" "And the median instead": "instead" says the new statistic or value takes the place of
the old one. It was read as part of the entity, so the follow-up added "for median
instead" to the earlier question and answered the old statistic as partial."""

from __future__ import annotations

import pytest

from notebook_router.planner.followup import follow_up
from tests.planner.test_followup_slots import asked


@pytest.mark.parametrize(
    ("said", "description"),
    [
        ("and the median instead", "Median amount per category in the North"),
        ("now the mean instead?", "Mean amount per category in the North"),
        ("what about the South instead?", "Total amount per category in the South"),
        ("and South in its place", "Total amount per category in the South"),
    ],
)
def test_instead_swaps_the_slot_and_adds_nothing(said: str, description: str) -> None:
    followed = follow_up(said, asked("total amount per category in the North"))
    assert followed is not None and followed.kind == "same", followed
    assert [t.description for t in followed.tasks] == [description]
