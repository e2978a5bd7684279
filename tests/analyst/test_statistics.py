"""Single statistics, counts, percentages and filters said in words, checked against direct pandas calls."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import mapping, rerun


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what is the mean fare?", lambda t: t["Fare"].mean()),
        ("Median age", lambda t: t["Age"].median()),
        ("standard deviation of fares", lambda t: t["Fare"].std()),
        ("variance of age", lambda t: t["Age"].var()),
        ("what is the 90th percentile of fare", lambda t: t["Fare"].quantile(0.9)),
        ("first quartile of age", lambda t: t["Age"].quantile(0.25)),
        ("skewness of fare", lambda t: t["Fare"].skew()),
        ("kurtosis of fare", lambda t: t["Fare"].kurt()),
        ("range of age", lambda t: t["Age"].max() - t["Age"].min()),
    ],
)
def test_a_named_statistic_of_a_column(titanic: pd.DataFrame, question: str, expected) -> None:  # type: ignore[no-untyped-def]
    a = analyse(question, {"titanic": titanic})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected(titanic))
    assert rerun(a, {"titanic": titanic}) == pytest.approx(a.value)


def test_several_statistics_of_one_column_come_back_by_name(titanic: pd.DataFrame) -> None:
    a = analyse("mean, median and std of age", {"titanic": titanic})
    assert a.value == pytest.approx(
        {
            "mean": titanic["Age"].mean(),
            "median": titanic["Age"].median(),
            "std": titanic["Age"].std(),
        }
    )


def test_conditions_in_words_filter_the_rows(titanic: pd.DataFrame) -> None:
    older = titanic[titanic["Age"] > 30]
    a = analyse("average fare of passengers older than 30", {"titanic": titanic})
    assert a.value == pytest.approx(older["Fare"].mean())
    assert "Age > 30" in a.text
    b = analyse("mean fare for ages 0–12", {"titanic": titanic})
    assert b.value == pytest.approx(titanic[titanic["Age"].between(0, 12)]["Fare"].mean())
    c = analyse("median age in first class", {"titanic": titanic})
    assert c.value == pytest.approx(titanic[titanic["Pclass"] == 1]["Age"].median())


def test_a_value_of_a_category_column_becomes_a_filter(titanic: pd.DataFrame) -> None:
    a = analyse("what is the average fare for female passengers?", {"titanic": titanic})
    assert a.value == pytest.approx(titanic[titanic["Sex"] == "female"]["Fare"].mean())
    b = analyse("how many passengers embarked at S", {"titanic": titanic})
    assert b.value == int((titanic["Embarked"] == "S").sum())


def test_counts_and_yes_no_columns(titanic: pd.DataFrame) -> None:
    assert analyse("how many passengers survived?", {"titanic": titanic}).value == int(
        titanic["Survived"].sum()
    )
    assert analyse("how many passengers did not survive", {"titanic": titanic}).value == int(
        (titanic["Survived"] == 0).sum()
    )
    assert analyse("count rows where age > 30", {"titanic": titanic}).value == int(
        (titanic["Age"] > 30).sum()
    )
    assert analyse("how many passengers are there", {"titanic": titanic}).value == len(titanic)
    assert (
        analyse("how many columns does titanic have", {"titanic": titanic}).value
        == titanic.shape[1]
    )
    assert analyse(
        "average age of passengers who survived", {"titanic": titanic}
    ).value == pytest.approx(titanic[titanic["Survived"] == 1]["Age"].mean())


def test_percentages_and_distinct_values(titanic: pd.DataFrame) -> None:
    female = titanic[titanic["Sex"] == "female"]
    a = analyse("what percentage of female passengers survived?", {"titanic": titanic})
    assert a.value == pytest.approx((female["Survived"] == 1).mean() * 100)
    b = analyse("what proportion of passengers are male", {"titanic": titanic})
    assert b.value == pytest.approx((titanic["Sex"] == "male").mean())
    assert (
        analyse("how many unique values does embarked have", {"titanic": titanic}).value
        == titanic["Embarked"].nunique()
    )
    assert analyse("list the distinct embarked values", {"titanic": titanic}).value == [
        "C",
        "Q",
        "S",
    ]
    assert analyse("what is the most common port of embarkation", {"titanic": titanic}).value == "S"


def test_rounding_is_applied_in_the_code_and_the_text(titanic: pd.DataFrame) -> None:
    a = analyse("What is the mean fare? Round to 3 decimal places.", {"titanic": titanic})
    expected = round(titanic["Fare"].mean(), 3)
    assert a.value == expected
    assert f"{expected:.3f}" in a.text
    assert "round(" in a.code
    assert rerun(a, {"titanic": titanic}) == expected


def test_answer_format_slots_are_filled(titanic: pd.DataFrame) -> None:
    a = analyse(
        "Calculate the mean fare, rounded to 2 decimals. @mean_fare[mean_fare_value]",
        {"titanic": titanic},
    )
    assert a.text.endswith(f"@mean_fare[{titanic['Fare'].mean():.2f}]")


def test_derived_columns_go_on_a_copy(sales: pd.DataFrame) -> None:
    before = sales.copy()
    a = analyse("average ratio of revenue to units", {"sales": sales})
    assert a.value == pytest.approx((sales["revenue"] / sales["units"]).mean())
    b = analyse("sum of revenue and units", {"sales": sales})
    assert b.operation == "derived"
    assert list(mapping(b.value).values())[:3] == pytest.approx(
        list(sales["revenue"] + sales["units"])[:3]
    )
    pd.testing.assert_frame_equal(sales, before)


def test_numbers_in_text_use_four_significant_digits(titanic: pd.DataFrame) -> None:
    a = analyse("mean fare", {"titanic": titanic})
    assert f"{titanic['Fare'].mean():.4g}" in a.text
    assert isinstance(a.value, float) and not math.isnan(a.value)


def test_a_series_is_its_own_column_and_names_do_not_match_inside_words(
    titanic: pd.DataFrame,
) -> None:
    s = pd.Series([1.0, 2.0, 4.0], name="score")
    frames = {"titanic": titanic, "s": s}
    assert analyse("mean of s", frames).value == pytest.approx(s.mean())
    # "what's" must not be read as the frame named s
    a = analyse("what's the mean fare", frames, default="titanic")
    assert a.value == pytest.approx(titanic["Fare"].mean())
