"""A follow-up that narrows the answer before to one value: "only women" after "average
age of runners in Wave 1" is the average age of the women in Wave 1, "just in Seattle"
after "average tip by payment" the same breakdown over the Seattle rows (before, both
were read as requests of their own and not answered at all)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.planner.result import RunResult

RUNNERS = pd.DataFrame(
    {
        "sex": ["M", "F", "F", "M", "F", "M"],
        "wave": ["Wave 1", "Wave 1", "Wave 2", "Wave 2", "Wave 1", "Wave 1"],
        "age": [30, 40, 50, 60, 20, 44],
    }
)
RIDES = pd.DataFrame(
    {
        "city": ["Austin", "Seattle", "Seattle", "Austin", "Austin", "Seattle"],
        "payment": ["card", "cash", "card", "cash", "card", "card"],
        "tip": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
    }
)


def _values(result: RunResult) -> list[float]:
    found: list[float] = []
    for task in result.tasks:
        r = result.results.get(task.id)
        for v in () if r is None else (r.data, r.value):
            if isinstance(v, pd.DataFrame):
                found.extend(float(x) for x in v.select_dtypes("number").to_numpy().ravel())
            elif isinstance(v, int | float):
                found.append(float(v))
    return found


@pytest.mark.parametrize("follow", ["only women", "and just for women?"])
def test_only_a_value_narrows_the_earlier_rows_of_runners(follow: str) -> None:
    router = Router(data={"runners": RUNNERS}, memory=True)
    router.run_sync("average age of runners in Wave 1")
    result = router.run_sync(follow)
    rows = RUNNERS[(RUNNERS["wave"] == "Wave 1") & (RUNNERS["sex"] == "F")]
    assert result.completed
    assert _values(result) == [float(rows["age"].mean())]  # 30


@pytest.mark.parametrize("follow", ["only in Seattle", "just Seattle"])
def test_only_a_value_narrows_the_earlier_breakdown_of_rides(follow: str) -> None:
    router = Router(data={"rides": RIDES}, memory=True)
    router.run_sync("average tip by payment")
    result = router.run_sync(follow)
    truth = RIDES[RIDES["city"] == "Seattle"].groupby("payment")["tip"].mean()  # 4.5, 2.0
    assert result.completed
    assert sorted(_values(result)) == sorted(float(v) for v in truth)


def test_only_a_value_of_the_same_column_takes_its_place() -> None:
    router = Router(data={"rides": RIDES}, memory=True)
    router.run_sync("average tip in Austin")
    result = router.run_sync("only Seattle")
    assert [t.description for t in result.tasks] == ["Average tip in Seattle"]
    assert _values(result) == [float(RIDES.loc[RIDES["city"] == "Seattle", "tip"].mean())]


def test_only_words_that_name_no_value_are_not_answered_over_the_earlier_rows() -> None:
    router = Router(data={"runners": RUNNERS}, memory=True)
    router.run_sync("average age of runners in Wave 1")
    result = router.run_sync("only the fast ones")
    wave_1 = float(RUNNERS.loc[RUNNERS["wave"] == "Wave 1", "age"].mean())
    assert not (result.completed and wave_1 in _values(result))
