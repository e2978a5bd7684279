"""Answers for the ``cps1985`` items (AER CPS1985: ``wage`` in dollars per hour)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    Tables,
    absent,
    count,
    mapping,
    num,
    percent,
    ranked,
    top,
)
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("cps1985")


@item(1)
def _wage(t: Tables) -> list[object]:
    return [num(t("cps1985")["wage"].mean())]


@item(2)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("cps1985")))]


@item(3)
def _top_wage(t: Tables) -> list[object]:
    return [num(t("cps1985")["wage"].max())]


@item(4)
def _over_twenty(t: Tables) -> list[object]:
    return [count(t("cps1985")["wage"] > 20)]


@item(5)
def _educated_wage(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["education"] >= 16, "wage"].mean())]


@item(6)
def _thirties(t: Tables) -> list[object]:
    return [count(t("cps1985")["age"].between(30, 40))]


@item(7)
def _novice_median(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["experience"] < 5, "wage"].median())]


@item(8)
def _union_over_fifty(t: Tables) -> list[object]:
    w = t("cps1985")
    return [percent(w.loc[w["age"] > 50, "union"] == "yes")]


@item(9)
def _hispanic_wage(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["ethnicity"] == "hispanic", "wage"].mean())]


@item(10)
def _women_managers(t: Tables) -> list[object]:
    w = t("cps1985")
    return [count((w["gender"] == "female") & (w["occupation"] == "management"))]


@item(11)
def _construction_wage(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["sector"] == "construction", "wage"].mean())]


@item(12)
def _married_south(t: Tables) -> list[object]:
    w = t("cps1985")
    return [count((w["married"] == "yes") & (w["region"] == "south"))]


@item(13)
def _union_share(t: Tables) -> list[object]:
    return [percent(t("cps1985")["union"] == "yes")]


@item(14)
def _women_schooling(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["gender"] == "female", "education"].mean())]


@item(15)
def _sales_pay(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["occupation"] == "sales", "wage"].mean())]


@item(16)
def _wage_by_occupation(t: Tables) -> list[object]:
    return [mapping(t("cps1985").groupby("occupation")["wage"].mean())]


@item(17)
def _median_by_ethnicity(t: Tables) -> list[object]:
    return [mapping(t("cps1985").groupby("ethnicity")["wage"].median())]


@item(18)
def _wage_by_gender_union(t: Tables) -> list[object]:
    table = t("cps1985").groupby(["union", "gender"])["wage"].mean()
    return [mapping(table.loc["no"]), mapping(table.loc["yes"])]


@item(19)
def _best_paid(t: Tables) -> list[object]:
    return [ranked(t("cps1985").groupby("occupation")["wage"].mean(), 2)]


@item(20)
def _worst_sector(t: Tables) -> list[object]:
    return [top(t("cps1985").groupby("sector")["wage"].mean(), ascending=True)]


@item(21)
def _wage_by_gender(t: Tables) -> list[object]:
    means = t("cps1985").groupby("gender")["wage"].mean()
    return [num(means["male"]), num(means["female"])]


@item(22)
def _union_premium(t: Tables) -> list[object]:
    means = t("cps1985").groupby("union")["wage"].mean()
    return [num(means["yes"] - means["no"])]


@item(23)
def _median_by_region(t: Tables) -> list[object]:
    medians = t("cps1985").groupby("region")["wage"].median()
    return [num(medians["south"]), num(medians["other"])]


@item(24)
def _education_union_frames(t: Tables) -> list[object]:
    return [
        num(t("wages_union")["education"].mean()),
        num(t("wages_nonunion")["education"].mean()),
    ]


@item(25)
def _women_union_frames(t: Tables) -> list[object]:
    return [
        count(t("wages_union")["gender"] == "female"),
        count(t("wages_nonunion")["gender"] == "female"),
    ]


@item(26)
def _age_and_experience(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w["age"].mean()), num(w["experience"].mean())]


@item(27)
def _office(t: Tables) -> list[object]:
    w = t("cps1985")
    office = w[w["occupation"] == "office"]
    return [num(len(office)), num(office["wage"].median())]


@item(28)
def _unmarried_wage(t: Tables) -> list[object]:
    w = t("cps1985")
    return [num(w.loc[w["married"] == "no", "wage"].mean())]


@item(29)
def _median_by_occupation(t: Tables) -> list[object]:
    return [mapping(t("cps1985").groupby("occupation")["wage"].median())]


@item(30)
def _plot_wage_by_education(t: Tables) -> list[object]:
    return [mapping(t("cps1985").groupby("education")["wage"].mean())]


@item(31)
def _plot_occupations(t: Tables) -> list[object]:
    return [mapping(t("cps1985").groupby("occupation").size())]


@item(32)
def _california(t: Tables) -> list[object]:
    return [absent(t("cps1985"), "california", "state")]


@item(33)
def _hours(t: Tables) -> list[object]:
    return [absent(t("cps1985"), "hours", "week")]
