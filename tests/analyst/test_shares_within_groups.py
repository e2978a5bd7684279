"""Shares of one column's labels within each label of another, and shares asked per value.

"share of each gender by job" and "percentage of gender within each job" gave each
gender's share of every row (or each job's), the other column dropped, as complete.
They are now the split of each job's rows by gender: a cross-table whose rows add up to
100%, and the answer says which way it adds up. "number per job and gender as
percentages" is the share of every row in each cell. "as percentages" is in percent,
not proportions. "percentage of low weights among smokers and among nonsmokers" pooled
both habits into one figure; it is now one figure for each.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

STAFF = pd.DataFrame(
    {
        "job": ["admin", "admin", "admin", "manage", "manage", "custodial", "admin", "manage"],
        "gender": ["female", "male", "female", "male", "male", "male", "female", "female"],
        "salary": [30, 32, 28, 60, 65, 25, 31, 70],
    }
)


def _within(rows: str, columns: str, scale: float) -> dict[tuple[str, str], float]:
    table = pd.crosstab(STAFF[rows], STAFF[columns], normalize="index") * scale
    return _cells(table)


def _cells(table: pd.DataFrame) -> dict[tuple[str, str], float]:
    return {(str(r), str(c)): float(table.loc[r, c]) for r in table.index for c in table.columns}


@pytest.mark.parametrize(
    ("question", "scale"),
    [
        ("share of each gender by job", 1.0),
        ("share of each gender within each job", 1.0),
        ("percentage of gender within each job", 100.0),
        ("proportion of genders for each job", 1.0),
        ("number of staff per job and gender as percentages within each job", 100.0),
        ("count by job and gender in percent of each job", 100.0),
    ],
)
def test_a_split_within_each_group(question: str, scale: float) -> None:
    a = analyse(question, {"staff": STAFF})
    assert a.status == "answered", a.text
    assert a.table is not None, a.text
    assert _cells(a.table) == pytest.approx(_within("job", "gender", scale)), a.text
    assert "within each job" in a.text, a.text


def test_the_other_way_round() -> None:
    a = analyse("share of each job by gender", {"staff": STAFF})
    assert a.status == "answered", a.text
    assert a.table is not None
    assert _cells(a.table) == pytest.approx(_within("gender", "job", 1.0)), a.text


def test_a_list_of_groups_as_percentages_is_of_every_row() -> None:
    a = analyse("number of staff per job and gender as percentages", {"staff": STAFF})
    assert a.status == "answered", a.text
    assert a.table is not None
    truth = pd.crosstab(STAFF.job, STAFF.gender, normalize="all") * 100
    assert float(a.table.loc["admin", "female"]) == pytest.approx(truth.loc["admin", "female"])
    assert "add up to 100%" in a.text, a.text


def test_percentages_are_in_percent() -> None:
    a = analyse("number of staff by job as percentages", {"staff": STAFF})
    assert a.status == "answered", a.text
    truth = STAFF.job.value_counts(normalize=True) * 100
    assert isinstance(a.value, dict), a.value
    assert a.value == pytest.approx(truth.to_dict()), a.text


def test_one_labels_rate_in_each_group_keeps_its_reading() -> None:
    # a value said ("admin jobs") is no split of the whole column
    a = analyse("percentage of admin jobs by gender", {"staff": STAFF})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict) and set(a.value) == {"female", "male"}, a.text


BIRTHS = pd.DataFrame(
    {
        "habit": ["smoker", "nonsmoker", "smoker", "nonsmoker", "nonsmoker", "smoker", None],
        "low": ["low", "not low", "not low", "not low", "low", "low", "low"],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "percentage of low birthweight babies among smokers and among nonsmokers",
        "share of low birthweight babies for smokers and for nonsmokers",
    ],
)
def test_a_share_asked_of_each_value_is_one_figure_each(question: str) -> None:
    a = analyse(question, {"births": BIRTHS.rename(columns={"low": "lowbirthweight"})})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict), a.text
    scale = 100.0 if question.startswith("percentage") else 1.0
    truth = (BIRTHS.low == "low").groupby(BIRTHS.habit).mean() * scale
    assert a.value == pytest.approx(truth.to_dict()), a.text
