"""Filters and conditions, missing values and outliers.

Outlier rules are stated in each question: the IQR rule flags values below
Q1 - 1.5*IQR or above Q3 + 1.5*IQR (linear quantiles); the z-score rule flags
|value - mean| / std > 3 with the sample std. Percentages are 0-100.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.analysis.registry import ask


def iqr_outliers(values: pd.Series) -> pd.Series:
    """Values below Q1 - 1.5*IQR or above Q3 + 1.5*IQR."""
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    spread = q3 - q1
    return values[(values < q1 - 1.5 * spread) | (values > q3 + 1.5 * spread)]


def z_outliers(values: pd.Series) -> pd.Series:
    """Values more than 3 sample standard deviations from the mean."""
    z = (values - values.mean()) / values.std()
    return values[z.abs() > 3]


# --- filters and conditions ----------------------------------------------------------


@ask("iris", "filter", "How many rows have petal length > 5?")
def _(df: pd.DataFrame) -> object:
    return (df["petal_length"] > 5).sum()


@ask("iris", "filter", "What is the mean sepal width of the flowers with sepal length above 6.5?")
def _(df: pd.DataFrame) -> object:
    return df.loc[df["sepal_length"] > 6.5, "sepal_width"].mean()


@ask("iris", "filter", "count of virginica flowers in df with petal width at least 2", frame="df")
def _(df: pd.DataFrame) -> object:
    return ((df["species"] == "virginica") & (df["petal_width"] >= 2)).sum()


@ask("wine", "filter", "What percentage of wines have alcohol above 13?")
def _(df: pd.DataFrame) -> object:
    return (df["alcohol"] > 13).mean() * 100


@ask("wine", "filter", "how many wines have hue below 0.7 and color intensity over 7")
def _(df: pd.DataFrame) -> object:
    return ((df["hue"] < 0.7) & (df["color_intensity"] > 7)).sum()


@ask("diabetes", "filter", "How many patients older than 60 have a bmi over 30?")
def _(df: pd.DataFrame) -> object:
    return ((df["age"] > 60) & (df["bmi"] > 30)).sum()


@ask("diabetes", "filter", "mean progression for patients with bmi >= 35")
def _(df: pd.DataFrame) -> object:
    return df.loc[df["bmi"] >= 35, "progression"].mean()


@ask("breast_cancer", "filter", "How many samples have mean area over 700 and a benign diagnosis?")
def _(df: pd.DataFrame) -> object:
    return ((df["mean area"] > 700) & (df["diagnosis"] == "benign")).sum()


@ask("linnerud", "filter", "how many men did more than 10 chins?")
def _(df: pd.DataFrame) -> object:
    return (df["Chins"] > 10).sum()


@ask("macrodata", "filter", "How many quarters had an unemployment rate over 9%?")
def _(df: pd.DataFrame) -> object:
    return (df["unemp"] > 9).sum()


@ask(
    "macrodata",
    "filter",
    "What was the average T-bill rate (tbilrate) in quarters where inflation was negative?",
)
def _(df: pd.DataFrame) -> object:
    return df.loc[df["infl"] < 0, "tbilrate"].mean()


@ask("grunfeld", "filter", "How many firm-years have invest greater than 500?")
def _(df: pd.DataFrame) -> object:
    return (df["invest"] > 500).sum()


@ask("grunfeld", "filter", "Total invest of General Electric after 1945 (year > 1945)")
def _(df: pd.DataFrame) -> object:
    return df.loc[(df["firm"] == "General Electric") & (df["year"] > 1945), "invest"].sum()


@ask("statecrime", "filter", "How many states have urban above 80?")
def _(df: pd.DataFrame) -> object:
    return (df["urban"] > 80).sum()


@ask("statecrime", "filter", "List the states with a murder rate over 10.")
def _(df: pd.DataFrame) -> object:
    return list(df.loc[df["murder"] > 10, "state"])


@ask(
    "fair", "filter", "Among women married more than 10 years, what is the mean number of children?"
)
def _(df: pd.DataFrame) -> object:
    return df.loc[df["yrs_married"] > 10, "children"].mean()


@ask("stackloss", "filter", "rows where AIRFLOW is at least 70: what's their mean STACKLOSS?")
def _(df: pd.DataFrame) -> object:
    return df.loc[df["AIRFLOW"] >= 70, "STACKLOSS"].mean()


@ask("anes96", "filter", "What percentage of respondents voted for Dole?")
def _(df: pd.DataFrame) -> object:
    return (df["vote"] == "Dole").mean() * 100


# --- missing values ------------------------------------------------------------------


@ask("iris_missing", "missing", "How many missing values are there in iris_missing in total?")
def _(df: pd.DataFrame) -> object:
    return df.isna().sum().sum()


@ask("iris_missing", "missing", "Which column has the most missing values?")
def _(df: pd.DataFrame) -> object:
    return df.isna().sum().idxmax()


@ask("iris_missing", "missing", "percentage of missing values in sepal length")
def _(df: pd.DataFrame) -> object:
    return df["sepal_length"].isna().mean() * 100


@ask("iris_missing", "missing", "Missing values per column in iris_missing")
def _(df: pd.DataFrame) -> object:
    return df.isna().sum().to_dict()


@ask("iris_missing", "missing", "How many rows are complete, with no missing values at all?")
def _(df: pd.DataFrame) -> object:
    return len(df.dropna())


@ask(
    "iris_missing",
    "missing",
    "Fill the missing sepal_length values with the column median; what's the mean afterwards?",
)
def _(df: pd.DataFrame) -> object:
    column = df["sepal_length"]
    return column.fillna(column.median()).mean()


@ask("diabetes_missing", "missing", "number of NaNs in bmi")
def _(df: pd.DataFrame) -> object:
    return df["bmi"].isna().sum()


@ask("diabetes_missing", "missing", "What percentage of rows have at least one missing value?")
def _(df: pd.DataFrame) -> object:
    return df.isna().any(axis=1).mean() * 100


@ask(
    "diabetes_missing",
    "missing",
    "Impute bp with its mean and report the standard deviation of bp after imputation",
)
def _(df: pd.DataFrame) -> object:
    return df["bp"].fillna(df["bp"].mean()).std()


@ask("co2", "missing", "How many co2 readings are missing?")
def _(df: pd.DataFrame) -> object:
    return df["co2"].isna().sum()


@ask(
    "co2",
    "missing",
    "What percentage of the co2 values are missing? Round to 2 decimals.",
    decimals=2,
)
def _(df: pd.DataFrame) -> object:
    return df["co2"].isna().mean() * 100


@ask(
    "co2", "missing", "After linear interpolation of the missing co2 values, what is the mean co2?"
)
def _(df: pd.DataFrame) -> object:
    return df["co2"].interpolate(method="linear").mean()


# --- outliers ------------------------------------------------------------------------


@ask(
    "iris",
    "outliers",
    "How many outliers does sepal width have by the 1.5*IQR rule (below Q1-1.5*IQR or above Q3+1.5*IQR)?",
)
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["sepal_width"]))


@ask("wine", "outliers", "Using z-scores (|z| > 3), how many magnesium values are outliers?")
def _(df: pd.DataFrame) -> object:
    return len(z_outliers(df["magnesium"]))


@ask(
    "diabetes",
    "outliers",
    "count the outliers in s1 using the IQR rule (1.5 x IQR beyond the quartiles)",
)
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["s1"]))


@ask("breast_cancer", "outliers", "How many 'worst area' values have an absolute z-score above 3?")
def _(df: pd.DataFrame) -> object:
    return len(z_outliers(df["worst area"]))


@ask(
    "fair",
    "outliers",
    "How many affairs values are IQR outliers (outside Q1 - 1.5 IQR, Q3 + 1.5 IQR)?",
)
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["affairs"]))


@ask("statecrime", "outliers", "Which states are outliers in violent crime by the 1.5 IQR rule?")
def _(df: pd.DataFrame) -> object:
    return list(df.loc[iqr_outliers(df["violent"]).index, "state"])


@ask(
    "macrodata",
    "outliers",
    "how many quarters have an infl z-score greater than 3 in absolute value",
)
def _(df: pd.DataFrame) -> object:
    return len(z_outliers(df["infl"]))


@ask("grunfeld", "outliers", "What is the upper IQR fence (Q3 + 1.5*IQR) for invest?")
def _(df: pd.DataFrame) -> object:
    q1, q3 = df["invest"].quantile(0.25), df["invest"].quantile(0.75)
    return q3 + 1.5 * (q3 - q1)


@ask("stackloss", "outliers", "Are there any STACKLOSS outliers under the 1.5 IQR rule? How many?")
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["STACKLOSS"]))


@ask("anes96", "outliers", "Number of popul outliers by the IQR method (1.5 IQR)")
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["popul"]))
