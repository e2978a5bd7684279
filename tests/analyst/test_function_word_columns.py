"""A column named like a word of the question's grammar, and readings that contradict it.

A table of counts per state keeps them in a ``total`` column: "plot total murders by region" is its
sum per region (not the per-row mean a plot uses when no aggregation is named). "which
state has the most murders?" with no numeric column named is no question about the
alphabetical last state: it is flagged. A value condition on the column the question
groups by ("the number of workers in each occupation", with a ``worker`` occupation)
would leave one group: it is dropped, and the answer says so. "how many gun murders in
total?" beside a ``total`` column counts the rows and names the column that may hold
the count: nothing says whether it counts murders or holds an amount per row. The tables are small stand-ins built here; each
expected figure is plain pandas.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _murders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"],
            "region": ["West", "West", "East", "East", "North", "North"],
            "population": [1_500_000, 6_000_000, 800_000, 3_000_000, 12_000_000, 2_500_000],
            "total": [40, 300, 10, 90, 500, 60],
        }
    )


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "occupation": ["worker", "sales", "worker", "office", "sales", "worker"],
            "wage": [5.0, 8.0, 6.0, 9.0, 7.0, 4.0],
        }
    )


def test_how_many_in_total_beside_a_total_column_is_flagged() -> None:
    """Whether ``total`` counts murders per state or holds an amount per row the table
    cannot say: the rows are counted and the column named, never a silent sum."""
    frame = _murders()
    a = analyse("how many gun murders were there in total?", {"murders": frame})
    assert a.status == "partial", a.text
    assert a.value == len(frame), a.text
    assert "the column total may hold how many there are" in a.text


def test_how_many_in_total_with_a_condition_flags_the_rows_it_keeps() -> None:
    frame = _murders()
    a = analyse("how many gun murders were there in the West in total?", {"murders": frame})
    assert a.status == "partial", a.text
    assert a.value == int((frame.region == "West").sum()), a.text
    assert "the column total may hold how many there are" in a.text


def test_a_condition_on_the_total_column_still_counts_rows() -> None:
    frame = _murders()
    a = analyse("how many states have a total above 100?", {"murders": frame})
    assert a.value == int((frame.total > 100).sum())


def test_total_of_a_total_column_by_group_is_its_sum_in_a_plot() -> None:
    frame = _murders()
    a = analyse("plot total murders by region", {"murders": frame})
    assert a.status == "answered", a.text
    assert "total total by region" in a.text
    assert "North: 560" in a.text  # the sum, where the mean is 280


def test_compare_total_of_a_total_column_compares_sums() -> None:
    frame = _murders()
    a = analyse("compare total murders in the West and the East", {"murders": frame})
    assert isinstance(a.value, dict)
    assert a.value["West"] == frame.total[frame.region == "West"].sum()
    assert a.value["East"] == frame.total[frame.region == "East"].sum()


def test_an_average_of_a_total_column_stays_the_average() -> None:
    frame = _murders()
    a = analyse("average total by region", {"murders": frame})
    assert a.value == frame.groupby("region").total.mean().to_dict()


def _many_states() -> pd.DataFrame:
    """Sixty states, one row each: the state is a label, not a category."""
    names = [f"{first}{second}" for first in ("North ", "South ", "East ", "West ", "Lower ", "Upper ")
             for second in ("Ardo", "Bel", "Cora", "Dova", "Esk", "Fen", "Gala", "Hume", "Ives", "Jura")]  # fmt: skip
    return pd.DataFrame(
        {"state": names, "total": [(7 * i) % 41 for i in range(60)], "abb": [n[:2] for n in names]}
    )


@pytest.mark.parametrize("make", [_many_states, _murders])
def test_the_largest_name_is_never_which_has_the_most(make: Callable[[], pd.DataFrame]) -> None:
    """Neither the alphabetically last state nor a ranking of one row each is an answer."""
    a = analyse("which state has the most murders?", {"murders": make()})
    assert a.status == "partial", a.text
    assert "“most murders”" in a.text


def test_a_value_of_the_grouped_column_does_not_become_a_one_group_condition() -> None:
    frame = _people()
    a = analyse("bar chart of the number of workers in each occupation", {"people": frame})
    assert a.status == "partial", a.text  # "workers" may have been the condition: said
    assert "read as every row, not occupation = worker" in a.text
    for occupation, rows in frame.occupation.value_counts().items():
        assert f"{occupation}: {rows}" in a.text


def test_a_change_between_two_ends_is_not_one_figure_over_the_span() -> None:
    frame = pd.DataFrame(
        {
            "month": pd.date_range("2010-01-01", periods=36, freq="MS"),
            "construction": [6000 - 20 * i for i in range(36)],
        }
    )
    a = analyse("how much did average construction fall from 2010 to 2012?", {"jobs": frame})
    assert a.status == "partial", a.text
    assert "“fall from 2010 to 2012”" in a.text


def test_a_row_count_per_label_without_a_ranking_is_not_flagged() -> None:
    a = analyse("which region has the most states?", {"murders": _murders()})
    assert "ranks nothing" not in a.text


def test_average_monthly_without_a_per_month_word_is_not_a_list_of_months() -> None:
    frame = pd.DataFrame(
        {
            "month": pd.date_range("2014-01-01", periods=12, freq="MS"),
            "jobs_change": [100 + 10 * i for i in range(12)],
        }
    )
    a = analyse("average monthly jobs change since 2014", {"jobs": frame})
    assert a.status == "partial" or a.value == frame.jobs_change.mean(), a.text
    by_month = analyse("average jobs change by month", {"jobs": frame})
    assert by_month.status == "answered", by_month.text


def test_a_row_count_of_things_a_total_column_holds_is_flagged() -> None:
    a = analyse("how many killings were there in the West?", {"murders": _murders()})
    assert a.status == "partial", a.text
    assert "the column total may hold how many there are" in a.text
    states = analyse("how many states are in the West?", {"murders": _murders()})
    assert states.status == "answered", states.text
