"""Correlations (with p-values) and normality tests.

Coefficients come from pandas' ``Series.corr`` (Pearson, Spearman, Kendall tau-b);
p-values from scipy.stats (``pearsonr``, ``spearmanr``, ``kendalltau``). Normality:
``shapiro``, ``normaltest`` (D'Agostino-Pearson K^2) and ``kstest`` against a normal
with the sample mean and sample std (ddof=1). "Normal?" answers are "yes" when the
p-value is at least the stated alpha.
"""

from __future__ import annotations

from typing import Any

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
from scipy import stats  # type: ignore[import-untyped, unused-ignore]

from tests.data.analysis.registry import ask


def strongest_partners(df: pd.DataFrame, column: str, k: int) -> list[str]:
    """The k numeric columns with the largest |Pearson r| with ``column``, itself excluded."""
    r = df.select_dtypes("number").corr()[column].drop(column).abs()
    return list(r.nlargest(k).index)


def ks_normal(values: pd.Series) -> Any:
    """Kolmogorov-Smirnov test against N(sample mean, sample std)."""
    return stats.kstest(values, "norm", args=(values.mean(), values.std()))


# --- correlation ---------------------------------------------------------------------


@ask("iris", "correlation", "Pearson correlation between petal length and petal width in iris")
def _(df: pd.DataFrame) -> object:
    return df["petal_length"].corr(df["petal_width"])


@ask("iris", "correlation", "spearman correlation of sepal length with sepal width")
def _(df: pd.DataFrame) -> object:
    return df["sepal_length"].corr(df["sepal_width"], method="spearman")


@ask("wine", "correlation", "Kendall tau between alcohol and proline?")
def _(df: pd.DataFrame) -> object:
    return df["alcohol"].corr(df["proline"], method="kendall")


@ask(
    "wine",
    "correlation",
    "Which numeric column has the strongest absolute Pearson correlation with flavanoids (other than flavanoids itself)?",
)
def _(df: pd.DataFrame) -> object:
    return strongest_partners(df, "flavanoids", 1)[0]


@ask(
    "wine",
    "correlation",
    "What's the p-value of the Pearson correlation between hue and color intensity?",
)
def _(df: pd.DataFrame) -> object:
    return stats.pearsonr(df["hue"], df["color_intensity"]).pvalue


@ask("diabetes", "correlation", "Spearman rank correlation between BMI and progression")
def _(df: pd.DataFrame) -> object:
    return df["bmi"].corr(df["progression"], method="spearman")


@ask(
    "diabetes",
    "correlation",
    "correlation between age and bp (pearson), rounded to 3 decimals",
    decimals=3,
)
def _(df: pd.DataFrame) -> object:
    return df["age"].corr(df["bp"])


@ask(
    "breast_cancer",
    "correlation",
    "Top 3 features most correlated with mean radius (absolute Pearson r, excluding mean radius itself)",
)
def _(df: pd.DataFrame) -> object:
    return strongest_partners(df, "mean radius", 3)


@ask("linnerud", "correlation", "Pearson correlation between Weight and Situps")
def _(df: pd.DataFrame) -> object:
    return df["Weight"].corr(df["Situps"])


@ask(
    "linnerud", "correlation", "Kendall correlation between Waist and Jumps - what is the p-value?"
)
def _(df: pd.DataFrame) -> object:
    return stats.kendalltau(df["Waist"], df["Jumps"]).pvalue


@ask(
    "longley",
    "correlation",
    "correlation coefficient between GNP and TOTEMP, round to 4 decimals",
    decimals=4,
)
def _(df: pd.DataFrame) -> object:
    return df["GNP"].corr(df["TOTEMP"])


@ask(
    "macrodata",
    "correlation",
    "What is the Pearson correlation between unemp and infl in macrodata?",
)
def _(df: pd.DataFrame) -> object:
    return df["unemp"].corr(df["infl"])


