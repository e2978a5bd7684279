"""A count of the table's rows reads no column: a column the question names ("how many
babies were low birth weight?") that the count does not use is named as left out, so
the answer is partial, never the table's row count given as the answer.

The tables are small stand-ins built here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

_TABLES = {
    "births": pd.DataFrame(
        {
            "weight": [7.1, 5.0, 8.2, 4.9, 6.6],
            "lowbirthweight": ["not low", "low", "not low", "low", "not low"],
            "gained": [30, 55, 20, 60, 41],
        }
    ),
    "orders": pd.DataFrame(
        {
            "amount": [10.0, 25.5, 8.0, 40.0],
            "latedelivery": ["late", "on time", "late", "on time"],
            "region": ["N", "S", "N", "S"],
        }
    ),
}


@pytest.mark.parametrize(
    ("frame", "question", "column"),
    [
        ("orders", "how many orders were late delivery?", "latedelivery"),
        ("orders", "how many orders had a late delivery?", "latedelivery"),
    ],
)
def test_a_column_named_is_not_dropped_from_a_row_count(
    frame: str, question: str, column: str
) -> None:
    a = analyse(question, {frame: _TABLES[frame]}, default=frame)
    assert a.status != "answered", a.text
    assert any(column in g for g in a.left_out), a.left_out


@pytest.mark.parametrize(
    "question",
    ["how many babies were low birth weight?", "how many babies had a low birth weight?"],
)
def test_a_column_named_for_one_of_its_two_values_counts_that_value(question: str) -> None:
    # ``lowbirthweight`` holds "low" and "not low": its name says "low", so the count is
    # of those rows, never the table's row count
    frame = _TABLES["births"]
    a = analyse(question, {"births": frame}, default="births")
    assert a.value == (frame.lowbirthweight == "low").sum() != len(frame)


@pytest.mark.parametrize(
    ("frame", "question"),
    [("births", "how many rows are there?"), ("orders", "how many orders are there?")],
)
def test_a_row_count_that_names_no_column_is_answered(frame: str, question: str) -> None:
    a = analyse(question, {frame: _TABLES[frame]}, default=frame)
    assert a.status == "answered", a.text
    assert a.value == len(_TABLES[frame])


def test_a_table_said_by_its_name_that_a_column_shares_is_the_table_counted() -> None:
    weather = pd.DataFrame({"day": [1, 2, 3], "weather": ["rain", "sun", "fog"]})
    a = analyse("how many days are in weather?", {"weather": weather}, default="weather")
    assert a.status == "answered", a.text
    assert a.value == 3
