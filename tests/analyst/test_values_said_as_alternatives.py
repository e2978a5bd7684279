"""Conditions said with "or", months said by name on a text month column, and a change
said in the passive with an auxiliary ("jobs were added").

"how many sales in store 1 or 2" asks for the rows of either store, and "in 2019 or
2020" for the rows of either year: reading only the first value answers a narrower
question in silence. A month column that holds "Jan" ... "Dec" (or the full names) is
filtered on by "in May". "when more than 300 jobs were added" is a condition on the
change, as "added more than 300 jobs" is. The tables are small stand-ins built here;
each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "store": [1, 2, 3, 1, 2, 3, 1, 4],
            "region": ["North", "South", "East", "West", "North", "South", "East", "West"],
            "year": [2019, 2019, 2020, 2020, 2021, 2021, 2019, 2022],
            "revenue": [10, 20, 30, 40, 50, 60, 70, 80],
        }
    )


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        ("how many sales in store 1 or 2?", lambda f: f.store.isin([1, 2])),
        ("how many sales in store 1, 3 or 4?", lambda f: f.store.isin([1, 3, 4])),
        ("how many sales in region North or South?", lambda f: f.region.isin(["North", "South"])),
        ("how many sales in 2019 or 2020?", lambda f: f.year.isin([2019, 2020])),
        ("how many sales in 2019 or 2022?", lambda f: f.year.isin([2019, 2022])),
        ("how many sales not in store 1 or 2?", lambda f: ~f.store.isin([1, 2])),
    ],
)
def test_values_said_with_or_are_all_conditions(question: str, rows: object) -> None:
    frame = _sales()
    a = analyse(question, {"sales": frame})
    assert a.status == "answered", a.text
    assert a.value == int(rows(frame).sum())  # type: ignore[operator]


def test_a_sum_over_values_said_with_or() -> None:
    frame = _sales()
    a = analyse("total revenue in store 1 or 2", {"sales": frame})
    assert a.status == "answered", a.text
    assert a.value == frame.revenue[frame.store.isin([1, 2])].sum()


def test_years_said_with_or_on_a_date_column() -> None:
    frame = pd.DataFrame(
        {
            "date": pd.to_datetime(
                ["2018-03-01", "2019-05-01", "2019-07-01", "2020-01-01", "2021-02-01"]
            ),
            "revenue": [5, 10, 20, 30, 40],
        }
    )
    a = analyse("total revenue in 2019 or 2020", {"sales": frame})
    assert a.status == "answered", a.text
    assert a.value == 60
    # years that are not one span cannot be one bound of the dates: said, not dropped
    apart = analyse("total revenue in 2018 or 2020", {"sales": frame})
    assert apart.status != "answered" or apart.value == 35, apart.text


@pytest.mark.parametrize(
    ("names", "question", "month"),
    [
        (["Jan", "Feb", "Mar", "Apr", "May", "Jun"], "total revenue in May", "May"),
        (["Jan", "Feb", "Mar", "Apr", "May", "Jun"], "total revenue in March", "Mar"),
        (
            ["January", "February", "March", "April", "May", "June"],
            "total revenue in April",
            "April",
        ),
        (["jan", "feb", "mar", "apr", "may", "jun"], "average revenue for February", "feb"),
    ],
)
def test_a_month_by_name_filters_a_text_month_column(
    names: list[str], question: str, month: str
) -> None:
    frame = pd.DataFrame({"Month": names * 2, "revenue": range(1, 13)})
    a = analyse(question, {"shop": frame})
    assert a.status == "answered", a.text
    rows = frame.revenue[frame.Month == month]
    expected = rows.mean() if question.startswith("average") else rows.sum()
    assert a.value == pytest.approx(expected)


def _jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "month": pd.date_range("2014-01-01", periods=8, freq="MS"),
            "jobs": [1000, 1100, 1150, 1400, 1420, 1600, 1610, 1500],
            "jobs_change": [20, 100, 50, 350, 20, 380, 10, -110],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many months when more than 300 jobs were added?",
        "how many months where more than 300 jobs get added?",
        "in how many months have more than 300 jobs been added?",
    ],
)
def test_a_passive_change_with_an_auxiliary_is_the_change(question: str) -> None:
    frame = _jobs()
    a = analyse(question, {"employment": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.jobs_change > 300).sum())


def test_a_passive_change_after_the_words_that_named_the_level() -> None:
    frame = _jobs().rename(columns={"jobs": "nonfarm", "jobs_change": "nonfarm_change"})
    a = analyse("how many months when more than 300 nonfarm jobs were added?", {"us": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.nonfarm_change > 300).sum())


def test_a_value_before_a_word_spelled_as_a_change_verb_is_no_change() -> None:
    # "cut" of "Very Good cut diamonds" names the column, it says no jobs were cut
    frame = pd.DataFrame(
        {"cut": ["Very Good", "Ideal", "Very Good", "Fair"], "price": [1, 2, 3, 4]}
    )
    a = analyse("average price of Very Good cut diamonds", {"diamonds": frame})
    assert a.status == "answered", a.text
    assert a.value == 2