@ask(
    "macrodata",
    "correlation",
    "Spearman correlation between real consumption and real disposable income",
)
def _(df: pd.DataFrame) -> object:
    return df["realcons"].corr(df["realdpi"], method="spearman")


@ask(
    "statecrime", "correlation", "p-value for the Pearson correlation of poverty and violent crime"
)
def _(df: pd.DataFrame) -> object:
    return stats.pearsonr(df["poverty"], df["violent"]).pvalue


@ask(
    "statecrime",
    "correlation",
    "Is the Pearson correlation between hs_grad and murder significant at the 0.05 level?",
)
def _(df: pd.DataFrame) -> object:
    return bool(stats.pearsonr(df["hs_grad"], df["murder"]).pvalue < 0.05)


@ask("fair", "correlation", "Spearman correlation between yrs_married and age")
def _(df: pd.DataFrame) -> object:
    return df["yrs_married"].corr(df["age"], method="spearman")


@ask("stackloss", "correlation", "how strongly are AIRFLOW and STACKLOSS correlated (Pearson r)?")
def _(df: pd.DataFrame) -> object:
    return df["AIRFLOW"].corr(df["STACKLOSS"])


@ask(
    "spector",
    "correlation",
    "Spearman correlation between GPA and TUCE, with its p-value: give the p-value",
)
def _(df: pd.DataFrame) -> object:
    return stats.spearmanr(df["GPA"], df["TUCE"]).pvalue


# --- normality -----------------------------------------------------------------------


@ask(
    "iris",
    "normality",
    "Is sepal width normally distributed according to a Shapiro-Wilk test at the 5% level?",
)
def _(df: pd.DataFrame) -> object:
    return bool(stats.shapiro(df["sepal_width"]).pvalue >= 0.05)


@ask("iris", "normality", "Shapiro-Wilk p-value for petal length")
def _(df: pd.DataFrame) -> object:
    return stats.shapiro(df["petal_length"]).pvalue


@ask("iris", "normality", "Shapiro-Wilk p-value of sepal length for setosa flowers only")
def _(df: pd.DataFrame) -> object:
    return stats.shapiro(df.loc[df["species"] == "setosa", "sepal_length"]).pvalue


@ask(
    "wine",
    "normality",
    "D'Agostino K^2 normality test (normaltest) on alcohol: what's the p-value?",
)
def _(df: pd.DataFrame) -> object:
    return stats.normaltest(df["alcohol"]).pvalue


@ask(
    "diabetes",
    "normality",
    "Kolmogorov-Smirnov test of bmi against a normal distribution with the sample mean and std: p-value?",
)
def _(df: pd.DataFrame) -> object:
    return ks_normal(df["bmi"]).pvalue


@ask("breast_cancer", "normality", "What is the Shapiro-Wilk W statistic for mean texture?")
def _(df: pd.DataFrame) -> object:
    return stats.shapiro(df["mean texture"]).statistic


@ask("nile", "normality", "Is the Nile volume normally distributed (Shapiro-Wilk, alpha = 0.05)?")
def _(df: pd.DataFrame) -> object:
    return bool(stats.shapiro(df["volume"]).pvalue >= 0.05)


@ask("fair", "normality", "normaltest statistic (K^2) for age in fair")
def _(df: pd.DataFrame) -> object:
    return stats.normaltest(df["age"]).statistic


@ask(
    "macrodata",
    "normality",
    "Does realint look normal by D'Agostino's K-squared test at alpha 0.01?",
)
def _(df: pd.DataFrame) -> object:
    return bool(stats.normaltest(df["realint"]).pvalue >= 0.01)


@ask("stackloss", "normality", "shapiro wilk p value of STACKLOSS")
def _(df: pd.DataFrame) -> object:
    return stats.shapiro(df["STACKLOSS"]).pvalue


@ask(
    "linnerud",
    "normality",
    "KS statistic of Pulse compared with a normal distribution fitted by the sample mean and standard deviation",
)
def _(df: pd.DataFrame) -> object:
    return ks_normal(df["Pulse"]).statistic
