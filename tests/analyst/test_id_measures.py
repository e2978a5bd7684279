"""An id column is never the measure: 'the most orders' counts rows, never adds ids."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


@pytest.fixture
def rentals() -> pd.DataFrame:
    # Ids chosen so that summing them ranks the stations the other way round from
    # counting their rows: station Pier has three rentals with small ids, Dock one with a
    # large id.
    return pd.DataFrame(
        {
            "RentalID": [1, 2, 3, 950],
            "station": ["Pier", "Pier", "Pier", "Dock"],
            "minutes": [12.0, 30.0, 8.0, 45.0],
        }
    )


@pytest.fixture
def shipments() -> pd.DataFrame:
    # customer_no repeats: "customers" are distinct ids, not rows.
    return pd.DataFrame(
        {
            "shipment_id": [70, 71, 72, 73, 74, 75],
            "customer_no": [4, 4, 5, 6, 6, 6],
            "port": ["Hull", "Hull", "Leith", "Leith", "Leith", "Leith"],
            "weight": [3.0, 1.0, 2.0, 2.0, 2.0, 2.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    ["which station has the most rentals?", "which station had the highest number of rentals?"],
)
def test_most_of_an_id_noun_counts_rows(rentals: pd.DataFrame, question: str) -> None:
    a = analyse(question, {"bikes": rentals})
    assert a.status == "answered"
    assert a.value == "Pier"
    assert "RentalID" not in (a.code or "")


def test_fewest_of_an_id_noun_counts_rows(rentals: pd.DataFrame) -> None:
    a = analyse("which station has the fewest rentals?", {"bikes": rentals})
    assert a.status == "answered"
    assert a.value == "Dock"


def test_most_of_a_repeated_id_counts_distinct_ids(shipments: pd.DataFrame) -> None:
    a = analyse("which port has the most customers?", {"freight": shipments})
    assert a.value == "Leith"
    assert "nunique" in (a.code or "")


@pytest.mark.parametrize(
    "question", ["total shipments in Leith", "what is the total shipments for Leith?"]
)
def test_total_of_an_id_noun_is_a_count_said_as_read(
    shipments: pd.DataFrame, question: str
) -> None:
    # "total shipments" may mean an amount (weight): the count is given, and the reading
    # is said with the column that could hold the amount.
    a = analyse(question, {"freight": shipments})
    assert a.value == 4
    assert a.status == "partial"
    assert any("shipment_id identifies the rows" in gap and "weight" in gap for gap in a.left_out)


def test_a_mean_of_ids_is_declined(rentals: pd.DataFrame) -> None:
    a = analyse("average rentals per station", {"bikes": rentals})
    assert a.status == "declined"
    assert "RentalID identifies the rows" in a.text


def test_an_id_named_with_its_statistic_is_measured(rentals: pd.DataFrame) -> None:
    a = analyse("sum of RentalID by station", {"bikes": rentals})
    assert a.status == "answered"
    assert a.value == {"Dock": 950, "Pier": 6}


def test_a_table_named_for_its_ids_is_not_summed_column_by_column() -> None:
    # "orders" is the table's name, so no word links to order_id: a statistic of every
    # column would add up the ids (and the customer numbers) per city.
    orders = pd.DataFrame(
        {
            "order_id": [501, 502, 503, 504],
            "city": ["Oslo", "Rome", "Rome", "Rome"],
            "amount": [10.0, 5.0, 5.0, 5.0],
        }
    )
    a = analyse("total orders by city", {"orders": orders})
    assert a.value == {"Oslo": 1, "Rome": 3}
    assert a.status == "partial"
