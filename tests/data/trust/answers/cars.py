"""Answers for the cars items (vega's cars: CamelCase columns, Year as an int)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "cars-001": lambda t: [num(t("cars")["Horsepower"].mean())],
    "cars-002": lambda t: [len(t("cars"))],
    "cars-003": lambda t: [
        count((t("cars")["Cylinders"] == 4) & (t("cars")["Miles_per_Gallon"] > 30))
    ],
    "cars-004": lambda t: [num(t("cars").query("Year >= 1980")["Weight_in_lbs"].mean())],
    "cars-005": lambda t: [count(t("cars")["Cylinders"].between(4, 6))],
    "cars-006": lambda t: [num(t("cars").query("Origin == 'Japan'")["Miles_per_Gallon"].mean())],
    "cars-007": lambda t: [num(t("cars").query("Name == 'chevrolet impala'")["Horsepower"].mean())],
    "cars-008": lambda t: [count(t("cars")["Name"].str.split().str[0] == "ford")],
    "cars-009": lambda t: [num(t("cars")["Weight_in_lbs"].max())],
    "cars-010": lambda t: [num(t("cars")["Miles_per_Gallon"].median())],
    "cars-011": lambda t: [mapping(t("cars").groupby("Origin")["Miles_per_Gallon"].mean())],
    "cars-012": lambda t: [mapping(t("cars").groupby("Cylinders")["Horsepower"].mean())],
    "cars-013": lambda t: [top(t("cars").groupby("Year")["Miles_per_Gallon"].mean())],
    "cars-014": lambda t: [ranked(t("cars").groupby("Year").size(), 3)],
    "cars-015": lambda t: [
        num(t("cars").query("Origin == 'USA'")["Weight_in_lbs"].mean()),
        num(t("cars").query("Origin == 'Europe'")["Weight_in_lbs"].mean()),
    ],
    "cars-016": lambda t: [
        num(t("cars").query("Cylinders == 4")["Miles_per_Gallon"].mean()),
        num(t("cars").query("Cylinders == 8")["Miles_per_Gallon"].mean()),
    ],
    "cars-017": lambda t: [
        count(t("cars")["Origin"] == "Japan"),
        num(t("cars").query("Origin == 'Japan'")["Horsepower"].mean()),
    ],
    "cars-018": lambda t: [count(t("cars")["Cylinders"] == 8)],
    "cars-019": lambda t: [mapping(t("cars").groupby("Year")["Miles_per_Gallon"].mean())],
    "cars-020": lambda t: [mapping(t("cars").groupby("Origin")["Horsepower"].mean())],
    "cars-021": lambda t: [absent(t("cars"), "price", "cost", "msrp")],
    "cars-022": lambda t: [num(t("cars").query("Horsepower > 150")["Acceleration"].mean())],
    "cars-023": lambda t: [num(t("cars")["Miles_per_Gallon"].max())],
    "cars-024": lambda t: [num(t("cars")["Weight_in_lbs"].std(ddof=1))],
    "cars-025": lambda t: [
        num(t("cars").query("Origin == 'Europe'")["Acceleration"].mean()),
        num(t("cars").query("Origin == 'Japan'")["Acceleration"].mean()),
    ],
    "cars-026": lambda t: [num(t("cars").query("Origin == 'Japan'")["Miles_per_Gallon"].mean())],
    "cars-027": lambda t: [count(t("cars")["Cylinders"] <= 4)],
    "cars-028": lambda t: [count(t("cars")["Year"].between(1975, 1978))],
    "cars-029": lambda t: [num(t("cars").query("Origin != 'USA'")["Weight_in_lbs"].mean())],
    "cars-030": lambda t: [
        num(
            t("cars").query("Origin == 'Japan'")["Miles_per_Gallon"].mean()
            / t("cars").query("Origin == 'USA'")["Miles_per_Gallon"].mean()
        )
    ],
    "cars-031": lambda t: [mapping(t("cars").groupby("Origin")["Weight_in_lbs"].median())],
    "cars-032": lambda t: [
        top(t("cars").groupby("Cylinders")["Acceleration"].mean(), ascending=True)
    ],
    "cars-033": lambda t: [mapping(t("cars").groupby("Origin")["Horsepower"].max())],
    "cars-034": lambda t: [mapping(t("cars").groupby("Year")["Miles_per_Gallon"].mean())],
    "cars-035": lambda t: [absent(t("cars"), "price", "cost")],
    "cars-036": lambda t: [
        count(t("cars")["Origin"] == "Europe"),
        num(t("cars").query("Origin == 'Europe'")["Horsepower"].median()),
    ],
    "cars-037": lambda t: [num(t("cars")["Name"].nunique())],
    "cars-038": lambda t: [num(t("cars")["Weight_in_lbs"].mean())],
    "cars-039": lambda t: [num(t("cars")["Year"].min())],
}
