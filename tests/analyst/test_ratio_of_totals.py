"""An amount per the unit a column holds, for groups or for every row ("fare per km by
city", "which carrier has the lowest cost per kg?", "the average fare per km"): the ratio
of the totals, total amount / total divisor over the rows where both are present and the
divisor is above zero. The answer names that definition and says how many rows were left
out; filters said still apply, rankings rank the groups' ratios, and the Dask code gives
the same numbers.

The tables are built so that each wrong reading picks another group: the mean of the
amount, and the mean of each row's own ratio, rank the groups differently from the ratio
of the totals. Every expected figure is computed here with plain pandas.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun

TRIPS = pd.DataFrame(
    {
        "trip_id": ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9"],
        "city": [
            "Bergen",
            "Bergen",
            "Bergen",
            "Turin",
            "Turin",
            "Turin",
            "Porto",
            "Porto",
            "Porto",
        ],
        "payment": ["card", "cash", "card", "card", "card", "cash", "cash", "card", "card"],
        "fare": [8.0, 40.0, 30.0, 12.0, 18.0, 5.0, 50.0, np.nan, 9.0],
        "distance_km": [1.0, 20.0, 10.0, 4.0, 6.0, 0.0, 25.0, 5.0, np.nan],
    }
)
"""Fare per km of the totals: Turin 30/10 = 3 highest, Bergen 78/31, Porto 50/25 = 2 lowest.
The mean fare ranks Porto first, the mean of the rows' ratios Bergen (8, 2, 3). Left out:
t6 (0 km), t8 (no fare), t9 (no km)."""
SHIPMENTS = pd.DataFrame(
    {
        "shipment_id": ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"],
        "carrier": ["Acme", "Acme", "Acme", "Bolt", "Bolt", "Crane", "Crane", "Crane"],
        "service": [
            "express",
            "standard",
            "standard",
            "express",
            "standard",
            "express",
            "standard",
            "express",
        ],
        "cost_eur": [20.0, 30.0, 10.0, 45.0, 6.0, 12.0, 40.0, 28.0],
        "weight_kg": [2.0, 15.0, 5.0, 15.0, 2.0, 0.0, 20.0, 14.0],
    }
)
"""Cost per kg of the totals: Bolt 51/17 = 3 highest, Acme 60/22, Crane 68/34 = 2 lowest.
The mean cost ranks Crane first, the mean of the rows' ratios Acme (10, 2, 2). Left
out: s6 (0 kg)."""
TABLES = {"trips": TRIPS, "shipments": SHIPMENTS}
COLUMNS = {"trips": ("fare", "distance_km"), "shipments": ("cost_eur", "weight_kg")}


def kept(frame: pd.DataFrame, amount: str, divisor: str) -> pd.DataFrame:
    """The rows a ratio is defined on: the amount present, the divisor above zero."""
    return frame[frame[amount].notna() & (frame[divisor] > 0)]


def ratio_of_totals(name: str, by: str | None = None, rows: Any = None) -> Any:
    """Total amount / total divisor (of each ``by`` group), by plain pandas."""
    amount, divisor = COLUMNS[name]
    frame = TABLES[name] if rows is None else TABLES[name][rows]
    used = kept(frame, amount, divisor)
    if by is None:
        return used[amount].sum() / used[divisor].sum()
    totals = used.groupby(by)[[amount, divisor]].sum()
    return totals[amount] / totals[divisor]


def ask(name: str, question: str) -> Any:
    return analyse(question, {name: TABLES[name]})


@pytest.mark.parametrize(
    ("name", "question", "by"),
    [
        ("trips", "fare per km by city", "city"),
        ("trips", "for each city, what is the fare per km?", "city"),
        ("shipments", "cost per kg by carrier", "carrier"),
        ("shipments", "what is the cost per kg of each carrier", "carrier"),
    ],
)
def test_each_group_gets_the_ratio_of_its_totals(name: str, question: str, by: str) -> None:
    answer = ask(name, question)
    truth = ratio_of_totals(name, by)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth.to_dict()), answer.text
    amount, divisor = COLUMNS[name]
    assert f"total {amount} / total {divisor}" in answer.text
    assert rerun(answer, dict(TABLES)).to_dict() == pytest.approx(truth.to_dict())


@pytest.mark.parametrize(
    ("name", "question", "lowest"),
    [
        ("trips", "which city has the highest fare per km?", False),
        ("trips", "which city had the lowest fare per km", True),
        ("shipments", "which carrier has the highest cost per kg?", False),
        ("shipments", "which carrier is cheapest by cost per kg, the lowest", True),
    ],
)
def test_which_group_ranks_the_groups_ratios(name: str, question: str, lowest: bool) -> None:
    answer = ask(name, question)
    truth = ratio_of_totals(name, {"trips": "city", "shipments": "carrier"}[name])
    expected = truth.idxmin() if lowest else truth.idxmax()
    assert answer.value == expected, answer.text
    best = truth.min() if lowest else truth.max()
    assert f": {best:.4g} (" in answer.text, answer.text  # the winning ratio, said


def test_the_ranking_is_not_the_mean_amount_nor_the_mean_of_the_rows_ratios() -> None:
    """What the tables were built for: the two easy readings pick other groups."""
    for name, by in (("trips", "city"), ("shipments", "carrier")):
        amount, divisor = COLUMNS[name]
        used = kept(TABLES[name], amount, divisor)
        row_ratios = (used[amount] / used[divisor]).groupby(used[by]).mean()
        best = ratio_of_totals(name, by).idxmax()
        assert best != TABLES[name].groupby(by)[amount].mean().idxmax()
        assert best != row_ratios.idxmax()


@pytest.mark.parametrize(
    ("name", "question", "n"),
    [
        ("trips", "top 2 cities by fare per km", 2),
        ("trips", "which 2 cities have the highest fare per km", 2),
        ("shipments", "top 2 carriers by cost per kg", 2),
        ("shipments", "which two carriers have the highest cost per kg?", 2),
    ],
)
def test_top_groups_are_ranked_by_their_ratios(name: str, question: str, n: int) -> None:
    answer = ask(name, question)
    truth = ratio_of_totals(name, {"trips": "city", "shipments": "carrier"}[name])
    assert answer.value == truth.nlargest(n).index.tolist(), answer.text


@pytest.mark.parametrize(
    ("name", "question"),
    [
        ("trips", "what is the fare per km overall?"),
        ("trips", "fare per km"),
        ("shipments", "what is the cost per kg overall?"),
        ("shipments", "what's the cost per kg"),
    ],
)
def test_the_whole_table_gets_the_ratio_of_its_totals(name: str, question: str) -> None:
    answer = ask(name, question)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(ratio_of_totals(name)), answer.text
    amount, divisor = COLUMNS[name]
    assert f"total {amount} / total {divisor} (the ratio of the totals)" in answer.text


@pytest.mark.parametrize(
    ("name", "question"),
    [
        ("trips", "what is the average fare per km?"),
        ("trips", "how much is the fare per km on average?"),
        ("shipments", "average cost per kg"),
        ("shipments", "what is the mean cost per kg"),
    ],
)
def test_an_average_is_the_ratio_of_totals_and_says_so(name: str, question: str) -> None:
    """The usual definition (each row weighs by its distance), said; the mean of the rows'
    own ratios, which differs on these tables, is named beside it."""
    answer = ask(name, question)
    amount, divisor = COLUMNS[name]
    assert answer.value == pytest.approx(ratio_of_totals(name)), answer.text
    assert "the ratio of the totals (the usual definition" in answer.text
    used = kept(TABLES[name], amount, divisor)
    row_mean = (used[amount] / used[divisor]).mean()
    assert not math.isclose(row_mean, ratio_of_totals(name))
    assert f"the mean of each row's {amount} / {divisor}" in answer.text
    assert f"is {row_mean:.4g}." in answer.text


@pytest.mark.parametrize(
    ("name", "question", "kept_rows", "left_out"),
    [
        (
            "trips",
            "fare per km by city",
            6,
            "3 rows were left out (1 with no distance_km, 1 with distance_km of 0 or below, "
            "1 with no fare)",
        ),
        (
            "trips",
            "which trip has the highest fare per km?",
            6,
            "3 rows were left out (1 with no distance_km, 1 with distance_km of 0 or below, "
            "1 with no fare)",
        ),
        (
            "shipments",
            "cost per kg by carrier",
            7,
            "1 row was left out (1 with weight_kg of 0 or below)",
        ),
        (
            "shipments",
            "which shipment has the lowest cost per kg",
            7,
            "1 row was left out (1 with weight_kg of 0 or below)",
        ),
    ],
)
def test_the_answer_says_how_many_rows_had_no_ratio(
    name: str, question: str, kept_rows: int, left_out: str
) -> None:
    answer = ask(name, question)
    amount, divisor = COLUMNS[name]
    assert len(kept(TABLES[name], amount, divisor)) == kept_rows
    assert f"over {kept_rows} rows with {divisor} above 0; {left_out}." in answer.text


def test_a_picked_row_is_still_ranked_by_its_own_ratio() -> None:
    answer = ask("trips", "which trip has the highest fare per km?")
    used = kept(TRIPS, "fare", "distance_km")
    assert answer.value == used.loc[(used.fare / used.distance_km).idxmax(), "trip_id"]
    answer = ask("shipments", "which shipment has the lowest cost per kg")
    used = kept(SHIPMENTS, "cost_eur", "weight_kg")
    assert answer.value == used.loc[(used.cost_eur / used.weight_kg).idxmin(), "shipment_id"]


@pytest.mark.parametrize(
    ("name", "question", "rows", "by", "which"),
    [
        ("trips", "fare per km by city for card payments", TRIPS.payment == "card", "city", ""),
        ("trips", "which city has the highest fare per km for card payments?",
         TRIPS.payment == "card", "city", "max"),
        ("shipments", "cost per kg by carrier for express shipments",
         SHIPMENTS.service == "express", "carrier", ""),
        ("shipments", "which carrier has the highest cost per kg for express service",
         SHIPMENTS.service == "express", "carrier", "max"),
    ],
)  # fmt: skip
def test_a_filter_said_still_applies(
    name: str, question: str, rows: pd.Series, by: str, which: str
) -> None:
    answer = ask(name, question)
    truth = ratio_of_totals(name, by, rows)
    assert answer.status == "answered", answer.text
    if which:
        assert answer.value == truth.idxmax(), answer.text
        assert answer.value != ratio_of_totals(name, by).idxmax()  # the filter changes it
    else:
        assert answer.value == pytest.approx(truth.to_dict()), answer.text
    assert "rows where" in answer.text


@pytest.mark.parametrize(
    ("name", "question", "sides"),
    [
        ("trips", "compare fare per km between Bergen and Turin", ["Bergen", "Turin"]),
        ("shipments", "compare the cost per kg of Crane and Acme", ["Crane", "Acme"]),
    ],
)
def test_compared_sides_get_their_ratios(name: str, question: str, sides: list[str]) -> None:
    answer = ask(name, question)
    truth = ratio_of_totals(name, {"trips": "city", "shipments": "carrier"}[name])
    assert answer.value == pytest.approx(truth.reindex(sides).to_dict()), answer.text
    assert list(answer.value) == sides


@pytest.mark.parametrize(
    ("name", "question", "word"),
    [
        ("trips", "which city has the highest fare per mile?", "mile"),
        ("trips", "average fare per mile by city", "mile"),
        ("shipments", "cost per pound by carrier", "pound"),
        ("shipments", "what is the cost per pound overall", "pound"),
    ],
)
def test_a_unit_no_column_holds_is_still_declined(name: str, question: str, word: str) -> None:
    answer = ask(name, question)
    assert answer.status == "declined", answer.text
    assert word in answer.text


@pytest.mark.parametrize(
    "question",
    ["which city has the highest fare per km?", "fare per km by city for card payments",
     "what is the average fare per km?", "top 2 cities by fare per km",
     "which trip has the highest fare per km?"],
)  # fmt: skip
def test_dask_gives_the_same_answer(question: str) -> None:
    dd = pytest.importorskip("dask.dataframe")
    lazy = analyse(question, {"trips": dd.from_pandas(TRIPS, npartitions=3)})
    eager = ask("trips", question)
    assert lazy.engine == "dask"
    assert lazy.status == eager.status == "answered", lazy.text
    expected = eager.value
    assert lazy.value == (
        pytest.approx(expected) if isinstance(expected, (float, dict)) else expected
    )
    assert lazy.text == eager.text
