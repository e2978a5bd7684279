"""A count asked again as a share keeps the whole the user named, run end to end through
a router over made-up tables:

- "what percentage is that of all flights?" after "how many flights were cancelled from
  LAX?" is asked about: asked again as "what percentage of flights were cancelled from
  LAX?", the analyst takes the LAX flights as the whole (a share of 4 rows, not of 6).
- "how many of the flights from LAX were cancelled?" asked again as a share reads "of
  flights from LAX", never "of of the flights".
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conftest import RouterOn

FLIGHTS = pd.DataFrame(
    {
        "origin": ["LAX", "LAX", "LAX", "LAX", "JFK", "JFK"],
        "dest": ["SEA", "SEA", "MIA", "JFK", "SEA", "LAX"],
        "cancelled": [True, False, False, False, True, False],
        "delay": [10, 20, 30, 40, 50, 60],
    }
)
STAFF = pd.DataFrame(
    {
        "name": list("abcdef"),
        "department": ["Sales", "Sales", "HR", "HR", "Eng", "Eng"],
        "city": ["Austin", "Boston", "Austin", "Boston", "Austin", "Austin"],
        "gender": ["female", "male", "female", "male", "male", "female"],
        "salary": [50, 60, 70, 80, 90, 100],
        "age": [25, 35, 45, 55, 30, 40],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "narrowing"),
    [
        (
            "flights",
            FLIGHTS,
            "how many flights were cancelled from LAX?",
            "what percentage is that of all flights?",
            "from LAX",
        ),
        (
            "staff",
            STAFF,
            "how many employees are women by department?",
            "what percentage is that of all employees?",
            "by department",
        ),
        (
            "staff",
            STAFF,
            "how many employees are older than 40 in Sales?",
            "as a share of all employees?",
            "in Sales",
        ),
    ],
)
def test_a_share_of_all_rows_after_a_narrowed_count_is_asked_about(
    router_on: RouterOn,
    name: str,
    frame: pd.DataFrame,
    earlier: str,
    request_: str,
    narrowing: str,
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert not run.tasks  # never a share of the narrowed rows passed off as one of all
    assert f"“{narrowing}” narrows or splits the rows themselves" in run.answer


LAX_CANCELLED = FLIGHTS[FLIGHTS.origin == "LAX"].cancelled.mean()


@pytest.mark.parametrize(
    ("request_", "again", "truth"),
    [
        (
            "what percentage is that of all LAX flights?",
            "What percentage of flights from LAX were cancelled?",
            LAX_CANCELLED * 100,
        ),
        (
            "as a share of all flights from LAX?",
            "What share of flights from LAX were cancelled?",
            LAX_CANCELLED,
        ),
    ],
)
def test_a_count_of_the_rows_said_with_of_the_reads_once(
    router_on: RouterOn, request_: str, again: str, truth: float
) -> None:
    router = router_on("flights", FLIGHTS)
    router.run_sync("how many of the flights from LAX were cancelled?")
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert run.data("t1") == pytest.approx(truth)
