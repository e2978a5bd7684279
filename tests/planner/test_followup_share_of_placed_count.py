"""A share asked of a count said by a place: "what share of all flights is that?" after
"how many flights from JFK?" is the share of all flights that are from JFK (it was asked
back, as if the whole were unclear), while a whole of other rows is still asked about."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.planner.result import RunResult

FLIGHTS = pd.DataFrame(
    {
        "origin": ["JFK", "JFK", "LAX", "LAX", "BOS", "BOS", "JFK", "LAX"],
        "dest": ["LAX", "BOS", "JFK", "BOS", "JFK", "LAX", "LAX", "JFK"],
    }
)
RESTAURANTS = pd.DataFrame(
    {
        "city": ["Boston", "Boston", "Austin", "Austin", "Austin"],
        "grade": ["A", "B", "A", "A", "C"],
    }
)


def _values(result: RunResult) -> list[float]:
    found: list[float] = []
    for task in result.tasks:
        r = result.results.get(task.id)
        for v in () if r is None else (r.data, r.value):
            found.extend(
                float(x)
                for x in (v if isinstance(v, tuple) else (v,))
                if isinstance(x, int | float)
            )
    return found


def _is_share(result: RunResult, share: float) -> None:
    assert result.completed and result.tasks
    assert any(v in (share, share * 100) for v in _values(result)), _values(result)


@pytest.mark.parametrize(
    ("count", "follow"),
    [
        ("how many flights from JFK?", "what share of all flights is that?"),
        ("how many flights to LAX in total?", "what percentage is that of all flights?"),
    ],
)
def test_a_share_of_all_flights_of_a_count_by_airport(count: str, follow: str) -> None:
    router = Router(data={"flights": FLIGHTS}, memory=True)
    router.run_sync(count)
    result = router.run_sync(follow)
    column, value = ("origin", "JFK") if "JFK" in count else ("dest", "LAX")
    _is_share(result, float((FLIGHTS[column] == value).mean()))  # 0.375


@pytest.mark.parametrize(
    "follow", ["what proportion of all restaurants is that?", "as a share of all restaurants?"]
)
def test_a_share_of_all_restaurants_of_a_count_in_a_city(follow: str) -> None:
    router = Router(data={"restaurants": RESTAURANTS}, memory=True)
    router.run_sync("how many restaurants in Boston?")
    result = router.run_sync(follow)
    _is_share(result, float((RESTAURANTS["city"] == "Boston").mean()))  # 0.4


def test_a_share_of_other_rows_is_still_asked_about() -> None:
    router = Router(data={"flights": FLIGHTS}, memory=True)
    router.run_sync("how many flights from JFK?")
    result = router.run_sync("what share of all LAX flights is that?")
    assert not result.tasks
    assert "all LAX flights" in result.answer
