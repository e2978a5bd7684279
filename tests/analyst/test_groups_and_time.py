"""Group-by aggregates, rankings, resampling, pivots, bins and trends, checked against direct pandas calls."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from notebook_router.analyst import analyse
from tests.analyst.conftest import mapping, rerun


def test_aggregate_per_group_in_several_phrasings(titanic: pd.DataFrame) -> None:
    expected = titanic.groupby("Pclass")["Fare"].mean().to_dict()
    for question in (
        "average fare by class",
        "what is the mean fare per pclass?",
        "mean Fare for each Pclass",
    ):
        a = analyse(question, {"titanic": titanic})
        assert a.operation == "groupby", question
        assert a.value == pytest.approx(expected), question
    assert a.table is not None
    assert rerun(a, {"titanic": titanic}).to_dict() == pytest.approx(expected)


def test_which_group_is_highest_and_top_n(sales: pd.DataFrame) -> None:
    totals = sales.groupby("region")["revenue"].sum().sort_values(ascending=False)
    a = analyse("which region had the highest total revenue", {"sales": sales})
    assert a.value == totals.index[0]
    assert isinstance(a.value, str) and a.value in a.text
    b = analyse("top 3 regions by revenue", {"sales": sales})
    assert b.value == list(totals.index[:3])
    c = analyse("which region has the lowest average units", {"sales": sales})
    assert c.value == sales.groupby("region")["units"].mean().idxmin()


def test_group_counts_and_rates(titanic: pd.DataFrame) -> None:
    assert (
        analyse("how many passengers by class", {"titanic": titanic}).value
        == titanic.groupby("Pclass").size().to_dict()
    )
    assert analyse("survival rate by sex", {"titanic": titanic}).value == pytest.approx(
        titanic.groupby("Sex")["Survived"].mean().to_dict()
    )
    assert (
        analyse("which class has the most passengers", {"titanic": titanic}).value
        == titanic["Pclass"].value_counts().idxmax()
    )


def test_rows_ranked_by_a_column(titanic: pd.DataFrame) -> None:
    assert (
        analyse("which passenger paid the highest fare", {"titanic": titanic}).value
        == titanic.loc[titanic["Fare"].idxmax(), "Name"]
    )
    assert (
        analyse("top 3 passengers by fare", {"titanic": titanic}).value
        == titanic.nlargest(3, "Fare")["Name"].tolist()
    )
    assert (
        analyse("what are the 3 highest fares?", {"titanic": titanic}).value
        == titanic["Fare"].nlargest(3).tolist()
    )


def test_resampling_by_period(sales: pd.DataFrame) -> None:
    monthly = sales.resample("ME", on="date")["revenue"].sum()
    a = analyse("monthly total revenue", {"sales": sales})
    assert a.operation == "resample"
    assert list(mapping(a.value).values()) == pytest.approx(monthly.tolist())
    assert list(mapping(a.value)) == [p.strftime("%Y-%m") for p in monthly.index]
    b = analyse("what's the median revenue in 2024?", {"sales": sales})
    assert b.value == pytest.approx(sales[sales["date"].dt.year == 2024]["revenue"].median())


def test_pivot_and_crosstab(sales: pd.DataFrame, titanic: pd.DataFrame) -> None:
    sales = sales.assign(month=sales["date"].dt.strftime("%Y-%m"))
    a = analyse("pivot table of revenue by region and month", {"sales": sales})
    expected = sales.pivot_table(index="region", columns="month", values="revenue", aggfunc="sum")
    pd.testing.assert_frame_equal(a.table, expected)
    b = analyse("crosstab of sex and survived", {"titanic": titanic})
    pd.testing.assert_frame_equal(b.table, pd.crosstab(titanic["Sex"], titanic["Survived"]))


def test_bins_from_ranges_in_words(titanic: pd.DataFrame) -> None:
    a = analyse("count of passengers in age groups 0-12, 13-19, 20-64, 65+", {"titanic": titanic})
    cut = pd.cut(titanic["Age"], bins=[0, 12, 19, 64, np.inf], include_lowest=True)
    assert list(mapping(a.value).values()) == cut.value_counts(sort=False).tolist()
    assert list(mapping(a.value)) == ["0-12", "13-19", "20-64", "65+"]


def test_linear_trend_and_forecast(sales: pd.DataFrame) -> None:
    monthly = sales.resample("ME", on="date")["revenue"].sum()
    fit = stats.linregress(np.arange(len(monthly)), monthly.to_numpy())
    a = analyse("forecast revenue for the next 2 months", {"sales": sales})
    expected = [fit.intercept + fit.slope * k for k in (len(monthly), len(monthly) + 1)]
    assert a.value == pytest.approx(expected)
    b = analyse("linear regression of revenue on units", {"sales": sales})
    assert b.value == pytest.approx(stats.linregress(sales["units"], sales["revenue"]).slope)
