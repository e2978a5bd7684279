"""Follow-ups that rank groups, swap a statistic or name the other end of a trip, run
end to end through a router over made-up tables:

- "which department has the highest?" after "average salary in Sales" is asked about:
  ranked inside the rows of Sales, Sales alone would rank first.
- "which department has the most?" after "count employees by department" ranks the
  departments by that count.
- "and the lowest?" after "average salary compared to HR in Sales" is asked about: the
  analyst answers a comparison by its own statistic, never the lowest.
- "and to LAX?" after "how many flights from LAX" is asked again at the other end, for
  the analyst to read as the destination.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conftest import RouterOn

STAFF = pd.DataFrame(
    {
        "name": list("abcdefg"),
        "department": ["Sales", "Sales", "HR", "HR", "Eng", "Eng", "Eng"],
        "city": ["Austin", "Boston", "Austin", "Boston", "Austin", "Austin", "Boston"],
        "salary": [50, 60, 70, 80, 90, 100, 110],
    }
)
FLIGHTS = pd.DataFrame(
    {
        "origin": ["LAX", "LAX", "LAX", "LAX", "JFK", "JFK"],
        "dest": ["SEA", "SEA", "MIA", "JFK", "SEA", "LAX"],
        "delay": [10, 20, 30, 40, 50, 60],
    }
)


@pytest.mark.parametrize(
    ("earlier", "request_", "kept", "group"),
    [
        ("average salary in Sales", "which department has the highest?", "Sales", "department"),
        ("max salary of employees in Austin", "which city has the highest?", "Austin", "city"),
    ],
)
def test_a_ranking_by_the_column_of_an_earlier_filter_is_asked_about(
    router_on: RouterOn, earlier: str, request_: str, kept: str, group: str
) -> None:
    router = router_on("staff", STAFF)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert not run.tasks  # never one group ranked alone, passed off as the top one
    assert f"asks about “{kept}”, a {group} itself" in run.answer


@pytest.mark.parametrize(
    ("earlier", "request_", "again", "first"),
    [
        (
            "count employees by department",
            "which department has the most?",
            "Which department has the highest number of employees?",
            "Eng",
        ),
        (
            "number of employees by city",
            "and which one is lowest?",
            "Which city has the lowest number of employees?",
            "Boston",
        ),
    ],
)
def test_a_ranking_after_a_count_by_group_ranks_by_the_count(
    router_on: RouterOn, earlier: str, request_: str, again: str, first: str
) -> None:
    router = router_on("staff", STAFF)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert f"{first} has the" in run.answer


@pytest.mark.parametrize(
    ("earlier", "request_", "statistic"),
    [
        ("average salary compared to HR in Sales", "and the lowest?", "min"),
        ("average salary of Sales versus HR", "what about the median?", "median"),
    ],
)
def test_a_statistic_after_a_comparison_compares_by_it(
    router_on: RouterOn, earlier: str, request_: str, statistic: str
) -> None:
    router = router_on("staff", STAFF)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    [task] = run.tasks
    assert task.status == "fulfilled", run.answer
    by = STAFF[STAFF.department.isin(["Sales", "HR"])].groupby("department").salary
    data = run.data(task.id)["salary"]  # one row a side
    for side in ("Sales", "HR"):  # each side's own statistic, not the comparison's means
        assert data[side] == pytest.approx(getattr(by, statistic)()[side])


@pytest.mark.parametrize(
    ("earlier", "request_", "again", "truth"),
    [
        ("how many flights from LAX", "and to LAX?", "How many flights to LAX", 1),
        (
            "average delay for flights to JFK",
            "and from JFK?",
            "Average delay for flights from JFK",
            55.0,
        ),
    ],
)
def test_the_other_end_of_a_trip_is_read_by_the_analyst(
    router_on: RouterOn, earlier: str, request_: str, again: str, truth: float
) -> None:
    router = router_on("flights", FLIGHTS)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert run.data("t1") == pytest.approx(truth)


CARRIERS = pd.DataFrame(
    {"carrier": ["AA", "AA", "AA", "UA", "UA", "DL"], "delay": [1, 2, 3, 4, 5, 6]}
)


@pytest.mark.parametrize(
    ("ranking", "other_end"), [("which one has the most?", "and the fewest?"),
                               ("which carrier has the most?", "and the least?")]
)  # fmt: skip
def test_the_other_end_of_a_ranking_by_a_count_is_its_lowest(
    router_on: RouterOn, ranking: str, other_end: str
) -> None:
    router = router_on("flights", CARRIERS)
    router.run_sync("count flights by carrier")
    router.run_sync(ranking)
    run = router.run_sync(other_end)
    [task] = run.tasks
    assert task.description == "Which carrier has the lowest number of flights?"
    assert "DL has the" in run.answer  # one flight, not AA's three


def test_an_end_already_named_is_asked_about_not_said_twice(router_on: RouterOn) -> None:
    transfers = pd.DataFrame(
        {"sender": ["A", "A", "B", "C"], "receiver": ["B", "C", "A", "B"], "amount": [1, 2, 3, 4]}
    )
    router = router_on("transfers", transfers)
    router.run_sync("how many transfers to B from A?")
    run = router.run_sync("and from B?")
    assert not run.tasks  # asked which end it replaces, never "from B from A"
    assert "from" in run.answer
