"""Ordinary words are not read as units, months or dropped places: "over 200 in Biscoe"
is 200 of the column's own unit, "60 m" of a height in metres is 60 metres, "May I see"
asks politely, and "there" after "store 2" keeps the store.

Frames are made up here; each expected figure comes from plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import monthly_rain


@pytest.fixture(scope="module")
def penguins() -> pd.DataFrame:
    return pd.DataFrame({"island": ["Biscoe", "Biscoe", "Dream", "Biscoe", "Torgersen", "Dream"],
                         "flipper_length_mm": [190, 215, 195, 220, 185, 230],
                         "body_mass_g": [3700, 5000, 3800, 5400, 3400, 5600]})  # fmt: skip


@pytest.fixture(scope="module")
def buildings() -> pd.DataFrame:
    return pd.DataFrame({"name": list("abcdef"), "height_m": [30, 60, 90, 120, 45, 200],
                         "city": ["NY", "NY", "LA", "LA", "NY", "LA"]})  # fmt: skip


def test_in_before_a_place_is_not_inches(penguins: pd.DataFrame) -> None:
    a = analyse("how many penguins have flipper_length_mm over 200 in Biscoe?", {"df": penguins})
    expected = ((penguins.flipper_length_mm > 200) & (penguins.island == "Biscoe")).sum()
    assert a.status == "answered"
    assert a.value == expected == 2


@pytest.mark.parametrize(
    ("question", "column", "op", "bound", "city"),
    [("how many buildings have height_m over 50 in NY?", "city", ">", 50, "NY"),
     ("how many buildings have height_m at least 100 in LA?", "city", ">=", 100, "LA")],
)  # fmt: skip
def test_in_after_a_number_on_a_length_column_is_not_inches(
    buildings: pd.DataFrame, question: str, column: str, op: str, bound: int, city: str
) -> None:
    a = analyse(question, {"df": buildings})
    heights = buildings.height_m
    above = heights > bound if op == ">" else heights >= bound
    assert a.status == "answered"
    assert a.value == (above & (buildings[column] == city)).sum()


def test_in_before_a_year_is_not_inches() -> None:
    people = pd.DataFrame({"height_cm": [170, 185, 190, 175, 182, 200],
                           "year": [2020, 2020, 2021, 2020, 2021, 2020]})  # fmt: skip
    a = analyse("how many people had height_cm over 180 in 2020?", {"df": people})
    assert a.status in ("answered", "partial")
    assert "457" not in a.code
    if a.status == "answered":
        assert a.value == ((people.height_cm > 180) & (people.year == 2020)).sum()


def test_m_after_a_number_on_a_column_in_metres_is_metres(buildings: pd.DataFrame) -> None:
    a = analyse("how many buildings are taller than 60 m?", {"df": buildings})
    assert "60000000" not in a.code
    assert a.status == "answered"
    assert a.value == (buildings.height_m > 60).sum() == 3


def test_m_after_a_number_on_a_money_column_is_still_million() -> None:
    films = pd.DataFrame({"title": list("abcd"), "gross": [5e6, 70e6, 90e6, 20e6]})
    a = analyse("how many films grossed over 60 m?", {"df": films})
    assert a.status == "answered"
    assert a.value == (films.gross > 60e6).sum() == 2


def test_may_i_is_asking_not_the_month() -> None:
    weather = monthly_rain()
    a = analyse("May I see the average rain for city X?", {"df": weather})
    assert "Month" not in a.code
    assert a.status == "answered"
    assert a.value == pytest.approx(weather[weather.city == "X"].rain.mean())


def test_may_as_a_month_still_filters() -> None:
    weather = monthly_rain()
    a = analyse("May rain for city X?", {"df": weather})
    assert a.status == "answered"
    assert a.value == pytest.approx(20)


def test_there_keeps_a_numbered_place() -> None:
    stores = pd.DataFrame({"temperature": [10, 31, 33, 12, 35, 14, 32, 36],
                           "humidity": [50, 60, 70, 80, 55, 65, 75, 85],
                           "store": [1, 2, 1, 2, 1, 2, 1, 2]})  # fmt: skip
    question = ("how many days was temperature above 30 for store 2; "
                "what was the mean humidity there?")  # fmt: skip
    a = analyse(question, {"df": stores})
    assert a.status in ("answered", "partial")
    mean_there = stores[stores.store == 2].humidity.mean()
    assert f"{mean_there:g}" in a.text
    assert f"{stores.humidity.mean():g}" not in a.text
    # the place is carried, the threshold on the measure is not
    assert "humidity (rows where store = 2)" in a.text


_STORES = pd.DataFrame({"temperature": [10, 31, 33, 12, 35, 14, 32, 36, 40],
                        "humidity": [50, 60, 70, 80, 55, 65, 75, 85, 20],
                        "store": [1, 2, 1, 2, 1, 2, 1, 2, 3]})  # fmt: skip


@pytest.mark.parametrize(
    ("question", "rows", "said"),
    [
        ("mean humidity for store != 2; what was the max temperature there?",
         _STORES.store != 2, "store != 2"),
        ("mean humidity for stores 1 and 2; and the max temperature there?",
         _STORES.store.between(1, 2), "store between 1 and 2"),
    ],
)  # fmt: skip
def test_there_keeps_a_place_said_by_any_operator(
    question: str, rows: pd.Series, said: str
) -> None:
    a = analyse(question, {"df": _STORES})
    assert a.status in ("answered", "partial"), a.text
    assert f"temperature (rows where {said})" in a.text
    assert f"{_STORES[rows].temperature.max():g}" in a.text


def test_there_drops_a_threshold_on_a_measure() -> None:
    question = "mean humidity when temperature is above 30; what was the max temperature there?"
    a = analyse(question, {"df": _STORES})
    assert "maximum of temperature is 40" in a.text, a.text


def test_a_unit_written_once_after_a_range_is_both_ends() -> None:
    items = pd.DataFrame({"item": list("abcdef"), "length_cm": [10, 200, 300, 50, 150, 20]})
    a = analyse("how many items have length_cm between 1 and 2 m?", {"df": items})
    assert a.status == "answered", a.text
    assert a.value == int(items.length_cm.between(100, 200).sum())
    assert "between(100, 200)" in (a.code or "")
