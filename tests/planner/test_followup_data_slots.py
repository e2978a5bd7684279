"""The slot a follow-up's word fills is decided by the data: a word that is a value of a
column takes the place of the earlier value of that column ("Marketing" for "engineers",
both departments), a new group-by is added keeping the statistic and the filter ("now by
neighborhood"), a value after a breakdown is a filter added to it, and a value of another
column than the one the earlier request filtered on is asked about (together or instead?),
never glued in that value's place.

The expected texts are what a user reads in the plan, written by hand; the figures are
plain pandas on the small tables here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conftest import RouterOn

STAFF = pd.DataFrame(
    {
        "department": [
            "Engineering",
            "Engineering",
            "Marketing",
            "Marketing",
            "Engineering",
            "Marketing",
        ],
        "city": ["Austin", "Boston", "Austin", "Boston", "Austin", "Austin"],
        "gender": ["female", "female", "female", "male", "male", "female"],
        "salary": [100, 200, 300, 400, 500, 600],
    }
)
ORDERS = pd.DataFrame(
    {
        "product": ["Laptop", "Phone", "Laptop", "Phone", "Laptop", "Phone"],
        "country": ["Germany", "Germany", "Spain", "Spain", "Germany", "Spain"],
        "quantity": [1, 2, 3, 4, 5, 6],
    }
)
HOMES = pd.DataFrame(
    {
        "type": ["condo", "townhouse", "townhouse", "condo", "townhouse"],
        "neighborhood": ["A", "A", "B", "B", "B"],
        "price": [100, 200, 300, 400, 500],
    }
)
AUSTIN = STAFF[STAFF.city == "Austin"]
MARKETING_IN_AUSTIN = AUSTIN[AUSTIN.department == "Marketing"].salary.mean()
GERMANY = ORDERS[ORDERS.country == "Germany"]


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "truth"),
    [
        (
            "staff",
            STAFF,
            "average salary of engineers in Austin",
            request_,
            "Average salary of Marketing in Austin",
            MARKETING_IN_AUSTIN,
        )
        for request_ in (
            "now do the same for Marketing",
            "what about Marketing?",
            "and for Marketing?",
        )
    ]
    + [
        (
            "orders",
            ORDERS,
            "total quantity of laptops sold in Germany",
            request_,
            "Total quantity of phones sold in Germany",
            GERMANY[GERMANY["product"] == "Phone"].quantity.sum(),
        )
        for request_ in ("what about phones?", "and phones?", "now do the same for phones")
    ],
)
def test_a_value_takes_the_place_of_the_value_of_its_column(
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
    assert again in run.answer


@pytest.mark.parametrize("request_", ["and in Spain?", "what about Spain?", "now for Spain"])
def test_the_next_follow_up_builds_on_the_rewritten_request(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("orders", ORDERS)
    router.run_sync("total quantity of laptops sold in Germany")
    router.run_sync("what about phones?")
    run = router.run_sync(request_)
    [task] = run.tasks
    assert "phones" in task.description and "Spain" in task.description, task.description
    assert "laptops" not in task.description and "Germany" not in task.description
    phones = ORDERS[ORDERS["product"] == "Phone"]
    assert run.data("t1") == pytest.approx(phones[phones.country == "Spain"].quantity.sum())


@pytest.mark.parametrize(
    "request_", ["now by neighborhood", "and by neighborhood?", "what about by neighborhood?"]
)
def test_a_new_group_by_keeps_the_statistic_and_the_filter(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("homes", HOMES)
    router.run_sync("median price of townhouses")
    run = router.run_sync(request_)
    said = "Median price of townhouses by neighborhood"
    assert [(t.description, t.status) for t in run.tasks] == [(said, "fulfilled")]
    truth = HOMES[HOMES.type == "townhouse"].groupby("neighborhood").price.median()
    table = run.data("t1")
    assert isinstance(table, pd.DataFrame)
    assert table.iloc[:, 0].to_dict() == truth.to_dict()


@pytest.mark.parametrize("request_", ["and for women?", "what about women?", "now for women"])
def test_a_value_after_a_breakdown_is_a_filter_added_to_it(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("staff", STAFF)
    router.run_sync("count employees by city")
    run = router.run_sync(request_)
    [task] = run.tasks
    assert task.description == "Count employees by city for women"
    assert task.status == "fulfilled"
    truth = STAFF[STAFF.gender == "female"].groupby("city").size()
    table = run.data("t1")
    assert isinstance(table, pd.DataFrame)
    assert table.iloc[:, 0].to_dict() == truth.to_dict()


@pytest.mark.parametrize(
    ("earlier", "request_", "kept"),
    [
        ("median salary in Austin", "what about women?", "Austin"),
        ("median salary in Austin", "and for women?", "Austin"),
        ("average salary of women", "what about Boston?", "women"),
    ],
)
def test_a_value_of_another_column_is_asked_about_not_put_in_the_earlier_ones_place(
    router_on: RouterOn, earlier: str, request_: str, kept: str
) -> None:
    router = router_on("staff", STAFF)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert not run.tasks
    assert f"asks about “{kept}”" in run.answer
    assert "together" in run.answer


DEPARTMENTS = pd.DataFrame(
    {
        "department": ["IT", "IT", "HR", "HR", "Ops"],
        "city": ["Austin", "Boston", "Austin", "Boston", "Austin"],
        "salary": [100, 200, 300, 400, 500],
    }
)
COUNTRIES = pd.DataFrame(
    {
        "country": ["US", "US", "Canada", "Canada", "Mexico"],
        "product": ["a", "b", "a", "b", "a"],
        "sales": [1, 2, 40, 80, 500],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "gone", "truth"),
    [
        ("staff", DEPARTMENTS, "average salary in IT", "what about HR?", "IT", 350),
        ("staff", DEPARTMENTS, "average salary in IT", "and for HR?", "IT", 350),
        ("orders", COUNTRIES, "total sales in the US", "what about Canada?", "US", 120),
        ("orders", COUNTRIES, "total sales in the US", "and for Canada?", "US", 120),
    ],
)
def test_a_value_spelled_like_an_everyday_word_is_the_one_replaced(
    router_on: RouterOn,
    name: str,
    frame: pd.DataFrame,
    earlier: str,
    request_: str,
    gone: str,
    truth: float,
) -> None:
    # "IT" and "US" read as "it" and "us" when lower-cased: matched as the data writes them
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    [task] = run.tasks
    assert gone not in task.description.split(), task.description
    assert task.status == "fulfilled"
    assert run.data("t1") == pytest.approx(truth)


CITIES = pd.DataFrame({"city": ["Austin", "Boston", "東京"] * 2, "salary": [1.0, 2.0, 4.0] * 2})


@pytest.mark.parametrize("request_", ["what about 大阪?", "and for Paris?", "what about Paris?"])
def test_a_word_no_row_holds_is_asked_about_not_swapped_for_a_value(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("staff", CITIES)
    router.run_sync("average salary in Austin")
    run = router.run_sync(request_)
    assert not run.tasks
    assert "no row of the data holds" in run.answer


FILMS = pd.DataFrame(
    {
        "rating": [6.1, 7.2, 5.5, 8.0, 6.8, 4.9, 7.7, 5.2],
        "votes": [10, 250, 40, 900, 75, 12, 300, 20],
        "Action": [1, 1, 0, 0, 1, 0, 1, 0],
        "Animation": [0, 0, 1, 1, 0, 1, 0, 0],
        "Short": [True, False, False, True, False, False, True, False],
        "share": [0.0, 0.25, 0.5, 1.0, 0.0, 0.75, 1.0, 0.5],  # between 0 and 1: no yes/no
    }
)


@pytest.mark.parametrize("request_", ["what about Animation?", "and Animation?"])
def test_a_yes_no_column_takes_the_place_of_the_one_that_picked_the_rows(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("movies", FILMS)
    router.run_sync("average rating of Action movies")
    run = router.run_sync(request_)
    said = "Average rating of Animation movies"
    assert [(t.description, t.status) for t in run.tasks] == [(said, "fulfilled")]
    assert run.data("t1") == pytest.approx(FILMS[FILMS.Animation == 1].rating.mean())
    # a column that is no yes/no one still takes the measure's place
    run = router.run_sync("what about votes?")
    assert run.data("t1") == pytest.approx(FILMS[FILMS.Animation == 1].votes.mean())
    run = router.run_sync("what about share?")
    assert run.data("t1") == pytest.approx(FILMS[FILMS.Animation == 1].share.mean())
    run = router.run_sync("what about Short?")  # a column of booleans is a yes/no one
    assert run.data("t1") == pytest.approx(FILMS[FILMS.Short].share.mean())


def test_a_yes_no_column_said_as_a_plural_takes_the_place_of_the_other(
    router_on: RouterOn,
) -> None:
    films = FILMS.assign(Comedy=[1, 0, 1, 0, 1, 0, 1, 0], Drama=[0, 1, 1, 0, 0, 1, 0, 1])
    router = router_on("movies", films)
    router.run_sync("What is the average rating of comedies?")
    run = router.run_sync("what about dramas?")
    assert [t.status for t in run.tasks] == ["fulfilled"]
    assert run.data("t1") == pytest.approx(films[films.Drama == 1].rating.mean())
