"""A figure or an answer in a currency on a table whose column says each row's currency.

"how many items cost more than $10?" on ``price`` with ``currency`` (USD, EUR, GBP)
compared euro prices with ten dollars. A figure said in a currency keeps the rows in that
currency (and the answer names the condition); an answer asked *in* a currency is partial,
saying the other currencies were not converted. Guards (passing before the change): no
currency said, and a currency said as what is measured ("total euros").
The tables are made up here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _items() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "item": list("abcdefg"),
            "price": [5.0, 12.0, 20.0, 15.0, 8.0, 30.0, 11.0],
            "currency": ["USD", "EUR", "USD", "GBP", "USD", "EUR", "USD"],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_id": [1, 2, 3, 4, 5, 6],
            "amount": [100.0, 250.0, 80.0, 300.0, 40.0, 500.0],
            "ccy": ["EUR", "USD", "EUR", "USD", "GBP", "EUR"],
        }
    )


@pytest.mark.parametrize(
    ("question", "code", "low"),
    [
        ("how many items cost more than $10?", "USD", 10.0),
        ("how many items cost more than 10 euros?", "EUR", 10.0),
    ],
)
def test_a_figure_in_a_currency_keeps_that_currency(question: str, code: str, low: float) -> None:
    frame = _items()
    a = analyse(question, {"items": frame})
    assert a.value == int(((frame.price > low) & (frame.currency == code)).sum())
    assert f"currency = {code}" in a.text


def test_another_table() -> None:
    frame = _orders()
    a = analyse("how many orders are over $90?", {"orders": frame})
    assert a.value == int(((frame.amount > 90) & (frame.ccy == "USD")).sum())
    assert "ccy = USD" in a.text


@pytest.mark.parametrize(
    ("table", "question", "measured", "column"),
    [
        ("items", "what is the total price in dollars?", "price", "currency"),
        ("orders", "total amount in dollars", "amount", "ccy"),
    ],
)
def test_an_answer_in_a_currency_is_partial(
    table: str, question: str, measured: str, column: str
) -> None:
    frame = _items() if table == "items" else _orders()
    a = analyse(question, {table: frame})
    assert a.value == pytest.approx(frame[frame[column] == "USD"][measured].sum())
    assert a.status == "partial" and "not converted" in a.text


def test_guard_no_currency_said() -> None:
    """Guard: "more than 10" with no currency compares every row's price."""
    frame = _items()
    a = analyse("how many items cost more than 10?", {"items": frame})
    assert a.value == int((frame.price > 10).sum())


def test_guard_a_currency_measured() -> None:
    """Guard: "total euros" totals the rows in EUR."""
    frame = _items()
    a = analyse("what is the total euros?", {"items": frame})
    assert a.value == pytest.approx(frame[frame.currency == "EUR"].price.sum())


def test_guard_no_currency_column() -> None:
    """Guard: a table without a currency column reads "$10" as a bound alone."""
    frame = _items().drop(columns="currency")
    a = analyse("how many items cost more than $10?", {"items": frame})
    assert a.value == int((frame.price > 10).sum())
