"""A word that is also a value of a text column ("used", "returned", "missing") is that
value only where it says which rows: before a row noun or ending "were ..."; elsewhere
it is the question's own word and chooses no rows.

Before, "which fuel type is used most often?" filtered condition == "used" and "how many
ages are missing?" counted status == "missing". The tables are small stand-ins built
here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "condition": ["new", "used", "used", "new", "used", "new"],
            "fuel": ["petrol", "diesel", "diesel", "petrol", "petrol", "petrol"],
            "price": [10.0, 5.0, 6.0, 12.0, 4.0, 11.0],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "status": ["delivered", "returned", "delivered", "shipped", "returned"],
            "amount": [1.0, 2.0, 3.0, 4.0, 5.0],
        }
    )


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {"status": ["found", "missing", "found", "missing"], "age": [1, None, None, None]}
    )


@pytest.mark.parametrize(
    ("question", "name", "frame", "truth"),
    [
        ("which fuel type is used most often?", "cars", _cars(), "petrol"),
        ("how many rows are returned when status is delivered?", "orders", _orders(), 2),
        ("how many ages are missing?", "people", _people(), 3),
    ],
)
def test_a_value_said_as_the_questions_own_word_chooses_no_rows(
    question: str, name: str, frame: pd.DataFrame, truth: object
) -> None:
    a = analyse(question, {name: frame})
    assert a.value == truth


@pytest.mark.parametrize(
    "question", ["how many missing values are in age?", "which columns have missing values?"]
)
def test_missing_values_asked_for_are_no_unapplied_value(question: str) -> None:
    a = analyse(question, {"people": _people()})
    assert a.status == "answered"


@pytest.mark.parametrize(
    ("question", "name", "frame", "truth"),
    [
        ("average price of used cars", "cars", _cars(), 5.0),
        ("how many new cars are there?", "cars", _cars(), 3),
        ("how many orders were returned?", "orders", _orders(), 2),
        ("total amount of returned orders", "orders", _orders(), 7.0),
    ],
)
def test_a_value_said_of_the_rows_is_still_a_condition(
    question: str, name: str, frame: pd.DataFrame, truth: float
) -> None:
    a = analyse(question, {name: frame})
    assert a.value == pytest.approx(truth)
    assert a.status == "answered"


def test_a_forecast_on_a_table_with_a_forecast_label_uses_every_row() -> None:
    frame = pd.DataFrame(
        {
            "month": pd.date_range("2024-01-01", periods=6, freq="MS"),
            "sales": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            "kind": ["actual"] * 4 + ["forecast"] * 2,
        }
    )
    a = analyse("forecast sales for the next 2 months", {"s": frame})
    assert a.value == pytest.approx([7.0, 8.0])
