"""Write notebooks/08_team_and_memory.ipynb (outputs come from executing it).

    python scripts/make_team.py
    python scripts/execute_notebooks.py notebooks/08_team_and_memory.ipynb

Offline, with no agent of the notebook's own except one deliberately unsure
agent: the built-in team, follow-ups that remember the run before, facts kept
across kernels, and a claim the router checks before it trusts it.
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# The team, and memory across runs

Every `%%route` run has a small team of built-in agents besides your own: **planning**,
**research**, **reasoning**, **decision**, **summarisation**, **verification** and a
**knowledge** base, plus the **data analyst** and **coder** when the notebook holds data. Your
own agents come first whenever they fit; an agent of yours with a built-in's name replaces it.

The notebook also remembers: each run's goal, plan and answer are kept (in the session
database, so they survive a kernel restart), and the next run's planner sees them, so a
follow-up like "now do the same for South" works. This notebook runs on the offline model: no
API key, no network.
"""),
    code("%load_ext notebook_router"),
    md("""
A clean slate first: this notebook is run again and again (by CI too), and memory is meant to
outlive a kernel. `%route forget` clears the runs remembered; facts are kept until forgotten.
(What these two report depends on what ran before, so nbval does not compare it.)
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
%route forget
%route facts forget all
"""),
    code("%route agents"),
    md("""
## Follow-ups

Two regions of daily sales, seeded so every run builds the same table.
"""),
    code("""
import numpy as np
import pandas as pd

rng = np.random.default_rng(8)
days = pd.date_range("2024-01-01", "2024-06-30", freq="D")
sales = pd.concat(
    [
        pd.DataFrame({"date": days, "region": region, "units": rng.poisson(mean, len(days))})
        for region, mean in {"North": 48, "South": 38}.items()
    ],
    ignore_index=True,
)
sales["revenue"] = sales["units"] * 25.0
"""),
    code("""
%%route
total revenue by month for the North region
"""),
    md("""
"The same for South" means the plan of the run before, with North replaced by South. The
answer says which run it followed.
"""),
    code("""
%%route
now do the same for South
"""),
    md("Checked in plain pandas:"),
    code("""
south = sales[sales["region"] == "South"]
south.groupby(south["date"].dt.to_period("M"))["revenue"].sum()
"""),
    md("""
## Facts the notebook keeps

The knowledge agent remembers what you tell it, in the session database: a later run, or a
later kernel, can ask.
"""),
    code("""
%%route
remember that the fiscal year starts in April
"""),
    code("""
%%route
when does the fiscal year start?
"""),
    code("%route facts"),
    md("""
## Summaries and decisions without a model

Text after a colon is the material: the summary keeps the sentences that carry it (numbers and
conclusions first), to the length asked for.
"""),
    code("""
%%route
summarise: Revenue grew 36% in the first half. The office moved to a new floor in March.
The North region led every month, with 1,150 units more than the South. Lunch was served at
noon. As a result, the team expects the second half to grow as well. in 2 sentences
"""),
    md("""
A decision over stated criteria comes back as a table: each option's values, its score (each
criterion scaled from worst 0 to best 1, less being better for prices and durations) and the
choice.
"""),
    code("""
%%route
choose between plan A, plan B and plan C on price and speed: A costs 10 and takes 5 days,
B costs 12 and takes 2 days, C costs 20 and takes 1 day
"""),
    md("""
Without a model, a question about the world is not guessed at: the answer says what would let
it be answered.
"""),
    code("""
%%route
Summarise the causes of the French revolution
"""),
    md("""
## Checking what an agent claims

A result whose confidence is below 0.5 (`Router(verify=...)`, `%%route --verify-below`) is
verified before it is trusted: each number it claims is checked against what the run's evidence
(the data, earlier results, tool outputs) says about the thing it names, to the precision it
is written with. A number the data contradicts sends the task back once, reworded; one that
cannot be found is marked unverified; the answer says which is which. Here an agent of our own
reports North's revenue for the half-year, unsure of itself, and gets it wrong.
"""),
    code("""
from notebook_router import AgentResult, agent

north_total = sales.loc[sales["region"] == "North", "revenue"].sum()

@agent(can=["headline", "half-year figure"])
def headline(task: str) -> AgentResult:
    \"\"\"Writes the half-year headline figure for a region.\"\"\"
    return AgentResult(summary=f"North revenue was {north_total + 1000:,.0f} in the half-year.",
                       confidence=0.3)
"""),
    code("""
%%route
headline half-year figure for North
"""),
    md("The true figure, for comparison:"),
    code('f"{north_total:,.0f}"'),
]


def main() -> None:
    write("08_team_and_memory.ipynb", CELLS)


if __name__ == "__main__":
    main()
