"""A follow-up that only says what to change ("what about by region?", "now the average")
right after a turn that was not answered is asked back: it has nothing to change, and
answering the declined question "by region", or guessing an older turn, would answer a
question nobody asked. Cases marked ``guard`` passed before the change."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from tests.planner.conversation import RIDES

SHOP = pd.DataFrame(
    {
        "region": ["North", "South", "North", "East", "South", "West"],
        "channel": ["web", "store", "store", "web", "web", "web"],
        "revenue": [120.0, 80.0, 95.0, 60.0, 140.0, 20.0],
    }
)
DECLINED = "write me a poem about the weather"


def _last(frame: pd.DataFrame, *turns: str) -> tuple[str, str, list[str]]:
    router = Router(data={"t": frame.copy()}, memory=True)
    result = None
    for turn in turns:
        result = router.run_sync(turn)
    assert result is not None
    return "", result.answer or "", [t.status for t in result.tasks]


@pytest.mark.parametrize("follow", ["what about by region?", "now the average", "and for 2023?"])
def test_a_follow_up_of_a_declined_turn_is_asked_back(follow: str) -> None:
    _, text, statuses = _last(SHOP, DECLINED, follow)
    assert statuses == []
    assert "which I could not answer" in text
    assert DECLINED in text


def test_the_last_answered_turn_is_offered_not_used() -> None:
    _, text, statuses = _last(RIDES, "what is the total fare?", DECLINED, "what about by city?")
    assert statuses == []
    assert "Did you mean it for “what is the total fare?”" in text


def test_a_question_asked_back_is_passed_over() -> None:
    _, text, statuses = _last(SHOP, DECLINED, "what about by region?", "now the average")
    assert statuses == []
    assert DECLINED in text


def test_guard_a_whole_question_after_a_declined_turn_is_answered() -> None:
    _, text, statuses = _last(SHOP, DECLINED, "what is the total revenue by channel?")
    assert statuses == ["fulfilled"]
    assert "340" in text


def test_guard_a_follow_up_of_an_answered_turn_is_rewritten() -> None:
    _, text, statuses = _last(
        SHOP, "what is the total revenue by channel?", "what about by region?"
    )
    assert statuses == ["fulfilled"]
    assert "by channel → by region" in text
