"""Values and people as a user says them, each once answered as complete and wrong:

- "who was the oldest best actor winner?" names the person (``name``), though an actor
  who won twice repeats it, not the film that tells the rows apart;
- "who led BOS in hits?" answered by BOS's hit figures names no one: partial;
- "... and what is their total amount?" is about the customer the first part picked;
- "average age by type of death": "of death" says what ``type`` holds, not a condition;
- "pets *named* Luna" is no value "Name"; "went *to the* US" is the destination;
- "the Iron Man films" are every film whose title holds "Iron Man".
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

OSCARS = pd.DataFrame(
    {
        "award": ["actress", "actor", "actress", "actor", "actress", "actor", "actress"],
        "name": ["Ann Lee", "Bob Roe", "Ann Lee", "Cy Poe", "Dee Fox", "Bob Roe", "Eve Kim"],
        "movie": ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta"],
        "age": [30, 45, 33, 76, 21, 50, 40],
    }
)
TEAM = pd.DataFrame(
    {
        "player_name": ["Al", "Bo", "Al", "Cy", "Di", "Bo"],
        "club": ["Reds", "Reds", "Blues", "Blues", "Reds", "Blues"],
        "season": [2020, 2020, 2021, 2021, 2021, 2022],
        "goals": [12, 30, 8, 25, 3, 19],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "where", "by", "smallest"),
    [
        (OSCARS, "who was the oldest best actress winner?", ("award", "actress"), "age", False),
        (OSCARS, "who was the youngest actor to win?", ("award", "actor"), "age", True),
        (TEAM, "who scored the most goals for the Blues?", ("club", "Blues"),
         "goals", False),
    ],
)  # fmt: skip
def test_who_names_the_person_though_a_person_repeats(
    frame: pd.DataFrame, question: str, where: tuple[str, str], by: str, smallest: bool
) -> None:
    rows = frame[frame[where[0]] == where[1]]
    row = rows[by].idxmin() if smallest else rows[by].idxmax()
    person = "name" if "name" in frame else "player_name"
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == frame.loc[row, person], answer.text


@pytest.mark.parametrize("question", ["who led the Blues in goals?", "who topped Reds in goals?"])
def test_who_answered_by_figures_alone_is_partial(question: str) -> None:
    answer = analyse(question, {"team": TEAM})
    assert answer.status != "answered", answer.text


ORDERS = pd.DataFrame(
    {
        "customer": ["Ann", "Bob", "Ann", "Cid", "Ann", "Bob", "Cid"],
        "amount": [10.0, 25.0, 12.0, 90.0, 30.0, 80.0, 11.0],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "which customer has the most orders, and what is their total amount?",
        "which customer has the most orders and what is their average amount?",
    ],
)
def test_their_is_the_one_picked_before(question: str) -> None:
    answer = analyse(question, {"orders": ORDERS})
    picked = ORDERS["customer"].value_counts().idxmax()
    rows = ORDERS.loc[ORDERS["customer"] == picked, "amount"]
    figure = rows.sum() if "total" in question else rows.mean()
    assert answer.status == "answered", answer.text
    assert f"{figure:.2f}".rstrip("0").rstrip(".") in answer.text.replace(",", ""), answer.text


DEATHS = pd.DataFrame(
    {
        "age": [20, 30, 40, 50, 60, 25, 35, 45],
        "type": ["Death", "Homicide", "Homicide", "Death", "Accident", "Accident", "Homicide",
                 "Death"],
    }
)  # fmt: skip
BILLS = pd.DataFrame(
    {
        "category": ["Service", "Goods", "Service", "Rental", "Goods", "Service"],
        "revenue": [2.0, 0.0, 5.0, 1.0, 3.0, 4.0],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "measure", "by"),
    [
        (DEATHS, "average age by type of death", "age", "type"),
        (BILLS, "average revenue per category of service", "revenue", "category"),
    ],
)
def test_a_value_said_after_the_grouped_column_describes_it(
    frame: pd.DataFrame, question: str, measure: str, by: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    truth = frame.groupby(by)[measure].mean()
    assert isinstance(answer.value, dict), answer.text
    assert {k: round(v, 2) for k, v in answer.value.items()} == {
        k: round(v, 2) for k, v in truth.items()
    }, answer.text


def test_a_said_value_for_the_grouped_column_still_filters() -> None:
    answer = analyse("average age by type for Homicide", {"deaths": DEATHS})
    assert isinstance(answer.value, dict), answer.text
    assert list(answer.value) == ["Homicide"], answer.text


PETS = pd.DataFrame({"animal_name": ["Luna", "Max", "Luna", "Name", "Bella", "Luna", "Max"]})
STREETS = pd.DataFrame({"street": ["Called", "Oak", "Elm", "Oak", "Call"], "km": [1, 2, 3, 4, 5]})


@pytest.mark.parametrize(
    ("frame", "question", "truth"),
    [
        (PETS, "how many pets are named Luna?", 3),
        (PETS, "how many pets are called Max?", 2),
        (STREETS, "how many streets named Oak?", 2),
    ],
)
def test_a_verb_of_naming_is_no_value(frame: pd.DataFrame, question: str, truth: int) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth, answer.text


SHIPMENTS = pd.DataFrame(
    {
        "origin_country": ["US", "DE", "US", "CN", "US", "FR", "DE", "US"],
        "destination_country": ["DE", "US", "GB", "US", "CA", "US", "GB", "DE"],
    }
)


@pytest.mark.parametrize(
    ("question", "column", "negated"),
    [
        ("how many shipments went to the US?", "destination_country", False),
        ("how many shipments did not go to the US?", "destination_country", True),
        ("how many shipments came from the US?", "origin_country", False),
    ],
)
def test_the_end_of_a_trip_is_read_past_the(question: str, column: str, negated: bool) -> None:
    answer = analyse(question, {"shipments": SHIPMENTS})
    held = SHIPMENTS[column] == "US"
    assert answer.value == int((~held if negated else held).sum()), answer.text


FILMS = pd.DataFrame(
    {
        "movie": ["Iron Man", "Thor", "Iron Man 2", "Ant-Man", "Iron Man 3", "Thor: Ragnarok"],
        "gross_world": [585.0, 449.0, 623.0, 519.0, 1214.0, 854.0],
    }
)


@pytest.mark.parametrize(
    ("question", "words", "how"),
    [
        ("what is the total worldwide gross of the Iron Man films?", "Iron Man", "sum"),
        ("how many Thor movies are there?", "Thor", "count"),
    ],
)
def test_a_value_with_a_plural_noun_names_its_series(question: str, words: str, how: str) -> None:
    answer = analyse(question, {"films": FILMS})
    rows = FILMS[FILMS["movie"].str.contains(words)]
    truth = rows["gross_world"].sum() if how == "sum" else len(rows)
    assert answer.status == "answered", answer.text
    assert answer.value == truth, answer.text


def test_a_value_said_alone_stays_that_value() -> None:
    answer = analyse("gross_world of the Iron Man film", {"films": FILMS})
    assert answer.value == 585.0, answer.text
