"""The cells-as-agents notebook's routing: each step goes to the cell whose card fits it.

Its four cell agents, as ``%%agent NAME --can "..."`` registers them (the first
comment line is the description). An earlier ranker sent the load to
``support_load`` (the verb is in its name and its topic "support load") and
the chart to the loader.
"""

from __future__ import annotations

from notebook_router.agents.card import AgentCard
from notebook_router.agents.matcher import AgentMatcher


def _card(name: str, can: str, description: str) -> AgentCard:
    topics = tuple((topic.strip(), 1.0) for topic in can.split(","))
    return AgentCard(name=name, description=description, capabilities=topics)


CELLS = [
    _card(
        "sales_table",
        "sales, units, revenue, cost, region, load, table",
        "Loads monthly sales rows for the regions the task names (all regions if it names none).",
    ),
    _card(
        "revenue_chart",
        "plot, chart, revenue, trend, monthly",
        "Plots monthly revenue per region from the sales rows it is given, and reports growth.",
    ),
    _card(
        "ticket_summary",
        "support tickets, helpdesk, complaints, categories, resolution time",
        "Summarises support tickets by category: how many, median hours to resolve, satisfaction.",
    ),
    _card(
        "support_load",
        "support load, tickets per unit sold, spike, compare tickets with sales",
        "Tickets per 1,000 units sold by region and month: where support load outgrows sales.",
    ),
]


def test_loading_the_sales_goes_to_the_sales_table_and_the_chart_to_the_chart_cell() -> None:
    matcher = AgentMatcher(CELLS)
    assert matcher.best("Load the sales for the East and West regions") == "sales_table"
    assert matcher.best("chart monthly revenue") == "revenue_chart"
    assert matcher.best("Chart monthly revenue") == "revenue_chart"


def test_the_support_steps_go_to_the_support_cells() -> None:
    matcher = AgentMatcher(CELLS)
    assert matcher.best("Summarise the support tickets by category") == "ticket_summary"
    assert matcher.best("find where support load outgrows sales") == "support_load"
