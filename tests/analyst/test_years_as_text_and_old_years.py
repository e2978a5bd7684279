"""Years as a CSV leaves them: a ``year`` column of text ("1565"), dates written as ISO
text in the 1850s, and "what percentage of years ..." over a table with a row a year.

A year column of text named no year, so "in 1700" and "from 1650 to 1700" were left out;
a year before 1900 was never read as a year, even of a date column that holds it; and
"what percentage of years had wheat below 35?" was answered as a share of the *sum of
the years*, shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

PRICES = pd.DataFrame(
    {
        "year": [str(y) for y in range(1640, 1720, 10)],
        "wheat": [40.0, 52.0, 33.0, 31.0, 45.0, 38.0, 30.0, 36.0],
        "wages": [6.0, 6.5, 7.0, 7.2, 7.5, 8.0, 9.0, 9.5],
    }
)
HARVESTS = PRICES.assign(release_year=PRICES["year"]).drop(columns="year")
DEATHS = pd.DataFrame(
    {
        "date": ["1854-10-01", "1854-11-01", "1854-12-01", "1855-01-01", "1855-02-01"],
        "disease": [300, 420, 1100, 1400, 1200],
        "wounds": [20, 150, 80, 30, 10],
    }
)


def _between(frame: pd.DataFrame, column: str, low: int, high: int) -> pd.Series:
    years = frame[column].astype(int)
    return (years >= low) & (years <= high)


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [
        (PRICES, "average wages from 1650 to 1690", PRICES[_between(PRICES, "year", 1650, 1690)]["wages"].mean()),
        (PRICES, "what was the wheat price in 1700?", 30.0),
        (PRICES, "average wheat excluding years after 1680", PRICES[PRICES["year"].astype(int) <= 1680]["wheat"].mean()),
        (HARVESTS, "average wages in 1660", 7.0),
    ],
)  # fmt: skip
def test_a_year_column_of_text_takes_year_conditions(
    frame: pd.DataFrame, question: str, expected: float
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(expected)
    assert "read from text as numbers" in answer.text  # says how it read the years


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("total disease deaths in 1855", 2600),
        ("average wounds in 1854", 250 / 3),
    ],
)
def test_a_year_before_1900_of_a_date_column_is_a_year(question: str, expected: float) -> None:
    answer = analyse(question, {"t": DEATHS})
    assert answer.value == pytest.approx(expected), answer.text


def test_a_year_the_data_does_not_hold_is_never_answered_over_every_row() -> None:
    answer = analyse("total disease in 1700", {"t": DEATHS})
    assert answer.status != "answered"
    assert "1700" in answer.text


@pytest.mark.parametrize(
    "frame", [PRICES, PRICES.assign(year=PRICES["year"].astype(int))], ids=["text", "numbers"]
)
def test_a_percentage_of_years_counts_the_years(frame: pd.DataFrame) -> None:
    answer = analyse("what percentage of years had wheat below 35?", {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(100 * (frame["wheat"] < 35).mean(), abs=0.01)
