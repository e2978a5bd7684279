""" "How many airports are there in total?" counts the rows of a table ``airports``.

When the thing counted is the table's own name or a word for rows, "in total", "in all"
and "altogether" say only that every row is counted: the answer is the row count (with
any condition said), complete, and not declined as "a total of what?". When a number
column's name holds the counted word (``total_rentals`` for "rentals"), the question may
ask for that column's sum, so it is never read as a row count. Each table is a small
stand-in built here; each expected figure is plain pandas.

Guards (right before this reading too): "how many airports are there in all?", the
``total_rentals`` case, "how many units in total?" (the sum of ``units``), and "how many
home runs in total?" on a table with no such column (declined).
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _airports() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "iata": [f"A{i:02d}" for i in range(20)],
            "state": ["WA", "OR", "ID", "WA", "OR"] * 4,
            "latitude": [47.0 + i * 0.9 for i in range(20)],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_id": list(range(1, 25)),
            "region": ["North", "South", "East"] * 8,
            "units": [1, 2, 3, 4, 5, 6, 7, 8] * 3,
        }
    )


@pytest.mark.parametrize(
    ("name", "make", "question", "rows"),
    [
        ("airports", _airports, "how many airports are there in total?", lambda f: f),
        ("airports", _airports, "how many airports are there in all?", lambda f: f),
        ("airports", _airports, "how many rows are there in total?", lambda f: f),
        ("airports", _airports, "how many airports in WA in total?", lambda f: f[f.state == "WA"]),
        ("orders", _orders, "how many orders are there altogether?", lambda f: f),
        ("orders", _orders, "how many records in total?", lambda f: f),
        (
            "orders",
            _orders,
            "how many orders from the North region in total?",
            lambda f: f[f.region == "North"],
        ),
    ],
)
def test_in_total_after_a_count_of_the_rows_counts_them(
    name: str, make: object, question: str, rows: object
) -> None:
    frame = make()  # type: ignore[operator]
    a = analyse(question, {name: frame})
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert not a.left_out, a.left_out
    expected = len(rows(frame))  # type: ignore[operator]
    assert a.value == expected, a.code
    assert rerun(a, {name: frame}) == expected


def test_a_column_named_for_the_counted_word_is_never_read_as_a_row_count() -> None:
    """Three rows of ``total_rentals``: "how many rentals in total?" is its sum or a
    question back, never "rentals has 3 rows"."""
    frame = pd.DataFrame(
        {
            "month": ["Jan", "Feb", "Mar"],
            "station": ["A", "B", "A"],
            "total_rentals": [100, 250, 40],
        }
    )
    a = analyse("how many rentals in total?", {"rentals": frame})
    assert a.value != len(frame), (a.status, a.text)
    if a.status == "answered":
        assert a.value == frame.total_rentals.sum()


def test_in_total_still_adds_up_a_column_of_counts() -> None:
    """Guard: "how many units in total?" is the sum of ``units``."""
    frame = _orders()
    a = analyse("how many units in total?", {"orders": frame})
    assert a.status == "answered", (a.status, a.text)
    assert a.value == frame.units.sum()


def test_a_total_of_something_no_column_holds_is_declined() -> None:
    """Guard: "home runs" names nothing of the table, so the total is of nothing."""
    a = analyse("how many home runs in total?", {"orders": _orders()})
    assert a.status != "answered", a.text
