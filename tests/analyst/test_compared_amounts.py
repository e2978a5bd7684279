""" "how many more people live in China than in India?": the things a number column
measures (people → population) compared by its totals, not the rows of each side (one
row a country). Rows are still counted when no number column holds the noun (guard)."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

COUNTRIES = pd.DataFrame(
    {
        "country": ["China", "India", "Chile", "Peru"],
        "population": [1355000000.0, 1236000000.0, 17000000.0, 30000000.0],
        "population_growth_rate": [0.4, 1.2, 0.8, 1.0],
        "internet_users": [389.0, 61.0, 7.0, 9.0],
    }
)
CITIES = pd.DataFrame(
    {
        "city": ["Lyon", "Nice", "Lyon", "Nice", "Lyon"],
        "residents": [500, 340, 10, 20, 30],
        "year": [2020, 2020, 2021, 2021, 2022],
    }
)
SALES = pd.DataFrame(
    {
        "region": ["N", "N", "N", "S", "S"],
        "amount": [10.0, 20.0, 30.0, 5.0, 6.0],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "want"),
    [
        ("how many more people live in China than in India?", COUNTRIES, 119000000.0),
        ("how many more internet users are there in China than in India?", COUNTRIES, 328.0),
        ("how many more residents are there in Lyon than in Nice?", CITIES, 180.0),
    ],
)
def test_how_many_more_of_a_measured_noun_is_the_difference_of_its_totals(
    question: str, df: pd.DataFrame, want: float
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert f"{want:,.0f}" in answer.text, answer.text


def test_people_is_the_population_column_not_its_growth_rate() -> None:
    answer = analyse("how many people live in Chile?", {"t": COUNTRIES})
    if answer.status == "answered":
        assert answer.value == 17000000.0, answer.text
    else:  # never one row said as the people: the left-out noun is named
        assert "people" in " ".join(answer.left_out), answer.text
    assert "growth" not in answer.text, answer.text


def test_guard_rows_are_counted_when_no_column_holds_the_noun() -> None:
    answer = analyse("how many more sales were there in N than in S?", {"t": SALES})
    assert answer.status == "answered", answer.text
    assert "1" in answer.text and "3" in answer.text and "2" in answer.text, answer.text
    assert "64" not in answer.text and "49" not in answer.text, answer.text
