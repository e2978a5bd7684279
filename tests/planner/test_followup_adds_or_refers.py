"""A follow-up that names a value of another column adds a filter ("and in 2011 only?"
after "... in Newham": Newham and 2011), one of the same column takes its place ("now do
the same for Hackney"); and a reference said last ("... there?", "... from them?") is
asked of the rows or the group the answer before found, never of every row."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.planner.followup_said import said_entity
from tests.planner.conversation import asked

CRIMES = pd.DataFrame(
    {
        "borough": ["Newham", "Newham", "Newham", "Hackney", "Hackney", "Camden", "Newham"],
        "year": [2010, 2011, 2011, 2011, 2010, 2011, 2012],
        "weapon": ["knife", "gun", "knife", "knife", "gun", "knife", "gun"],
    }
)
SHIPMENTS = pd.DataFrame(
    {
        "port": ["Rotterdam", "Rotterdam", "Antwerp", "Antwerp", "Rotterdam", "Hamburg"],
        "month": ["March", "April", "March", "March", "March", "April"],
        "tons": [5.0, 6, 7, 8, 9, 10],
    }
)
QUAKES = pd.DataFrame(
    {
        "region": ["Asia", "Asia", "Asia", "Europe", "Europe", "Americas", "Americas", "Asia"],
        "deaths": [100, 200, 300, 10, 20, 30, 40, 50],
    }
)
ELECTIONS = pd.DataFrame(
    {
        "state": list("ABCDEFGHIJKLMN"),
        "winner": ["Clinton", "Trump"] * 7,
        "electoral_votes": [10, 20, 30, 40, 5, 15, 3, 4, 6, 7, 8, 9, 11, 12],
    }
)
SHOPS = pd.DataFrame(
    {
        "city": ["Lyon", "Lyon", "Nice", "Nice", "Nice", "Nice", "Metz"],
        "revenue": [10.0, 20, 30, 40, 50, 60, 70],
    }
)


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("and in 2011 only?", ("2011", "in")),
        ("and only in 2011?", ("2011", "in")),
        ("what about Hackney only?", ("Hackney", "")),
        ("and in 2011?", ("2011", "in")),
    ],
)
def test_only_is_no_part_of_the_entity(goal: str, said: tuple[str, str]) -> None:
    assert said_entity(goal) == said


@pytest.mark.parametrize("follow", ["and in 2011 only?", "and only in 2011?", "and in 2011?"])
def test_a_year_after_a_borough_adds_a_filter(follow: str) -> None:
    answer = asked("c", CRIMES, "how many murders were there in Newham?", follow)
    assert answer.numbers[-1] == 2
    assert "borough = Newham" in answer.text and "year = 2011" in answer.text


def test_a_month_after_a_port_adds_a_filter() -> None:
    answer = asked("s", SHIPMENTS, "what is the total tons in Rotterdam?", "and in March only?")
    assert answer.numbers[-1] == 14
    assert "Rotterdam" in answer.text and "March" in answer.text


def test_guard_a_borough_after_a_borough_takes_its_place() -> None:
    answer = asked(
        "c", CRIMES, "how many murders were there in Newham?", "now do the same for Hackney"
    )
    assert answer.fulfilled
    assert answer.numbers[-1] == 2
    assert "Newham" not in answer.text.split("(Follows")[0]


def test_there_keeps_the_group_the_answer_before_found() -> None:
    answer = asked(
        "q",
        QUAKES,
        "which region had the most earthquakes?",
        "what was the total death toll there?",
    )
    assert answer.numbers[-1] == 650
    assert "region = Asia" in answer.text


def test_there_keeps_the_city_with_the_highest_revenue() -> None:
    answer = asked(
        "s", SHOPS, "which city has the most shops?", "and what is the total revenue there?"
    )
    assert answer.numbers[-1] == 180
    assert "city = Nice" in answer.text


def test_there_after_a_tie_is_partial_and_says_so() -> None:
    tied = SHOPS.assign(city=["Lyon", "Lyon", "Nice", "Nice", "Nice", "Lyon", "Metz"])
    answer = asked(
        "s", tied, "which city has the most shops?", "and what is the total revenue there?"
    )
    assert answer.partial
    assert "not one city" in answer.text


@pytest.mark.parametrize(
    "follow",
    [
        "and how many electoral votes did she get from them?",
        "and what is the total electoral votes she got from those?",
    ],
)
def test_from_them_keeps_the_rows_counted_before(follow: str) -> None:
    answer = asked("e", ELECTIONS, "how many states did Clinton win?", follow)
    assert answer.numbers[-1] == 73
    assert "winner = Clinton" in answer.text


def test_from_them_keeps_the_city_filter() -> None:
    answer = asked(
        "s", SHOPS, "how many shops are in Lyon?", "what is the total revenue we made from them?"
    )
    assert answer.numbers[-1] == 30
    assert "city = Lyon" in answer.text


@pytest.mark.parametrize("follow", ["how many are there in Nice?", "how many shops are there?"])
def test_guard_there_after_a_form_of_be_is_no_reference(follow: str) -> None:
    answer = asked("s", SHOPS, "how many shops are in Lyon?", follow)
    assert "of the rows of the answer before" not in answer.text
