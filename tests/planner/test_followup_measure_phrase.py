""" "Now the number of orders" after "total amount per category in the North": a statistic
with its measure takes the place of the statistic and measure asked before, so the groups
and rows stay. It was read as a question of its own and answered over every row ("orders
has 8 rows"), dropping the category groups and the North."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.planner.followup import follow_up
from tests.planner.test_followup_slots import asked

BEFORE = "total amount per category in the North"


@pytest.mark.parametrize(
    ("said", "description"),
    [
        ("now the number of orders", "Number of orders per category in the North"),
        ("and the number of orders instead", "Number of orders per category in the North"),
        ("now the average amount", "Average amount per category in the North"),
        ("and the median amount?", "Median amount per category in the North"),
        ("what about the number of orders?", "Number of orders per category in the North"),
    ],
)
def test_a_measure_phrase_takes_the_place_of_the_measure(said: str, description: str) -> None:
    followed = follow_up(said, asked(BEFORE))
    assert followed is not None and followed.kind == "same", followed
    assert [t.description for t in followed.tasks] == [description]


@pytest.mark.parametrize(
    "said", ["now show the number of orders", "now the number of orders by month and year"]
)
def test_a_request_that_is_more_than_a_measure_is_its_own(said: str) -> None:
    followed = follow_up(said, asked(BEFORE))
    assert (
        followed is None
        or followed.kind != "same"
        or all("Total amount" not in t.description for t in followed.tasks)
    )


def test_the_count_keeps_the_groups_and_rows_in_a_real_run() -> None:
    orders = pd.DataFrame(
        {
            "order_id": range(8),
            "region": ["North", "South"] * 4,
            "category": ["a", "b", "a", "b", "b", "a", "a", "b"],
            "amount": [1.0, 2, 3, 4, 5, 6, 7, 8],
        }
    )
    router = Router(data={"orders": orders}, memory=True)
    router.run_sync(BEFORE)
    counted = router.run_sync("and the number of orders instead")
    truth = orders[orders.region == "North"].groupby("category").size().astype(float).to_dict()
    (task,) = counted.tasks
    assert task.status == "fulfilled"
    assert _by_group(counted.results[task.id].data) == truth
    mean = router.run_sync("now the average amount")
    (task,) = mean.tasks
    truth_mean = orders[orders.region == "North"].groupby("category")["amount"].mean().to_dict()
    assert _by_group(mean.results[task.id].data) == pytest.approx(truth_mean)


def _by_group(data: object) -> dict[str, float]:
    """A one-column table of values by group as {group: value}."""
    assert isinstance(data, pd.DataFrame) and data.shape[1] == 1, data
    return {str(k): float(v) for k, v in data.iloc[:, 0].items()}


@pytest.mark.parametrize(
    "said", ["now the average for North", "and the max per year", "now the number of the"]
)
def test_a_statistic_before_a_value_or_a_group_is_no_measure(said: str) -> None:
    followed = follow_up(said, asked(BEFORE))
    assert followed is None or all(
        "for North per" not in t.description and "max per year per" not in t.description
        for t in followed.tasks
    ), followed
    from notebook_router.planner.followup_entities import measure_phrase

    assert not measure_phrase(said.split(" ", 2)[-1])
