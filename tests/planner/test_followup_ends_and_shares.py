"""Follow-ups that name another end of a trip, the other extreme, the group that ranks
first, or the answer before as a share of a whole, run end to end through a router over
made-up tables:

- "and to JFK?" after "... flights from JFK" is the request before asked again at the
  other end ("... flights to JFK"), which the analyst reads as the destination-like
  column; when the data holds no such row, the run says so.
- "and the lowest?" after "max temp in March" is the minimum of the same rows.
- "which building has the highest?" after "average kwh of electric meters" ranks the
  buildings by that statistic of those rows, never by a count of rows.
- "what percentage is that of all LAX flights?" after "how many flights from LAX were
  cancelled?" is the count over the rows it was counted from; a whole of other rows is
  asked about.

The figures are plain pandas on the small tables here; the texts are what a user reads.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conftest import RouterOn

FLIGHTS = pd.DataFrame(
    {
        "origin": ["LAX", "LAX", "LAX", "LAX", "JFK", "JFK"],
        "dest": ["SEA", "SEA", "MIA", "MIA", "SEA", "LAX"],
        "cancelled": [True, False, False, False, True, False],
        "delay_minutes": [10, 20, 30, 40, 50, 60],
    }
)
TRANSFERS = pd.DataFrame(
    {
        "sender_bank": ["Alpha", "Alpha", "Beta", "Beta", "Gamma"],
        "receiver_bank": ["Beta", "Gamma", "Alpha", "Gamma", "Beta"],
        "amount": [100.0, 250.0, 75.0, 300.0, 20.0],
        "flagged": ["yes", "no", "no", "yes", "no"],
    }
)
TRIPS = pd.DataFrame(  # the same places at both ends, every value in the description
    {
        "start_station": ["Park", "Park", "Dock", "Mill"],
        "end_station": ["Dock", "Mill", "Park", "Park"],
        "minutes": [5.0, 9.0, 12.0, 7.0],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "reading", "truth"),
    [
        (
            "transfers",
            TRANSFERS,
            "total amount of transfers from Beta",
            r,
            "Total amount of transfers to Beta",
            "receiver_bank = Beta",
            TRANSFERS[TRANSFERS.receiver_bank == "Beta"].amount.sum(),
        )
        for r in ("and to Beta?", "what about to Beta?")
    ]
    + [
        (
            "trips",
            TRIPS,
            "average minutes of trips to Park",
            "and from Park?",
            "Average minutes of trips from Park",
            "start_station = Park",
            TRIPS[TRIPS.start_station == "Park"].minutes.mean(),
        )
    ],
)
def test_a_value_at_the_other_end_is_asked_again_at_that_end(
    router_on: RouterOn,
    name: str,
    frame: pd.DataFrame,
    earlier: str,
    request_: str,
    again: str,
    reading: str,
    truth: float,
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert f"rows where {reading}" in run.answer  # never the earlier end's filter again
    assert run.data("t1") == pytest.approx(truth)


@pytest.mark.parametrize("request_", ["and to JFK?", "what about to JFK?", "and into JFK?"])
def test_a_value_no_row_holds_at_the_other_end_is_flagged(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("flights", FLIGHTS)  # no flight goes to JFK
    router.run_sync("average delay_minutes for flights from JFK")
    run = router.run_sync(request_)
    assert [t.status for t in run.tasks] == ["partial"]
    assert "JFK”" in (run.tasks[0].error or "") and "left out" in (run.tasks[0].error or "")


FERRIES = pd.DataFrame(  # every port described: Bergen is no destination
    {
        "origin_port": ["Oslo", "Oslo", "Kiel", "Kiel", "Bergen", "Bergen"],
        "destination_port": ["Kiel", "Kiel", "Oslo", "Oslo", "Kiel", "Oslo"],
        "fare": [30.0, 35.0, 40.0, 45.0, 50.0, 55.0],
    }
)


@pytest.mark.parametrize("request_", ["and to Bergen?", "what about into Bergen?"])
def test_a_value_no_row_holds_at_the_other_end_is_said_to_be_none(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("ferries", FERRIES)
    router.run_sync("average fare of ferries from Bergen")
    run = router.run_sync(request_)
    assert not run.tasks
    assert "in place of origin_port = Bergen" in run.answer
    assert "no row of the data has destination_port = Bergen" in run.answer


def test_a_value_at_the_same_end_still_takes_the_place_of_the_earlier_one(
    router_on: RouterOn,
) -> None:
    router = router_on("flights", FLIGHTS)
    router.run_sync("average delay_minutes for flights from JFK")
    run = router.run_sync("and from LAX?")
    assert [(t.description, t.status) for t in run.tasks] == [
        ("Average delay_minutes for flights from LAX", "fulfilled")
    ]
    assert run.data("t1") == pytest.approx(FLIGHTS[FLIGHTS.origin == "LAX"].delay_minutes.mean())


WEATHER = pd.DataFrame(
    {
        "datetime": pd.to_datetime(
            ["2022-02-03", "2022-02-10", "2022-03-01", "2022-03-15", "2022-03-20"]
        ),
        "temp_c": [5.0, 9.5, 12.0, -1.5, 20.0],
    }
)
SHOP = pd.DataFrame(
    {
        "region": ["North", "North", "South", "South", "South"],
        "price": [3.0, 8.0, 1.5, 9.0, 4.0],
    }
)
MARCH = WEATHER[WEATHER.datetime.dt.month == 3]


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "truth"),
    [
        ("weather", WEATHER, "max temp_c in March", r, "Lowest temp_c in March", MARCH.temp_c.min())
        for r in ("and the lowest?", "what about the lowest?")
    ]
    + [
        (
            "shop",
            SHOP,
            "min price in the South",
            "and the highest?",
            "Highest price in the South",
            SHOP[SHOP.region == "South"].price.max(),
        )
    ],
)
def test_the_other_extreme_is_the_statistic_of_the_same_rows(
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


METERS = pd.DataFrame(
    {
        "building": ["Library", "Library", "Gym", "Gym", "Dorm A", "Dorm A"],
        "meter_type": ["electric", "gas", "electric", "gas", "electric", "gas"],
        "kwh": [300.0, 50.0, 200.0, 400.0, 250.0, 60.0],
    }
)
STORES = pd.DataFrame(
    {
        "store": ["Mall", "Mall", "Depot", "Depot", "Corner"],
        "channel": ["online", "shop", "online", "shop", "online"],
        "sales": [10.0, 90.0, 40.0, 5.0, 25.0],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "first"),
    [
        (
            "meters",
            METERS,
            "average kwh of electric meters",
            r,
            "Which building has the highest average kwh of electric meters?",
            "Library",
        )
        for r in ("which building has the highest?", "and which building is the highest?")
    ]
    + [
        (
            "stores",
            STORES,
            "total sales of online orders",
            "which store has the lowest?",
            "Which store has the lowest total sales of online orders?",
            "Mall",
        )
    ],
)
def test_which_group_ranks_first_ranks_by_the_statistic_before(
    router_on: RouterOn,
    name: str,
    frame: pd.DataFrame,
    earlier: str,
    request_: str,
    again: str,
    first: str,
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert [(t.description, t.status) for t in run.tasks] == [(again, "fulfilled")]
    assert f"{first} has the" in run.answer


STAFF = pd.DataFrame(
    {
        "city": ["Austin", "Boston", "Austin", "Boston", "Austin", "Austin"],
        "gender": ["female", "female", "female", "male", "male", "female"],
        "age": [30, 40, 50, 60, 35, 45],
    }
)
LAX = FLIGHTS[FLIGHTS.origin == "LAX"]
AUSTIN = STAFF[STAFF.city == "Austin"]


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "truth"),
    [
        (
            "flights",
            FLIGHTS,
            "how many flights from LAX were cancelled?",
            r,
            f"What {word} of flights from LAX were cancelled?",
            LAX.cancelled.mean() * (100 if word == "percentage" else 1),
        )
        for r, word in (
            ("what percentage is that of all LAX flights?", "percentage"),
            ("and as a share of all flights from LAX?", "share"),
            ("what fraction is that of the LAX flights?", "fraction"),
            ("what percentage of all LAX flights is that?", "percentage"),
        )
    ]
    + [
        (
            "staff",
            STAFF,
            "how many employees in Austin are women?",
            "what share is that of all Austin employees?",
            "What share of employees in Austin are women?",
            (AUSTIN.gender == "female").mean(),
        ),
        (
            "staff",
            STAFF,
            "how many employees in Austin are older than 40?",
            "as a percentage of all employees in Austin?",
            "What percentage of employees in Austin are older than 40?",
            (AUSTIN.age > 40).mean() * 100,
        ),
    ],
)
def test_a_count_as_a_share_of_the_rows_it_was_counted_from(
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


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_"),
    [
        ("flights", FLIGHTS, "how many flights from LAX were cancelled?", r)
        for r in ("what percentage is that of all flights?", "as a share of all JFK flights?")
    ]
    + [
        (
            "staff",
            STAFF,
            "how many employees in Austin are women?",
            "and as a percentage of all women?",
        )
    ],
)
def test_a_share_of_other_rows_than_those_counted_is_asked_about(
    router_on: RouterOn, name: str, frame: pd.DataFrame, earlier: str, request_: str
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert not run.tasks
    assert "I can't tell which rows" in run.answer


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "group"),
    [
        (
            "staff",
            STAFF,
            "how many employees in Austin are women?",
            "which gender has the most?",
            "gender",
        ),
        (
            "meters",
            METERS,
            "how many meters are electric?",
            "and which building has the most?",
            "building",
        ),
    ],
)
def test_which_group_ranks_first_after_no_statistic_is_asked_about(
    router_on: RouterOn, name: str, frame: pd.DataFrame, earlier: str, request_: str, group: str
) -> None:
    router = router_on(name, frame)
    router.run_sync(earlier)
    run = router.run_sync(request_)
    assert not run.tasks  # never a count of every row, passed off as the ranking asked
    assert f"names no statistic to rank each {group} by" in run.answer


@pytest.mark.parametrize("request_", ["how about from LAX?", "and what about from LAX?"])
def test_another_end_said_inside_the_entity_is_read_as_an_end(
    router_on: RouterOn, request_: str
) -> None:
    router = router_on("flights", FLIGHTS)
    router.run_sync("average delay_minutes for flights to SEA")
    run = router.run_sync(request_)
    assert not run.tasks  # from LAX to SEA, or from LAX in place of to SEA? asked
    assert "“from LAX” is no “to”" in run.answer


MOVIES = pd.DataFrame(
    {
        "genre": ["Horror", "Comedy", "Drama", "Comedy", "Horror", "Comedy"],
        "rating": [5.0, 6.0, 7.0, 6.5, 4.5, 5.5],
    }
)
WINES = pd.DataFrame(
    {"colour": ["red", "white", "red", "white", "rose"], "price": [10.0, 8.0, 14.0, 6.0, 9.0]}
)


@pytest.mark.parametrize(
    ("name", "frame", "earlier", "request_", "again", "truth"),
    [
        (
            "movies",
            MOVIES,
            "how many horror movies are there?",
            "and comedies?",
            "How many comedies are there?",
            3,
        ),
        (
            "movies",
            MOVIES,
            "how many horror movies are there?",
            "and comedy?",
            "How many comedy movies are there?",
            3,
        ),
        (
            "wines",
            WINES,
            "average price of red wines",
            "what about whites?",
            "Average price of whites",
            7.0,
        ),
    ],
)
def test_a_plural_value_takes_the_place_of_the_value_and_its_noun(
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
