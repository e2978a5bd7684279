"""A currency said as what is measured ("total euros", "how many dollars", "sum of USD"):
the money column in that currency, the table's one money column, or the rows of that
currency; never a total in another currency passed off as this one.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _pharmacy() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "product": ["Metformin", "Aspirin", "Metformin", "Aspirin"],
            "region": ["N", "S", "S", "N"],
            "sales_eur": [100.0, 50.0, 25.0, 5.0],
            "units": [1, 2, 3, 4],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame({"region": ["N", "S", "N"], "amount_usd": [100.0, 50.0, 25.0]})


def _shop() -> pd.DataFrame:
    return pd.DataFrame(
        {"month": ["Mar", "Mar", "Apr"], "revenue": [100.0, 50.0, 25.0], "units": [1, 2, 3]}
    )


def _ledger() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["N", "S", "N", "S"],
            "currency": ["EUR", "USD", "EUR", "EUR"],
            "amount": [100.0, 50.0, 25.0, 5.0],
            "units": [1, 2, 3, 4],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "value"),
    [
        ("total euros of Metformin sales", "pharmacy", 125.0),
        ("sum of EUR for Aspirin", "pharmacy", 55.0),
        ("how many euros did Aspirin make?", "pharmacy", 55.0),
        ("sum of USD", "orders", 175.0),
        ("how many dollars did we make?", "orders", 175.0),
    ],
)
def test_currency_named_by_a_column(question: str, frame: str, value: float) -> None:
    d = _pharmacy() if frame == "pharmacy" else _orders()
    a = analyse(question, {frame: d})
    assert a.status == "answered", a.text
    assert a.value == value


def test_sum_of_currency_by_group() -> None:
    a = analyse("sum of USD by region", {"orders": _orders()})
    assert a.value == {"N": 125.0, "S": 50.0}, a.text
    b = analyse("total euros by region", {"pharmacy": _pharmacy()})
    assert b.value == {"N": 105.0, "S": 75.0}, b.text


@pytest.mark.parametrize(
    "question", ["how many dollars did we make?", "total dollars", "how much dollars in total"]
)
def test_the_one_money_column_when_no_column_names_a_currency(question: str) -> None:
    a = analyse(question, {"shop": _shop()})
    assert a.status == "answered", a.text
    assert a.value == 175.0
    assert "revenue" in a.text


@pytest.mark.parametrize(
    ("question", "frame"),
    [
        ("total euros by region", "orders"),
        ("how many euros did we make?", "orders"),
        ("sum of GBP", "pharmacy"),
        ("how many dollars did Metformin make?", "pharmacy"),
    ],
)
def test_another_currency_is_declined_without_conversion(question: str, frame: str) -> None:
    d = _pharmacy() if frame == "pharmacy" else _orders()
    a = analyse(question, {frame: d})
    assert a.status == "declined", a.text
    assert a.value is None
    assert "no currency conversion" in a.text


@pytest.mark.parametrize(
    ("question", "value", "condition"),
    [
        ("total euros", 130.0, "currency = EUR"),
        ("how many dollars did we make?", 50.0, "currency = USD"),
        ("total euros for region N", 125.0, "currency = EUR"),
    ],
)
def test_a_currency_column_picks_the_rows(question: str, value: float, condition: str) -> None:
    a = analyse(question, {"ledger": _ledger()})
    assert a.status == "answered", a.text
    assert a.value == value
    assert condition in a.text and "amount" in a.text


def test_currency_column_by_group() -> None:
    a = analyse("total euros by region", {"ledger": _ledger()})
    assert a.value == {"N": 125.0, "S": 5.0}, a.text
    assert "currency = EUR" in a.text


def test_pounds_of_weight_are_no_money() -> None:
    parcels = pd.DataFrame({"region": ["N", "S"], "weight_lbs": [3.0, 4.0], "price": [9.0, 8.0]})
    a = analyse("total pounds by region", {"parcels": parcels})
    assert a.value != {"N": 9.0, "S": 8.0}, a.text


def test_a_money_bound_stays_a_bound() -> None:
    a = analyse("number of orders over 50 dollars", {"orders": _orders()})
    assert a.value == 1, a.text


def test_pounds_beside_a_weight_are_not_read_as_money() -> None:
    parcels = pd.DataFrame({"region": ["N", "S"], "weight_lbs": [3.0, 4.0], "fee_gbp": [9.0, 8.0]})
    a = analyse("total pounds by region", {"parcels": parcels})
    assert a.value != {"N": 9.0, "S": 8.0}, a.text
    b = analyse("total GBP by region", {"parcels": parcels})
    assert b.value == {"N": 9.0, "S": 8.0}, b.text
