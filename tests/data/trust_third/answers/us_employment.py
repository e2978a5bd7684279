"""Answers for the ``us_employment`` items (vega us-employment: thousands of jobs a month)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Tables, absent, count, mapping, num, one, ranked, top
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("us_employment")


def _years(t: Tables) -> tuple[pd.DataFrame, pd.Series]:
    jobs = t("us_employment")
    return jobs, jobs["month"].dt.year


def _month(t: Tables, month: str, column: str) -> int | float:
    jobs = t("us_employment")
    return one(jobs.loc[lambda f: f["month"] == month], column)


@item(1)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("us_employment")))]


@item(2)
def _change(t: Tables) -> list[object]:
    return [num(t("us_employment")["nonfarm_change"].mean())]


@item(3)
def _peak(t: Tables) -> list[object]:
    return [num(t("us_employment")["nonfarm"].max())]


@item(4)
def _losing_months(t: Tables) -> list[object]:
    return [count(t("us_employment")["nonfarm_change"] < 0)]


@item(5)
def _construction_2009(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years == 2009, "construction"].mean())]


@item(6)
def _strong_months(t: Tables) -> list[object]:
    return [count(t("us_employment")["nonfarm_change"] > 300)]


@item(7)
def _manufacturing_2010_2012(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years.between(2010, 2012), "manufacturing"].mean())]


@item(8)
def _change_since_2014(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years >= 2014, "nonfarm_change"].mean())]


@item(9)
def _march_2009(t: Tables) -> list[object]:
    return [_month(t, "2009-03-01", "nonfarm")]


@item(10)
def _government_january_2010(t: Tables) -> list[object]:
    return [_month(t, "2010-01-01", "government")]


@item(11)
def _retail(t: Tables) -> list[object]:
    return [num(t("us_employment")["retail_trade"].mean())]


@item(12)
def _hospitality(t: Tables) -> list[object]:
    return [num(t("us_employment")["leisure_and_hospitality"].mean())]


@item(13)
def _health_education_2015(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years == 2015, "education_and_health_services"].mean())]


@item(14)
def _mining_2012(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years == 2012, "mining_and_logging"].mean())]


@item(15)
def _nonfarm_by_year(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [mapping(jobs.groupby(years)["nonfarm"].mean())]


@item(16)
def _change_by_year(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [mapping(jobs.groupby(years)["nonfarm_change"].sum())]


@item(17)
def _best_years(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [ranked(jobs.groupby(years)["nonfarm_change"].sum(), 3)]


@item(18)
def _construction_low(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [top(jobs.groupby(years)["construction"].mean(), ascending=True)]


@item(19)
def _worst_month(t: Tables) -> list[object]:
    return [top(t("us_employment").set_index("month")["nonfarm_change"], ascending=True)]


@item(20)
def _manufacturing_2007_2010(t: Tables) -> list[object]:
    jobs, years = _years(t)
    means = jobs.groupby(years)["manufacturing"].mean()
    return [num(means[2007]), num(means[2010])]


@item(21)
def _construction_fall(t: Tables) -> list[object]:
    jobs, years = _years(t)
    means = jobs.groupby(years)["construction"].mean()
    return [num(means[2006] - means[2011])]


@item(22)
def _nonfarm_frames(t: Tables) -> list[object]:
    return [
        num(t("employment_2008")["nonfarm"].mean()),
        num(t("employment_2014")["nonfarm"].mean()),
    ]


@item(23)
def _change_frames(t: Tables) -> list[object]:
    return [
        num(t("employment_2008")["nonfarm_change"].sum()),
        num(t("employment_2014")["nonfarm_change"].sum()),
    ]


@item(24)
def _government_private(t: Tables) -> list[object]:
    jobs = t("us_employment")
    return [num(jobs["government"].mean()), num(jobs["private"].mean())]


@item(25)
def _lowest_month(t: Tables) -> list[object]:
    jobs = t("us_employment")
    return [top(jobs.set_index("month")["nonfarm"], ascending=True), num(jobs["nonfarm"].min())]


@item(26)
def _manufacturing_2013(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [num(jobs.loc[years == 2013, "manufacturing"].mean())]


@item(27)
def _retail_max_by_year(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [mapping(jobs.groupby(years)["retail_trade"].max())]


@item(28)
def _plot_nonfarm(t: Tables) -> list[object]:
    return [mapping(t("us_employment").set_index("month")["nonfarm"])]


@item(29)
def _plot_construction(t: Tables) -> list[object]:
    jobs, years = _years(t)
    return [mapping(jobs.groupby(years)["construction"].mean())]


@item(30)
def _unemployment_rate(t: Tables) -> list[object]:
    return [absent(t("us_employment"), "unemploy", "rate")]


@item(31)
def _texas(t: Tables) -> list[object]:
    return [absent(t("us_employment"), "texas", "state")]
