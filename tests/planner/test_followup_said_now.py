"""A follow-up opened by "now" ("now for the median", "now South") swaps in the entity
said after it, with the "for" said before it; "now" before a verb ("now plot it") is a
new request. The words are read from ``language/data/followups.toml``."""

from __future__ import annotations

import pytest

from notebook_router.planner.followup_said import said_entity


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("now for the median", ("median", "for")),
        ("Now FOR South", ("South", "for")),
        ("now  for   Spain", ("Spain", "for")),
        ("ok so now, for 2023?", ("2023", "for")),
        ("now South", ("South", "")),
    ],
)
def test_now_names_the_entity_to_swap_in(goal: str, said: tuple[str, str]) -> None:
    assert said_entity(goal) == said


@pytest.mark.parametrize("goal", ["now plot it", "now tabulate", "nowhere South"])
def test_now_before_a_request_or_inside_a_word_swaps_nothing(goal: str) -> None:
    assert said_entity(goal) is None
