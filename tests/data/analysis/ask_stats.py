"""Summary statistics and group-by aggregates and rankings.

Conventions the answers follow (the questions say so when it matters): std and var
are the sample ones (ddof=1, pandas' default) unless a question says "population";
skew and kurtosis are pandas' ``.skew()`` and ``.kurt()`` (excess kurtosis);
quantiles interpolate linearly; percentages are 0-100.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.analysis.registry import ask

# --- summary -------------------------------------------------------------------------


@ask("iris", "summary", "What is the mean sepal length in iris?")
def _(df: pd.DataFrame) -> object:
    return df["sepal_length"].mean()


@ask("iris", "summary", "median petal width of the iris flowers")
def _(df: pd.DataFrame) -> object:
    return df["petal_width"].median()


@ask("iris", "summary", "Standard deviation of sepal width? Round to 3 decimals.", decimals=3)
def _(df: pd.DataFrame) -> object:
    return df["sepal_width"].std()


@ask("iris", "summary", "how many distinct species are there in the iris data")
def _(df: pd.DataFrame) -> object:
    return df["species"].nunique()


@ask("iris", "summary", "What's the 90th percentile of petal length?")
def _(df: pd.DataFrame) -> object:
    return df["petal_length"].quantile(0.9)


@ask("wine", "summary", "What's the average alcohol content in the wine dataset?")
def _(df: pd.DataFrame) -> object:
    return df["alcohol"].mean()


@ask("macrodata", "summary", "MAX REALGDP?")
def _(df: pd.DataFrame) -> object:
    return df["realgdp"].max()


@ask("wine", "summary", "what's the mean hue in df", frame="df")
def _(df: pd.DataFrame) -> object:
    return df["hue"].mean()


@ask("wine", "summary", "max proline in wine")
def _(df: pd.DataFrame) -> object:
    return df["proline"].max()


@ask("wine", "summary", "What is the skewness of malic acid?")
def _(df: pd.DataFrame) -> object:
    return df["malic_acid"].skew()


@ask("wine", "summary", "Excess kurtosis of magnesium in wine")
def _(df: pd.DataFrame) -> object:
    return df["magnesium"].kurt()


@ask("wine", "summary", "variance of color intensity, rounded to 4 decimal places", decimals=4)
def _(df: pd.DataFrame) -> object:
    return df["color_intensity"].var()


@ask("diabetes", "summary", "How many patients are in the diabetes data?")
def _(df: pd.DataFrame) -> object:
    return len(df)


@ask("diabetes", "summary", "What is the avg BMI of the diabetes patients?")
def _(df: pd.DataFrame) -> object:
    return df["bmi"].mean()


@ask("diabetes", "summary", "What is the range (max minus min) of bp in diabetes?")
def _(df: pd.DataFrame) -> object:
    return df["bp"].max() - df["bp"].min()


@ask("diabetes", "summary", "interquartile range of progression")
def _(df: pd.DataFrame) -> object:
    return df["progression"].quantile(0.75) - df["progression"].quantile(0.25)


@ask("breast_cancer", "summary", "How many tumours in breast_cancer are malignant?")
def _(df: pd.DataFrame) -> object:
    return (df["diagnosis"] == "malignant").sum()


@ask("breast_cancer", "summary", "What percentage of the diagnoses are benign?")
def _(df: pd.DataFrame) -> object:
    return (df["diagnosis"] == "benign").mean() * 100


@ask("breast_cancer", "summary", "What is the minimum mean radius?")
def _(df: pd.DataFrame) -> object:
    return df["mean radius"].min()


@ask("linnerud", "summary", "average number of situps in linnerud")
def _(df: pd.DataFrame) -> object:
    return df["Situps"].mean()


@ask("linnerud", "summary", "What's the population standard deviation of Pulse?")
def _(df: pd.DataFrame) -> object:
    return df["Pulse"].std(ddof=0)


@ask("longley", "summary", "Mean of UNEMP in longley, to 1 decimal place", decimals=1)
def _(df: pd.DataFrame) -> object:
    return df["UNEMP"].mean()


@ask("macrodata", "summary", "What is the median inflation rate (infl) in macrodata?")
def _(df: pd.DataFrame) -> object:
    return df["infl"].median()


@ask("macrodata", "summary", "How many quarters of data are in macrodata?")
def _(df: pd.DataFrame) -> object:
    return len(df)


@ask("grunfeld", "summary", "How many unique firms are in grunfeld?")
def _(df: pd.DataFrame) -> object:
    return df["firm"].nunique()


@ask("fair", "summary", "what share of women reported any affairs (affairs > 0)? give a percentage")
def _(df: pd.DataFrame) -> object:
    return (df["affairs"] > 0).mean() * 100


@ask("fair", "summary", "What is the most common rate_marriage value?")
def _(df: pd.DataFrame) -> object:
    return df["rate_marriage"].mode().iloc[0]


@ask("spector", "summary", "What's the mean GPA in spector?")
def _(df: pd.DataFrame) -> object:
    return df["GPA"].mean()


@ask("stackloss", "summary", "median stack loss")
def _(df: pd.DataFrame) -> object:
    return df["STACKLOSS"].median()


@ask(
    "statecrime",
    "summary",
    "What is the average high school graduation rate (hs grad) across states?",
)
def _(df: pd.DataFrame) -> object:
    return df["hs_grad"].mean()


@ask("anes96", "summary", "What's the 25th percentile of age among ANES respondents?")
def _(df: pd.DataFrame) -> object:
    return df["age"].quantile(0.25)


@ask("nile", "summary", "In which year was the Nile volume lowest?")
def _(df: pd.DataFrame) -> object:
    return df.loc[df["volume"].idxmin(), "year"]


@ask(
    "copper",
    "summary",
    "what is the coefficient of variation (std / mean) of COPPERPRICE in df",
    frame="df",
)
def _(df: pd.DataFrame) -> object:
    return df["COPPERPRICE"].std() / df["COPPERPRICE"].mean()


@ask("diabetes", "summary", "describe df.s5 - what is its standard deviation?", frame="df")
def _(df: pd.DataFrame) -> object:
    return df["s5"].std()


# --- group-by aggregates and rankings ------------------------------------------------


@ask("iris", "groupby", "average petal length per species")
def _(df: pd.DataFrame) -> object:
    return df.groupby("species", observed=True)["petal_length"].mean().to_dict()


@ask("iris", "groupby", "Which species has the highest mean sepal width?")
def _(df: pd.DataFrame) -> object:
    return str(df.groupby("species", observed=True)["sepal_width"].mean().idxmax())


@ask("iris", "groupby", "Avg Sepal Width by Species")
def _(df: pd.DataFrame) -> object:
    return df.groupby("species", observed=True)["sepal_width"].mean().to_dict()


@ask("iris", "groupby", "For each species, what is the max petal width?")
def _(df: pd.DataFrame) -> object:
    return df.groupby("species", observed=True)["petal_width"].max().to_dict()


@ask("wine", "groupby", "How many wines are there per cultivar?")
def _(df: pd.DataFrame) -> object:
    return df["cultivar"].value_counts().to_dict()


@ask("wine", "groupby", "Rank the cultivars by mean flavanoids, highest first")
def _(df: pd.DataFrame) -> object:
    means = df.groupby("cultivar", observed=True)["flavanoids"].mean()
    return [str(c) for c in means.sort_values(ascending=False).index]


@ask("wine", "groupby", "median proline by cultivar")
def _(df: pd.DataFrame) -> object:
    return df.groupby("cultivar", observed=True)["proline"].median().to_dict()


@ask("diabetes", "groupby", "Average progression by sex in the diabetes data")
def _(df: pd.DataFrame) -> object:
    return df.groupby("sex")["progression"].mean().to_dict()


@ask("breast_cancer", "groupby", "mean 'mean radius' for each diagnosis")
def _(df: pd.DataFrame) -> object:
    return df.groupby("diagnosis", observed=True)["mean radius"].mean().to_dict()


@ask("breast_cancer", "groupby", "Which diagnosis has the larger average worst area?")
def _(df: pd.DataFrame) -> object:
    return str(df.groupby("diagnosis", observed=True)["worst area"].mean().idxmax())


@ask("grunfeld", "groupby", "Top 3 firms by total investment")
def _(df: pd.DataFrame) -> object:
    return list(df.groupby("firm")["invest"].sum().nlargest(3).index)


@ask("grunfeld", "groupby", "which firm has the highest average value?")
def _(df: pd.DataFrame) -> object:
    return df.groupby("firm")["value"].mean().idxmax()


@ask("grunfeld", "groupby", "What is the mean capital for each firm in grunfeld?")
def _(df: pd.DataFrame) -> object:
    return df.groupby("firm")["capital"].mean().to_dict()


@ask("grunfeld", "groupby", "for each firm, in how many years was invest above 100?")
def _(df: pd.DataFrame) -> object:
    return (df["invest"] > 100).groupby(df["firm"]).sum().to_dict()


@ask("grunfeld", "groupby", "Which firm has the lowest total invest?")
def _(df: pd.DataFrame) -> object:
    return df.groupby("firm")["invest"].sum().idxmin()


@ask("fair", "groupby", "mean affairs by rate_marriage")
def _(df: pd.DataFrame) -> object:
    return df.groupby("rate_marriage")["affairs"].mean().to_dict()


@ask("fair", "groupby", "How many women are there in each religious category?")
def _(df: pd.DataFrame) -> object:
    return df["religious"].value_counts().to_dict()


@ask("spector", "groupby", "Average GPA by PSI in spector")
def _(df: pd.DataFrame) -> object:
    return df.groupby("PSI")["GPA"].mean().to_dict()


@ask("statecrime", "groupby", "Top 3 states by poverty rate")
def _(df: pd.DataFrame) -> object:
    return list(df.nlargest(3, "poverty")["state"])


@ask("statecrime", "groupby", "Which state has the highest murder rate?")
def _(df: pd.DataFrame) -> object:
    return df.loc[df["murder"].idxmax(), "state"]


@ask("anes96", "groupby", "What is the mean age for each vote choice?")
def _(df: pd.DataFrame) -> object:
    return df.groupby("vote", observed=True)["age"].mean().to_dict()


@ask("anes96", "groupby", "Which vote group has the higher average income code?")
def _(df: pd.DataFrame) -> object:
    return str(df.groupby("vote", observed=True)["income"].mean().idxmax())


@ask("macrodata", "groupby", "Average unemployment rate by quarter (1-4) in macrodata")
def _(df: pd.DataFrame) -> object:
    return df.groupby("quarter")["unemp"].mean().to_dict()


@ask("linnerud", "groupby", "Bottom 3 Weight values in linnerud, smallest first")
def _(df: pd.DataFrame) -> object:
    return list(df["Weight"].nsmallest(3))
