"""Write notebooks/07_analysis.ipynb (outputs come from executing it).

    python scripts/make_analysis.py
    python scripts/execute_notebooks.py notebooks/07_analysis.ipynb

The notebook defines no agent of its own: every answer comes from the built-in
data analyst, which runs pandas code on the notebook's DataFrame with no model.
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# Asking questions about a DataFrame

`%%route` sees the DataFrames in the notebook. With no agent of your own, a question about them
goes to the built-in **data analyst**: it turns the question into the pandas code a person would
write, runs exactly that code on the live table, and answers with the numbers, the table, the
figure and the code. Nothing is estimated by a model, so the same question on the same data always
gets the same answer. This notebook runs on the offline model: no API key, no network.
"""),
    code("%load_ext notebook_router"),
    md("""
## A year of daily sales

Four regions, one row per region and day in 2024: units sold and revenue. The numbers are
random but seeded, so every run of this notebook builds the same table.
"""),
    code("""
import numpy as np
import pandas as pd

rng = np.random.default_rng(2024)
days = pd.date_range("2024-01-01", "2024-12-31", freq="D")
season = 1 + 0.25 * np.sin(2 * np.pi * (days.day_of_year - 80) / 366)  # a summer peak
daily_units = {"North": 48, "South": 38, "East": 44, "West": 32}

df = pd.concat(
    [
        pd.DataFrame({"date": days, "region": region, "units": rng.poisson(mean * season)})
        for region, mean in daily_units.items()
    ],
    ignore_index=True,
)
df["revenue"] = (df["units"] * rng.normal(25, 1.5, len(df))).round(2)
df.head()
"""),
    md("""
## What is there?

Asking what data the notebook holds is answered at once from the run's first look at the
namespace: no task, no model call.
"""),
    code("""
%%route
what dataframes do I have?
"""),
    md("""
## Describe and plot

Two requests in one: the summary statistics come back as a table, and "revenue by month" on a
date column sums the daily rows per calendar month and draws them. Under the answer, the code that
produced both.
"""),
    code("""
%%route
describe df and plot revenue by month
"""),
    md("""
## A question with one answer

The analyst names the region and shows how it ranked them.
"""),
    code("""
%%route
which region had the highest total revenue?
"""),
    md("Nothing to take on trust: the same question in plain pandas."),
    code("df.groupby('region')['revenue'].sum().idxmax()"),
    md("""
## Statistics

Tests report their statistic, p-value and sample size, and say what they mean at the 5% level.
"""),
    code("""
%%route
is revenue normally distributed?
"""),
    code("""
%%route
correlation between units and revenue
"""),
    md("""
## What it will not do

A question about a column the table does not have is declined plainly, with what the table
does have. No number is made up.
"""),
    code("""
%%route
average profit by region
"""),
    md("""
## Keeping the result

`-o NAME` keeps the run. Its result holds each task's data: for the analyst, the table it
computed, a real DataFrame to carry on with.
"""),
    code("""
%%route -o monthly
total revenue by month
"""),
    code("""
by_month = monthly.result().data("t1")
by_month.sort_values("revenue", ascending=False).head(3)
"""),
    md("""
## Code you can keep, and code a model writes

`--insert` puts the code behind an answer into a new cell below this one, to re-run and edit
(in JupyterLab; a notebook run headless has nowhere to put it).

With a model key, the analyst and the built-in `coder` have the model write the pandas code
instead, run it here, and repair it from the traceback when it fails. Whether a model's code
runs is your call: `--code ask` (the default) shows it in the panel with **Run**, **Edit** and
**Skip**; `--code auto` runs it; `--code never` only shows it. `%route code` sets it for the
session. Offline, as here, the code is the analyst's own read-only pandas, which runs under
every policy.
"""),
    code("%route code"),
    code("""
%%route --insert
write the pandas code for the average units by region
"""),
]


def main() -> None:
    write("07_analysis.ipynb", CELLS)


if __name__ == "__main__":
    main()
