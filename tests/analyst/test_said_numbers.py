"""Every number a question says is used by the answer, or named once as left out; a
number that is no figure of the question (an explanation in parentheses, a date, a rate's
unit, a restated count of the table, a method's parameter) is never named.

The tables are small stand-ins built here.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "North", "East", "South", "East"],
            "revenue": [120.0, 80.5, 200.0, 95.0, 60.0, 150.0],
            "units": [3, 1, 5, 2, 1, 4],
        }
    )


def _towns() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "town": ["Ashby", "Brill", "Corfe", "Dent"],
            "county": ["Kent", "Kent", "Devon", "Devon"],
            "crimes": [40, 12, 30, 8],
            "population": [20_000, 8_000, 15_000, 5_000],
        }
    )


@pytest.mark.parametrize(
    ("frame", "question", "said"),
    [
        ("orders", "average revenue of orders with 3 reviews or more", "3"),
        ("orders", "total revenue of orders with 5 stars or more", "5"),
        ("towns", "average crimes of towns with 7 stations or more", "7"),
        ("towns", "total population of towns with 2 stations or fewer", "2"),
    ],
)
def test_a_condition_no_column_holds_is_named_once(frame: str, question: str, said: str) -> None:
    table = _orders() if frame == "orders" else _towns()
    a = analyse(question, {frame: table}, default=frame)
    assert a.status == "partial", a.text
    named = [g for g in a.left_out if g.startswith(f"“{said}”")]
    assert len(named) == 1, a.left_out
    assert "could not tie to a column" in named[0]


@pytest.mark.parametrize(
    ("frame", "question"),
    [
        ("orders", "average revenue by region (the 3 regions)"),
        ("orders", "total revenue of the 6 rows"),
        ("towns", "average crimes per 100,000 people by county"),
        ("towns", "average crimes by county (per 1,000 people)"),
    ],
)
def test_a_number_that_is_no_figure_of_the_question_is_not_named(frame: str, question: str) -> None:
    table = _orders() if frame == "orders" else _towns()
    a = analyse(question, {frame: table}, default=frame)
    assert not any("a number" in g for g in a.left_out), a.left_out


def test_a_tests_level_said_in_words_is_not_named() -> None:
    rng = np.random.default_rng(1)
    table = pd.DataFrame({"score": rng.normal(size=40), "group": ["a", "b"] * 20})
    for question in (
        "Shapiro-Wilk test of score at a 5 percent level",
        "is score normally distributed at the 5% level?",
    ):
        a = analyse(question, {"scores": table}, default="scores")
        assert not any("a number" in g for g in a.left_out), a.left_out
