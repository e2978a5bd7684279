"""'at least once', 'more than once', 'never' said of a count column are conditions."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


@pytest.fixture
def subscriptions() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sub_id": [1, 2, 3, 4, 5, 6, 7, 8],
            "plan": ["Basic", "Basic", "Pro", "Pro", "Pro", "Basic", "Pro", "Basic"],
            "upgrades": [0, 1, 2, 0, 3, 0, 1, 0],
        }
    )


@pytest.fixture
def repairs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "RepairId": [10, 11, 12, 13, 14],
            "reopened": [0, 0, 1, 4, 2],
        }
    )


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("what share of subscriptions were upgraded at least once?", 0.5),
        ("what fraction of subscriptions were upgraded more than once?", 0.25),
        ("what proportion of subscriptions were never upgraded?", 0.5),
    ],
)
def test_share_meeting_a_frequency(
    subscriptions: pd.DataFrame, question: str, truth: float
) -> None:
    a = analyse(question, {"subscriptions": subscriptions})
    assert a.status == "answered"
    assert a.value == pytest.approx(truth)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("what percentage of repairs were reopened at least once?", 60.0),
        ("how many repairs were reopened more than twice?", 1),
        ("how many repairs were never reopened?", 2),
        ("how many repairs were reopened exactly once?", 1),
    ],
)
def test_frequency_on_another_table(repairs: pd.DataFrame, question: str, truth: float) -> None:
    a = analyse(question, {"repairs": repairs})
    assert a.status == "answered"
    assert a.value == pytest.approx(truth)


def test_at_least_once_is_no_minimum(subscriptions: pd.DataFrame) -> None:
    a = analyse(
        "what share of Pro subscriptions were upgraded at least once?", {"s": subscriptions}
    )
    assert ".min()" not in (a.code or "")
    assert a.value == pytest.approx(0.75)


def test_twice_as_is_no_number_of_times(subscriptions: pd.DataFrame) -> None:
    a = analyse(
        "how many subscriptions were upgraded twice as often as others?", {"s": subscriptions}
    )
    assert "== 2" not in (a.code or "")
