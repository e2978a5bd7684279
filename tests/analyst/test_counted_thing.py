"""A row count answers "how many <X> ..." only when X is what the rows are.

"how many ships have 3 masts" is answered by counting rows, though no column says
"ships": the rest of the question is all read. "how many sailors served on ships with 3
masts" is not: the rows are ships, and "sailors ... served" is nothing the table holds,
so the count is partial and says what it could not count. The tables are small
stand-ins built here; each expected count is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _ships() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ship": ["Aurora", "Bounty", "Corsair", "Dauntless", "Endeavour", "Falcon"],
            "masts": [2, 3, 3, 4, 1, 3],
            "tonnage": [500, 800, 900, 1200, 200, 650],
            "engine_power": [0, 120, 300, 450, 0, 80],
        }
    )


def _jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "occupation": ["teachers", "plumbers", "pilots", "chefs"],
            "median_wage": [50, 60, 120, 40],
            "share_women": [0.7, 0.02, 0.1, 0.3],
        }
    )


def _quakes() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "place": ["Kobe", "Lima", "Napa", "Oaxaca", "Padang", "Quito"],
            "depth": [10, 600, 550, 30, 700, 100],
            "mag": [5.1, 6.2, 4.8, 7.0, 5.5, 6.1],
        }
    )


def _air() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "date": pd.date_range("2024-03-01", periods=8, freq="D"),
            "pm25": [10, 50, 120, 130, 20, 30, 140, 5],
        }
    )


def _storms() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": ["Ana", "Bill", "Cleo", "Dan", "Eve", "Fay"],
            "category": [1, 3, 5, 4, 2, 5],
            "wind_speed": [80, 120, 170, 140, 100, 160],
        }
    )


@pytest.mark.parametrize(
    ("make", "question", "said"),
    [
        (_ships, "how many sailors served on ships with 3 masts?", "sailors … served"),
        (_jobs, "how many hours a week do pilots fly?", "hours … fly"),
        (_quakes, "how many people died in quakes over magnitude 6?", "people … died"),
        (_storms, "how many families lost their houses in storms above category 3?", "families"),
    ],
)
def test_a_count_of_something_the_rows_are_not_says_what_it_could_not_count(
    make: object, question: str, said: str
) -> None:
    frame = make()  # type: ignore[operator]
    a = analyse(question, {"earthquakes" if make is _quakes else "df": frame})
    assert a.status == "partial"
    assert f"“{said}" in a.text
    assert "I counted rows, and no column holds it" in a.text


def test_the_partial_count_still_gives_the_rows_it_counted() -> None:
    storms = _storms()
    a = analyse("how many families lost their houses in storms above category 3?", {"df": storms})
    assert a.value == int((storms.category > 3).sum())
    assert "category > 3" in a.text


@pytest.mark.parametrize(
    ("make", "question", "truth"),
    [
        (_ships, "how many ships have 3 masts", lambda f: int((f.masts == 3).sum())),
        (
            _ships,
            "how many ships have an engine power over 100?",
            lambda f: int((f.engine_power > 100).sum()),
        ),
        (
            _storms,
            "how many storms had wind speed over 150?",
            lambda f: int((f.wind_speed > 150).sum()),
        ),
        (_quakes, "how many quakes had a depth over 500 km?", lambda f: int((f.depth > 500).sum())),
        (_quakes, "how many quakes occurred with mag over 6?", lambda f: int((f.mag > 6).sum())),
        (_air, "how many days had pm25 over 100", lambda f: int((f.pm25 > 100).sum())),
        (
            _air,
            "how many days did the monitor report pm25 above 25?",
            lambda f: int((f.pm25 > 25).sum()),
        ),
        (_jobs, "how many teachers are there?", lambda f: int((f.occupation == "teachers").sum())),
    ],
)
def test_a_count_of_what_the_rows_are_stays_answered(
    make: object, question: str, truth: object
) -> None:
    frame = make()  # type: ignore[operator]
    a = analyse(question, {"earthquakes" if make is _quakes else "df": frame})
    assert a.status == "answered", a.text
    assert a.value == truth(frame)  # type: ignore[operator]
    assert "I counted rows" not in a.text


def _seasons() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "club": ["Otters", "Pumas", "Otters", "Pumas", "Rams"],
            "year": [2018, 2018, 2019, 2019, 2019],
            "hits": [1400, 1300, 1500, 1450, 1380],
            "homeruns": [200, 180, 230, 210, 190],
        }
    )


def test_a_word_whose_stem_starts_a_one_word_column_links_to_it() -> None:
    seasons = _seasons()
    a = analyse("total homers in 2019", {"df": seasons})
    assert (a.status, a.value) == ("answered", seasons[seasons.year == 2019].homeruns.sum())
    assert "homeruns" in a.text and "hits" not in a.text


def test_the_verb_of_the_question_is_not_a_column_to_use() -> None:
    seasons = _seasons()
    a = analyse("how many homers did clubs hit in 2019 in total", {"clubs": seasons})
    assert (a.status, a.value) == ("answered", seasons[seasons.year == 2019].homeruns.sum())
    assert a.text == "The total of homeruns (rows where year = 2019) is 630."
