"""How far one negation reaches: "people who don't smoke, in London" negates smoking only.

Before, a value after a comma was taken into the negation whatever its column: "who don't
smoke, in London" left London out (the opposite of what was asked) and "who don't live in
Paris, by smoker" turned the breakdown into the condition "not smokers", both presented as
complete. A list after one negation holds values of the negated column only ("Paris, Rome
or London"), or yes/no columns after a yes/no column ("smoke or drink"); anything else
starts a condition of its own, and "or" before another column ("don't live in Paris or
smoke") is named as not applied rather than guessed. The tables are small stand-ins built
here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _residents() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcdefgh"),
            "town": ["Leeds", "Leeds", "York", "York", "Hull", "Leeds", "Hull", "York"],
            "area": ["North", "South", "North", "North", "South", "North", "North", "South"],
            "smoker": ["no", "no", "yes", "no", "no", "yes", "no", "yes"],
            "married": ["yes", "no", "no", "yes", "no", "yes", "no", "no"],
            "wage": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "column", "value"),
    [
        ("average wage of people who don't smoke, in Leeds", "town", "Leeds"),
        ("mean wage of residents who do not smoke, in Leeds", "town", "Leeds"),
        ("average wage of people who don't smoke, in the North", "area", "North"),
    ],
)
def test_a_value_of_another_column_after_a_comma_is_a_condition_of_its_own(
    question: str, column: str, value: str
) -> None:
    df = _residents()
    answer = analyse(question, {"df": df})
    assert answer.status == "answered"
    expected = df[(df.smoker == "no") & (df[column] == value)].wage.mean()
    assert answer.value == pytest.approx(expected)


@pytest.mark.parametrize(
    "question",
    [
        "average wage of people who don't live in York, by smoker",
        "mean wage of residents who do not live in York, by smoker",
    ],
)
def test_a_breakdown_after_a_negated_value_stays_a_breakdown(question: str) -> None:
    df = _residents()
    answer = analyse(question, {"df": df})
    expected = df[df.town != "York"].groupby("smoker").wage.mean().to_dict()
    assert answer.status == "answered"
    assert answer.value == pytest.approx(expected)


@pytest.mark.parametrize(
    "question",
    [
        "average wage of people who aren't married, in the North",
        "mean wage of residents who are not married, in the North",
    ],
)
def test_a_negated_yes_no_column_then_a_place(question: str) -> None:
    df = _residents()
    answer = analyse(question, {"df": df})
    assert answer.status == "answered"
    expected = df[(df.married == "no") & (df.area == "North")].wage.mean()
    assert answer.value == pytest.approx(expected)


@pytest.mark.parametrize(
    "question",
    [
        "average wage of people who don't smoke and live in Hull",
        "average wage of people who don't smoke and are in the North",
    ],
)
def test_and_before_another_condition_keeps_that_condition_positive(question: str) -> None:
    df = _residents()
    answer = analyse(question, {"df": df})
    second = df.town == "Hull" if "Hull" in question else df.area == "North"
    assert answer.status == "answered"
    assert answer.value == pytest.approx(df[(df.smoker == "no") & second].wage.mean())


@pytest.mark.parametrize(
    "question",
    [
        "average wage of people who don't live in Leeds, York",
        "average wage of people who don't live in Leeds or York",
    ],
)
def test_values_of_the_negated_column_are_all_left_out(question: str) -> None:
    df = _residents()
    answer = analyse(question, {"df": df})
    assert answer.status == "answered"
    assert answer.value == pytest.approx(df[~df.town.isin(["Leeds", "York"])].wage.mean())


@pytest.mark.parametrize(
    "question",
    [
        "average wage of people who don't live in Leeds or smoke",
        "mean wage of residents who do not live in Leeds or smoke",
    ],
)
def test_or_before_another_column_is_named_not_guessed(question: str) -> None:
    answer = analyse(question, {"df": _residents()})
    assert answer.status == "partial"
    assert any("leeds" in left.lower() for left in answer.left_out)
