"""No part of a question is dropped in silence: a group, a period or a place it names
is in the answer, or the answer is partial and names it.

Frames are made up here; each expected figure comes from plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


@pytest.fixture(scope="module")
def seasons() -> pd.DataFrame:
    """One row per club and season over 130 seasons: a year of many values."""
    rows = [
        {"club": club, "year": 1890 + i, "goals": 40 + (i * 7 + len(club) * 3) % 25}
        for i in range(130)
        for club in ("Ash", "Beech", "Cedar")
    ]
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def aircraft() -> pd.DataFrame:
    """Aircraft with the year each was built: some years have many, some few."""
    years = [1900 + (i * i) % 121 for i in range(300)]
    return pd.DataFrame({"tailnum": [f"N{i:04d}" for i in range(300)], "year": years,
                         "seats": [50 + i % 200 for i in range(300)]})  # fmt: skip


@pytest.fixture(scope="module")
def weather() -> pd.DataFrame:
    rows = []
    for city, base in (("Lagos", 90), ("Oslo", 40)):
        for day in range(60):
            rows.append({"city": city, "high_temp": base + day % 11, "avg_dewpt": 30 + day % 11})
    return pd.DataFrame(rows)


def test_a_group_by_a_year_with_a_condition_on_it_groups_by_the_year(
    seasons: pd.DataFrame,
) -> None:
    a = analyse("average goals by year from 2000 on", {"seasons": seasons})
    recent = seasons[seasons.year >= 2000]
    assert a.status == "answered"
    assert a.value == pytest.approx(recent.groupby("year")["goals"].mean().to_dict())


def test_a_plot_that_draws_one_of_two_groups_says_which_it_left_out(
    seasons: pd.DataFrame,
) -> None:
    a = analyse("plot average goals per club by year from 2000 on", {"seasons": seasons})
    assert a.status == "partial"
    assert "year" in a.text and "leaves out" in a.text


def test_a_plot_of_how_many_each_year_counts_each_year(aircraft: pd.DataFrame) -> None:
    a = analyse("plot how many aircraft were built each year since 2005", {"aircraft": aircraft})
    expected = aircraft[aircraft.year >= 2005].groupby("year").size()
    assert a.status == "answered"
    assert "line chart of row counts by year" in a.text
    assert a.table is not None
    assert a.table["value"].to_dict() == expected.to_dict()


def test_there_carries_the_place_not_the_condition_counted(weather: pd.DataFrame) -> None:
    a = analyse(
        "for Lagos, how many days had a high_temp of 95 or more, "
        "and what was the mean avg_dewpt there?",
        {"weather": weather},
    )
    lagos = weather[weather.city == "Lagos"]
    assert f"{int((lagos.high_temp >= 95).sum())} rows" in a.text
    assert f"{lagos.avg_dewpt.mean():.4g}" in a.text


def test_them_still_carries_every_condition(weather: pd.DataFrame) -> None:
    a = analyse(
        "how many rows of Lagos had a high_temp of 95 or more, and what was their mean avg_dewpt?",
        {"weather": weather},
    )
    hot = weather[(weather.city == "Lagos") & (weather.high_temp >= 95)]
    assert f"{hot.avg_dewpt.mean():.4g}" in a.text


def test_a_plot_of_a_measure_by_a_column_it_only_filters_on_says_so(
    seasons: pd.DataFrame,
) -> None:
    renamed = seasons.rename(columns={"year": "season"})
    a = analyse("plot average goals per club by season from 2000 on", {"seasons": renamed})
    assert a.status == "partial"
    assert "by season" in a.text


def test_a_threshold_said_with_a_comparative_is_a_threshold() -> None:
    storms = pd.DataFrame({"category": [1, 2, 3, 4, 5] * 8, "wind": range(40)})
    stronger = analyse("how many storms were stronger than category 3", {"storms": storms})
    weaker = analyse("how many storms were weaker than category 2", {"storms": storms})
    assert (stronger.status, stronger.value) == ("answered", int((storms.category > 3).sum()))
    assert (weaker.status, weaker.value) == ("answered", int((storms.category < 2).sum()))


def test_from_a_number_on_is_an_open_bound() -> None:
    ranks = pd.DataFrame({"rank": [1, 2, 3, 5, 7, 9, 9, 12], "score": range(8)})
    a = analyse("mean score for rank from 5 onwards", {"ranks": ranks})
    assert a.value == pytest.approx(ranks[ranks["rank"] >= 5].score.mean())


def test_a_number_said_after_a_word_of_a_column_name_is_not_dropped() -> None:
    marriages = pd.DataFrame(
        {"children": [0, 0, 1, 2, 0, 1] * 5, "rate_marriage": [5, 4, 5, 3, 5, 2] * 5}
    )
    a = analyse(
        "crosstab children vs rate_marriage: how many women have 0 children and rate 5?",
        {"marriages": marriages},
    )
    assert a.status == "partial" or a.value == int(
        ((marriages.children == 0) & (marriages.rate_marriage == 5)).sum()
    )
    if a.status == "partial":
        assert "“5”" in a.text


@pytest.fixture(scope="module")
def daily() -> pd.DataFrame:
    """Daily readings numbered by month (5 to 9), no date column: months said by name."""
    rows = [
        {"Month": month, "Day": day, "Temp": 60 + 3 * month + day % 5, "Rain": (day * month) % 7}
        for month in range(5, 10)
        for day in range(1, 29)
    ]
    return pd.DataFrame(rows)


def test_a_value_after_another_column_is_read(daily: pd.DataFrame) -> None:
    a = analyse("average Temp in Month 6", {"daily": daily})
    assert (a.status, a.value) == ("answered", pytest.approx(daily[daily.Month == 6].Temp.mean()))


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        ("average Temp in June", lambda d: d.Month == 6),
        ("average Temp from July onwards", lambda d: d.Month >= 7),
        ("average Temp since July", lambda d: d.Month >= 7),
        ("average Temp before August", lambda d: d.Month < 8),
        ("average Temp from May to July", lambda d: d.Month.between(5, 7)),
    ],
)
def test_a_month_by_name_is_the_month_numbered(
    daily: pd.DataFrame, question: str, rows: object
) -> None:
    a = analyse(question, {"daily": daily})
    assert callable(rows)
    assert a.status == "answered"
    assert a.value == pytest.approx(daily[rows(daily)].Temp.mean())


def test_two_months_compared_give_each_side(daily: pd.DataFrame) -> None:
    a = analyse("compare average Temp in May and August", {"daily": daily})
    means = daily.groupby("Month").Temp.mean()
    assert a.operation == "compare"
    assert isinstance(a.value, dict)
    assert a.value[5] == pytest.approx(means[5])
    assert a.value[8] == pytest.approx(means[8])
    assert a.value["difference"] == pytest.approx(means[5] - means[8])


def test_may_the_verb_is_no_month(daily: pd.DataFrame) -> None:
    a = analyse("what may the average Temp be", {"daily": daily})
    assert a.value == pytest.approx(daily.Temp.mean())


@pytest.fixture(scope="module")
def birds() -> pd.DataFrame:
    rows = [
        {"kind": kind, "body_mass_g": base + 37 * i % 900, "wing_length_mm": 300 + 7 * i % 120,
         "dive_depth": 5 + 13 * i % 80}
        for kind, base in (("Gull", 3000), ("Tern", 3800))
        for i in range(40)
    ]  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        ("how many birds have a body mass over 4.2 kg", lambda d: d.body_mass_g > 4200),
        ("how many birds weigh over 4.2 kg?", lambda d: d.body_mass_g > 4200),
        ("how many birds are heavier than 4 kg", lambda d: d.body_mass_g > 4000),
        ("how many birds have a wing length above 35 cm", lambda d: d.wing_length_mm > 350),
    ],
)
def test_a_threshold_in_another_unit_or_said_as_a_comparative(
    birds: pd.DataFrame, question: str, rows: object
) -> None:
    a = analyse(question, {"birds": birds})
    assert callable(rows)
    assert (a.status, a.value) == ("answered", int(rows(birds).sum()))


def test_how_much_more_than_gives_each_side_the_difference_and_the_ratio(
    birds: pd.DataFrame,
) -> None:
    a = analyse(
        "how much more body mass does a Tern have than a Gull on average?", {"birds": birds}
    )
    means = birds.groupby("kind").body_mass_g.mean()
    assert a.operation == "compare"
    assert isinstance(a.value, dict)
    assert a.value["difference"] == pytest.approx(means["Tern"] - means["Gull"])
    assert a.value["ratio"] == pytest.approx(means["Tern"] / means["Gull"])
    assert "Tern is higher than Gull" in a.text


def test_a_comparative_names_the_measure_compared(daily: pd.DataFrame) -> None:
    a = analyse("how much hotter was July than May on average?", {"daily": daily})
    means = daily.groupby("Month").Temp.mean()
    assert a.operation == "compare"
    assert isinstance(a.value, dict)
    assert a.value["difference"] == pytest.approx(means[7] - means[5])


def test_the_mean_of_a_counting_column_is_compared_not_the_rows() -> None:
    quakes = pd.DataFrame({"mag": [4.0, 4.0, 5.0, 5.0, 4.5], "stations": [10, 20, 50, 70, 30]})
    a = analyse(
        "compare the mean number of stations for quakes of magnitude 4.0 and 5.0",
        {"quakes": quakes},
    )
    assert isinstance(a.value, dict)
    assert (a.value[4.0], a.value[5.0]) == (15, 60)


def test_deeper_than_is_a_threshold_on_the_depth() -> None:
    quakes = pd.DataFrame({"depth": [40, 120, 560, 610, 90], "mag": [4.1, 4.4, 5.0, 4.8, 4.6]})
    a = analyse("how many quakes were deeper than 500 km?", {"quakes": quakes})
    assert (a.status, a.value) == ("answered", 2)


@pytest.fixture(scope="module")
def quarterly() -> pd.DataFrame:
    """Quarterly figures with the quarter of the year as a column (1 to 4, over and over)."""
    dates = pd.date_range("2000-01-01", periods=24, freq="QS")
    return pd.DataFrame(
        {"date": dates, "year": dates.year, "quarter": dates.quarter,
         "output": [100 + 5 * i + (i % 4) for i in range(24)]}
    )  # fmt: skip


def test_a_trend_per_quarter_steps_by_quarter_not_by_the_quarter_column(
    quarterly: pd.DataFrame,
) -> None:
    a = analyse("what is the linear trend slope of output per quarter?", {"q": quarterly})
    expected = np.polyfit(np.arange(24), quarterly.output, 1)[0]
    assert a.operation == "trend"
    assert a.value == pytest.approx(expected)


def test_a_monthly_trend_of_quarterly_data_leaves_empty_months_out(
    quarterly: pd.DataFrame,
) -> None:
    a = analyse("what is the trend of output per month?", {"q": quarterly})
    expected = np.polyfit(np.arange(24) * 3, quarterly.output, 1)[0]
    assert a.value == pytest.approx(expected)


def test_by_number_of_a_column_groups_by_the_column() -> None:
    cars = pd.DataFrame({"cyl": [4, 4, 6, 8, 8, 8], "mpg": [30.0, 28.0, 20.0, 15.0, 14.0, 16.0]})
    a = analyse("average mpg by number of cylinders", {"cars": cars})
    assert (a.status, a.value) == ("answered", cars.groupby("cyl").mpg.mean().to_dict())


def test_a_ranking_over_two_groups_is_not_passed_off_as_made(seasons: pd.DataFrame) -> None:
    a = analyse("which three years had the highest average goals per club?", {"seasons": seasons})
    assert a.status == "partial"
