"""Outcomes said in words, a table's name said as an amount, and questions of cause.

- "for deaths in the 55+ category" dropped "deaths" (a column ``dead`` holds "dead" and
  "alive") and summed every crash: "deaths", "died" and "fatal" now read the value
  "dead", and "died" a yes/no column named ``death``.
- "how many pupils had no absences?" on a table named ``absences`` counted every row: a
  table's name after "no" is an amount of it, not the table, and is named as unread.
- "did the laws reduce violent crime?" listed rows as a complete answer: a question of
  cause is declined with what the data can show instead. A change the data shows ("did
  violent crime increase in 1990?") is not a question of cause.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

CRASHES = pd.DataFrame(
    {
        "dvcat": ["55+", "55+", "10-24", "55+", "25-39"],
        "dead": ["dead", "alive", "dead", "dead", "alive"],
        "weight": [10.0, 20.0, 30.0, 40.0, 50.0],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "sum of the weight column for deaths in the 55+ category",
        "total weight of fatal crashes in the 55+ category",
    ],
)
def test_deaths_said_in_words_read_the_outcome(question: str) -> None:
    a = analyse(question, {"crashes": CRASHES})
    assert a.status == "answered", a.text
    truth = CRASHES[(CRASHES.dead == "dead") & (CRASHES.dvcat == "55+")].weight.sum()
    assert a.value == pytest.approx(truth), a.text


PUPILS = pd.DataFrame({"sex": ["m", "f", "m", "f"], "absent": [0, 3, 0, 7]})


def test_died_reads_a_yes_no_column_named_death() -> None:
    people = pd.DataFrame({"sex": ["F", "M", "M", "F", "M"], "death": [1, 0, 1, 0, 1]})
    a = analyse("what share of men died?", {"people": people})
    assert a.status == "answered", a.text
    men = people[people.sex == "M"]
    assert a.value == pytest.approx(float(men.death.mean())), a.text


def test_a_tables_name_after_no_is_no_count_of_every_row() -> None:
    a = analyse("how many pupils had no absences at all?", {"absences": PUPILS})
    assert not (a.status == "answered" and a.value == len(PUPILS)), a.text


def test_the_tables_name_still_names_the_table() -> None:
    a = analyse("how many rows does absences have?", {"absences": PUPILS})
    assert a.status == "answered" and a.value == len(PUPILS), a.text


GUNS = pd.DataFrame(
    {
        "year": [1989, 1989, 1990, 1990],
        "law": ["no", "yes", "no", "yes"],
        "violent": [700.0, 600.0, 720.0, 580.0],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "did the shall-carry laws reduce violent crime?",
        "does the law affect violent crime?",
        "what is the effect of the law on violent crime?",
    ],
)
def test_a_question_of_cause_is_declined(question: str) -> None:
    a = analyse(question, {"guns": GUNS})
    assert a.status == "declined", a.text
    assert "caused" in a.text, a.text


def test_a_change_the_data_shows_is_no_question_of_cause() -> None:
    a = analyse("did violent crime increase in 1990?", {"guns": GUNS})
    assert "caused" not in a.text, a.text


FLIGHTS = pd.DataFrame(
    {  # 60 flights, each with its flight number (many numbers, a few flown twice)
        "carrier": (["DL"] * 5 + ["MQ"] * 3 + ["AA"] * 2 + ["UA"] * 2) * 5,
        "origin": (["LGA"] * 9 + ["JFK"] * 3) * 5,
        "flight": [1000 + (i * 37) % 55 for i in range(60)],
    }
)


@pytest.mark.parametrize(
    "question",
    ["top 3 carriers by number of flights out of LGA", "number of flights by carrier out of LGA"],
)
def test_flights_counted_by_the_plural_of_a_flight_number_column_are_rows(question: str) -> None:
    # the flight numbers were added up (1919 + 461 ...) as the "number of flights", as
    # complete: rows are counted now, and the other reading (a column of counts) is named
    a = analyse(question, {"flights": FLIGHTS})
    assert a.status == "partial", a.text
    assert "flight" in " ".join(a.left_out), a.left_out
    truth = FLIGHTS[FLIGHTS.origin == "LGA"].carrier.value_counts()  # DL 25, MQ 15, AA 5
    assert isinstance(a.value, dict | list), a.text
    if isinstance(a.value, dict):
        got = {k: v for k, v in a.value.items() if v}  # a carrier with no LGA flight: 0
        assert got == {k: int(v) for k, v in truth.items()}, a.text
    else:
        assert list(a.value)[:3] == list(truth.index), a.text


def test_a_count_column_named_in_the_singular_is_never_counted_as_rows_for_sure() -> None:
    covid = pd.DataFrame({"state": ["NY", "NY", "NY", "CA"], "death": [120, 340, 560, 80]})
    a = analyse("how many deaths were there in NY?", {"covid": covid})
    assert a.status != "answered", a.text
    assert "total of death" in a.text, a.text


def test_a_measure_per_year_of_a_year_column_is_a_figure_a_year() -> None:
    # "per year" was read as a ratio of consumption to the year number
    macro = pd.DataFrame(
        {"year": [1980.0, 1980.0, 1981.0, 1981.0, 1990.0], "realcons": [1.0, 3.0, 5.0, 7.0, 9.0]}
    )
    a = analyse("average real consumption per year in the 1980s", {"macro": macro})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx({1980.0: 2.0, 1981.0: 6.0}), a.text


def test_a_values_rate_by_group_is_the_rate_within_each_group() -> None:
    # "death rate by airbag" split the deaths across airbag groups (adding up to 1)
    crashes = CRASHES.assign(airbag=["airbag", "none", "airbag", "none", "airbag"])
    a = analyse("death rate by airbag", {"crashes": crashes})
    assert a.status == "answered", a.text
    truth = (crashes.dead == "dead").groupby(crashes.airbag).mean()
    assert a.value == pytest.approx(truth.to_dict()), a.text


MENU = pd.DataFrame(
    {  # a menu of 80 items, each named once: too many names to be groups
        "restaurant": ["Mcdonalds", "Subway"] * 40,
        "item": [f"Item {i}" for i in range(80)],
        "sat_fat": [float(i % 13) for i in range(80)],
    }
)


def test_per_item_of_a_column_naming_each_row_is_per_row() -> None:
    # "per item" grouped by the item's name: one group a row, listed as the answer
    a = analyse("average saturated fat per item at McDonald's", {"menu": MENU})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(MENU[MENU.restaurant == "Mcdonalds"].sat_fat.mean()), a.text


def test_per_restaurant_still_groups() -> None:
    a = analyse("average saturated fat per restaurant", {"menu": MENU})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(MENU.groupby("restaurant").sat_fat.mean().to_dict()), a.text


@pytest.mark.parametrize(
    "question",
    ["average age of dead patients", "average age of alive patients in ward B"],
)
def test_an_outcome_word_no_column_holds_is_named(question: str) -> None:
    # "dead" is a word for a value only where a column holds it: wards A and B code none
    wards = pd.DataFrame({"ward": ["A", "A", "B", "B"], "age": [50, 60, 70, 80]})
    a = analyse(question, {"patients": wards})
    assert a.status != "answered", a.text
