"""Parts of a question that pick rows of their own, and counts of rows a verb picks:

- "what is the heaviest Chinstrap body mass and the lightest Gentoo body mass?" gave the
  heaviest and lightest of both species together, as complete: each part with a
  condition of its own is now answered on its own rows.
- "how many have no income recorded, and the mean age of those who do?" measured the
  rows with no income: after a negated condition, "those who do" are the other rows.
- "how many patients died?" with no column for deaths counted every row as complete.
- "test score of the district with the largest enrollment" with no enrollment column
  gave the largest test score as complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

PENGUINS = pd.DataFrame(
    {
        "species": ["Adelie", "Chinstrap", "Gentoo", "Chinstrap", "Gentoo", "Adelie"],
        "body_mass_g": [3700.0, 3900.0, 5000.0, 4100.0, 4600.0, 6300.0],
        "flipper_length_mm": [180.0, 190.0, 220.0, 195.0, 215.0, 185.0],
    }
)
PEOPLE = pd.DataFrame(
    {
        "age": [20.0, 30.0, 40.0, 50.0, 60.0, 70.0],
        "income": [np.nan, 10.0, np.nan, 30.0, 40.0, np.nan],
        "region": ["N", "S", "N", "S", "N", "S"],
    }
)


def test_each_part_with_its_own_condition_is_its_own_figure() -> None:
    a = analyse(
        "what is the heaviest Chinstrap body mass and the lightest Gentoo body mass?",
        {"penguins": PENGUINS},
    )
    p = PENGUINS
    truth = (
        p[p.species == "Chinstrap"].body_mass_g.max(),
        p[p.species == "Gentoo"].body_mass_g.min(),
    )
    assert a.status == "answered", a.text
    assert a.value == truth, a.text


def test_those_who_do_after_a_negation_are_the_other_rows() -> None:
    a = analyse(
        "how many people have no income recorded, and what is the mean age of those who do?",
        {"people": PEOPLE},
    )
    assert a.status == "answered", a.text
    assert f"{PEOPLE[PEOPLE.income.notna()].age.mean():.2f}" in a.text, a.text


@pytest.mark.parametrize(
    "question",
    ["how many patients died?", "how many of the patients died?", "how many people moved abroad?"],
)
def test_a_verb_no_column_holds_is_no_count_of_every_row(question: str) -> None:
    a = analyse(question, {"people": PEOPLE})
    assert a.status != "answered", a.text


@pytest.mark.parametrize(
    "question", ["how many people are there?", "how many people are in the table?"]
)
def test_a_count_of_the_rows_themselves_stays_answered(question: str) -> None:
    a = analyse(question, {"people": PEOPLE})
    assert a.status == "answered" and a.value == len(PEOPLE), a.text


def test_a_ranking_by_a_measure_no_column_holds_is_named() -> None:
    a = analyse("age of the person with the largest savings", {"people": PEOPLE})
    assert a.status != "answered", a.text
    assert "savings" in a.text, a.text


W12 = pd.DataFrame({"temp_max": [10.0, 12.0, 14.0], "wind": [3.0, 4.0, 5.0]})
W15 = pd.DataFrame({"temp_max": [15.0, 16.0, 20.0], "wind": [2.0, 3.0, 3.0]})


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("which has the higher mean temp_max, w12 or w15?", "w15"),
        ("which table has a higher average wind, w12 or w15?", "w12"),
        ("which one is warmer by mean temp_max, w12 or w15?", "w15"),
    ],
)
def test_which_of_two_tables_names_the_table(question: str, truth: str) -> None:
    a = analyse(question, {"w12": W12, "w15": W15})
    assert a.status == "answered", a.text
    assert a.value == truth, a.text


@pytest.mark.parametrize(
    "question",
    [
        "how many people have no income recorded, and what is the mean age of those who are in region N?",
        "what share of people are in region N and in 2015?",
    ],
)
def test_words_after_those_who_or_a_joined_scope_keep_their_own_reading(question: str) -> None:
    # "those who are in region N" names rows of its own: never the complement of "no income"
    a = analyse(question, {"people": PEOPLE})
    assert "income recorded" not in a.text, a.text


ISLANDS = PENGUINS.assign(island=["Biscoe", "Dream", "Biscoe", "Biscoe", "Biscoe", "Dream"])


@pytest.mark.parametrize(
    "question",
    [
        "the heaviest Chinstrap body mass and the lightest Gentoo body mass, for penguins on Biscoe",
        "what is the heaviest Chinstrap body mass and the lightest Gentoo body mass, on Biscoe?",
    ],
)
def test_a_scope_said_once_after_a_comma_is_every_parts(question: str) -> None:
    # it pooled both species into one max and one min over Biscoe, as complete
    p = ISLANDS[ISLANDS.island == "Biscoe"]
    truth = (
        p[p.species == "Chinstrap"].body_mass_g.max(),
        p[p.species == "Gentoo"].body_mass_g.min(),
    )
    a = analyse(question, {"penguins": ISLANDS})
    assert a.status == "answered", a.text
    assert a.value == truth, a.text


def test_a_scope_said_once_for_parts_of_one_statistic() -> None:
    p = ISLANDS[ISLANDS.island == "Biscoe"]
    a = analyse(
        "total body mass of Chinstrap penguins and total body mass of Gentoo penguins, on Biscoe",
        {"penguins": ISLANDS},
    )
    assert a.status == "answered", a.text
    truth = tuple(p[p.species == s].body_mass_g.sum() for s in ("Chinstrap", "Gentoo"))
    assert a.value == truth, a.text


def test_a_condition_said_at_the_end_with_no_comma_is_named_as_the_last_parts() -> None:
    # "on Biscoe" may be the last part's or both: each part is answered as said, never
    # the two species pooled, and the answer says how it read the condition
    a = analyse(
        "the heaviest Chinstrap body mass and the lightest Gentoo body mass on Biscoe",
        {"penguins": ISLANDS},
    )
    p = ISLANDS
    truth = (
        p[p.species == "Chinstrap"].body_mass_g.max(),
        p[(p.species == "Gentoo") & (p.island == "Biscoe")].body_mass_g.min(),
    )
    assert a.status == "partial", a.text
    assert a.value == truth, a.text
    assert "island = Biscoe for the last part only" in a.text, a.text


SHOP = pd.DataFrame(
    {
        "region": ["North", "South", "North", "East", "North", "South"],
        "sales": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        "price": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0],
    }
)


def test_a_scope_after_a_comma_never_pools_a_parts_own_condition() -> None:
    # "for the South" is the second part's: the North's total stays the North's
    a = analyse("the total sales in the North and the average price, for the South", {"shop": SHOP})
    assert a.value == (
        SHOP[SHOP.region == "North"].sales.sum(),
        SHOP[SHOP.region == "South"].price.mean(),
    ), a.text
