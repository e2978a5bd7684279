"""Answers for the ``murders`` items (dslabs murders: gun murders by state in 2010)."""

from __future__ import annotations

from tests.data.trust.answers.common import Tables, absent, count, mapping, num, one, ranked, top
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("murders")


def _state(t: Tables, state: str, column: str) -> int | float:
    m = t("murders")
    return one(m[m["state"] == state], column)


@item(1)
def _total(t: Tables) -> list[object]:
    return [num(t("murders")["total"].sum())]


@item(2)
def _population(t: Tables) -> list[object]:
    return [num(t("murders")["population"].sum())]


@item(3)
def _most_murders(t: Tables) -> list[object]:
    return [top(t("murders").set_index("state")["total"])]


@item(4)
def _big_states(t: Tables) -> list[object]:
    return [count(t("murders")["population"] > 10_000_000)]


@item(5)
def _few_murders(t: Tables) -> list[object]:
    return [count(t("murders")["total"] < 50)]


@item(6)
def _mid_states_total(t: Tables) -> list[object]:
    m = t("murders")
    return [num(m.loc[m["population"].between(1_000_000, 5_000_000), "total"].sum())]


@item(7)
def _violent_states_mean(t: Tables) -> list[object]:
    m = t("murders")
    return [num(m.loc[m["total"] >= 200, "total"].mean())]


@item(8)
def _texas(t: Tables) -> list[object]:
    return [_state(t, "Texas", "total")]


@item(9)
def _northeast_population(t: Tables) -> list[object]:
    m = t("murders")
    return [num(m.loc[m["region"] == "Northeast", "population"].sum())]


@item(10)
def _north_central(t: Tables) -> list[object]:
    return [count(t("murders")["region"] == "North Central")]


@item(11)
def _dc_rate(t: Tables) -> list[object]:
    m = t("murders")
    dc = m[m["state"] == "District of Columbia"]
    return [one(dc.assign(rate=dc["total"] / dc["population"] * 100_000), "rate")]


@item(12)
def _florida(t: Tables) -> list[object]:
    return [_state(t, "Florida", "population")]


@item(13)
def _south_killings(t: Tables) -> list[object]:
    m = t("murders")
    return [num(m.loc[m["region"] == "South", "total"].sum())]


@item(14)
def _total_by_region(t: Tables) -> list[object]:
    return [mapping(t("murders").groupby("region")["total"].sum())]


@item(15)
def _population_by_region(t: Tables) -> list[object]:
    return [mapping(t("murders").groupby("region")["population"].mean())]


@item(16)
def _rate_by_region(t: Tables) -> list[object]:
    sums = t("murders").groupby("region")[["total", "population"]].sum()
    return [mapping(sums["total"] / sums["population"] * 100_000)]


@item(17)
def _top_five(t: Tables) -> list[object]:
    return [ranked(t("murders").set_index("state")["total"], 5)]


@item(18)
def _smallest_three(t: Tables) -> list[object]:
    return [ranked(t("murders").set_index("state")["population"], 3, ascending=True)]


@item(19)
def _deadliest_region(t: Tables) -> list[object]:
    return [top(t("murders").groupby("region")["total"].sum())]


@item(20)
def _west_northeast(t: Tables) -> list[object]:
    sums = t("murders").groupby("region")["total"].sum()
    return [num(sums["West"]), num(sums["Northeast"])]


@item(21)
def _california_minus_new_york(t: Tables) -> list[object]:
    return [num(_state(t, "California", "total") - _state(t, "New York", "total"))]


@item(22)
def _population_frames(t: Tables) -> list[object]:
    return [
        num(t("murders_south")["population"].sum()),
        num(t("murders_west")["population"].sum()),
    ]


@item(23)
def _violent_frames(t: Tables) -> list[object]:
    return [count(t("murders_south")["total"] > 100), count(t("murders_west")["total"] > 100)]


@item(24)
def _ohio(t: Tables) -> list[object]:
    return [_state(t, "Ohio", "population"), _state(t, "Ohio", "total")]


@item(25)
def _smallest_and_largest(t: Tables) -> list[object]:
    population = t("murders").set_index("state")["population"]
    return [top(population, ascending=True), top(population)]


@item(26)
def _alabama(t: Tables) -> list[object]:
    return [_state(t, "Alabama", "total")]


@item(27)
def _regions_ascending(t: Tables) -> list[object]:
    sums = t("murders").groupby("region")["total"].sum()
    return [ranked(sums, len(sums), ascending=True)]


@item(28)
def _plot_total_by_region(t: Tables) -> list[object]:
    return [mapping(t("murders").groupby("region")["total"].sum())]


@item(29)
def _plot_population_by_region(t: Tables) -> list[object]:
    return [mapping(t("murders").groupby("region")["population"].sum())]


@item(30)
def _other_years(t: Tables) -> list[object]:
    return [absent(t("murders"), "year", "2015", "date")]


@item(31)
def _unemployment(t: Tables) -> list[object]:
    return [absent(t("murders"), "unemploy", "jobless")]
