"""Readings that must stay out of questions they do not fit, each found answering one of
these as complete and wrong: dates written day first, versions and seasons taken for
dates, US state codes and demonyms taken for countries, a country link said by the word
"in", a currency total that dropped its grouping, a dollar bound on a column in euros, and
a count of passengers who flew presented as a count of rows.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


def _not_answered_as(question: str, frame: pd.DataFrame, wrong: object) -> None:
    answer = analyse(question, {"t": frame})
    assert not (answer.status == "answered" and answer.value == wrong), answer.text


DAY_FIRST = pd.DataFrame(
    {
        "date": ["01/02/2020", "15/02/2020", "20/02/2020", "05/03/2020", "28/03/2020",
                 "02/04/2020"],
        "sales": [1, 2, 3, 4, 5, 6],
    }
)  # fmt: skip


def test_dates_written_day_first_are_not_read_month_first() -> None:
    answer = analyse("total sales in February 2020", {"t": DAY_FIRST})
    assert not (answer.status == "answered" and answer.value != 6), answer.text


@pytest.mark.parametrize(
    ("column", "values", "question"),
    [
        ("release", ["1.2.10", "1.3.11", "2.0.12", "2.1.15", "3.4.20"], "what is the latest release?"),
        ("version", ["2023.1.5", "2023.2.1", "2024.1.1", "2022.9.9"], "what is the latest version?"),
        ("season", ["2005/06", "2006/07", "2007/08", "2011/12"], "what is the latest season?"),
    ],
)  # fmt: skip
def test_versions_and_seasons_are_no_dates(column: str, values: list[str], question: str) -> None:
    frame = pd.DataFrame({column: values, "n": range(len(values))})
    answer = analyse(question, {"t": frame})
    assert "00:00" not in answer.text and "-01" not in str(answer.value), answer.text


def test_us_state_codes_are_no_countries() -> None:
    frame = pd.DataFrame({"loc": ["CA", "GA", "PA", "IN", "CA", "MA", "DE"], "sales": range(7)})
    _not_answered_as(
        "total sales in Canada?", frame, frame.loc[frame["loc"] == "CA", "sales"].sum()
    )


def test_a_column_of_demonyms_is_no_place() -> None:
    frame = pd.DataFrame({"cuisine": ["Indian", "Chinese", "Indian", "Thai", "French"],
                          "rating": [4, 3, 5, 4, 2]})  # fmt: skip
    _not_answered_as("how many restaurants in India?", frame, 2)


def test_a_country_code_link_is_said_though_the_word_in_is_there() -> None:
    frame = pd.DataFrame({"country": ["IN", "DE", "FR", "IN", "US"], "sales": [1, 2, 3, 4, 5]})
    answer = analyse("total sales in India", {"t": frame})
    assert answer.value == 5 and "India" in answer.text, answer.text


PAYMENTS = pd.DataFrame(
    {
        "country": ["DE", "FR", "US", "DE", "FR", "US"],
        "amount": [50.0, 70.0, 100.0, 30.0, 0.0, 20.0],
        "currency": ["EUR", "EUR", "USD", "EUR", "EUR", "USD"],
    }
)


def test_a_currency_total_never_drops_its_grouping() -> None:
    _not_answered_as("total euros paid by country", PAYMENTS, 150.0)


@pytest.mark.parametrize(
    "question", ["how many payments over $1,500?", "how many payments between $1,500 and $2,500?"]
)
def test_a_dollar_bound_is_not_applied_to_euros(question: str) -> None:
    frame = pd.DataFrame({"amount_eur": [1200.0, 1800.0, 2200.0, 3000.0, 900.0]})
    answer = analyse(question, {"t": frame})
    assert answer.status != "answered", answer.text
    assert "conversion" in answer.text


def test_passengers_who_flew_are_not_rows() -> None:
    frame = pd.DataFrame({"origin": ["US", "DE", "FR", "US", "GB"],
                          "destination": ["DE", "US", "US", "GB", "US"],
                          "pax": [100, 200, 50, 70, 30]})  # fmt: skip
    answer = analyse("how many passengers flew to the US?", {"t": frame})
    assert answer.status != "answered" or answer.value == 280, answer.text


def test_a_race_time_is_no_date() -> None:
    times = [f"2:{i % 60:02d}:{(i * 7) % 60:02d}" for i in range(40)]
    frame = pd.DataFrame({"name": [f"n{i}" for i in range(40)], "time": times,
                          "division": ["W", "M"] * 20})  # fmt: skip
    answer = analyse("who has the fastest winning time in the women's division?", {"t": frame})
    assert ":" not in str(answer.value) or "-" not in str(answer.value), answer.text
    assert "00:00" not in answer.text and "20" + "26-" not in answer.text, answer.text


LOANS = pd.DataFrame(
    {
        "state": ["CA", "NY"] * 8,
        "status": ["Current", "Paid"] * 8,
        "grade": list("ABCD") * 4,
        "loan_amount": [1000 * i + 7 for i in range(16)],
    }
)


@pytest.mark.parametrize(
    ("question", "wrong"),
    [
        ("how many loans are in CA?", int(LOANS.loc[LOANS["state"] == "CA", "loan_amount"].sum())),
        ("what share of loans are grade A?",
         LOANS.loc[LOANS["grade"] == "A", "loan_amount"].sum() / LOANS["loan_amount"].sum()),
    ],
)  # fmt: skip
def test_loans_are_rows_not_their_amounts(question: str, wrong: float) -> None:
    answer = analyse(question, {"loans": LOANS})
    assert answer.value != pytest.approx(wrong), answer.text


def test_homes_sold_are_still_added_up() -> None:
    frame = pd.DataFrame(
        {"city": ["Austin", "Boston"] * 8, "homes_sold": [10 * i + 3 for i in range(16)]}
    )
    answer = analyse("how many homes were sold in Austin?", {"t": frame})
    assert answer.value == frame.loc[frame["city"] == "Austin", "homes_sold"].sum(), answer.text
