"""A share of the rows of a period or a place said with the share: "what share of days in
2015 were sunny?" and "what share of days were sunny in 2015?" are shares of the days of
2015. Both were taken of every row (the days of 2015 that were sunny over all four years),
as complete. A year said in the base, or after what is measured behind "in", now picks
the rows the share is of."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

DAYS = pd.DataFrame(
    {
        "date": pd.date_range("2014-12-25", periods=16, freq="D").strftime("%Y/%m/%d"),
        "weather": ["sun", "rain", "sun", "fog", "sun", "sun", "rain", "sun"] * 2,
        "region": ["North", "South"] * 8,
    }
)


def _year_share(year: int, weather: str) -> float:
    years = pd.to_datetime(DAYS["date"]).dt.year
    return float((DAYS.loc[years == year, "weather"] == weather).mean())


@pytest.mark.parametrize(
    "question",
    [
        "what share of days in 2015 were sunny?",
        "what share of days were sunny in 2015?",
        "what proportion of the days during 2015 were sunny?",
    ],
)
def test_the_period_said_with_a_share_is_its_base(question: str) -> None:
    a = analyse(question, {"weather": DAYS})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(_year_share(2015, "sun")), a.text


def test_a_place_said_after_what_is_measured_is_the_base() -> None:
    a = analyse("what share of days were sunny in the North?", {"weather": DAYS})
    north = DAYS[DAYS.region == "North"]
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float((north.weather == "sun").mean())), a.text


def test_a_share_of_every_row_stays_so() -> None:
    a = analyse("what share of days were sunny?", {"weather": DAYS})
    assert a.value == pytest.approx(float((DAYS.weather == "sun").mean())), a.text


def test_what_a_share_measures_that_no_column_holds_is_named() -> None:
    a = analyse("what share of North days renewed their contract last year?", {"weather": DAYS})
    assert a.status == "partial", a.text
    assert "renewed their contract" in a.text, a.text
