"""Answers for the storms items, in plain pandas."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "storms-001": lambda t: [num(t("storms")["wind"].max())],
    "storms-002": lambda t: [num(t("storms")["name"].nunique())],
    "storms-003": lambda t: [num(t("storms")["pressure"].median())],
    "storms-004": lambda t: [count(t("storms")["wind"] >= 100)],
    "storms-005": lambda t: [num(t("storms").loc[lambda f: f["year"] >= 2010, "pressure"].mean())],
    "storms-006": lambda t: [count(t("storms")["category"].between(3, 5))],
    "storms-007": lambda t: [num(t("storms").loc[lambda f: f["pressure"] < 950, "wind"].mean())],
    "storms-008": lambda t: [count(t("storms").eval("year < 1990 and wind > 64"))],
    "storms-009": lambda t: [count(t("storms")["status"] == "tropical storm")],
    "storms-010": lambda t: [
        num(t("storms").loc[lambda f: f["status"] == "subtropical storm", "wind"].mean())
    ],
    "storms-011": lambda t: [
        num(t("storms").query("name == 'Katrina' and year == 2005")["wind"].max())
    ],
    "storms-012": lambda t: [
        count(t("storms").eval("status == 'tropical depression' and year == 2005"))
    ],
    "storms-013": lambda t: [
        num(t("storms").loc[lambda f: f["status"] == "hurricane", "wind"].mean())
    ],
    "storms-014": lambda t: [num(t("storms")["pressure"].min())],
    "storms-015": lambda t: [mapping(t("storms").groupby("status")["wind"].mean())],
    "storms-016": lambda t: [mapping(t("storms").groupby("category").size())],
    "storms-017": lambda t: [ranked(t("storms").groupby("year")["wind"].mean(), 3)],
    "storms-018": lambda t: [top(t("storms").groupby("status")["pressure"].mean(), ascending=True)],
    "storms-019": lambda t: [ranked(t("storms").groupby("month").size(), 5)],
    "storms-020": lambda t: [
        num(t("storms").loc[lambda f: f["status"] == "hurricane", "wind"].mean()),
        num(t("storms").loc[lambda f: f["status"] == "tropical storm", "wind"].mean()),
    ],
    "storms-021": lambda t: [
        num(
            t("storms").loc[lambda f: f["category"] == 1, "pressure"].mean()
            - t("storms").loc[lambda f: f["category"] == 5, "pressure"].mean()
        )
    ],
    "storms-022": lambda t: [
        num(t("storms_1990s")["wind"].max()),
        num(t("storms_2010s")["wind"].max()),
    ],
    "storms-023": lambda t: [len(t("storms_2010s")) - len(t("storms_1990s"))],
    "storms-024": lambda t: [
        num(t("storms_1990s").loc[lambda f: f["status"] == "hurricane", "pressure"].mean()),
        num(t("storms_2010s").loc[lambda f: f["status"] == "hurricane", "pressure"].mean()),
    ],
    "storms-025": lambda t: [
        num(t("storms").loc[lambda f: f["year"] == 2020, "wind"].mean()),
        num(t("storms").loc[lambda f: f["year"] == 2020, "name"].nunique()),
    ],
    "storms-026": lambda t: [
        num(t("storms").loc[lambda f: f["status"] == "hurricane", "pressure"].median())
    ],
    "storms-027": lambda t: [count(t("storms")["year"] == 2017)],
    "storms-028": lambda t: [mapping(t("storms").groupby("year").size())],
    "storms-029": lambda t: [absent(t("storms"), "death", "fatal", "killed")],
    "storms-030": lambda t: [absent(t("storms"), "damage", "cost", "dollar")],
    "storms-031": lambda t: [
        num(t("storms_1990s")["name"].nunique()),
        num(t("storms_2010s")["name"].nunique()),
    ],
    "storms-032": lambda t: [
        num(t("storms_1990s").loc[lambda f: f["category"] >= 4, "wind"].mean()),
        num(t("storms_2010s").loc[lambda f: f["category"] >= 4, "wind"].mean()),
    ],
    "storms-033": lambda t: [count(t("storms_2010s")["status"] == "hurricane")],
    "storms-034": lambda t: [count(t("storms")["tropicalstorm_force_diameter"] > 1000)],
    "storms-035": lambda t: [
        count(t("storms").eval("status == 'hurricane' and year == 2005")),
        num(t("storms").query("status == 'hurricane' and year == 2005")["pressure"].mean()),
    ],
    "storms-036": lambda t: [ranked(t("storms").groupby("year").size(), 3, ascending=True)],
    "storms-037": lambda t: [mapping(t("storms").groupby("month")["pressure"].mean())],
}
