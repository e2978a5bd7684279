"""DABench-style formatted questions and questions the analyst must decline.

Formatted questions ask for ``@name[value]``; the checked answer is still the value
(the analyst's ``Analysis.value``). Declines name a column the frame lacks, need a
trained model or knowledge from outside the data, or are not questions at all.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
from scipy import stats  # type: ignore[import-untyped, unused-ignore]

from tests.data.analysis.ask_rows import iqr_outliers
from tests.data.analysis.registry import ask, decline

# --- DABench-style answer formats ----------------------------------------------------


@ask(
    "wine",
    "format",
    "Compute the median of the alcohol column. Answer in the format @median_alcohol[value], where value is rounded to two decimal places.",
    decimals=2,
)
def _(df: pd.DataFrame) -> object:
    return df["alcohol"].median()


@ask(
    "iris",
    "format",
    "Calculate the Pearson correlation coefficient between sepal_length and petal_length. Answer as @correlation_coefficient[r_value] with r_value rounded to 2 decimals.",
    decimals=2,
)
def _(df: pd.DataFrame) -> object:
    return df["sepal_length"].corr(df["petal_length"])


@ask(
    "diabetes",
    "format",
    "Identify outliers in bmi using the IQR method (beyond 1.5*IQR from the quartiles). Report @outlier_count[count].",
)
def _(df: pd.DataFrame) -> object:
    return len(iqr_outliers(df["bmi"]))


@ask(
    "macrodata",
    "format",
    "What's the mean of realint? Format: @mean_realint[value], value rounded to 3 decimals.",
    decimals=3,
)
def _(df: pd.DataFrame) -> object:
    return df["realint"].mean()


@ask(
    "breast_cancer",
    "format",
    "Run a Shapiro-Wilk test on mean smoothness and report @p_value[p_value] rounded to four decimals.",
    decimals=4,
)
def _(df: pd.DataFrame) -> object:
    return stats.shapiro(df["mean smoothness"]).pvalue


@ask(
    "spector",
    "format",
    "Is GPA normally distributed (Shapiro-Wilk, alpha=0.05)? Answer @normality_test[yes] or @normality_test[no].",
)
def _(df: pd.DataFrame) -> object:
    return bool(stats.shapiro(df["GPA"]).pvalue >= 0.05)


@ask(
    "grunfeld",
    "format",
    "Which firm has the highest mean invest? Answer as @top_firm[firm_name].",
)
def _(df: pd.DataFrame) -> object:
    return df.groupby("firm")["invest"].mean().idxmax()


@ask("statecrime", "format", "Count the states where single exceeds 35. @count[n]")
def _(df: pd.DataFrame) -> object:
    return (df["single"] > 35).sum()


@ask(
    "fair",
    "format",
    "Calculate the sample standard deviation of yrs_married. Provide @std_yrs_married[value] rounded to 2 decimals.",
    decimals=2,
)
def _(df: pd.DataFrame) -> object:
    return df["yrs_married"].std()


@ask(
    "longley",
    "format",
    "Compute the Spearman correlation between ARMED and UNEMP. @spearman_r[value], round to 3 decimals.",
    decimals=3,
)
def _(df: pd.DataFrame) -> object:
    return df["ARMED"].corr(df["UNEMP"], method="spearman")


@ask(
    "anes96",
    "format",
    "@avg_tvnews[value]: the mean of TVnews rounded to 2 decimals",
    decimals=2,
)
def _(df: pd.DataFrame) -> object:
    return df["TVnews"].mean()


@ask("co2", "format", "Report the highest co2 reading in df as @max_co2[value].", frame="df")
def _(df: pd.DataFrame) -> object:
    return df["co2"].max()


# --- declines ------------------------------------------------------------------------

decline("iris", "What is the mean petal colour in iris?")
decline("iris", "Why are setosa flowers smaller than virginica ones?")
decline("wine", "What's the price of the most expensive wine?")
decline("wine", "Train a neural network to predict the cultivar and tell me its test accuracy")
decline("macrodata", "Predict next year's GDP with a neural network")
decline("macrodata", "Why did real GDP drop in 2009?")
decline("longley", "What is the capital of France?")
decline("grunfeld", "average revenue by firm")
decline("statecrime", "What is the median household income per state?")
decline("diabetes", "What is the mean weight in kilograms of the patients in df?", frame="df")
decline("fair", "Which of these women will have an affair next year?")
decline("spector", "blorf the zibble quantiles sideways")
decline("anes96", "Who will win the 2028 presidential election?")
decline("nile", "How much rain fell in Ethiopia in 1900?")
decline("co2", "What will co2 be in 2100 according to a deep learning climate model?")
decline("breast_cancer", "My tumour has a radius of 15 - is it cancer?")
decline("linnerud", "asdf qwerty")
decline("copper", "what's the mean of the zinc price column")
