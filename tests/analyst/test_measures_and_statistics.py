"""The column measured and the statistic the words ask for.

- A frame named for what its rows count ("rentals" holding ``total_rentals``): the word
  is the measure, never blanked into "the total of every column".
- "total in March" of no column: declined, not every column's total.
- "casual rentals": the noun after a number column says what it counts.
- "which hour has the most rentals on average": grouped by the subject of "which".
- "average monthly revenue", "mean orders per week": the mean of each period's total.
- "goals per player": the ratio to a column that counts things; an amount that is no
  column ("medals per athlete") is declined, never a listing of the counts.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _bikes() -> pd.DataFrame:
    rng = np.random.default_rng(13)
    stamps = pd.date_range("2022-01-01", periods=300, freq="7h")
    n = len(stamps)
    frame = pd.DataFrame(
        {
            "datetime": stamps,
            "season": np.where(stamps.month <= 2, "winter", "spring"),
            "hour": stamps.hour,
            "temp_c": rng.normal(10, 5, n).round(1),
            "casual": rng.integers(0, 120, n),
            "registered": rng.integers(0, 400, n),
        }
    )
    return frame.assign(total_rentals=frame["casual"] + frame["registered"])


def _rides() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    stamps = pd.date_range("2023-01-01", periods=240, freq="12h")
    n = len(stamps)
    return pd.DataFrame(
        {
            "ride_date": stamps,
            "city": rng.choice(["Oslo", "Bergen", "Turku"], n),
            "hour": stamps.hour + rng.choice([0, 1, 2, 3], n),
            "trips": rng.integers(5, 300, n),
            "fare_usd": rng.normal(20, 4, n).round(2),
        }
    )


def _shop() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    days = pd.date_range("2022-01-01", periods=300, freq="D")
    n = len(days)
    return pd.DataFrame(
        {
            "order_date": days,
            "region": rng.choice(["North", "South"], n),
            "revenue": rng.normal(500, 120, n).round(2),
            "orders": rng.integers(1, 30, n),
            "discount_pct": rng.uniform(0, 30, n).round(1),
        }
    )


def _clubs() -> pd.DataFrame:
    rng = np.random.default_rng(7)
    rows = [
        {"team": team, "season": season, "goals": int(rng.integers(30, 100)),
         "players": int(rng.integers(20, 35))}
        for season in range(2015, 2024)
        for team in ("Ajax", "PSV", "Feyenoord", "Twente")
    ]  # fmt: skip
    return pd.DataFrame(rows)


def _medals() -> pd.DataFrame:
    rng = np.random.default_rng(16)
    rows = []
    for year in (2008, 2012, 2016, 2020, 2024):
        for country in ("USA", "Kenya", "Japan", "Australia"):
            gold, silver = int(rng.integers(0, 40)), int(rng.integers(0, 35))
            rows.append({"country": country, "year": year, "gold": gold, "silver": silver,
                         "athletes": int(rng.integers(50, 600))})  # fmt: skip
    return pd.DataFrame(rows).assign(total=lambda d: d["gold"] + d["silver"])


@pytest.mark.parametrize(
    ("name", "question"),
    [
        ("rentals", "total rentals in January 2022"),
        ("rentals", "how many rentals in January"),
        ("bikes", "total rentals in January 2022"),
    ],
)
def test_a_frame_named_for_its_measure_sums_that_column(name: str, question: str) -> None:
    df = _bikes()
    answer = analyse(question, {name: df})
    january = df[(df["datetime"].dt.month == 1) & (df["datetime"].dt.year == 2022)]
    assert answer.status == "answered"
    assert answer.value == pytest.approx(january["total_rentals"].sum())


@pytest.mark.parametrize(
    ("name", "question"),
    [("trips", "total trips in Oslo"), ("trips", "how many trips in Oslo?")],
)
def test_a_frame_named_like_its_count_column_on_another_table(name: str, question: str) -> None:
    df = _rides()
    answer = analyse(question, {name: df})
    assert answer.value == pytest.approx(df.loc[df["city"] == "Oslo", "trips"].sum())


@pytest.mark.parametrize(
    "question", ["total in March", "the average in March", "total shop in March"]
)
def test_a_statistic_of_no_column_is_not_every_columns(question: str) -> None:
    answer = analyse(question, {"shop": _shop()})
    assert answer.status in ("partial", "declined")
    assert answer.status == "declined" or answer.left_out


def test_every_columns_statistic_asked_for_is_answered() -> None:
    answer = analyse("the mean of all columns in March", {"shop": _shop()})
    assert answer.status == "answered"


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("average casual rentals in winter", "casual"),
        ("which hour has the highest average casual rentals?", "casual"),
        ("total registered rentals in winter", "registered"),
    ],
)
def test_the_noun_after_a_column_is_its_noun(question: str, column: str) -> None:
    answer = analyse(question, {"rentals": _bikes()})
    assert "total_rentals" not in (answer.code or "")
    assert column in (answer.code or "")
    assert not answer.left_out


@pytest.mark.parametrize(
    ("frame", "name", "question", "measure"),
    [
        (
            _bikes,
            "rentals",
            "which hour of the day has the most rentals on average?",
            "total_rentals",
        ),
        (_bikes, "bikes", "on average, which hour has the most casual rentals?", "casual"),
        (_rides, "rides", "which hour has the most trips on average?", "trips"),
        (_rides, "rides", "which hour of the day sees the highest average fare_usd?", "fare_usd"),
    ],
)
def test_which_subject_is_the_group(frame: object, name: str, question: str, measure: str) -> None:
    df = frame()  # type: ignore[operator]
    answer = analyse(question, {name: df})
    assert answer.status == "answered"
    assert answer.value == df.groupby("hour")[measure].mean().idxmax()


@pytest.mark.parametrize(
    ("question", "freq", "column"),
    [
        ("average monthly revenue", "ME", "revenue"),
        ("average revenue per month", "ME", "revenue"),
        ("mean orders per week", "W", "orders"),
        ("what are the average weekly orders?", "W", "orders"),
    ],
)
def test_an_average_per_period_is_the_mean_of_the_periods_totals(
    question: str, freq: str, column: str
) -> None:
    df = _shop()
    answer = analyse(question, {"shop": df})
    totals = df.resample(freq, on="order_date")[column].sum()
    assert answer.status == "answered"
    assert answer.value == pytest.approx(totals.mean())


def test_an_average_by_period_still_lists_each_periods_mean() -> None:
    df = _shop()
    answer = analyse("average revenue by month", {"shop": df})
    means = df.resample("ME", on="order_date")["revenue"].mean()
    assert len(answer.value) == len(means)  # type: ignore[arg-type]


def test_a_measure_that_does_not_add_up_is_averaged_per_period() -> None:
    df = _shop()
    answer = analyse("average discount_pct per month", {"shop": df})
    means = df.resample("ME", on="order_date")["discount_pct"].mean()
    assert isinstance(answer.value, dict)
    assert list(answer.value.values()) == pytest.approx(list(means))


@pytest.mark.parametrize(
    ("frame", "question", "where", "column", "group"),
    [
        (_medals, "average total medals per year for Kenya", ("country", "Kenya"), "total", "year"),
        (_medals, "average total medals per year", None, "total", "year"),
        (_clubs, "average goals per season for PSV", ("team", "PSV"), "goals", "season"),
        (_clubs, "average goals per season", None, "goals", "season"),
    ],
)
def test_an_average_per_period_column_is_the_mean_of_its_totals(
    frame: object, question: str, where: tuple[str, str] | None, column: str, group: str
) -> None:
    df = frame()  # type: ignore[operator]
    answer = analyse(question, {"t": df})
    rows = df if where is None else df[df[where[0]] == where[1]]
    assert answer.status == "answered"
    assert answer.value == pytest.approx(rows.groupby(group)[column].sum().mean())


@pytest.mark.parametrize(
    ("frame", "question", "where", "left", "right"),
    [
        (_clubs, "goals per player for Ajax", ("team", "Ajax"), "goals", "players"),
        (_medals, "gold per athlete for Australia", ("country", "Australia"), "gold", "athletes"),
        (_shop, "revenue per order in the North", ("region", "North"), "revenue", "orders"),
    ],
)
def test_an_amount_per_a_count_column_is_their_ratio(
    frame: object, question: str, where: tuple[str, str], left: str, right: str
) -> None:
    df = frame()  # type: ignore[operator]
    answer = analyse(question, {"t": df})
    rows = df[df[where[0]] == where[1]]
    assert answer.value == pytest.approx((rows[left] / rows[right]).mean())
    assert "mean" in answer.text.lower()


@pytest.mark.parametrize(
    ("name", "question"),
    [
        ("medals", "medals per athlete for Australia"),
        ("olympics", "medals per athlete for Australia"),
        ("olympics", "points per athlete in 2016"),
    ],
)
def test_an_amount_per_a_count_that_is_no_column_is_declined(name: str, question: str) -> None:
    answer = analyse(question, {name: _medals()})
    assert answer.status in ("declined", "partial", "unable")
    assert answer.value is None or not isinstance(answer.value, list)


@pytest.mark.parametrize(
    ("frame", "question"),
    [(_clubs, "total goals per player for Ajax"), (_shop, "total revenue per order")],
)
def test_a_total_of_a_ratio_to_a_count_is_not_answered(frame: object, question: str) -> None:
    answer = analyse(question, {"t": frame()})  # type: ignore[operator]
    assert answer.status != "answered"


def _weather() -> pd.DataFrame:
    rng = np.random.default_rng(11)
    days = pd.date_range("2017-01-01", periods=365, freq="D")
    return pd.DataFrame(
        {
            "date": days,
            "city": rng.choice(["Chicago", "Denver"], len(days)),
            "high_temp": rng.integers(10, 100, len(days)),
        }
    )


@pytest.mark.parametrize(
    "question",
    ["average high temperature per month in Chicago", "average high_temp per month in Chicago"],
)
def test_a_temperature_in_whole_degrees_is_averaged_per_period(question: str) -> None:
    df = _weather()
    answer = analyse(question, {"weather": df})
    chicago = df[df["city"] == "Chicago"]
    means = chicago.resample("ME", on="date")["high_temp"].mean()
    assert isinstance(answer.value, dict)
    assert list(answer.value.values()) == pytest.approx(list(means))


def test_a_frame_named_with_a_code_is_no_measure() -> None:
    chicks = pd.DataFrame({"weight": [42, 51, 59, 64, 76, 93], "Time": [0, 2, 4, 6, 8, 10],
                           "Diet": [4] * 6})  # fmt: skip
    answer = analyse("how many measurements does diet4 have?", {"diet4": chicks})
    assert answer.value == len(chicks)


@pytest.mark.parametrize("name", ["rentals", "bikes"])
def test_how_many_hours_is_not_the_distinct_hours_of_the_day(name: str) -> None:
    df = _bikes()
    answer = analyse("how many hours had more than 450 total rentals?", {name: df})
    assert answer.value != df.loc[df["total_rentals"] > 450, "hour"].nunique()


@pytest.mark.parametrize(
    "question", ["average charge per day of stay", "mean revenue per day of stay"]
)
def test_a_period_that_is_a_measures_unit_is_no_calendar_period(question: str) -> None:
    rng = np.random.default_rng(2)
    stays = pd.DataFrame(
        {
            "admit_date": pd.Timestamp("2023-01-03")
            + pd.to_timedelta(rng.integers(0, 300, 60), unit="D"),
            "stay_days": rng.integers(1, 30, 60),
            "charge_usd": rng.gamma(3, 4000, 60).round(2),
            "revenue": rng.gamma(3, 400, 60).round(2),
        }
    )
    answer = analyse(question, {"stays": stays})
    column = "charge_usd" if "charge" in question else "revenue"
    daily = stays.resample("D", on="admit_date")[column].sum().mean()
    assert answer.value != pytest.approx(daily)


def test_a_frame_named_for_the_things_its_id_column_numbers_is_no_measure() -> None:
    chicks = pd.DataFrame(
        {"weight": [42, 51, 59, 40, 49, 58, 43, 39], "Time": [0, 2, 4, 0, 2, 4, 0, 2],
         "Chick": [1, 1, 1, 2, 2, 2, 3, 3], "Diet": [1, 1, 1, 2, 2, 2, 1, 1]}
    )  # fmt: skip
    answer = analyse("average weight of chicks on diet 1", {"chicks": chicks})
    assert answer.value == pytest.approx(chicks.loc[chicks["Diet"] == 1, "weight"].mean())


@pytest.mark.parametrize(
    ("frame", "question", "column", "sides", "agg"),
    [
        (
            _shop,
            "compare revenue of North and South",
            "revenue",
            ("region", "North", "South"),
            "sum",
        ),
        (_clubs, "compare goals of Ajax and PSV", "goals", ("team", "Ajax", "PSV"), "sum"),
        (
            _shop,
            "compare the discount_pct of North and South",
            "discount_pct",
            ("region", "North", "South"),
            "mean",
        ),
    ],
)
def test_a_comparison_of_an_amount_that_adds_up_compares_totals(
    frame: object, question: str, column: str, sides: tuple[str, str, str], agg: str
) -> None:
    df = frame()  # type: ignore[operator]
    answer = analyse(question, {"t": df})
    by = df.groupby(sides[0])[column].agg(agg)
    assert isinstance(answer.value, dict)
    assert answer.value[sides[1]] == pytest.approx(by[sides[1]])
    assert answer.value[sides[2]] == pytest.approx(by[sides[2]])
