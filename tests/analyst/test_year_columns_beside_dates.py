"""A year said, with a column of whole-number years beside a text column of dates: the
year goes to the year column ("oscar_yr"), never to the dates ("birth_date"), unless the
question names the dates. Each table is a small stand-in built here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _winners() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": ["a", "b", "c", "d", "e"],
            "birth_date": ["1950-01-01", "1960-02-02", "1970-03-03", "1980-04-04", "1990-05-05"],
            "oscar_yr": [1990, 2000, 2010, 2010, 2020],
            "age": [40, 40, 40, 30, 30],
        }
    )


def _albums() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "album": ["w", "x", "y", "z"],
            "recorded_date": ["03/01/1999", "05/02/2004", "07/03/2004", "09/04/2011"],
            "release_year": [2000, 2005, 2005, 2012],
            "copies": [5, 7, 9, 11],
        }
    )


@pytest.mark.parametrize(
    ("frame_of", "question", "column", "wanted"),
    [
        (_winners, "how many people in 2010?", "oscar_yr", 2),
        (_winners, "how many winners were there in 2010?", "oscar_yr", 2),
        (_albums, "how many albums in 2005?", "release_year", 2),
        (_albums, "total copies in 2005", "release_year", 16),
    ],
)
def test_a_year_goes_to_the_year_column(
    frame_of: object, question: str, column: str, wanted: int
) -> None:
    a = analyse(question, {"t": frame_of()})  # type: ignore[operator]
    assert a.status == "answered", a.text
    assert a.value == wanted, (a.text, a.code)
    assert f"{column} = " in a.text, a.text
    assert "to_datetime" not in a.code, a.code


@pytest.mark.parametrize(
    ("frame_of", "question", "column", "wanted"),
    [
        (_winners, "how many have a birth_date after 1965?", "birth_date", 3),
        (_albums, "how many albums have a recorded_date in 2004?", "recorded_date", 2),
    ],
)
def test_the_dates_named_keep_the_year(
    frame_of: object, question: str, column: str, wanted: int
) -> None:
    a = analyse(question, {"t": frame_of()})  # type: ignore[operator]
    assert a.status == "answered", a.text
    assert a.value == wanted, (a.text, a.code)
    assert f"year of {column}" in a.text, a.text
