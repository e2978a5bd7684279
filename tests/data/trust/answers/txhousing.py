"""Answers for the Texas housing items (monthly sales per city, 2000 to mid-2015)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    count,
    mapping,
    num,
    one,
    ranked,
    top,
)


def _sales(t: Tables, city: str, year: int) -> int | float:
    frame = t("txhousing")
    return num(frame.loc[(frame["city"] == city) & (frame["year"] == year), "sales"].sum())


ANSWERS: dict[str, Answer] = {
    "txhousing-001": lambda t: [num(t("txhousing")["sales"].sum())],
    "txhousing-002": lambda t: [_sales(t, "Houston", 2014)],
    "txhousing-003": lambda t: [
        num(t("txhousing").query("city == 'San Antonio'")["median"].mean())
    ],
    "txhousing-004": lambda t: [_sales(t, "Corpus Christi", 2010)],
    "txhousing-005": lambda t: [count(t("txhousing").eval("city == 'Dallas' and sales > 5000"))],
    "txhousing-006": lambda t: [num(t("txhousing").query("year >= 2010")["inventory"].mean())],
    "txhousing-007": lambda t: [
        num(t("txhousing").query("city == 'El Paso' and year == 2012")["listings"].mean())
    ],
    "txhousing-008": lambda t: [mapping(t("txhousing").groupby("year")["sales"].sum())],
    "txhousing-009": lambda t: [ranked(t("txhousing").groupby("city")["sales"].sum(), 5)],
    "txhousing-010": lambda t: [
        top(t("txhousing").query("year == 2015").groupby("city")["median"].mean())
    ],
    "txhousing-011": lambda t: [_sales(t, "Dallas", 2013), _sales(t, "Fort Worth", 2013)],
    "txhousing-012": lambda t: [
        num(t("txhousing_2014")["sales"].sum()),
        num(t("txhousing_2015")["sales"].sum()),
    ],
    "txhousing-013": lambda t: [
        num(t("txhousing_2015")["median"].mean()),
        num(t("txhousing_2014")["median"].mean()),
        num(t("txhousing_2015")["median"].mean() - t("txhousing_2014")["median"].mean()),
    ],
    "txhousing-014": lambda t: [
        _sales(t, "Austin", 2015),
        num(t("txhousing").query("city == 'Austin' and year == 2015")["median"].mean()),
    ],
    "txhousing-015": lambda t: [_sales(t, "Austin", 2012)],
    "txhousing-016": lambda t: [
        mapping(t("txhousing").query("city == 'Austin'").groupby("year")["sales"].sum())
    ],
    "txhousing-017": lambda t: [mapping(t("txhousing").groupby("year")["median"].mean())],
    "txhousing-018": lambda t: [absent(t("txhousing"), "mortgage", "rate", "interest")],
    "txhousing-019": lambda t: [
        mapping(t("txhousing").query("year == 2015").groupby("city")["listings"].mean())
    ],
    "txhousing-020": lambda t: [
        sorted(set(t("txhousing_2014")["city"]) - set(t("txhousing_2015")["city"]))
    ],
    "txhousing-021": lambda t: [len(t("txhousing"))],
    "txhousing-022": lambda t: [num(t("txhousing")["median"].mean())],
    "txhousing-023": lambda t: [
        num(t("txhousing").query("city == 'Houston' and year == 2014")["volume"].sum()),
        count(t("txhousing").eval("city == 'Houston' and year == 2014 and sales > 7000")),
    ],
    "txhousing-024": lambda t: [
        sorted(set(t("txhousing_2014").columns) & set(t("txhousing_2015").columns))
    ],
    "txhousing-025": lambda t: [
        mapping(t("txhousing").query("city == 'Dallas'").groupby("year")["median"].mean())
    ],
    "txhousing-026": lambda t: [
        num(
            t("txhousing")
            .query("city == 'Bryan-College Station' and year == 2014")["sales"]
            .sum(min_count=12)
        )
    ],
    "txhousing-027": lambda t: [
        num(
            t("txhousing")
            .query("city == 'El Paso' and 2010 <= year <= 2012")["sales"]
            .sum(min_count=36)
        )
    ],
    "txhousing-028": lambda t: [
        ranked(t("txhousing").query("year == 2014").groupby("city")["sales"].sum(), 3)
    ],
    "txhousing-029": lambda t: [
        top(t("txhousing").query("year == 2014").groupby("city")["median"].mean())
    ],
    "txhousing-030": lambda t: [
        num(t("txhousing").query("city == 'Austin' and year == 2015")["volume"].sum(min_count=7)),
        num(t("txhousing").query("city == 'Dallas' and year == 2015")["volume"].sum(min_count=7)),
    ],
    "txhousing-031": lambda t: [
        one(t("txhousing").query("city == 'Houston' and year == 2009 and month == 7"), "median")
    ],
    "txhousing-032": lambda t: [
        num(
            t("txhousing")
            .query("city == 'Killeen-Fort Hood' and year == 2013")["sales"]
            .sum(min_count=12)
        )
    ],
    "txhousing-033": lambda t: [absent(t("txhousing"), "mortgage", "rate")],
    "txhousing-034": lambda t: [
        mapping(t("txhousing").query("city == 'San Antonio'").groupby("year")["sales"].sum())
    ],
    "txhousing-035": lambda t: [
        num(t("txhousing_2014").query("city == 'Austin'")["sales"].sum(min_count=12)),
        num(t("txhousing_2015").query("city == 'Austin'")["sales"].sum(min_count=7)),
    ],
    "txhousing-036": lambda t: [len(t("txhousing"))],
    "txhousing-037": lambda t: [
        mapping(
            t("txhousing")
            .query("year == 2015 and city in ['Austin', 'Dallas', 'Houston']")
            .groupby("city")["sales"]
            .mean()
        )
    ],
    "txhousing-038": lambda t: [num(t("txhousing")["year"].min())],
}
