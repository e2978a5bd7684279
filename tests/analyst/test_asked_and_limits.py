"""The value is the number asked for; conditions are read or the question is declined; pivot cells."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


@pytest.fixture
def quarters() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    n = 24
    return pd.DataFrame(
        {
            "date": pd.date_range("2001-01-01", periods=n, freq="QS"),
            "year": np.repeat(np.arange(2001, 2007), 4),
            "quarter": np.tile([1, 2, 3, 4], 6),
            "rate": rng.normal(5, 1, n).round(2),
            "infl": rng.normal(1, 2, n).round(2),
            "output": (np.arange(n) * 3.0 + rng.normal(0, 1, n)).round(2),
        }
    )


def test_a_yes_no_normality_question_gets_yes_or_no_with_p_in_text() -> None:
    x = pd.DataFrame({"x": np.random.default_rng(1).normal(size=80)})
    _w, p = stats.shapiro(x["x"])
    a = analyse("Is x normally distributed according to a Shapiro-Wilk test?", {"df": x})
    assert a.value == ("yes" if p >= 0.05 else "no")
    assert f"p = {p:.3f}" in a.text
    assert rerun(a, {"df": x}) == a.value


def test_the_statistic_or_p_value_asked_for_is_the_value() -> None:
    df = pd.DataFrame({"a": np.arange(30.0) ** 1.5, "b": np.sin(np.arange(30.0)) + np.arange(30)})
    d, _p = stats.kstest(df["a"], "norm", args=(df["a"].mean(), df["a"].std()))
    assert analyse("KS statistic of a against a fitted normal", {"df": df}).value == pytest.approx(
        d
    )
    r, p = stats.pearsonr(df["a"], df["b"])
    got = analyse("what's the p-value of the Pearson correlation between a and b?", {"df": df})
    assert got.value == pytest.approx(p)
    assert f"{r:.4g}" in got.text
    cv = df["a"].std() / df["a"].mean()
    assert analyse("coefficient of variation (std / mean) of a", {"df": df}).value == pytest.approx(
        cv
    )


def test_conditions_said_number_first_by_sign_and_over_years(quarters: pd.DataFrame) -> None:
    f = {"df": quarters}
    assert analyse("how many quarters had more than 5 rate?", f).value == int(
        (quarters["rate"] > 5).sum()
    )
    neg = quarters.loc[quarters["infl"] < 0, "rate"].mean()
    got = analyse("average rate in quarters where infl was negative", f)
    assert got.value == pytest.approx(neg)
    total = quarters.loc[quarters["year"] == 2003, "output"].sum()
    assert analyse("total output summed over 2003", f).value == pytest.approx(total)
    span = quarters[quarters["year"].between(2002, 2004)].groupby("year")["rate"].mean()
    yearly = analyse("yearly mean rate for 2002 through 2004", f).value
    assert isinstance(yearly, dict) and list(yearly.values()) == pytest.approx(span.tolist())


def test_a_condition_it_cannot_place_or_a_method_it_lacks_is_declined(
    quarters: pd.DataFrame,
) -> None:
    f = {"df": quarters}
    assert analyse("how many quarters had growth over 9%?", f).status == "declined"
    nn = analyse("predict next year's output with a neural network", f)
    assert nn.status == "declined" and nn.closest and nn.value is None


def test_a_mean_number_of_is_a_statistic_not_a_count() -> None:
    df = pd.DataFrame({"years": [1, 5, 12, 20, 15], "children": [0, 1, 2, 3, 2]})
    expected = df.loc[df["years"] > 10, "children"].mean()
    got = analyse("for years more than 10, what is the mean number of children?", {"df": df})
    assert got.value == pytest.approx(expected)


def test_pivot_and_crosstab_cells(quarters: pd.DataFrame) -> None:
    f = {"df": quarters}
    table = quarters.pivot_table(index="year", columns="quarter", values="rate", aggfunc="sum")
    a = analyse("Pivot rate with year as rows and quarter as columns; value for 2004 Q3?", f)
    assert a.value == pytest.approx(table.loc[2004, 3])
    assert rerun(a, f) == pytest.approx(a.value)
    people = pd.DataFrame({"grp": [1, 1, 2, 2, 2, 3], "vote": ["A", "B", "A", "A", "B", "B"]})
    b = analyse("cross-tab of vote by grp: how many with grp 2 voted A?", {"p": people})
    assert b.value == pd.crosstab(people["grp"], people["vote"]).loc[2, "A"]
    share = pd.crosstab(people["grp"], people["vote"], normalize="index") * 100
    c = analyse("crosstab of grp (rows) against vote, normalized by row: percentage of grp 2 voting B?",
                {"p": people})  # fmt: skip
    assert c.value == pytest.approx(share.loc[2, "B"])


def test_a_follow_up_without_a_column_is_about_the_new_column() -> None:
    df = pd.DataFrame({"w": [1.0, 2.0, 3.0], "h": [4.0, 1.0, 2.0]})
    a = analyse("Add area (w times h); what's the largest one?", {"df": df})
    assert isinstance(a.value, float)
    assert a.value == pytest.approx((df["w"] * df["h"]).max())


def test_trend_of_y_over_x_is_the_regression_slope() -> None:
    df = pd.DataFrame({"yr": np.arange(1950, 1960), "emp": np.arange(10) * 7.0 + [0, 1] * 5})
    slope = stats.linregress(df["yr"], df["emp"]).slope
    assert analyse("linear trend of emp over yr: slope?", {"df": df}).value == pytest.approx(slope)


def test_a_frame_named_like_its_column_still_finds_the_column() -> None:
    co2 = pd.DataFrame({"co2": [1.0, np.nan, 3.0, 5.0], "other": [9.0, 9.0, 9.0, 9.0]})
    assert analyse("what is the mean of the co2 values?", {"co2": co2}).value == pytest.approx(
        co2["co2"].mean()
    )


def test_by_a_datetime_column_named_for_a_period_resamples_at_that_period() -> None:
    import pandas as pd

    from notebook_router.analyst import analyse

    days = pd.date_range("2024-01-01", periods=90, freq="D")
    df = pd.DataFrame({"month": days, "revenue": range(90)})
    expected = df.set_index("month")["revenue"].resample("MS").sum()

    total = analyse("total revenue by month", {"df": df})
    assert total.value == {p.strftime("%Y-%m"): int(v) for p, v in expected.items()}

    chart = analyse("plot revenue by month", {"df": df})
    assert chart.figure is not None and "line chart" in chart.text
    assert "resample" in chart.code and "hist" not in chart.code
