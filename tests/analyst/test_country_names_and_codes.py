"""A country said by its name or demonym where a column holds its code ("Kenya" for
"KEN", "German" for "DE"), or by a code where the column holds its name ("USA" for
"United States"): a condition on that column, which the answer names. States, languages
and people's names are never read as countries.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _runners() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "runner": ["Kip", "Abebe", "Tola", "Joe", "Mo", "Eliud", "Sam", "Jan"],
            "country": ["KEN", "ETH", "ETH", "USA", "GBR", "KEN", "USA", "NED"],
            "finish_minutes": [130, 131, 135, 140, 138, 129, 150, 145],
        }
    )


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {"nat": ["DE", "FR", "DE", "FR", "IT", "US"], "revenue": [10, 20, 30, 40, 50, 60]}
    )


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": ["Jordan", "Chad", "Ann", "Bo"],
            "country": ["United States", "Kenya", "United States", "Jordan"],
            "age": [30, 40, 50, 60],
        }
    )


@pytest.mark.parametrize(
    ("question", "value", "link"),
    [
        ("how many runners from Kenya?", 2, "country == 'KEN' (Kenya)"),
        ("how many Kenyan runners are there?", 2, "country == 'KEN' (Kenya)"),
        ("average finish_minutes of Ethiopian runners", 133, "country == 'ETH' (Ethiopia)"),
        ("average finish_minutes of runners from Ethiopia", 133, "country == 'ETH'"),
        ("how many runners from Holland?", 1, "country == 'NED' (Netherlands)"),
        ("how many British runners?", 1, "country == 'GBR' (United Kingdom)"),
    ],
)
def test_country_named_for_a_column_of_codes(question: str, value: float, link: str) -> None:
    a = analyse(question, {"runners": _runners()})
    assert a.status == "answered", a.text
    assert a.value == value
    assert link in a.text


@pytest.mark.parametrize(
    ("question", "value", "link"),
    [
        ("total revenue in Germany", 40, "nat == 'DE' (Germany)"),
        ("total revenue of German stores", 40, "nat == 'DE' (Germany)"),
        ("total revenue in France", 60, "nat == 'FR' (France)"),
    ],
)
def test_alpha2_codes(question: str, value: float, link: str) -> None:
    a = analyse(question, {"sales": _sales()})
    assert a.status == "answered", a.text
    assert a.value == value
    assert link in a.text


def test_two_countries_compared() -> None:
    a = analyse("revenue in Germany vs France", {"sales": _sales()})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict) and a.value["DE"] == 40 and a.value["FR"] == 60
    assert "nat == 'DE' (Germany)" in a.text and "nat == 'FR' (France)" in a.text


@pytest.mark.parametrize("said", ["USA", "US", "U.S."])
def test_code_for_a_column_of_names(said: str) -> None:
    a = analyse(f"average age of people from the {said}", {"people": _people()})
    assert a.status == "answered", a.text
    assert a.value == 40
    assert "country == 'United States'" in a.text


def test_a_person_named_like_a_country_stays_a_person() -> None:
    a = analyse("average age of Jordan", {"people": _people()})
    assert a.value == 30, a.text
    assert "name = Jordan" in a.text


def test_state_codes_are_no_countries() -> None:
    states = pd.DataFrame({"state": ["IN", "OR", "ME", "CA", "IN"], "revenue": [1, 2, 3, 4, 5]})
    a = analyse("total revenue in India", {"states": states})
    assert a.status != "answered" and a.value != 6, a.text
    b = analyse("total revenue in IN", {"states": states})
    assert b.value == 6 and "India" not in b.text, b.text


def test_word_codes_in_capitals_and_lower_case_words_are_no_countries() -> None:
    sales = pd.DataFrame({"country": ["IN", "IT", "US", "DE", "FR"], "revenue": [1, 2, 3, 4, 5]})
    a = analyse("total revenue in the stores", {"sales": sales})
    assert a.value == 15, a.text
    b = analyse("total revenue of IT stores", {"sales": sales})
    assert "(India)" not in b.text and "(Italy)" not in b.text, b.text
    c = analyse("total revenue in Italy", {"sales": sales})
    assert c.value == 2 and "country == 'IT' (Italy)" in c.text, c.text


def test_two_columns_of_countries_are_not_guessed() -> None:
    flights = pd.DataFrame(
        {
            "origin_country": ["KEN", "ETH", "KEN", "USA"],
            "dest_country": ["USA", "KEN", "ETH", "KEN"],
            "passengers": [100, 120, 90, 80],
        }
    )
    a = analyse("total passengers for Kenya", {"flights": flights})
    assert a.status != "answered", a.text
    assert "origin_country and dest_country" in a.text


def test_a_demonym_that_begins_another_value_is_not_guessed() -> None:
    flights = pd.DataFrame(
        {
            "airline": ["American Airlines", "Delta", "American Airlines"],
            "country": ["USA", "USA", "CAN"],
            "delay": [1, 2, 3],
        }
    )
    a = analyse("average delay of American flights", {"flights": flights})
    assert "country == 'USA'" not in a.text, a.text
    assert a.value != 1.5 or a.status != "answered", a.text
    b = analyse("average delay of flights from Canada", {"flights": flights})
    assert b.value == 3 and "country == 'CAN' (Canada)" in b.text, b.text
