"""A yes/no or count column said after "with"/"on"/"for" is the argument of an operation
that takes columns (a regression, a correlation, a plot, value counts), not rows that have
it; "no A and B" on two yes/no columns may mean neither and is said to be read one way.

Before, "regress charges on smoker" filtered smoker == 1 and fitted a trend on the row
index, and "value counts for churn" counted the churned rows. The tables are small
stand-ins built here; every expected figure is plain pandas or scipy.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest
from scipy import stats  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse


def _insurance() -> pd.DataFrame:
    return pd.DataFrame(
        {"charges": [100.0, 200.0, 150.0, 400.0, 500.0, 120.0], "smoker": [0, 1, 0, 1, 1, 0]}
    )


def _students() -> pd.DataFrame:
    return pd.DataFrame(
        {"score": [50.0, 60.0, 70.0, 80.0, 90.0, 65.0], "absences": [0, 2, 0, 3, 1, 0]}
    )


@pytest.mark.parametrize(
    ("question", "name", "frame", "y", "x"),
    [
        ("regress charges on smoker", "ins", _insurance(), "charges", "smoker"),
        ("regress score on absences", "st", _students(), "score", "absences"),
    ],
)
def test_a_regression_on_a_yes_no_or_count_column_fits_on_it(
    question: str, name: str, frame: pd.DataFrame, y: str, x: str
) -> None:
    a = analyse(question, {name: frame})
    assert a.value == pytest.approx(stats.linregress(frame[x], frame[y]).slope)


@pytest.mark.parametrize(
    ("question", "name", "frame", "y", "x"),
    [
        ("correlation of charges with smoker", "ins", _insurance(), "charges", "smoker"),
        ("correlation of score with absences", "st", _students(), "score", "absences"),
    ],
)
def test_a_correlation_with_a_yes_no_or_count_column_uses_every_row(
    question: str, name: str, frame: pd.DataFrame, y: str, x: str
) -> None:
    a = analyse(question, {name: frame})
    assert isinstance(a.value, dict)
    assert a.value[y] == pytest.approx(frame[y].corr(frame[x]))


@pytest.mark.parametrize("question", ["value counts for churn", "frequency table for churn"])
def test_value_counts_for_a_yes_no_column_counts_each_value(question: str) -> None:
    frame = pd.DataFrame({"churn": [0, 1, 0, 0, 1, 0], "tenure": [1, 2, 3, 4, 5, 6]})
    a = analyse(question, {"customers": frame})
    counts = a.value if a.table is None else a.table.squeeze().to_dict()
    assert counts == frame.churn.value_counts().to_dict()


def test_a_plot_of_one_column_with_a_count_column_is_a_scatter() -> None:
    a = analyse("plot score with absences", {"st": _students()})
    assert "['absences'] >" not in a.code
    assert "scatter" in a.code


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("average score of students with absences", 1.0),
        ("plot score of students with absences", None),
    ],
)
def test_a_condition_said_of_the_rows_is_still_applied(question: str, truth: float | None) -> None:
    frame = _students()
    a = analyse(question, {"st": frame})
    assert "st[st['absences'] > 0]" in a.code
    if truth is not None:
        assert a.value == pytest.approx(frame.score[frame.absences > 0].mean())


@pytest.mark.parametrize(
    "question",
    [
        "how many patients have no diabetes and hypertension?",
        "how many patients with no diabetes or hypertension?",
    ],
)
def test_no_before_two_yes_no_columns_says_how_it_was_read(question: str) -> None:
    frame = pd.DataFrame({"diabetes": [0, 1, 0, 1, 0], "hypertension": [1, 1, 0, 0, 1]})
    a = analyse(question, {"patients": frame})
    assert a.status == "partial"
    assert any("neither" in str(item) for item in a.left_out)


def test_no_said_before_each_column_is_read_as_said() -> None:
    frame = pd.DataFrame({"diabetes": [0, 1, 0, 1, 0], "hypertension": [1, 1, 0, 0, 1]})
    a = analyse("how many patients have no diabetes and no hypertension?", {"patients": frame})
    assert a.value == ((frame.diabetes == 0) & (frame.hypertension == 0)).sum()
    assert a.status == "answered"
