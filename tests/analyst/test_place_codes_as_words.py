"""A US state or country code that is also a word or greeting ("OK", "HI", "LA", "DE")
names a place only after a place word ("airports in OK") or in a list beside another
place, never alone as a sentence opener ("OK, how many airports are there?").

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _airports_named() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "airport": ["A", "B", "C", "D", "E", "F"],
            "state": ["Oklahoma", "Texas", "Hawaii", "Louisiana", "California", "Oklahoma"],
            "delay": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


def _airports_coded() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "airport": ["A", "B", "C", "D", "E", "F"],
            "state": ["OK", "TX", "HI", "LA", "CA", "OK"],
            "delay": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


def _sales_by_country_name() -> pd.DataFrame:
    return pd.DataFrame(
        {"country": ["Germany", "India", "France", "Germany", "Spain"], "sales": [1, 2, 3, 4, 5]}
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("OK, how many airports are there?", 6),
        ("LA, what is the total delay?", 21.0),
    ],
)
def test_an_opening_code_word_is_no_filter_on_a_column_of_names(
    question: str, expected: float
) -> None:
    a = analyse(question, {"airports": _airports_named()})
    assert a.value == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many airports in OK?", 2),
        ("how many airports in TX or OK?", 3),
    ],
)
def test_a_code_after_a_place_word_or_in_a_list_still_filters(
    question: str, expected: float
) -> None:
    a = analyse(question, {"airports": _airports_named()})
    assert a.status == "answered"
    assert a.value == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [("total sales in DE", 5), ("total sales in IN", 2)],
)
def test_a_country_code_after_a_place_word_still_names_the_country(
    question: str, expected: float
) -> None:
    a = analyse(question, {"sales": _sales_by_country_name()})
    assert a.value == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("OK, how many airports are there?", 6),
        ("LA, what is the total delay?", 21.0),
        ("hi, what is the total delay?", 21.0),
        ("Ok , how many airports are there?", 6),
    ],
)
def test_an_opening_code_word_is_no_filter_on_a_column_of_codes(
    question: str, expected: float
) -> None:
    a = analyse(question, {"airports": _airports_coded()})
    assert a.status == "answered"
    assert a.value == expected


@pytest.mark.parametrize(
    ("question", "expected", "said"),
    [
        ("OK, how many airports are in TX?", 1, "There is 1 row where state = TX."),
        ("how many airports are in OK?", 2, "There are 2 rows where state = OK."),
        ("HI airports: how many are there?", 1, "There is 1 row where state = HI."),
    ],
)
def test_a_code_on_a_column_of_codes_still_filters_where_it_is_no_opener(
    question: str, expected: float, said: str
) -> None:
    a = analyse(question, {"airports": _airports_coded()})
    assert (a.status, a.value) == ("answered", expected)
    assert said in a.text
