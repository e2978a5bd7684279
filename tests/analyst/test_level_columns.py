"""A column of levels (a temperature, a rating, a unit price) is averaged over a group's
rows when no statistic is said: summed, "which country had the highest temperature?"
answered with the total of every reading, which grows with the number of readings."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

WEATHER = pd.DataFrame(
    {
        "station": [f"S{i}" for i in range(9)],
        "country": ["FR", "FR", "FR", "FR", "DE", "ES", "ES", "IT", "IT"],
        "temp_c": [10.0, 12.0, 11.0, 13.0, 16.0, 15.0, 14.0, 11.0, 13.0],
        "rainfall_mm": [5.0, 1.0, 2.0, 3.0, 4.0, 0.0, 1.0, 2.0, 6.0],
    }
)
SHOP = pd.DataFrame(
    {
        "product": ["pen", "pen", "pen", "pen", "cup", "hat", "hat"],
        "unit_price": [2.0, 2.5, 2.0, 2.5, 9.0, 6.0, 7.0],
        "rating": [2.0, 3.0, 2.0, 3.0, 5.0, 3.0, 4.0],
        "revenue": [20.0, 25.0, 30.0, 35.0, 9.0, 12.0, 14.0],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "by", "column"),
    [
        ("which country had the highest temperature?", WEATHER, "country", "temp_c"),
        ("which country has the highest temp_c?", WEATHER, "country", "temp_c"),
        ("which product has the highest unit price?", SHOP, "product", "unit_price"),
        ("which product has the best rating?", SHOP, "product", "rating"),
    ],
)
def test_a_level_is_averaged_per_group(
    question: str, df: pd.DataFrame, by: str, column: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    means = df.groupby(by)[column].mean()
    assert answer.value == means.idxmax(), answer.text
    assert df.groupby(by)[column].sum().idxmax() != means.idxmax()  # the table tells them apart
    assert "mean" in answer.text


@pytest.mark.parametrize(
    ("question", "df", "by", "column"),
    [
        ("which country had the most rainfall?", WEATHER, "country", "rainfall_mm"),
        ("which product has the highest revenue?", SHOP, "product", "revenue"),
        ("which product has the highest total unit price?", SHOP, "product", "unit_price"),
    ],
)
def test_an_amount_or_a_total_said_is_still_summed(
    question: str, df: pd.DataFrame, by: str, column: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == df.groupby(by)[column].sum().idxmax(), answer.text


BOOKS = pd.DataFrame(
    {
        "genre": ["sf", "sf", "sf", "rom", "rom"],
        "ratings_count": [1000, 2000, 3000, 4000, 100],
        "TotalPrice": [10.0, 20.0, 30.0, 45.0, 1.0],
        "sale_price": [5.0, 6.0, 7.0, 12.0, 1.0],
    }
)


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("which genre has the highest ratings_count?", "ratings_count"),
        ("which genre has the largest TotalPrice?", "TotalPrice"),
        ("which genre has the most sale_price?", "sale_price"),
    ],
)
def test_a_level_word_that_is_not_the_head_or_a_total_said_keeps_the_sum(
    question: str, column: str
) -> None:
    # the sums and the means pick different genres here
    assert BOOKS.groupby("genre")[column].sum().idxmax() != (
        BOOKS.groupby("genre")[column].mean().idxmax()
    )
    answer = analyse(question, {"books": BOOKS})
    assert answer.status == "answered", answer.text
    assert answer.value == BOOKS.groupby("genre")[column].sum().idxmax(), answer.text
