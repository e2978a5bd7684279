"""Write notebooks/03_cells_as_agents.ipynb (outputs come from executing it).

python scripts/make_cells_as_agents.py
python scripts/execute_notebooks.py notebooks/03_cells_as_agents.ipynb
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# Notebook cells as agents

A cell that starts with `%%agent NAME --can "topics"` becomes an agent. Running the cell only
*registers* it; the router runs it later, when a `%%route` task needs it, with three names bound:
`task` (the text of its task), `inputs` (the results of the tasks it depends on) and `context`.
The value of its last line is its result, and whatever it displays (a matplotlib figure, a
table) comes back with the result.

Everything here runs on the built-in `offline` model: no API key, no network. The planner's
choices are the offline engine's (it splits the request, matches each piece to the agent whose
name, topics and first comment fit best, and works out which piece needs which).
"""),
    md("""
## Two small tables

* **sales**: monthly units, revenue and cost for four regions in 2025. It ships with the package
  (`notebook_router/examples/data/sales.csv`).
* **support tickets**: one row per customer-support ticket in the same regions and year
  (`notebooks/data/support_tickets.csv`, 564 rows).

Both are synthetic, made by `scripts/make_sales_csv.py` and `scripts/make_tickets_csv.py`, so the
numbers are reproducible; the tickets are shaped like a helpdesk export and follow units sold.
"""),
    code("""
%load_ext notebook_router
from importlib import resources

import pandas as pd

sales = pd.read_csv(resources.files("notebook_router.examples") / "data" / "sales.csv")
tickets = pd.read_csv("data/support_tickets.csv")
print(f"sales: {len(sales)} rows; tickets: {len(tickets)} rows")
tickets.head(3)
"""),
    md("""
## Four cell agents

Each cell below registers one agent. The first comment line becomes the agent's description,
which the planner reads alongside the `--can` topics. An agent that is handed a job it cannot
do says so with `raise Unable(...)`: the planner records it as *unable* and may try another agent.
"""),
    code("""
%%agent sales_table --can "sales, units, revenue, cost, region, load, table"
# Loads monthly sales rows for the regions the task names (all regions if it names none).
named = [r for r in sales.region.unique() if r.lower() in task.lower()]
sales[sales.region.isin(named)] if named else sales
"""),
    code("""
%%agent revenue_chart --can "plot, chart, revenue, trend, monthly"
# Plots monthly revenue per region from the sales rows it is given, and reports growth.
import matplotlib.pyplot as plt
from notebook_router import Unable

rows = [v for v in inputs.values() if isinstance(v, pd.DataFrame) and "revenue" in v]
if not rows:
    raise Unable("I chart sales rows I am given; ask for the sales table first")
monthly = rows[0].pivot_table(index="month", columns="region", values="revenue", aggfunc="sum")
ax = monthly.plot(figsize=(6, 2.8), marker="o", title="Monthly revenue, 2025")
ax.set_xlabel("")
growth = (monthly.iloc[-1] / monthly.iloc[0] - 1) * 100
{region: f"{value:+.1f}% Jan to Dec" for region, value in growth.round(1).items()}
"""),
    code("""
%%agent ticket_summary --can "support tickets, helpdesk, complaints, categories, resolution time"
# Summarises support tickets by category: how many, median hours to resolve, satisfaction.
summary = (
    tickets.groupby("category")
    .agg(tickets=("ticket_id", "count"), median_hours=("hours_to_resolve", "median"),
         mean_csat=("csat", "mean"))
    .round(2)
    .sort_values("tickets", ascending=False)
)
display(summary)
slowest = summary.median_hours.idxmax()
f"{len(tickets)} tickets; slowest to resolve: {slowest} ({summary.median_hours[slowest]:g} h median)"
"""),
    code("""
%%agent support_load --can "support load, tickets per unit sold, spike, compare tickets with sales"
# Tickets per 1,000 units sold by region and month: where support load outgrows sales.
import matplotlib.pyplot as plt

per_month = (
    tickets.assign(month=tickets.opened.str[:7]).groupby(["region", "month"]).size().rename("tickets")
)
load = sales.set_index(["region", "month"]).join(per_month)
load["per_1000_units"] = (load.tickets / load.units * 1000).round(1)
ax = load.per_1000_units.unstack("region").plot(
    figsize=(6, 2.8), marker=".", title="Support tickets per 1,000 units sold"
)
ax.set_xlabel("")
region, month = load.per_1000_units.idxmax()
{
    "peak": f"{region} in {month}: {load.per_1000_units.max():g} tickets per 1,000 units",
    "typical": f"{load.per_1000_units.median():g} per 1,000 units (median of all months)",
}
"""),
    md("""
`%route agents` lists what a `%%route` cell may use. A cell agent's *source* says which cell
defines it, with a hash of its code: re-running an `%%agent` cell with changed code replaces the
agent, and the hash shows which version a run used.
"""),
    code("%route agents"),
    md("""
## The router delegates to the cells

The task names two steps joined by "then": the second needs the first one's table, so the planner
runs `sales_table` first and hands its DataFrame to `revenue_chart` as `inputs`. The figure the
chart cell drew comes back inside the result, under the answer.
"""),
    code("""
%%route -o revenue_run
Load the sales for the East and West regions, then chart monthly revenue
"""),
    md("""
The run object keeps every result: `data(task_id)` is the value of the agent's last line (here a
real DataFrame, not a text rendering of one), and `results[task_id].media` holds what it displayed.
"""),
    code("""
result = revenue_run.result()
print([(t.id, t.agent, t.status, t.depends_on) for t in result.tasks])
print([(m.mime_type, m.description) for m in result.results["t2"].media])
result.data("t1").groupby("region").revenue.sum()
"""),
    md("""
## Independent pieces run in parallel

Summarising tickets and comparing support load with sales need nothing from each other, so both
cells run at once. `ticket_summary` displays a table (it travels as an HTML table);
`support_load` draws a figure.
"""),
    code("""
%%route -o support_run
Summarise the support tickets by category and find where support load outgrows sales
"""),
    code("""
support = support_run.result()
for task in support.tasks:
    kinds = [m.mime_type for m in support.results[task.id].media]
    print(f"{task.id} {task.agent}: {task.status}, media {kinds}")
support.data("t2")
"""),
    md("""
West's summer peak is the spike the tickets table was built with (a courier problem in June to
August); the agent found it from the data alone.

## When a cell cannot do the job

Asked to chart revenue with no table to chart, `revenue_chart` raises `Unable`. The run does not
crash: the task is marked *unable* with the agent's reason, and the answer says what is missing.
"""),
    code("""
%%route -o no_data --agents revenue_chart
Chart monthly revenue
"""),
    code("""
print(no_data.result().stop_reason, [(t.agent, t.status, t.error) for t in no_data.result().tasks])
"""),
]


if __name__ == "__main__":
    write("03_cells_as_agents.ipynb", CELLS)
