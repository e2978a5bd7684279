"""A negated value of a yes/no or two-valued column: "unmarried", "non-smokers",
"nonsmokers", "who aren't married", "not white".

Before, "unmarried workers" answered with every row's figure (the prefix unread), "how
many people aren't married" counted every row, and "aren't white" was read as white.
The tables are small stand-ins built here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse


def _cps() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "wage": [5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 4.0],
            "married": ["yes", "no", "yes", "no", "yes", "no", "yes", "no"],
            "occupation": [
                "worker",
                "worker",
                "office",
                "worker",
                "office",
                "worker",
                "worker",
                "office",
            ],
            "smoker": ["yes", "no", "no", "yes", "no", "no", "yes", "no"],
        }
    )


def _births() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "weight": [7.0, 8.0, 6.0, 9.0, 7.5, 6.5],
            "habit": ["smoker", "nonsmoker", "nonsmoker", "smoker", "nonsmoker", "smoker"],
            "whitemom": ["white", "not white", "white", "not white", "white", "white"],
        }
    )


def test_unmarried_workers_are_the_rows_where_married_is_no() -> None:
    frame = _cps()
    a = analyse("average wage of unmarried workers", {"cps": frame})
    # "workers" is also an occupation: the literal reading is kept and the other one named
    unmarried_workers = frame[(frame.married == "no") & (frame.occupation == "worker")]
    assert a.value == pytest.approx(unmarried_workers.wage.mean())
    assert a.value != pytest.approx(frame.wage.mean())
    assert "married = no" in a.text
    assert a.status == "partial" and "it may mean every row" in a.text


@pytest.mark.parametrize(
    "question", ["how many people aren't married?", "how many people are not married?"]
)
def test_not_married_said_either_way_counts_the_unmarried(question: str) -> None:
    frame = _cps().drop(columns="occupation")
    a = analyse(question, {"cps": frame})
    assert a.value == int((frame.married == "no").sum())


@pytest.mark.parametrize("said", ["non-smokers", "nonsmokers"])
def test_non_smokers_on_a_yes_no_column_are_its_no_rows(said: str) -> None:
    frame = _cps()
    a = analyse(f"average wage of {said}", {"cps": frame})
    assert a.value == pytest.approx(frame[frame.smoker == "no"].wage.mean())


@pytest.mark.parametrize(
    "question",
    [
        "average weight of non-smokers",
        "average weight of nonsmokers",
        "average weight of mothers who aren't smokers",
    ],
)
def test_non_smokers_on_a_column_holding_nonsmoker_are_those_rows(question: str) -> None:
    frame = _births()
    a = analyse(question, {"births": frame})
    assert a.value == pytest.approx(frame[frame.habit == "nonsmoker"].weight.mean())


@pytest.mark.parametrize(
    "question",
    [
        "average weight of babies of mothers who aren't white",
        "average weight for mothers who are not white",
    ],
)
def test_not_white_is_the_value_spelt_not_white(question: str) -> None:
    frame = _births()
    a = analyse(question, {"births": frame})
    assert a.value == pytest.approx(frame[frame.whitemom == "not white"].weight.mean())


def test_aren_t_before_one_of_many_values_leaves_that_value_out() -> None:
    frame = pd.DataFrame(
        {
            "region": ["North", "South", "East", "North", "West"],
            "revenue": [10.0, 20.0, 30.0, 40.0, 50.0],
        }
    )
    a = analyse("total revenue of sales that aren't in North", {"sales": frame})
    assert a.value == pytest.approx(frame[frame.region != "North"].revenue.sum())


def test_what_about_unmarried_ones_after_married_workers_answers_for_the_unmarried() -> None:
    frame = _cps()
    router = Router(data={"cps": frame.copy()}, memory=True)
    router.run_sync("average wage of married workers")
    other = router.run_sync("what about unmarried ones?")
    assert [t.description for t in other.tasks] == ["Average wage of unmarried workers"]
    unmarried = frame[frame.married == "no"]
    assert other.data("t1") in (
        pytest.approx(unmarried.wage.mean()),
        pytest.approx(unmarried[unmarried.occupation == "worker"].wage.mean()),
    )
    assert other.data("t1") != pytest.approx(frame.wage.mean())


def test_a_prefix_on_a_yes_no_or_boolean_column_s_name_is_its_no_side() -> None:
    frame = pd.DataFrame(
        {
            "wage": [5.0, 6.0, 7.0, 8.0, 9.0],
            "union": ["yes", "no", "no", "yes", "no"],
            "active": [True, False, True, False, False],
        }
    )
    a = analyse("average wage of non-union workers", {"people": frame})
    assert a.value == pytest.approx(frame[frame.union == "no"].wage.mean())
    b = analyse("how many inactive people are there?", {"people": frame})
    assert b.value == int((~frame.active).sum())


_BOTH = pd.DataFrame(
    {
        "married": ["yes", "no", "yes", "yes", "no", "no"],
        "smoker": ["yes", "yes", "no", "no", "no", "yes"],
        "income": [30, 52, 61, 40, 75, 80],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "difference in income between married and unmarried",
        "average income of married and unmarried people",
        "average income for married or unmarried people",
        "how many married and unmarried people are there?",
        "average income of smokers and non-smokers",
    ],
)
def test_both_sides_named_are_never_answered_as_the_negated_side_alone(question: str) -> None:
    a = analyse(question, {"people": _BOTH})
    assert "married = no" not in a.text and "smoker = no" not in a.text
    one_side = {
        float(_BOTH[_BOTH.married == "no"].income.mean()),
        float(_BOTH[_BOTH.smoker == "no"].income.mean()),
        int((_BOTH.married == "no").sum()),
    }
    assert a.status != "answered" or a.table is not None or a.value not in one_side


@pytest.mark.parametrize(
    ("question", "rows"),
    [("total instore revenue", None), ("total revenue of inland shops", None)],
)
def test_in_before_a_value_is_no_negation(question: str, rows: None) -> None:
    shops = pd.DataFrame(
        {
            "location": ["store", "online"] * 3,
            "terrain": ["land", "coast"] * 3,
            "revenue": [10, 20, 30, 40, 50, 60],
        }
    )
    a = analyse(question, {"shops": shops})
    assert "location = online" not in a.text and "terrain = coast" not in a.text


@pytest.mark.parametrize(
    "question",
    ["how many non-smokers are there?", "average weight of babies whose mothers are not smokers"],
)
def test_a_negated_value_is_used_by_its_condition(question: str) -> None:
    births = pd.DataFrame(
        {
            "habit": ["smoker", "nonsmoker", "nonsmoker", "smoker", "nonsmoker"],
            "weight": [6.0, 7.5, 8.0, 6.5, 7.0],
        }
    )
    a = analyse(question, {"births": births})
    assert a.status == "answered", a.text
    assert "habit = nonsmoker" in a.text


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "dept": ["Eng", "Eng", "HR", "HR", "Ops", "Ops", "Legal"],
            "salary": [60000, 80000, 96000, 120000, 99000, 50000, 70000],
        }
    )


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        ("average salary of employees not in Eng or HR", ("Eng", "HR")),
        ("average salary excluding Eng and Ops", ("Eng", "Ops")),
        ("average salary of staff other than HR, Ops or Legal", ("HR", "Ops", "Legal")),
    ],
)
def test_a_negation_before_a_list_leaves_out_every_value(
    question: str, left_out: tuple[str, ...]
) -> None:
    df = _staff()
    a = analyse(question, {"employees": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(df[~df["dept"].isin(left_out)]["salary"].mean())
