"""A count asked of a column of counts ("how many cases did they have?", "the number of
visits in Leeds") is not answered by how many rows have a value: each row holds how many,
so the rows counted are another figure. The answer is partial and says to ask for the
total.

The tables are small stand-ins built here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

_TABLES = {
    "countries": pd.DataFrame(
        {
            "country": ["France", "Spain", "Japan", "India", "Chile", "Peru"],
            "continent": ["Europe", "Europe", "Asia", "Asia", "America", "America"],
            "cases": [300, 200, 150, 900, 40, 60],
        }
    ),
    "shops": pd.DataFrame(
        {
            "shop": ["Acme", "Beta", "Gamma", "Delta"],
            "city": ["Leeds", "York", "Leeds", "Bath"],
            "visits": [120, 45, 80, 30],
        }
    ),
}


@pytest.mark.parametrize(
    ("frame", "question", "said"),
    [
        ("countries", "how many cases are there?", "how many cases"),
        ("countries", "how many countries are in Asia and how many cases did they have?",
         "how many cases"),
        ("shops", "how many visits were there?", "how many visits"),
        ("shops", "how many shops are in Leeds and how many visits did they get?",
         "how many visits"),
    ],
)  # fmt: skip
def test_a_count_of_a_column_of_counts_is_partial(frame: str, question: str, said: str) -> None:
    a = analyse(question, {frame: _TABLES[frame]}, default=frame)
    assert a.status == "partial", a.text
    gap = next(g for g in a.left_out if g.startswith(f"“{said}”"))
    assert "total" in gap


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [("countries", "total cases in Asia", 1050), ("shops", "total visits in Leeds", 200)],
)
def test_the_total_asked_is_answered(frame: str, question: str, expected: int) -> None:
    a = analyse(question, {frame: _TABLES[frame]}, default=frame)
    assert a.status == "answered", a.text
    assert a.value == expected
