"""Rows left out by a condition: "apart from states with an assault rate over 250",
"excluding the years 1979 to 1982", "other than those with a share under 2", "not
counting the gram positive ones".

An exclusion word before a comparison or a range leaves out the rows that meet it. These
were read as the condition itself (only the states over 250), the opposite rows, shown as
complete. The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _states() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado"],
            "assault": [236, 263, 294, 190, 276, 204],
            "urban_pop": [58, 48, 80, 50, 91, 78],
            "murder": [13.2, 10.0, 8.1, 8.8, 9.0, 7.9],
        }
    )


def _prices() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "year": list(range(1975, 1987)),
            "gas": [0.57, 0.59, 0.62, 0.63, 0.86, 1.19, 1.31, 1.22, 1.16, 1.13, 1.12, 0.86],
            "miles": [100, 110, 120, 125, 120, 115, 118, 121, 126, 130, 135, 140],
        }
    )


def _mean(frame: pd.DataFrame, keep: pd.Series, column: str) -> float:
    return float(frame[keep][column].mean())


@pytest.mark.parametrize(
    "question",
    [
        "average urban_pop apart from states with an assault over 250",
        "average urban_pop excluding states whose assault is above 250",
        "mean urban_pop other than those with assault more than 250",
        "average urban_pop not counting states with assault over 250",
    ],
)
def test_an_excluded_comparison_leaves_its_rows_out(question: str) -> None:
    states = _states()
    a = analyse(question, {"states": states})
    assert a.status == "answered"
    assert a.value == pytest.approx(_mean(states, ~(states["assault"] > 250), "urban_pop"))


def test_an_excluded_bound_below_leaves_its_rows_out() -> None:
    states = _states()
    a = analyse("median urban_pop of states other than those with murder under 9", {"s": states})
    assert a.value == pytest.approx(float(states[states["murder"] >= 9]["urban_pop"].median()))


@pytest.mark.parametrize(
    "question",
    ["mean gas excluding the years 1979 to 1982", "average gas apart from 1979 to 1982"],
)
def test_an_excluded_range_leaves_its_rows_out(question: str) -> None:
    prices = _prices()
    a = analyse(question, {"prices": prices})
    assert a.status == "answered"
    assert a.value == pytest.approx(_mean(prices, ~prices["year"].between(1979, 1982), "gas"))
    assert "not between 1979 and 1982" in a.text


def test_a_condition_that_is_not_excluded_still_keeps_its_rows() -> None:
    states, prices = _states(), _prices()
    a = analyse("average urban_pop for states with assault over 250", {"s": states})
    assert a.value == pytest.approx(_mean(states, states["assault"] > 250, "urban_pop"))
    b = analyse("mean gas from 1979 to 1982", {"p": prices})
    assert b.value == pytest.approx(_mean(prices, prices["year"].between(1979, 1982), "gas"))


def test_an_excluded_value_beside_a_kept_condition_keeps_each_reading() -> None:
    states = _states()
    a = analyse("how many states, excluding California, have assault over 250", {"s": states})
    keep = (states["state"] != "California") & (states["assault"] > 250)
    assert (a.status, a.value) == ("answered", int(keep.sum()))


@pytest.mark.parametrize("question", ["average gas apart from 1979", "mean gas except in 1979"])
def test_an_excluded_year_of_a_year_column_leaves_its_rows_out(question: str) -> None:
    prices = _prices()
    a = analyse(question, {"prices": prices})
    assert a.value == pytest.approx(_mean(prices, prices["year"] != 1979, "gas"))


@pytest.mark.parametrize(
    ("question", "year"),
    [("total sales apart from 2019", 2019), ("total sales other than in 2021", 2021)],
)
def test_an_excluded_year_of_dates_leaves_its_rows_out(question: str, year: int) -> None:
    months = pd.DataFrame(
        {"date": pd.date_range("2019-01-01", periods=36, freq="MS"), "sales": range(36)}
    )
    a = analyse(question, {"months": months})
    assert a.status == "answered"
    assert a.value == months[months["date"].dt.year != year]["sales"].sum()
    assert f"!= {year}" in a.text


@pytest.mark.parametrize(
    "question",
    [
        "how many states have an assault over 270 or an assault under 200?",
        "how many states have assault under 200 or assault above 270?",
    ],
)
def test_two_bounds_no_row_meets_together_are_either_side(question: str) -> None:
    states = _states()
    a = analyse(question, {"states": states})
    truth = int(((states["assault"] > 270) | (states["assault"] < 200)).sum())
    assert (a.status, a.value) == ("answered", truth)


def test_two_bounds_that_make_a_range_stay_a_range() -> None:
    states = _states()
    a = analyse("how many states have assault over 200 and assault under 270?", {"s": states})
    assert a.value == int(((states["assault"] > 200) & (states["assault"] < 270)).sum())
