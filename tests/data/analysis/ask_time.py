"""Derived columns, resampling by date, pivots and linear trends.

Resampling uses the ``date`` column (macrodata's quarter starts, co2's weeks) with
pandas' ``resample``; yearly means skip missing values. Trends are ``np.polyfit``
of degree 1 on the stated x (a year, a time index, or row order 0..n-1) and
forecasts evaluate that line.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.analysis.registry import ask


def line(x: pd.Series, y: pd.Series) -> tuple[float, float]:
    """Slope and intercept of the least-squares line of y on x."""
    slope, intercept = np.polyfit(np.asarray(x, dtype=float), np.asarray(y, dtype=float), 1)
    return float(slope), float(intercept)


def yearly(df: pd.DataFrame, column: str, how: str = "mean") -> pd.Series:
    """``column`` resampled to calendar years on ``date``, keyed by the year."""
    series = df.set_index("date")[column].resample("YE").agg(how)
    series.index = series.index.year
    return series


# --- derived columns -----------------------------------------------------------------


@ask(
    "iris",
    "derived",
    "Create petal_ratio = petal length / petal width. What is its mean for virginica?",
)
def _(df: pd.DataFrame) -> object:
    ratio = df["petal_length"] / df["petal_width"]
    return ratio[df["species"] == "virginica"].mean()


@ask("iris", "derived", "Add sepal area (sepal length times sepal width); what's the largest one?")
def _(df: pd.DataFrame) -> object:
    return (df["sepal_length"] * df["sepal_width"]).max()


@ask(
    "wine",
    "derived",
    "add a column phenol_ratio = flavanoids / total_phenols and report its median",
)
def _(df: pd.DataFrame) -> object:
    return (df["flavanoids"] / df["total_phenols"]).median()


@ask(
    "diabetes",
    "derived",
    "Bin age into 10-year bins closed on the left ([20,30), [30,40), ...). How many patients are in [50, 60)?",
)
def _(df: pd.DataFrame) -> object:
    bins = pd.cut(df["age"], bins=range(10, 90, 10), right=False)
    return (bins == pd.Interval(50, 60, closed="left")).sum()


@ask(
    "diabetes",
    "derived",
    "Label bmi < 25 as normal, 25 to under 30 as overweight and 30+ as obese. How many patients are obese?",
)
def _(df: pd.DataFrame) -> object:
    labels = pd.cut(
        df["bmi"], [0, 25, 30, np.inf], right=False, labels=["normal", "overweight", "obese"]
    )
    return (labels == "obese").sum()


@ask("linnerud", "derived", "Ratio of Weight to Waist: mean of it, round to 2 decimals", decimals=2)
def _(df: pd.DataFrame) -> object:
    return (df["Weight"] / df["Waist"]).mean()


@ask("longley", "derived", "What was the largest year-over-year percentage change in GNP?")
def _(df: pd.DataFrame) -> object:
    return (df.sort_values("YEAR")["GNP"].pct_change() * 100).max()


@ask("macrodata", "derived", "consumption share = realcons / realgdp. What's the mean of it?")
def _(df: pd.DataFrame) -> object:
    return (df["realcons"] / df["realgdp"]).mean()


@ask("macrodata", "derived", "Median quarter-over-quarter percent growth of realgdp")
def _(df: pd.DataFrame) -> object:
    return (df["realgdp"].pct_change() * 100).median()


@ask("grunfeld", "derived", "invest as a percentage of value: what's the average across all rows?")
def _(df: pd.DataFrame) -> object:
    return (df["invest"] / df["value"] * 100).mean()


@ask(
    "statecrime",
    "derived",
    "Standardize poverty as a z-score (sample std). What is Mississippi's z-score?",
)
def _(df: pd.DataFrame) -> object:
    z = (df["poverty"] - df["poverty"].mean()) / df["poverty"].std()
    return z[df["state"] == "Mississippi"].iloc[0]


@ask(
    "breast_cancer",
    "derived",
    "compute mean area / mean perimeter for every sample; average it over malignant tumours",
)
def _(df: pd.DataFrame) -> object:
    ratio = df["mean area"] / df["mean perimeter"]
    return ratio[df["diagnosis"] == "malignant"].mean()


@ask("copper", "derived", "Mean ratio of COPPERPRICE to ALUMPRICE")
def _(df: pd.DataFrame) -> object:
    return (df["COPPERPRICE"] / df["ALUMPRICE"]).mean()


# --- resampling ----------------------------------------------------------------------


@ask("macrodata", "resample", "Average realgdp in 2000 (mean of its four quarters)")
def _(df: pd.DataFrame) -> object:
    return yearly(df, "realgdp")[2000]


@ask(
    "macrodata",
    "resample",
    "Resample realgdp to yearly means. Which year had the highest growth over the previous year?",
)
def _(df: pd.DataFrame) -> object:
    return yearly(df, "realgdp").pct_change().idxmax()


@ask("macrodata", "resample", "What was total real investment (realinv) summed over 2008?")
def _(df: pd.DataFrame) -> object:
    return yearly(df, "realinv", "sum")[2008]


@ask("macrodata", "resample", "yearly mean unemployment for 2005 through 2009")
def _(df: pd.DataFrame) -> object:
    return yearly(df, "unemp").loc[2005:2009].to_dict()


@ask(
    "macrodata",
    "resample",
    "Resample cpi to annual frequency taking the last quarter's value. What was it in 1980?",
)
def _(df: pd.DataFrame) -> object:
    return yearly(df, "cpi", "last")[1980]


@ask("macrodata", "resample", "In which year was the annual average unemployment rate highest?")
def _(df: pd.DataFrame) -> object:
    return yearly(df, "unemp").idxmax()


@ask(
    "macrodata",
    "resample",
    "Average inflation by decade (1960s, 1970s, ...): which decade was highest?",
)
def _(df: pd.DataFrame) -> object:
    return df.groupby(df["year"] // 10 * 10)["infl"].mean().idxmax()


@ask(
    "co2",
    "resample",
    "Resample co2 to yearly means (ignoring missing values); what's the 1990 mean?",
)
def _(df: pd.DataFrame) -> object:
    return yearly(df, "co2")[1990]


@ask("co2", "resample", "Which year had the highest annual mean co2?")
def _(df: pd.DataFrame) -> object:
    return yearly(df, "co2").idxmax()


@ask("co2", "resample", "monthly mean co2 for March 1990")
def _(df: pd.DataFrame) -> object:
    monthly = df.set_index("date")["co2"].resample("ME").mean()
    return monthly.loc["1990-03"].iloc[0]


@ask("co2", "resample", "Quarterly average of co2: what was it in 2001 Q2?")
def _(df: pd.DataFrame) -> object:
    quarterly = df.set_index("date")["co2"].resample("QE").mean()
    return quarterly.loc["2001-06-30"]


@ask(
    "nile",
    "resample",
    "Over the full decades 1880-1969, which decade had the lowest mean Nile volume? Give the decade's first year.",
)
def _(df: pd.DataFrame) -> object:
    full = df[(df["year"] >= 1880) & (df["year"] <= 1969)]
    return full.groupby(full["year"] // 10 * 10)["volume"].mean().idxmin()


# --- pivots --------------------------------------------------------------------------


@ask(
    "macrodata",
    "pivot",
    "Pivot unemp with year as rows and quarter as columns; what's the value for 1982 Q4?",
)
def _(df: pd.DataFrame) -> object:
    return df.pivot(index="year", columns="quarter", values="unemp").loc[1982, 4]


@ask("macrodata", "pivot", "pivot infl by year x quarter and give the mean of the Q1 column")
def _(df: pd.DataFrame) -> object:
    return df.pivot(index="year", columns="quarter", values="infl")[1].mean()


@ask(
    "grunfeld",
    "pivot",
    "Pivot invest with years as rows and firms as columns. What is Chrysler's value in 1950?",
)
def _(df: pd.DataFrame) -> object:
    return df.pivot(index="year", columns="firm", values="invest").loc[1950, "Chrysler"]


@ask("grunfeld", "pivot", "In a year-by-firm pivot of invest, what is the row total for 1954?")
def _(df: pd.DataFrame) -> object:
    return df.pivot(index="year", columns="firm", values="invest").loc[1954].sum()


@ask(
    "fair",
    "pivot",
    "Pivot table of mean affairs with religious as rows and rate_marriage as columns: the cell for religious 1, rate_marriage 1?",
)
def _(df: pd.DataFrame) -> object:
    table = df.pivot_table(
        index="religious", columns="rate_marriage", values="affairs", aggfunc="mean"
    )
    return table.loc[1, 1]


@ask(
    "fair",
    "pivot",
    "Crosstab children vs rate_marriage: how many women have 0 children and rate 5?",
)
def _(df: pd.DataFrame) -> object:
    return pd.crosstab(df["children"], df["rate_marriage"]).loc[0.0, 5]


@ask("anes96", "pivot", "cross-tab of vote by PID: how many respondents with PID 6 voted Clinton?")
def _(df: pd.DataFrame) -> object:
    return pd.crosstab(df["PID"], df["vote"]).loc[6, "Clinton"]


@ask(
    "anes96",
    "pivot",
    "Crosstab of educ (rows) against vote, normalized by row: what percentage of educ 7 respondents voted Dole?",
)
def _(df: pd.DataFrame) -> object:
    return pd.crosstab(df["educ"], df["vote"], normalize="index").loc[7, "Dole"] * 100


@ask(
    "iris",
    "pivot",
    "Pivot table of the mean of every measurement by species: what is versicolor's petal width?",
)
def _(df: pd.DataFrame) -> object:
    return df.pivot_table(index="species", values="petal_width", aggfunc="mean", observed=True).loc[
        "versicolor", "petal_width"
    ]


# --- linear trends and forecasts -----------------------------------------------------


@ask("longley", "trend", "Linear trend of TOTEMP over YEAR: what's the slope per year?")
def _(df: pd.DataFrame) -> object:
    return line(df["YEAR"], df["TOTEMP"])[0]


@ask(
    "longley",
    "trend",
    "Fit a straight line of GNP on YEAR and forecast GNP for 1963. Round to the nearest whole number.",
    decimals=0,
)
def _(df: pd.DataFrame) -> object:
    slope, intercept = line(df["YEAR"], df["GNP"])
    return slope * 1963 + intercept


@ask(
    "macrodata",
    "trend",
    "What is the linear trend slope of realgdp per quarter (fit against the row order 0..n-1)?",
)
def _(df: pd.DataFrame) -> object:
    return line(pd.Series(range(len(df))), df["realgdp"])[0]


@ask("macrodata", "trend", "slope of unemp against year using np.polyfit degree 1 on all quarters")
def _(df: pd.DataFrame) -> object:
    return line(df["year"], df["unemp"])[0]


@ask("grunfeld", "trend", "Slope of General Motors' investment on year (linear fit)")
def _(df: pd.DataFrame) -> object:
    gm = df[df["firm"] == "General Motors"]
    return line(gm["year"], gm["invest"])[0]


@ask("copper", "trend", "linear trend slope of WORLDCONSUMPTION over TIME")
def _(df: pd.DataFrame) -> object:
    return line(df["TIME"], df["WORLDCONSUMPTION"])[0]


@ask("copper", "trend", "Forecast COPPERPRICE at TIME = 30 with a linear trend on TIME")
def _(df: pd.DataFrame) -> object:
    slope, intercept = line(df["TIME"], df["COPPERPRICE"])
    return slope * 30 + intercept


@ask("nile", "trend", "By how much does the Nile volume change per year on a linear trend?")
def _(df: pd.DataFrame) -> object:
    return line(df["year"], df["volume"])[0]


@ask(
    "nile",
    "trend",
    "Using a linear fit of volume on year, what volume would you forecast for 1971?",
)
def _(df: pd.DataFrame) -> object:
    slope, intercept = line(df["year"], df["volume"])
    return slope * 1971 + intercept


@ask("stackloss", "trend", "least-squares slope of STACKLOSS on AIRFLOW")
def _(df: pd.DataFrame) -> object:
    return line(df["AIRFLOW"], df["STACKLOSS"])[0]


@ask("co2", "trend", "Linear trend of the yearly mean co2: slope in ppm per year?")
def _(df: pd.DataFrame) -> object:
    means = yearly(df, "co2")
    return line(pd.Series(means.index), means)[0]
