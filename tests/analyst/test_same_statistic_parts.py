"""Two parts joined by "and" never drop or pool a part. The same statistic said twice of
the same column, each part with its own value, is one answer per part ("total gas kwh
and total electric kwh"); two values one column must hold at once ("in 2016 and in
2020") are one figure per value, never 0 from rows that cannot exist; "in 2016 and 2020"
is those two years, not the span between them; and a question whose parts the analyst
still reads as one figure is partial, naming the part.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.language.clauses import opening_statistic, statistic_parts


def _meters() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "building": ["Library", "Library", "Gym", "Gym", "Library", "Gym"],
            "meter_type": ["gas", "electric", "gas", "electric", "electric", "gas"],
            "kwh": [100.0, 250.5, 80.0, 300.0, 210.0, 95.5],
        }
    )


def _medals() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "country": ["USA", "China", "USA", "China", "USA", "China", "USA"],
            "year": [2016, 2016, 2020, 2020, 2024, 2024, 2018],
            "gold": [46, 26, 39, 38, 40, 40, 5],
        }
    )


@pytest.mark.parametrize(
    ("question", "column", "values", "agg"),
    [
        ("total gas kwh and total electric kwh", "meter_type", ("gas", "electric"), "sum"),
        (
            "total kwh for the Library and total kwh for the Gym",
            "building",
            ("Library", "Gym"),
            "sum",
        ),
        (
            "average kwh for gas and average kwh for electric",
            "meter_type",
            ("gas", "electric"),
            "mean",
        ),
    ],
)
def test_the_same_statistic_said_twice_is_one_answer_per_part(
    question: str, column: str, values: tuple[str, str], agg: str
) -> None:
    df = _meters()
    answer = analyse(question, {"meters": df})
    expected = tuple(getattr(df[df[column] == v]["kwh"], agg)() for v in values)
    assert answer.status == "answered"
    assert answer.value == pytest.approx(expected)


def test_three_years_each_with_its_total_are_three_answers() -> None:
    df = _medals()
    answer = analyse("total gold in 2016, total gold in 2020 and total gold in 2024", {"m": df})
    assert answer.value == tuple(df[df.year == y].gold.sum() for y in (2016, 2020, 2024))


@pytest.mark.parametrize(
    "question", ["total gold in 2016 and total gold in 2020", "total gold in 2016 and in 2020"]
)
def test_two_years_asked_apart_are_never_zero_from_an_impossible_row(question: str) -> None:
    df = _medals()
    answer = analyse(question, {"m": df})
    value = answer.value
    figures = tuple(value.values()) if isinstance(value, dict) else value
    assert isinstance(figures, tuple)
    assert figures == (72, 77)
    assert "== 2016) & (" not in answer.code


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        ("total gold in 2016 and 2020", lambda d: d.year.isin([2016, 2020])),
        (
            "total gold for USA in 2016 and 2020",
            lambda d: d.year.isin([2016, 2020]) & (d.country == "USA"),
        ),
    ],
)
def test_two_years_said_together_are_those_years_not_the_span(question: str, rows: object) -> None:
    df = _medals()
    assert callable(rows)
    answer = analyse(question, {"m": df})
    assert answer.value == df[rows(df)].gold.sum()  # 2018 is not counted
    assert "2016, 2020" in answer.text  # the pooled reading is said


@pytest.mark.parametrize(
    ("question", "part"),
    [
        ("average kwh for gas and average kwh for the Gym", "average kwh for the Gym"),
        ("total kwh for gas and total kwh for electric in 2021", "total kwh for electric in 2021"),
    ],
)
def test_parts_still_read_as_one_figure_are_flagged(question: str, part: str) -> None:
    df = _meters().assign(year=[2020, 2021, 2020, 2021, 2021, 2020])
    answer = analyse(question, {"meters": df})
    assert answer.status == "partial"
    assert any(part in gap for gap in answer.left_out)


def test_different_measures_or_a_list_of_statistics_stay_one_question() -> None:
    df = _medals().assign(silver=[1, 2, 3, 4, 5, 6, 7])
    answer = analyse("the mean gold and the mean silver for USA", {"m": df})
    usa = df[df.country == "USA"]
    assert answer.status == "answered"
    assert answer.value == pytest.approx({"gold": usa.gold.mean(), "silver": usa.silver.mean()})


def test_parts_split_only_where_a_statistic_opens_again() -> None:
    assert statistic_parts("total gas kwh and total electric kwh") == [
        "total gas kwh",
        "total electric kwh",
    ]
    assert statistic_parts("total gold in 2016 and in 2020") == ["total gold in 2016 and in 2020"]
    assert len(statistic_parts("compare total gold in 2016 and total gold in 2020")) == 1
    assert opening_statistic("the total gold") == "total"
    assert opening_statistic("KS statistic of Pulse") is None
