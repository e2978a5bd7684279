"""A follow-up with memory keeps what the request before it said.

"how many of those purchased?" after "how many sessions came from paid?" counts the
purchases among the paid sessions (never every purchase, presented as complete), and a
bare group-by ("by warehouse", "broken down by month") asks the earlier question again in
groups, with its measure, statistic and conditions (never a count of every row by it).
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.planner.result import RunResult

SESSIONS = pd.DataFrame(
    {
        "source": ["paid", "paid", "paid", "organic", "organic", "organic", "organic"],
        "purchased": [True, False, False, True, True, True, False],
    }
)
LOANS = pd.DataFrame(
    {
        "grade": ["A", "A", "A", "B", "B", "B", "C", "C"],
        "defaulted": [False, False, True, True, True, False, True, False],
    }
)
INVENTORY = pd.DataFrame(
    {
        "category": ["Tools", "Tools", "Tools", "Toys", "Toys"],
        "warehouse": ["Reno", "Dallas", "Reno", "Reno", "Dallas"],
        "qty": [10, 20, 5, 300, 400],
    }
)
ORDERS = pd.DataFrame(
    {
        "status": ["shipped", "shipped", "shipped", "returned", "returned", "shipped"],
        "region": ["East", "West", "East", "East", "West", "West"],
        "amount": [100.0, 250.0, 50.0, 1000.0, 2000.0, 70.0],
    }
)


def _numbers(result: RunResult) -> list[float]:
    found: list[float] = []
    for task in result.tasks:
        r = result.results.get(task.id)
        for v in () if r is None else (r.data, r.value):
            if isinstance(v, pd.DataFrame):
                found.extend(float(x) for x in v.select_dtypes("number").to_numpy().ravel())
                continue
            items = v if isinstance(v, tuple) else (v,)
            found.extend(float(x) for x in items if isinstance(x, int | float))
    return found


def _asked_of_the_rows_before(result: RunResult, both: int, alone: int) -> None:
    """The count among the earlier rows is given, and the count over every row is not
    given as the answer (a flagged answer may show it next to a note; a complete one not)."""
    assert both != alone
    numbers = _numbers(result)
    assert float(both) in numbers
    if alone in numbers:
        assert not result.completed


@pytest.mark.parametrize(
    "follow",
    [
        "how many of those purchased?",
        "of which, how many purchased?",
        "how many of these sessions purchased?",
    ],
)
def test_of_those_keeps_the_earlier_condition_on_sessions(follow: str) -> None:
    router = Router(data={"sessions": SESSIONS}, memory=True)
    router.run_sync("how many sessions had source paid?")
    result = router.run_sync(follow)
    both = int(((SESSIONS["source"] == "paid") & SESSIONS["purchased"]).sum())  # 1
    _asked_of_the_rows_before(result, both, int(SESSIONS["purchased"].sum()))


@pytest.mark.parametrize(
    "follow",
    [
        "and how many of those defaulted?",
        "of whom, how many defaulted?",
        "how many of those loans were defaulted?",
    ],
)
def test_of_those_keeps_the_earlier_condition_on_loans(follow: str) -> None:
    router = Router(data={"loans": LOANS}, memory=True)
    router.run_sync("how many loans have grade A?")
    result = router.run_sync(follow)
    both = int(((LOANS["grade"] == "A") & LOANS["defaulted"]).sum())  # 1
    _asked_of_the_rows_before(result, both, int(LOANS["defaulted"].sum()))


def test_these_before_a_noun_of_its_own_stays_a_question_of_its_own() -> None:
    router = Router(data={"loans": LOANS}, memory=True)
    router.run_sync("how many loans have grade A?")
    result = router.run_sync("how many of these loans with grade B defaulted?")
    assert all("grade A" not in t.description for t in result.tasks)


def _by_group(result: RunResult, truth: dict[str, float], counts: dict[str, int]) -> None:
    """The earlier statistic of the earlier rows by the new group; never a row count."""
    numbers = _numbers(result)
    assert all(float(v) in numbers for v in truth.values()), (numbers, truth)
    if any(float(c) in numbers for c in counts.values()):
        assert not result.completed


@pytest.mark.parametrize("follow", ["by warehouse", "broken down by warehouse"])
def test_a_bare_group_by_keeps_the_measure_and_filter_of_inventory(follow: str) -> None:
    router = Router(data={"inventory": INVENTORY}, memory=True)
    router.run_sync("total qty of Tools")
    result = router.run_sync(follow)
    tools = INVENTORY[INVENTORY["category"] == "Tools"]
    truth = tools.groupby("warehouse")["qty"].sum().to_dict()  # Dallas 20, Reno 15
    counts = INVENTORY.groupby("warehouse").size().to_dict()  # Dallas 2, Reno 3
    _by_group(result, truth, counts)


@pytest.mark.parametrize("follow", ["per region", "split by region"])
def test_a_bare_group_by_keeps_the_measure_and_filter_of_orders(follow: str) -> None:
    router = Router(data={"orders": ORDERS}, memory=True)
    router.run_sync("average amount of shipped orders")
    result = router.run_sync(follow)
    shipped = ORDERS[ORDERS["status"] == "shipped"]
    truth = shipped.groupby("region")["amount"].mean().to_dict()  # East 75, West 160
    counts = ORDERS.groupby("region").size().to_dict()  # East 3, West 3
    _by_group(result, truth, counts)


def test_a_bare_group_by_takes_the_place_of_the_group_by_before() -> None:
    router = Router(data={"orders": ORDERS}, memory=True)
    router.run_sync("average amount of shipped orders by status")
    result = router.run_sync("by region")
    assert [t.description for t in result.tasks] == ["Average amount of shipped orders by region"]
