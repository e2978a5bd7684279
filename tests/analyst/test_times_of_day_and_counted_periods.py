"""Times of day are conditions on the hour; "how many days" counts days, not rows.

An hourly table keeps the hour of the day in an ``hour`` column, or only in its
timestamps. "at 7am", "at 19:00", "between 6pm and 9pm", "before noon" and "in the
morning" keep the rows of those hours; a time the table cannot place is named as not
applied. "How many days of data" counts the distinct dates of an hourly table (not its
rows), "how many hours had frost" counts its rows (one an hour), and "how many different
hours of the day" the distinct values of the hour column. Each table is a small stand-in
built here; each expected figure is plain pandas.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _bikes() -> pd.DataFrame:
    """Readings every 5 hours, with an ``hour`` column beside the timestamp."""
    rng = np.random.default_rng(1)
    stamps = pd.date_range("2023-01-01", periods=300, freq="5h")
    return pd.DataFrame(
        {
            "datetime": stamps,
            "hour": stamps.hour,
            "humidity_pct": rng.integers(20, 100, len(stamps)),
            "temp_c": rng.normal(3, 6, len(stamps)).round(1),
            "rentals": rng.integers(0, 300, len(stamps)),
        }
    )


def _sensor() -> pd.DataFrame:
    """Hourly readings of two stations, the hour only in the timestamp."""
    rng = np.random.default_rng(2)
    stamps = pd.date_range("2024-03-01", periods=24 * 20, freq="h")
    return pd.DataFrame(
        {
            "timestamp": stamps,
            "pm25": rng.gamma(3, 5, len(stamps)).round(1),
            "noise_db": rng.normal(55, 8, len(stamps)).round(1),
        }
    )


def _hours(frame: pd.DataFrame) -> pd.Series:
    return frame["hour"] if "hour" in frame else frame["timestamp"].dt.hour


Rows = Callable[[pd.Series], pd.Series]


@pytest.mark.parametrize(
    ("question", "measure", "agg", "rows"),
    [
        ("average humidity_pct at 7am", "humidity_pct", "mean", lambda h: h == 7),
        ("what is the mean humidity_pct at 7 am?", "humidity_pct", "mean", lambda h: h == 7),
        ("mean humidity_pct at 19:00", "humidity_pct", "mean", lambda h: h == 19),
        (
            "what's the avg humidity_pct at 7 in the morning?",
            "humidity_pct",
            "mean",
            lambda h: h == 7,
        ),
        ("total rentals after midnight", "rentals", "sum", lambda h: h <= 5),
        ("average rentals at noon", "rentals", "mean", lambda h: h == 12),
        ("total rentals between 6pm and 9pm", "rentals", "sum", lambda h: h.between(18, 21)),
        ("sum of rentals from 6 to 9pm", "rentals", "sum", lambda h: h.between(18, 21)),
        ("average rentals before noon", "rentals", "mean", lambda h: h < 12),
        ("average rentals after 6 pm", "rentals", "mean", lambda h: h >= 18),
        ("average rentals in the morning", "rentals", "mean", lambda h: h.between(6, 11)),
        ("mean rentals at night", "rentals", "mean", lambda h: (h >= 22) | (h <= 5)),
    ],
)
def test_a_time_of_day_is_a_condition_on_the_hour_column(
    question: str, measure: str, agg: str, rows: Rows
) -> None:
    frame = _bikes()
    a = analyse(question, {"bikes": frame})
    expected = getattr(frame.loc[rows(_hours(frame)), measure], agg)()
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == pytest.approx(expected), a.code
    assert rerun(a, {"bikes": frame}) == pytest.approx(expected)
    assert "hour" in a.code


@pytest.mark.parametrize(
    ("question", "measure", "agg", "rows"),
    [
        ("average pm25 at 7am", "pm25", "mean", lambda h: h == 7),
        (
            "how loud is it at 19:00 on average? mean noise_db",
            "noise_db",
            "mean",
            lambda h: h == 19,
        ),
        ("total pm25 between 10pm and 2am", "pm25", "sum", lambda h: (h >= 22) | (h <= 2)),
        ("mean noise_db in the evening", "noise_db", "mean", lambda h: h.between(18, 21)),
        ("mean pm25 at 9 in the evening", "pm25", "mean", lambda h: h == 21),
        ("maximum pm25 before noon", "pm25", "max", lambda h: h < 12),
    ],
)
def test_without_an_hour_column_the_hour_of_the_timestamps_is_used(
    question: str, measure: str, agg: str, rows: Rows
) -> None:
    frame = _sensor()
    a = analyse(question, {"sensor": frame})
    expected = getattr(frame.loc[rows(_hours(frame)), measure], agg)()
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == pytest.approx(expected), a.code
    assert rerun(a, {"sensor": frame}) == pytest.approx(expected)
    assert ".dt.hour" in a.code


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("average sales at 7am", "7am"),
        ("what were mean sales in the morning?", "morning"),
    ],
)
def test_a_time_of_day_a_table_cannot_place_is_named_as_not_applied(
    question: str, said: str
) -> None:
    daily = pd.DataFrame(
        {"date": pd.date_range("2024-01-01", periods=60, freq="D"), "sales": np.arange(60)}
    )
    a = analyse(question, {"daily": daily})
    assert a.status == "partial", (a.status, a.text)
    assert any(said in str(gap) for gap in a.left_out), a.left_out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("average temp_c at 7:30am", "7:30"),
        ("mean humidity_pct at 19:45", "19:45"),
        ("average rentals before midnight", "before midnight"),
    ],
)
def test_a_time_the_hours_cannot_say_is_named_as_not_applied(question: str, said: str) -> None:
    a = analyse(question, {"bikes": _bikes()})
    assert a.status == "partial", (a.status, a.text)
    assert any(said in str(gap) for gap in a.left_out), a.left_out


def test_dask_counts_the_days_of_an_hourly_table_as_pandas_does() -> None:
    dd = pytest.importorskip("dask.dataframe")
    frame = _bikes()
    a = analyse("how many days of data are there?", {"bikes": dd.from_pandas(frame, npartitions=3)})
    assert a.engine == "dask"
    assert a.value == frame["datetime"].dt.date.nunique(), a.code


@pytest.mark.parametrize(
    ("question", "freq"),
    [
        ("how many days of data are there?", "D"),
        ("how many days does the data cover?", "D"),
        ("over how many weeks does the data run?", "W"),
        ("how many months of data do we have", "M"),
    ],
)
@pytest.mark.parametrize(("name", "build", "stamps"), [
    ("bikes", _bikes, "datetime"), ("sensor", _sensor, "timestamp"),
])  # fmt: skip
def test_counting_days_of_an_hourly_table_counts_distinct_dates(
    question: str, freq: str, name: str, build: Callable[[], pd.DataFrame], stamps: str
) -> None:
    frame = build()
    a = analyse(question, {name: frame})
    expected = frame[stamps].dt.to_period(freq).nunique()
    assert expected < len(frame)
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == expected, a.code
    assert rerun(a, {name: frame}) == expected
    assert "distinct" in a.text


@pytest.mark.parametrize(
    "question", ["how many days had temp_c below 0?", "on how many days was temp_c under 0"]
)
def test_days_with_a_condition_on_an_hourly_table_are_distinct_dates(question: str) -> None:
    frame = _bikes()
    a = analyse(question, {"bikes": frame})
    expected = frame.loc[frame.temp_c < 0, "datetime"].dt.date.nunique()
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == expected, a.code


def test_days_of_several_cities_are_counted_as_city_days_unless_coverage_is_asked() -> None:
    dates = pd.date_range("2024-01-01", periods=40, freq="D")
    cities = pd.DataFrame(
        {
            "date": np.repeat(dates, 3),
            "city": np.tile(["Oslo", "Rome", "Lima"], 40),
            "high_temp": np.random.default_rng(4).normal(15, 8, 120).round(1),
        }
    )
    warm = analyse("how many days had high_temp above 20?", {"weather": cities})
    assert warm.value == int((cities.high_temp > 20).sum()), warm.code
    covered = analyse("how many days of data are there?", {"weather": cities})
    assert covered.status == "answered", (covered.status, covered.text)
    assert covered.value == 40, covered.code


@pytest.mark.parametrize(
    ("question", "measure", "bound"),
    [
        ("how many hours had temperatures below 0 °C?", "temp_c", 0),
        ("How many hours had humidity_pct above 90?", "humidity_pct", 90),
    ],
)
def test_hours_of_an_hourly_table_are_its_rows(question: str, measure: str, bound: float) -> None:
    frame = _bikes()
    a = analyse(question, {"bikes": frame})
    below = measure == "temp_c"
    rows = frame[measure] < bound if below else frame[measure] > bound
    expected = int(rows.sum())
    assert expected != frame.loc[rows, "hour"].nunique()
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == expected, a.code


@pytest.mark.parametrize(
    "question",
    ["how many different hours of the day are there", "how many distinct hours are in the data?"],
)
def test_different_hours_of_the_day_are_the_hour_columns_values(question: str) -> None:
    frame = _bikes()
    a = analyse(question, {"bikes": frame})
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == frame["hour"].nunique(), a.code


def test_hours_without_timestamps_count_rows_and_name_the_other_reading() -> None:
    calls = pd.DataFrame(
        {
            "hour": np.arange(200) % 24,
            "wait_s": np.random.default_rng(3).integers(5, 600, 200),
        }
    )
    a = analyse("how many hours had wait_s above 500", {"calls": calls})
    assert a.value == int((calls.wait_s > 500).sum()), a.code
    assert a.status == "partial", (a.status, a.text)
    assert any("hours of the day" in str(gap) for gap in a.left_out), a.left_out


def _teams() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    return pd.DataFrame(
        {
            "year": np.repeat(np.arange(1990, 2020), 4),
            "team": np.tile(list("ABCD"), 30),
            "wins": rng.integers(50, 110, 120),
        }
    )


def _crops() -> pd.DataFrame:
    rng = np.random.default_rng(6)
    return pd.DataFrame(
        {
            "Year": np.repeat(np.arange(2001, 2016), 3),
            "crop": np.tile(["wheat", "corn", "rice"], 15),
            "yield_t_ha": rng.normal(5, 1, 45).round(2),
        }
    )


@pytest.mark.parametrize(
    "question", ["how many years of data are there?", "how many years does the data cover?"]
)
@pytest.mark.parametrize(
    ("name", "build", "years"), [("teams", _teams, "year"), ("crops", _crops, "Year")]
)
def test_years_of_data_over_a_year_column_are_its_distinct_years(
    question: str, name: str, build: Callable[[], pd.DataFrame], years: str
) -> None:
    frame = build()
    a = analyse(question, {name: frame})
    assert frame[years].nunique() < len(frame)
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == frame[years].nunique(), a.code
