"""What a column's name says of it: its words, whether it identifies rows, and which
number columns hold money (an amount: "revenue", "fare") or pay (money, or "salary",
"wages"), read once for every reader of numbers said in a question."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst.column_names import (
    is_identifier,
    money_columns,
    name_words,
    pay_columns,
)
from notebook_router.analyst.reading import Reading, read
from notebook_router.analyst.schema import schema_of


@pytest.mark.parametrize(
    ("column", "words"),
    [
        ("OrderID", ["order", "id"]),
        ("salary_in_thousands", ["salary", "in", "thousands"]),
        ("Weight_in_lbs", ["weight", "in", "lbs"]),
        ("sepal length (cm)", ["sepal", "length", "cm"]),
        ("totalRevenue2024", ["total", "revenue2024"]),
        ("Owner's ID", ["owners", "id"]),  # an apostrophe joins, as in a request's words
    ],
)
def test_a_column_name_reads_as_its_words(column: str, words: list[str]) -> None:
    assert name_words(column) == words


@pytest.mark.parametrize(
    ("column", "identifies"),
    [
        ("order_id", True),
        ("OrderID", True),
        ("sku_no", True),
        ("id", True),
        ("ID", True),
        ("Owner's ID", True),
        ("idea", False),
        ("code", False),  # one word that could name anything: not an identifier
        ("paid", False),
    ],
)
def test_a_name_ending_in_an_identifier_word_identifies_rows(column: str, identifies: bool) -> None:
    assert is_identifier(column) is identifies


def _reading(frame: pd.DataFrame) -> Reading:
    r = read("how many rows?", {"t": schema_of("t", frame)}, "t")
    assert isinstance(r, Reading)
    return r


def test_money_columns_are_amounts_and_pay_columns_add_wages() -> None:
    r = _reading(
        pd.DataFrame(
            {
                "fare": [7.25, 71.3],
                "salary": [50_000, 60_000],
                "payment_id": [1, 2],
                "age": [30, 40],
                "city": ["a", "b"],
            }
        )
    )
    # an id is never money, a text column never a number, an age never pay
    assert money_columns(r) == ["fare"]
    assert pay_columns(r) == ["fare", "salary"]
