"""Correlation, normality tests, outliers and missing values: statistics and p-values from scipy directly."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from notebook_router.analyst import analyse


def test_correlation_with_its_p_value(titanic: pd.DataFrame) -> None:
    pair = titanic[["Age", "Fare"]].dropna()
    for method, test in (
        ("pearson", stats.pearsonr),
        ("spearman", stats.spearmanr),
        ("kendall", stats.kendalltau),
    ):
        r, p = test(pair["Age"], pair["Fare"])
        a = analyse(f"{method} correlation between age and fare", {"titanic": titanic})
        assert a.value == pytest.approx(r), method
        assert f"p = {p:.3f}" in a.text, method
    m = analyse("which column is most correlated with fare", {"titanic": titanic})
    corr = titanic.corr(numeric_only=True)["Fare"].drop("Fare")
    assert m.value == corr.abs().idxmax()


def test_normality_tests_state_statistic_p_and_verdict(sales: pd.DataFrame) -> None:
    x = sales["revenue"].dropna()
    w, p = stats.shapiro(x)
    a = analyse("is revenue normally distributed?", {"sales": sales})
    assert a.value == ("yes" if p >= 0.05 else "no")  # a yes/no question gets yes or no
    assert f"p = {p:.3f}" in a.text
    assert "Shapiro-Wilk" in a.text and f"W = {w:.3f}" in a.text
    assert ("do not look normally distributed" in a.text) == (p < 0.05)
    _k2, p2 = stats.normaltest(x)
    assert analyse(
        "D'Agostino test of normality for revenue", {"sales": sales}
    ).value == pytest.approx(p2)
    _d, p3 = stats.kstest(x, "norm", args=(x.mean(), x.std()))
    assert analyse(
        "Kolmogorov-Smirnov normality test on revenue", {"sales": sales}
    ).value == pytest.approx(p3)


def test_outliers_by_iqr_and_z_score() -> None:
    df = pd.DataFrame({"x": [*range(1, 21), 100, -60]})
    q1, q3 = df["x"].quantile(0.25), df["x"].quantile(0.75)
    iqr = q3 - q1
    expected = int(((df["x"] < q1 - 1.5 * iqr) | (df["x"] > q3 + 1.5 * iqr)).sum())
    a = analyse("how many outliers are in x?", {"df": df})
    assert a.value == expected
    assert "IQR" in a.text
    z = np.abs(stats.zscore(df["x"]))
    b = analyse("count outliers in x with a z-score above 2", {"df": df})
    assert b.value == int((z > 2).sum())
    assert "z-score" in b.text


def test_missing_values(titanic: pd.DataFrame) -> None:
    frames = {"titanic": titanic}
    assert analyse("how many missing values are there", frames).value == int(
        titanic.isna().sum().sum()
    )
    assert analyse("percentage of missing values in each column", frames).value == pytest.approx(
        (titanic.isna().mean() * 100).to_dict()
    )
    assert analyse("which columns have missing values", frames).value == ["Age", "Embarked"]
    assert analyse("how many missing values in age", frames).value == int(
        titanic["Age"].isna().sum()
    )


def test_a_p_value_that_underflows_to_zero_is_said_to_be_tiny_not_zero() -> None:
    # Over 1,000 rows a near-perfect correlation's p-value is below the smallest float,
    # so scipy returns 0.0; "p = 0" would claim the impossible.
    x = np.arange(1_000, dtype=float)
    df = pd.DataFrame({"units": x, "revenue": 25 * x + np.sin(x)})
    assert stats.pearsonr(df["units"], df["revenue"])[1] == 0.0
    a = analyse("correlation between units and revenue", {"df": df})
    assert "p < 1e-300" in a.text and "p = 0," not in a.text
    rounded = analyse("correlation between units and revenue, rounded to 3 decimals", {"df": df})
    assert "p = 0.000" in rounded.text  # the rounding asked for still applies
