"""A follow-up whose words fill another slot than the entity the request before named
is added to it, never put in that entity's place: "and in January?" after "total revenue
in the North" asks the North's January (a month is no region), "and for women?" after
"average wage in the South" the South's women. A word of the same kind still takes the
place of the one before ("and in March?" after "in January"). A comparison takes the
place of the comparison before by the side of its number it keeps ("and younger ones?"
after "people over 40" asks "people younger than 40").

The expected texts are what a user reads in the plan, written by hand; the figures are
plain pandas on the small tables here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.agents.roles import ANALYST, DRAWS_TABLES
from notebook_router.context.arc import ArcRun, ArcTask, ArcView
from notebook_router.planner.followup import follow_up
from tests.planner.conftest import RouterOn

ANALYST_ROLES = frozenset({ANALYST, DRAWS_TABLES})


def asked(question: str) -> ArcView:
    """An arc whose one run asked the data analyst ``question``."""
    said = question[:1].upper() + question[1:]
    task = ArcTask(id="t1", description=said, agent="data_analyst", roles=ANALYST_ROLES)
    return ArcView(runs=(ArcRun(run_id="r1", goal=question, tasks=(task,)),))


def plan_after(earlier: str, request_: str) -> list[str]:
    """The task texts a user reads in the plan of ``request_`` after ``earlier``."""
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "same", followed
    return [t.description for t in followed.tasks]


@pytest.mark.parametrize(
    ("earlier", "request_", "again"),
    [
        # another slot: added, with the preposition the user said
        ("total revenue in the North", "and in January?", "Total revenue in the North in January"),
        (
            "total revenue in the North",
            "what about January?",
            "Total revenue in the North for January",
        ),
        ("total revenue in the North", "and for 2023?", "Total revenue in the North for 2023"),
        ("units sold in the East", "and in Q3?", "Units sold in the East in Q3"),
        ("average wage in the South", "and for women?", "Average wage in the South for women"),
        ("average wage in the South", "do the same for men", "Average wage in the South for men"),
        ("average wage of women", "and in 2020?", "Average wage of women in 2020"),
        (
            "total revenue in the North",
            "and in January 2020?",
            "Total revenue in the North in January 2020",
        ),
        # the same slot: replaced
        ("average temp_max in July 2015", "and in July 2014?", "Average temp_max in July 2014"),
        (
            "average max temperature by weather type",
            "same but for the minimum temperature",
            "Average minimum temperature by weather type",
        ),
        ("total revenue in January", "and in March?", "Total revenue in March"),
        ("total revenue in January", "what about March?", "Total revenue in March"),
        ("total revenue in the North", "what about the South?", "Total revenue in the South"),
        ("total revenue in the North", "and in Europe?", "Total revenue in Europe"),
        ("average wage of women", "and of men?", "Average wage of men"),
        (
            "total revenue in the North in 2022",
            "and for 2023?",
            "Total revenue in the North in 2023",
        ),
    ],
)
def test_a_word_of_another_kind_is_added_and_one_of_the_same_kind_replaced(
    earlier: str, request_: str, again: str
) -> None:
    assert plan_after(earlier, request_) == [again]


@pytest.mark.parametrize(
    ("earlier", "request_", "again"),
    [
        (
            "average income of people over 40",
            "and younger ones?",
            "Average income of people younger than 40",
        ),
        (
            "average income of people over 40",
            "and the younger ones?",
            "Average income of people younger than 40",
        ),
        (
            "average income of people over 40",
            "what about those under 40?",
            "Average income of people under 40",
        ),
        (
            "average income of people over 40",
            "and younger people?",
            "Average income of people younger than 40",
        ),
        (
            "average income of people older than 40",
            "and under 40?",
            "Average income of people under 40",
        ),
        (
            "average price of houses with at least 3 bedrooms",
            "and fewer?",
            "Average price of houses with fewer than 3 bedrooms",
        ),
        (
            "average rent of flats of at most 50 m2",
            "and larger ones?",
            "Average rent of flats of more than 50 m2",
        ),
        (
            "average mpg of cars heavier than 3000",
            "and lighter ones?",
            "Average mpg of cars lighter than 3000",
        ),
        (
            "average mpg of cars heavier than 3000",
            "what about the smaller ones?",
            "Average mpg of cars smaller than 3000",
        ),
        (  # a bare word where "than" was: the side's plain word, never "with below 4"
            "count of cars with more than 4 cylinders",
            "and below?",
            "Count of cars with less than 4 cylinders",
        ),
        (
            "count of cities above 1000000",
            "and bigger than 5000000?",
            "Count of cities bigger than 5000000",
        ),
        ("orders placed after 2020", "and before?", "Orders placed before 2020"),
    ],
)
def test_a_comparison_of_the_other_side_takes_the_place_of_the_one_before(
    earlier: str, request_: str, again: str
) -> None:
    assert plan_after(earlier, request_) == [again]


@pytest.mark.parametrize(
    ("earlier", "request_"),
    [
        ("average income of people over 40", "and older ones?"),
        ("count of cars with more than 4 cylinders", "and bigger?"),
    ],
)
def test_a_comparison_of_the_same_side_is_asked_about(earlier: str, request_: str) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert "already asks about" in followed.question


# ------------------------------------------------------------------ through the Router

SALES = pd.DataFrame(
    {
        "region": ["North", "South", "North", "South", "North", "East"] * 2,
        "month": ["January", "January", "March", "March", "January", "March"] * 2,
        "year": [2023] * 6 + [2022] * 6,
        "revenue": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
    }
)
WAGES = pd.DataFrame(
    {
        "area": ["South", "North", "South", "South", "North", "North"],
        "sex": ["female", "female", "male", "female", "male", "male"],
        "wage": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0],
    }
)
PEOPLE = pd.DataFrame(
    {"income": [10.0, 6.0, 12.0, 8.0, 20.0, 4.0], "age": [30, 50, 45, 20, 60, 35]}
)
CARS = pd.DataFrame(
    {"weight": [2000, 3500, 2800, 4000, 3100, 2500], "mpg": [35.0, 18.0, 30.0, 15.0, 22.0, 33.0]}
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "truth"),
    [
        (
            "sales",
            SALES,
            "total revenue in the North",
            "and in January?",
            "Total revenue in the North in January",
            SALES[(SALES.region == "North") & (SALES.month == "January")].revenue.sum(),
        ),
        (
            "sales",
            SALES,
            "total revenue in the North",
            "and for 2023?",
            "Total revenue in the North for 2023",
            SALES[(SALES.region == "North") & (SALES.year == 2023)].revenue.sum(),
        ),
        (
            "sales",
            SALES,
            "total revenue in January",
            "and in March?",
            "Total revenue in March",
            SALES[SALES.month == "March"].revenue.sum(),
        ),
        (
            "wages",
            WAGES,
            "average wage in the South",
            "and for women?",
            "Average wage in the South for women",
            WAGES[(WAGES.area == "South") & (WAGES.sex == "female")].wage.mean(),
        ),
        (
            "census",
            PEOPLE,
            "average income of people over 40",
            "and the younger ones?",
            "Average income of people younger than 40",
            PEOPLE[PEOPLE.age < 40].income.mean(),
        ),
        (
            "census",
            PEOPLE,
            "average income of people over 40",
            "what about those under 40?",
            "Average income of people under 40",
            PEOPLE[PEOPLE.age < 40].income.mean(),
        ),
        (
            "cars",
            CARS,
            "average mpg of cars heavier than 3000",
            "and lighter ones?",
            "Average mpg of cars lighter than 3000",
            CARS[CARS.weight < 3000].mpg.mean(),
        ),
    ],
)
def test_the_follow_up_answers_the_rows_both_slots_say(
    router_on: RouterOn,
    name: str,
    frame: pd.DataFrame,
    earlier: str,
    request_: str,
    again: str,
    truth: float,
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert run.data("t1") == pytest.approx(truth)
    assert again in run.answer  # the text the user reads is the one that ran
