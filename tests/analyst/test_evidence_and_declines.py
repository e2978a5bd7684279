"""Every answer shows its evidence (code that reproduces it, a table or figure); unknowns are declined plainly."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


@pytest.mark.parametrize(
    "question",
    [
        "average fare by class",
        "how many passengers survived?",
        "correlation between age and fare",
        "percentage of missing values in each column",
        "median age of male passengers rounded to 1 decimal",
        "top 3 passengers by fare",
    ],
)
def test_shown_code_reproduces_the_value(titanic: pd.DataFrame, question: str) -> None:
    a = analyse(question, {"titanic": titanic})
    result = rerun(a, {"titanic": titanic})
    if isinstance(a.value, dict):
        assert result.to_dict() == pytest.approx(a.value)
    elif isinstance(a.value, float):
        assert float(result) == pytest.approx(a.value)
    else:
        assert result == a.value


def test_frames_are_never_mutated(titanic: pd.DataFrame, sales: pd.DataFrame) -> None:
    t0, s0 = titanic.copy(), sales.copy()
    for question in (
        "sum of Fare and Age",
        "plot revenue by month",
        "outliers in fare",
        "describe titanic",
    ):
        analyse(question, {"titanic": titanic, "sales": sales}, default="titanic")
    pd.testing.assert_frame_equal(titanic, t0)
    pd.testing.assert_frame_equal(sales, s0)


def test_plots_are_titled_and_labelled(titanic: pd.DataFrame, sales: pd.DataFrame) -> None:
    cases = [
        ("plot a histogram of age", titanic, "Histogram of Age"),
        ("scatter plot of fare vs age", titanic, "Fare vs Age"),
        ("box plot of fare by class", titanic, "Fare by Pclass"),
        ("bar chart of total revenue by region", sales, "Total revenue by region"),
        ("plot revenue by month", sales, "Total revenue by month"),
    ]
    for question, frame, title in cases:
        a = analyse(question, {"df": frame})
        assert a.status == "answered", question
        assert a.figure is not None, question
        ax = a.figure.axes[0]
        assert ax.get_title() == title, question
        assert ax.get_xlabel() and (ax.get_ylabel() or a.figure is None), question


def test_describe_and_plot_in_one_request(sales: pd.DataFrame) -> None:
    a = analyse("describe sales and plot revenue by month", {"sales": sales})
    assert a.operation == "summary+plot"
    pd.testing.assert_frame_equal(a.table, sales.describe())
    assert a.figure is not None
    monthly = sales.resample("ME", on="date")["revenue"].sum()
    line = a.figure.axes[0].get_lines()[0]
    assert np.asarray(line.get_ydata(), dtype=float).tolist() == pytest.approx(monthly.tolist())


def test_unknown_column_is_declined_with_what_exists_and_a_guess(titanic: pd.DataFrame) -> None:
    a = analyse("what is the mean salary?", {"titanic": titanic})
    assert a.status == "declined"
    assert "Fare" in a.text and "salary" in a.text
    assert a.value is None
    b = analyse("what is the average fair?", {"titanic": titanic})
    assert b.status == "declined"
    assert "Did you mean 'Fare'" in b.text


def test_declines_never_contain_numbers_from_the_data(titanic: pd.DataFrame) -> None:
    for question in ("train a neural network on the data", "what is the mean salary?"):
        a = analyse(question, {"titanic": titanic})
        assert a.status == "declined"
        assert a.closest
        assert not re.search(r"\d", a.text)


def test_no_frame_at_all_is_declined() -> None:
    a = analyse("mean of age", {})
    assert a.status == "declined"
    assert "DataFrame" in a.text


def test_markdown_shows_text_code_and_table(titanic: pd.DataFrame) -> None:
    md = analyse("average fare by class", {"titanic": titanic}).to_markdown()
    assert "```python" in md and "groupby('Pclass')" in md and "| Pclass |" in md
