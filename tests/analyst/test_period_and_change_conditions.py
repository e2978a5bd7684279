"""Conditions on a numbered period, and on a change, that no column names in words.

Chicks weighed every few days keep the day in a ``Time`` column: "from day 10 onwards",
"on day 20" and "at the last measurement day" are conditions on it. A monthly series
keeps a level and its change (``jobs`` and ``jobs_change``): "months that added more
than 150 jobs" is a condition on the change. "the earliest Time" stays a question about
the column. The tables are small stand-ins built here; each expected figure is plain
pandas.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import four_chicks


def _jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "month": pd.date_range("2014-01-01", periods=8, freq="MS"),
            "jobs": [1000, 1100, 1150, 1400, 1420, 1600, 1610, 1500],
            "jobs_change": [20, 100, 50, 250, 20, 180, 10, -110],
        }
    )


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        (
            "average weight of chicks on diet 2 from day 10 onwards",
            lambda f: (f.Diet == 2) & (f.Time >= 10),
        ),
        ("average weight of chicks on diet 1 on day 20", lambda f: (f.Diet == 1) & (f.Time == 20)),
        ("average weight since day 10", lambda f: f.Time >= 10),
        ("average weight before day 10", lambda f: f.Time < 10),
        ("what is the average weight at the last measurement day?", lambda f: f.Time == 20),
        ("average weight on the first day", lambda f: f.Time == 0),
    ],
)
def test_a_numbered_period_is_a_condition_on_the_column_holding_it(
    question: str, rows: object
) -> None:
    frame = four_chicks()
    a = analyse(question, {"chicks": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame.weight[rows(frame)].mean())  # type: ignore[operator]


def test_the_earliest_of_the_period_column_stays_a_question_about_it() -> None:
    frame = four_chicks()
    assert analyse("earliest Time in chicks", {"chicks": frame}).value == frame.Time.min()


def test_a_change_verb_puts_the_condition_on_the_change_column() -> None:
    frame = _jobs()
    a = analyse("how many months added more than 150 jobs?", {"employment": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.jobs_change > 150).sum())


def test_without_a_change_verb_the_level_is_kept() -> None:
    frame = _jobs()
    a = analyse("how many months had more than 1200 jobs?", {"employment": frame})
    assert a.value == int((frame.jobs > 1200).sum())


def _yearly_jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "year": range(2011, 2021),
            "jobs": [100, 400, 800, 1100, 1200, 1600, 1700, 2100, 2300, 2400],
            "jobs_change": [50, 300, 400, 300, 100, 400, 100, 400, 200, 100],
        }
    )


def _prices() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "day": range(1, 9),
            "price": [10, 12, 9, 15, 20, 14, 13, 25],
            "price_change": [0, 2, -3, 6, 5, -6, -1, 12],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "in how many years were more than 300 jobs added?",
        "in how many years were over 300 jobs created?",
        "how many years added over 300 jobs?",
        "in how many years did the economy add more than 300 jobs?",
    ],
)
def test_jobs_added_in_the_passive_or_over_an_amount_are_the_change(question: str) -> None:
    frame = _yearly_jobs()
    a = analyse(question, {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.jobs_change > 300).sum())
    assert "jobs_change" in (a.code or "")


def test_a_passive_change_verb_without_a_change_column_is_reported_not_used() -> None:
    frame = _yearly_jobs().drop(columns="jobs_change")
    a = analyse("in how many years were more than 300 jobs added?", {"df": frame})
    assert a.status == "partial", a.text
    assert "“added”" in a.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("on how many days did the price fall below 12?", lambda f: f.price < 12),
        ("on how many days did the price rise above 14?", lambda f: f.price > 14),
        ("on how many days did the price drop under 12?", lambda f: f.price < 12),
        ("on how many days did the price climb over 14?", lambda f: f.price > 14),
    ],
)
def test_crossing_a_level_is_a_condition_on_the_level(
    question: str, expected: Callable[[pd.DataFrame], pd.Series]
) -> None:
    frame = _prices()
    a = analyse(question, {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == int(expected(frame).sum())
    assert "price_change" not in (a.code or "")


def test_gaining_at_least_an_amount_is_still_the_change() -> None:
    frame = _yearly_jobs()
    a = analyse("how many years gained at least 400 jobs?", {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.jobs_change >= 400).sum())
