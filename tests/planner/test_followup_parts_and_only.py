"""Follow-ups that narrow or reshape the answer before, offline, as the user sees them.

- "now for women only" after "mean age by class" put "women" in the place of the
  group-by and gave one pooled mean; an "only" said last reads as one said first, so the
  rows are narrowed and the groups stay.
- "now only slow learners" after "mean days absent by sex" asked whether "slow" meant to
  replace "mean" (a label "average" shares its term): a statistic word is no value.
- "now as percentages within each job" after "number of employees per job and gender"
  was a question of its own (each job's share of every row): it is now the same counts,
  as the split of each job's rows by gender.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router

PASSENGERS = pd.DataFrame(
    {
        "PClass": ["1st", "1st", "2nd", "2nd", "3rd", "3rd", "3rd", "1st"],
        "Sex": ["female", "male", "female", "male", "female", "male", "female", "female"],
        "Age": [30.0, 40.0, 20.0, 50.0, 10.0, 35.0, 25.0, 44.0],
    }
)
PUPILS = pd.DataFrame(
    {
        "sex": ["male", "female", "male", "female", "male", "female"],
        "learner": ["slow", "slow", "average", "average", "slow", "average"],
        "absent": [10, 12, 3, 4, 20, 6],
    }
)
STAFF = pd.DataFrame(
    {
        "job": ["admin", "admin", "admin", "manage", "manage", "custodial", "admin", "manage"],
        "gender": ["female", "male", "female", "male", "male", "male", "female", "female"],
    }
)


def _values(result: object) -> dict[str, float]:
    from notebook_router.planner.result import RunResult

    assert isinstance(result, RunResult)
    data = _data(result)
    if isinstance(data, pd.DataFrame):
        data = data.iloc[:, 0]
    assert isinstance(data, pd.Series | dict), data
    return {str(k): float(v) for k, v in dict(data).items()}


def _data(result: object) -> object:
    from notebook_router.planner.result import RunResult

    assert isinstance(result, RunResult)
    found = result.results.get(result.tasks[-1].id)
    assert found is not None, result.answer
    return found.data


@pytest.mark.parametrize("said", ["now for women only", "now only for women", "and women only?"])
def test_only_said_last_narrows_the_rows_and_keeps_the_groups(said: str) -> None:
    router = Router(data={"titanic": PASSENGERS}, memory=True)
    router.run_sync("mean age by class")
    result = router.run_sync(said)
    women = PASSENGERS[PASSENGERS.Sex == "female"].groupby("PClass").Age.mean()
    assert result.tasks[-1].status == "fulfilled", result.answer
    assert _values(result) == pytest.approx({k: float(v) for k, v in women.items()})


def test_a_statistic_word_is_no_value_of_a_column() -> None:
    router = Router(data={"pupils": PUPILS}, memory=True)
    router.run_sync("mean days absent by sex")
    result = router.run_sync("now only slow learners")
    slow = PUPILS[PUPILS.learner == "slow"].groupby("sex").absent.mean()
    assert result.tasks, result.answer  # answered, not asked back
    assert _values(result) == pytest.approx({k: float(v) for k, v in slow.items()})


def test_as_percentages_within_each_group_reshapes_the_counts_before() -> None:
    router = Router(data={"staff": STAFF}, memory=True)
    router.run_sync("number of employees per job and gender")
    result = router.run_sync("now as percentages within each job")
    assert result.tasks[-1].status == "fulfilled", result.answer
    table = _data(result)
    assert isinstance(table, pd.DataFrame), table
    truth = pd.crosstab(STAFF.job, STAFF.gender, normalize="index") * 100
    assert float(table.loc["admin", "female"]) == pytest.approx(truth.loc["admin", "female"])
    assert float(table.loc["manage", "male"]) == pytest.approx(truth.loc["manage", "male"])
    assert "within each job" in result.answer


def test_a_second_parts_follow_up_takes_the_place_of_the_first() -> None:
    router = Router(data={"staff": STAFF}, memory=True)
    router.run_sync("number of employees per job and gender")
    router.run_sync("now as percentages within each job")
    result = router.run_sync("and as shares of the total")
    table = _data(result)
    assert isinstance(table, pd.DataFrame), result.answer
    truth = pd.crosstab(STAFF.job, STAFF.gender, normalize="all")
    assert float(table.loc["admin", "female"]) == pytest.approx(truth.loc["admin", "female"])
