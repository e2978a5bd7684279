"""The code of every operation runs on a table whose money is text ("$1,234.50",
"($45.00)"): the amounts are parsed first, so no operation meets text where it reads
numbers. A question may still be declined, for a reason it says; no code fails."""

from __future__ import annotations

import warnings

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.schema import frame_schemas
from notebook_router.analyst.spec import Spec
from notebook_router.analyst.understand import understand


def _shops() -> pd.DataFrame:
    n = 24
    return pd.DataFrame({
        "day": pd.date_range("2024-01-01", periods=n, freq="7D"),
        "shop": (["North", "South", "East"] * 8)[:n],
        "price": [f"${i * 137.25 % 2100:,.2f}" if i % 5 else f"(${i * 3.5:,.2f})" for i in range(n)],
        "cost": [f"{i * 51.5 % 800:,.2f} USD" for i in range(n)],
        "units": [(i * 7) % 11 + 1 for i in range(n)],
        "paid": [i % 3 == 0 for i in range(n)],
    })  # fmt: skip


QUESTIONS = [
    "total price", "median price", "average price by shop",
    "which shop has the highest total price", "top 2 shops by total price",
    "how many rows have price over $500", "how many rows with price above 1,000", "sum of price for paid rows", "describe price",
    "how many missing values in price", "outliers in price", "is price normally distributed",
    "correlation between price and units", "monthly total price", "price trend over time",
    "pivot of total price by shop and paid", "histogram of price", "bin price into 3 bins",
    "the row with the highest price", "top 3 rows by price", "price minus cost for each row",
    "second highest price", "share of price by shop", "compare average price of North and South",
    "regress price on units", "how many distinct price values", "value counts of shop",
    "shape of the table", "price over cost ratio by shop", "what percentage of rows have price above $1,000",
    "total price per unit", "average price where cost is under $300", "price of the first row",
]  # fmt: skip
"""One or more questions of each operation, each naming a column of amounts of text."""
OPERATIONS = {
    "statistic", "groupby", "count", "summary", "missing", "outliers", "normality",
    "correlation", "resample", "trend", "pivot", "plot", "bins", "rows", "derived", "nth",
    "share", "compare", "regression", "unique", "value_counts", "shape",
}  # fmt: skip


@pytest.mark.parametrize("question", QUESTIONS)
def test_no_operation_fails_on_amounts_of_text(question: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = analyse(question, {"t": _shops()})
    assert "failed" not in a.text and "Error" not in a.text, (a.text, a.code)
    if a.status != "declined" and "price" in a.code:
        assert "price was read from text as numbers" in a.text, a.text


def test_the_questions_reach_every_operation() -> None:
    schemas = frame_schemas({"t": _shops()})
    specs = [understand(q, schemas, "t") for q in QUESTIONS]
    reached = {s.op for s in specs if isinstance(s, Spec)}
    assert reached >= OPERATIONS, OPERATIONS - reached
    unnamed = ("shape", "value_counts")  # "shape of the table", "value counts of shop"
    assert all(
        "price" in s.amount_texts for s in specs if isinstance(s, Spec) and s.op not in unnamed
    )
