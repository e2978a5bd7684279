"""A value said after a preposition of a trip's end filters the column of that end.

Two columns of one kind (origin/dest, sender/receiver, start_station/end_station,
ship_from/ship_to) share their values; linking put a value in the column holding it
most, so "flights to LAX" filtered origin = LAX and "from JFK to LAX" read origin in
(JFK, LAX): confident answers to other questions. The tables are small stand-ins built
here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _transfers() -> pd.DataFrame:
    # acct-a sends most, so linking alone would put every "acct-a" on sender
    return pd.DataFrame(
        {
            "sender": ["acct-a", "acct-a", "acct-a", "acct-a", "acct-b", "acct-c"],
            "receiver": ["acct-b", "acct-c", "acct-b", "acct-c", "acct-a", "acct-a"],
            "amount": [10.0, 20.0, 30.0, 40.0, 500.0, 700.0],
        }
    )


def _trips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "start_station": ["Oak", "Oak", "Oak", "Oak", "Elm", "Pine", "Elm"],
            "end_station": ["Elm", "Pine", "Elm", "Pine", "Oak", "Oak", "Pine"],
            "minutes": [5, 9, 7, 11, 30, 50, 13],
        }
    )


def _shipments() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ship_from": ["Lyon", "Lyon", "Lyon", "Oslo", "Oslo", "Riga"],
            "ship_to": ["Oslo", "Riga", "Riga", "Lyon", "Riga", "Oslo"],
            "weight": [1.0, 2.0, 3.0, 40.0, 5.0, 6.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    ["what is the total amount of transfers to acct-a?", "total amount sent into acct-a"],
)
def test_a_value_said_after_to_filters_the_far_end(question: str) -> None:
    frame = _transfers()
    a = analyse(question, {"transfers": frame})
    # 1200 received; the 100 acct-a sent is what "sender = acct-a" gives
    assert a.value == frame.amount[frame.receiver == "acct-a"].sum() == 1200.0
    assert a.status == "answered"
    assert "receiver" in a.code


@pytest.mark.parametrize(
    "question",
    ["how many trips from Elm to Pine?", "how many trips leaving from Elm went to Pine?"],
)
def test_from_one_value_to_another_is_both_ends(question: str) -> None:
    frame = _trips()
    a = analyse(question, {"trips": frame})
    both = (frame.start_station == "Elm") & (frame.end_station == "Pine")
    assert a.value == int(both.sum()) == 1
    assert a.status == "answered"


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("average weight of shipments from Oslo to Lyon", "Oslo", "Lyon"),
        ("mean weight shipped out of Riga bound for Oslo", "Riga", "Oslo"),
    ],
)
def test_shipments_read_each_end(question: str, start: str, end: str) -> None:
    frame = _shipments()
    a = analyse(question, {"shipments": frame})
    rows = (frame.ship_from == start) & (frame.ship_to == end)
    assert a.value == pytest.approx(frame.weight[rows].mean())
    assert a.status == "answered"


@pytest.mark.parametrize(
    "question", ["how many trips to Oak or Elm?", "how many trips to Oak, Elm?"]
)
def test_values_listed_after_one_preposition_share_its_end(question: str) -> None:
    frame = _trips()
    a = analyse(question, {"trips": frame})
    assert a.value == int(frame.end_station.isin(["Oak", "Elm"]).sum()) == 4


def test_a_value_only_the_other_end_holds_stays_and_is_named() -> None:
    # no transfer reaches acct-z: "to acct-z" is no receiver filter the data can take
    frame = _transfers().assign(sender=["acct-z", "acct-a", "acct-a", "acct-a", "acct-b", "acct-c"])
    a = analyse("total amount of transfers to acct-z", {"transfers": frame})
    assert a.status != "answered"
    assert "to acct-z" in a.text
    assert "receiver" in a.text


@pytest.mark.parametrize(
    "question",
    ["how many trips from Oak?", "how many trips started at Oak compared to Elm?"],
)
def test_no_end_said_leaves_linking_as_it_was(question: str) -> None:
    frame = _trips()
    a = analyse(question, {"trips": frame})
    assert "end_station" not in a.code


@pytest.mark.parametrize(
    "question",
    [
        "total amount sent to acct-a from acct-b",
        "what is the total amount into acct-a from acct-b?",
    ],
)
def test_the_far_end_said_first(question: str) -> None:
    # acct-b is received more often than sent: linking alone reads it as receiver
    frame = _transfers()
    a = analyse(question, {"transfers": frame})
    rows = (frame.sender == "acct-b") & (frame.receiver == "acct-a")
    assert a.value == frame.amount[rows].sum() == 500.0
    assert a.status == "answered"


@pytest.mark.parametrize(
    ("question", "name", "frame", "column", "value", "expected"),
    [
        ("how many trips bound for Oak?", "trips", _trips(), "end_station", "Oak", 2),
        ("how many shipments departing Riga?", "shipments", _shipments(), "ship_from", "Riga", 1),
    ],
)
def test_a_verb_of_motion_names_the_end_and_is_no_word_left_over(
    question: str, name: str, frame: pd.DataFrame, column: str, value: str, expected: int
) -> None:
    # the other end holds the value on more rows: a count of it gives another figure
    a = analyse(question, {name: frame})
    assert a.value == int((frame[column] == value).sum()) == expected
    assert a.status == "answered"


def _fares() -> pd.DataFrame:
    # more towns than a category keeps: the ends are text columns, read by their index
    towns = [f"Town {i}" for i in range(60)] + ["Port Lavaca"]
    rows = [(town, towns[(i + 1) % len(towns)], float(i)) for i, town in enumerate(towns)]
    rows += [("Port Lavaca", "Town 3", 100.0), ("Port Lavaca", "Town 4", 200.0)]
    return pd.DataFrame(rows, columns=["from_city", "to_city", "fare"])


@pytest.mark.parametrize(
    "question", ["average fare to Port Lavaca", "what is the mean fare for trips into Port Lavaca?"]
)
def test_ends_that_are_text_columns(question: str) -> None:
    frame = _fares()
    a = analyse(question, {"fares": frame})
    # 59.0 arriving; the 100 leaving from it is what from_city = Port Lavaca gives
    assert a.value == pytest.approx(frame.fare[frame.to_city == "Port Lavaca"].mean())
    assert a.value == pytest.approx(59.0)
    assert a.status == "answered"


def _flights() -> pd.DataFrame:
    # LAX and JFK both most often at origin: "from LAX to JFK" may be two origins compared
    return pd.DataFrame(
        {
            "origin": ["LAX", "LAX", "LAX", "LAX", "JFK", "JFK", "SEA"],
            "dest": ["SEA", "SEA", "MIA", "JFK", "SEA", "LAX", "LAX"],
            "delay": [10, 20, 30, 40, 50, 60, 70],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "column", "first", "second"),
    [
        ("difference in average delay from LAX to JFK", _flights(), "delay", "LAX", "JFK"),
        ("compare average delay from LAX to JFK", _flights(), "delay", "LAX", "JFK"),
        ("difference in mean minutes from Oak to Elm", _trips(), "minutes", "Oak", "Elm"),
    ],
)
def test_a_comparison_keeps_its_two_sides(
    question: str, frame: pd.DataFrame, column: str, first: str, second: str
) -> None:
    a = analyse(question, {"t": frame})
    side = frame.columns[0]  # origin / start_station: the column holding both values most
    means = frame.groupby(side)[column].mean()
    assert isinstance(a.value, dict)
    assert a.value[first] == means[first] and a.value[second] == means[second]
    assert a.value["difference"] == means[first] - means[second]


@pytest.mark.parametrize(
    ("question", "frame", "far_end"),
    [
        ("how did average delay change from LAX to JFK", _flights(), "dest"),
        ("ratio of average delay from LAX to JFK", _flights(), "dest"),
        ("how did total weight change from Lyon to Oslo", _shipments(), "ship_to"),
    ],
)
def test_a_comparison_not_made_names_the_two_readings(
    question: str, frame: pd.DataFrame, far_end: str
) -> None:
    a = analyse(question, {"t": frame})
    # the one route's figure (origin = LAX and dest = JFK) is not presented as the answer
    # to a comparison: the far end is not filtered, and the two readings are named
    assert f"'{far_end}'" not in a.code
    assert a.status == "partial"
    assert any("two sides compared or the two ends of a trip" in why for why in a.left_out)


def test_a_route_with_no_comparison_still_reads_both_ends() -> None:
    frame = _flights()
    a = analyse("average delay from LAX to JFK", {"flights": frame})
    assert a.value == frame.delay[(frame.origin == "LAX") & (frame.dest == "JFK")].mean() == 40
    assert a.status == "answered"


def test_a_value_after_than_is_no_end() -> None:
    # "than to JFK" is the other side of "higher", never the far end of a route; the two
    # sides are not compared by this reading, so the answer says so
    frame = _flights()
    a = analyse("was average delay higher from LAX than to JFK", {"flights": frame})
    assert "dest" not in a.code
    assert a.status == "partial"
    assert any("two sides compared" in why for why in a.left_out)


def test_a_bound_said_with_than_leaves_the_route() -> None:
    frame = _flights()
    a = analyse("how many flights from LAX to JFK had delay more than 30", {"flights": frame})
    route = (frame.origin == "LAX") & (frame.dest == "JFK") & (frame.delay > 30)
    assert a.value == int(route.sum()) == 1
    assert a.status == "answered"
